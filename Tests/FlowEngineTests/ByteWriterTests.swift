import FlowModel
import Testing

/// The output buffer of the DOT, JSON and Mermaid writers.
@Suite struct ByteWriterTests {
    @Test(arguments: [(0, "0"), (7, "7"), (10, "10"), (99, "99"), (100, "100"), (-5, "-5"), (-10, "-10"),
                      (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")])
    func numbersAreWrittenInDecimal(_ item: (Int, String)) {
        var out = ByteWriter()
        out.write(item.0)
        #expect(out.text == item.1)
    }

    @Test func stringsOfEveryKindAreWrittenAsTheyAre() {
        var out = ByteWriter()
        let small = "r12"
        let large = String(repeating: "é", count: 40) + "🙂"
        let bridgedLike = String(decoding: [0x61, 0x62], as: UTF8.self)
        let substring = "xyz"[...].dropFirst()
        out.write("literal ")
        out.write(small)
        out.write(large)
        out.write(bridgedLike)
        out.write(String(substring))
        out.write(42)
        out.write("!" as StaticString)
        #expect(out.text == "literal r12" + large + "abyz42!")
    }

    @Test func writesPastTheFirstAllocationKeepEveryByte() {
        var out = ByteWriter(capacity: 1)
        var expected = ""
        for i in 0..<500 {
            out.write(i)
            out.write(",")
            expected += "\(i),"
        }
        let long = String(repeating: "x", count: 10_000)
        out.write(long)
        expected += long
        #expect(out.count == expected.utf8.count)
        #expect(out.text == expected)
        #expect(out.bytes == Array(expected.utf8))
    }

    @Test func aScratchBufferIsEmptiedAndShortened() {
        var out = ByteWriter()
        out.write("tooltip\n")
        out.removeLast(1)
        #expect(out.text == "tooltip")
        out.removeAll()
        #expect(out.count == 0)
        out.write("again")
        #expect(out.text == "again")
        #expect(out.withBytes { Array($0) } == Array("again".utf8))
    }

    @Test func anotherWritersBytesAreQuotedAsAString() {
        var scratch = ByteWriter()
        scratch.write("on go -> push \"a\"\nthen")
        var out = ByteWriter()
        out.quoted(scratch)
        var same = ByteWriter()
        same.quoted("on go -> push \"a\"\nthen")
        #expect(out.text == #""on go -> push \"a\"\nthen""#)
        #expect(out.bytes == same.bytes)
    }

    @Test func quotedEscapesWhatDOTAndJSONNeed() {
        var out = ByteWriter()
        out.quoted("a\"b\\c\nd\u{1}e\u{7F}f é")
        #expect(out.text == #""a\"b\\c\ndef é""#)
    }
}
