import FlowModel
import Testing

/// The Base64 text generated code carries its compiled program in.
@Suite struct Base64Tests {
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
                      ("foobar", "Zm9vYmFy")])
    func knownVectors(_ item: (String, String)) {
        #expect(Base64.encode(Array(item.0.utf8)) == item.1)
        #expect(Base64.decode(item.1) == Array(item.0.utf8))
    }

    @Test func linesAreBrokenAndLineBreaksIgnored() {
        let bytes = [UInt8](0...20)
        let text = Base64.encode(bytes, lineLength: 8)
        #expect(text == "AAECAwQF\nBgcICQoL\nDA0ODxAR\nEhMU")
        #expect(Base64.decode(text) == bytes)
        #expect(Base64.decode(" AAEC\r\n\tAwQF ") == [0, 1, 2, 3, 4, 5])
    }

    @Test func everyByteAndLengthRoundTrips() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        for length in 0...bytes.count {
            #expect(Base64.decode(Base64.encode(Array(bytes.prefix(length)), lineLength: 76)) == Array(bytes.prefix(length)))
        }
    }

    @Test(arguments: ["Z", "Zg=", "Zm9", "Zg==Zg==", "Zm9v!", "=Zg=", "Z===", "Zg=a", "Zm9vY\u{e9}==", "Zg===", "Zg======", "Zg== Zg=="])
    func malformedTextIsNil(_ text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
