/// Maps byte offsets of one file to 1-based lines and columns.
///
/// Columns count Unicode scalars, as docs/simulate.md requires: every byte that is
/// not a UTF-8 continuation byte (`10xxxxxx`) starts a scalar (an invalid
/// byte counts as one).
public struct LineIndex: Sendable {
    private let bytes: [UInt8]
    /// Offsets at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    /// - Complexity: O(n) in the size of the file. A file of 1 MiB or more
    ///   is scanned in two halves at once, on two cores (50 ms for the 75 MB
    ///   of a million routes on one).
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let count = bytes.count
        var starts = [0]
        if count < 1 << 20 {
            LineIndex.appendLineStarts(bytes, 0..<count, to: &starts)
        } else {
            let middle = count / 2
            let second: [Int]
            (starts, second) = Both.run({ () -> [Int] in
                var first = [0]
                LineIndex.appendLineStarts(bytes, 0..<middle, to: &first)
                return first
            }, { () -> [Int] in
                var second: [Int] = []
                LineIndex.appendLineStarts(bytes, middle..<count, to: &second)
                return second
            })
            starts += second
        }
        lineStarts = starts
    }

    /// Appends the offsets after each line feed in `bytes[range]`, in order.
    static func appendLineStarts(_ bytes: [UInt8], _ range: Range<Int>, to starts: inout [Int]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Eight bytes at a time: a word holds a line feed when one of
            // its bytes, xor 0x0A, is zero (the classic zero-byte test).
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let lineFeeds = ones &* 0x0A
            var i = range.lowerBound
            while i + 8 <= range.upperBound {
                let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ lineFeeds
                if (x &- ones) & ~x & highs != 0 {
                    for j in i..<(i + 8) where base[j] == 0x0A { starts.append(j + 1) }
                }
                i += 8
            }
            while i < range.upperBound {
                if base[i] == 0x0A { starts.append(i + 1) }
                i += 1
            }
        }
    }

    /// The 1-based line and column of `offset` (clamped to the file).
    /// - Complexity: O(log lines + length of the line).
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let off = max(0, min(offset, bytes.count))
        let line = lineNumberIndex(of: off)
        let start = lineStarts[line]
        return (line + 1, LineIndex.scalarCount(bytes, start, off) + 1)
    }

    /// The 1-based line of `offset` (clamped to the file).
    /// - Complexity: O(log lines).
    public func line(of offset: Int) -> Int {
        lineNumberIndex(of: max(0, min(offset, bytes.count))) + 1
    }

    /// The byte range of the line holding `offset`, without its line break.
    public func lineRange(containing offset: Int) -> Range<Int> {
        let off = max(0, min(offset, bytes.count))
        let line = lineNumberIndex(of: off)
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(start, end)
    }

    /// Number of Unicode scalars that start in `bytes[from..<to]`.
    public static func scalarCount(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Int {
        var n = 0
        var i = from
        while i < to {
            if bytes[i] & 0xC0 != 0x80 { n += 1 }
            i += 1
        }
        return n
    }

    private func lineNumberIndex(of offset: Int) -> Int {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
