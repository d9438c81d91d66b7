/// Maps byte offsets of one file to 1-based lines and columns.
///
/// Columns count Unicode scalars, as docs/simulate.md requires: every byte that is
/// not a UTF-8 continuation byte (`10xxxxxx`) starts a scalar (an invalid
/// byte counts as one).
public struct LineIndex: Sendable {
    private let bytes: [UInt8]
    /// Offsets at which each line starts; `lineStarts[0] == 0`. Four bytes
    /// each: a source file is at most 512 MiB, and spans are 32-bit.
    private let lineStarts: [Int32]

    /// - Complexity: O(n) in the size of the file. A file of 1 MiB or more
    ///   is scanned on two cores, a half each (50 ms for the 75 MB of a
    ///   million routes on one): its line feeds are counted first, then each
    ///   half writes its offsets into its own part of one array of exactly
    ///   that size. Two halves grown by doubling and then joined held
    ///   about three times the index: 130 MB at a million routes.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let count = min(bytes.count, Int(Int32.max))
        guard count >= 1 << 20 else {
            var starts: [Int32] = [0]
            LineIndex.forEachLineStart(bytes, 0..<count) { starts.append(Int32($0)) }
            lineStarts = starts
            return
        }
        let middle = count / 2
        let (inFirst, inSecond) = Both.run({ LineIndex.lineFeeds(bytes, 0..<middle) },
                                           { LineIndex.lineFeeds(bytes, middle..<count) })
        lineStarts = [Int32](unsafeUninitializedCapacity: 1 + inFirst + inSecond) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            base[0] = 0
            _ = Both.run({ LineIndex.writeLineStarts(bytes, 0..<middle, to: base + 1) },
                         { LineIndex.writeLineStarts(bytes, middle..<count, to: base + 1 + inFirst) })
            initialized = 1 + inFirst + inSecond
        }
    }

    /// The line feeds in `bytes[range]`, counted eight bytes at a time.
    package static func lineFeeds(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            // A byte of `x` is zero exactly where its high bit is clear in
            // `((x & lows) + lows) | x` (no carry crosses a byte).
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let highs: UInt64 = 0x8080_8080_8080_8080
            let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            var n = 0
            var i = range.lowerBound
            while i + 8 <= range.upperBound {
                let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ lineFeeds
                n += (~(((x & lows) &+ lows) | x) & highs).nonzeroBitCount
                i += 8
            }
            while i < range.upperBound {
                if base[i] == 0x0A { n += 1 }
                i += 1
            }
            return n
        }
    }

    /// Writes the offset after each line feed in `bytes[range]`, in order,
    /// from `target` on (room for `lineFeeds(bytes, range)` of them).
    static func writeLineStarts(_ bytes: [UInt8], _ range: Range<Int>, to target: UnsafeMutablePointer<Int32>) {
        var next = target
        forEachLineStart(bytes, range) { start in
            next.initialize(to: Int32(start))
            next += 1
        }
    }

    /// Calls `body` with the offset after each line feed in `bytes[range]`, in order.
    @inline(__always)
    static func forEachLineStart(_ bytes: [UInt8], _ range: Range<Int>, _ body: (Int) -> Void) {
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
                    for j in i..<(i + 8) where base[j] == 0x0A { body(j + 1) }
                }
                i += 8
            }
            while i < range.upperBound {
                if base[i] == 0x0A { body(i + 1) }
                i += 1
            }
        }
    }

    /// The 1-based line and column of `offset` (clamped to the file).
    /// - Complexity: O(log lines + length of the line).
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let off = max(0, min(offset, bytes.count))
        let line = lineNumberIndex(of: off)
        let start = Int(lineStarts[line])
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
        let start = Int(lineStarts[line])
        var end = line + 1 < lineStarts.count ? Int(lineStarts[line + 1]) - 1 : bytes.count
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
            if Int(lineStarts[mid]) <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
