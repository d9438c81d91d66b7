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

    @Test func quotedEscapesWhatDOTAndJSONNeed() {
        var out = ByteWriter()
        out.quoted("a\"b\\c\nd\u{1}e\u{7F}f é")
        #expect(out.text == #""a\"b\\c\ndef é""#)
    }
}
