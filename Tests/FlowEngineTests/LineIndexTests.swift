import FlowModel
import Testing

/// Lines and columns of byte offsets: what every diagnostic's `file:line:col` is.
@Suite struct LineIndexTests {
    /// Where each line starts, one byte at a time: what the index must agree with.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    }

    /// Line feeds at every position around the eight-byte words the index scans by.
    static let texts: [String] = [
        "", "\n", "a", "abcdefg\n", "abcdefgh\n", "abcdefghi\n", "\n\n\n\n\n\n\n\n\n",
        "1234567\n1234567\n1234567\n", "12345678\n12345678\n", "a\r\nb\r\n\r\nc",
        "flow App {\n  start home\n  route home { on go -> push next }\n}\n",
        "é\nüñ\n🙂x\n",
    ]

    @Test(arguments: texts)
    func everyOffsetHasTheLineAndColumnOfAScan(_ text: String) {
        let bytes = Array(text.utf8)
        let index = LineIndex(bytes)
        let starts = LineIndexTests.lineStarts(bytes)
        for offset in 0...bytes.count {
            let line = starts.lastIndex(where: { $0 <= offset })!
            let column = bytes[starts[line]..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
            let location = index.location(of: offset)
            #expect(location.line == line + 1 && location.column == column, "offset \(offset) of \(text.debugDescription)")
            #expect(index.line(of: offset) == line + 1)
        }
    }

    @Test func aLineRangeLeavesOutItsLineBreak() {
        let bytes = Array("one\r\ntwo\n\nlast".utf8)
        let index = LineIndex(bytes)
        #expect(index.lineRange(containing: 1) == 0..<3)
        #expect(index.lineRange(containing: 5) == 5..<8)
        #expect(index.lineRange(containing: 9) == 9..<9)
        #expect(index.lineRange(containing: 12) == 10..<14)
        #expect(index.lineRange(containing: 99) == 10..<14)
    }

    @Test func offsetsOutsideTheFileAreClamped() {
        let index = LineIndex(Array("ab\ncd".utf8))
        #expect(index.location(of: -4).line == 1 && index.location(of: -4).column == 1)
        #expect(index.location(of: 40).line == 2 && index.location(of: 40).column == 3)
    }

    /// A file of 1 MiB or more is scanned in two halves: line feeds on
    /// either side of the middle, and at it, are all found, in order.
    @Test(arguments: [-1, 0, 1, 7, 8])
    func aFileScannedInHalvesHasEveryLineOfAScan(feedNearMiddle: Int) {
        let count = (1 << 20) + 10
        var bytes = [UInt8](repeating: 0x61, count: count)
        var random = UInt64(feedNearMiddle + 100)
        for _ in 0..<20_000 {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            bytes[Int(random >> 33) % count] = 0x0A
        }
        bytes[count / 2 + feedNearMiddle] = 0x0A
        let index = LineIndex(bytes)
        let starts = LineIndexTests.lineStarts(bytes)
        #expect(index.line(of: bytes.count) == starts.count)
        for (line, start) in starts.enumerated() {
            #expect(index.line(of: start) == line + 1)
            if start > 0 { #expect(index.line(of: start - 1) == line) }
        }
    }

    @Test func aLargeFileHasALineForEveryLineFeed() {
        var bytes: [UInt8] = []
        for n in 0..<5_000 { bytes += Array(String(repeating: "x", count: n % 23).utf8) + [0x0A] }
        let index = LineIndex(bytes)
        let starts = LineIndexTests.lineStarts(bytes)
        #expect(index.line(of: bytes.count) == starts.count)
        for (line, start) in starts.enumerated() {
            #expect(index.location(of: start).line == line + 1 && index.location(of: start).column == 1)
        }
    }

    /// The count that sizes a large file's index is exact: a byte next to
    /// a line feed, or one that differs from it only in its high bit, is
    /// never taken for one, wherever it falls in an eight-byte word.
    @Test func lineFeedsAreCountedExactlyWhateverTheBytesBesideThem() {
        var bytes: [UInt8] = []
        for a in 0..<256 {
            for b: UInt8 in [0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF] { bytes += [UInt8(a), b, 0x0A, UInt8(a) ^ 0x80, b] }
        }
        for start in 0..<9 {
            for end in (bytes.count - 8)...bytes.count {
                #expect(LineIndex.lineFeeds(bytes, start..<end) == bytes[start..<end].count { $0 == 0x0A })
            }
        }
    }
}
