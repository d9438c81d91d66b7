/// An output buffer of UTF-8 bytes, for writers that produce megabytes:
/// appending bytes is several times cheaper than growing a `String`.
package struct ByteWriter {
    public private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Disfavoured, so that a literal is written as a `StaticString`: its
    /// bytes are known at compile time, with nothing to check or retain.
    @_disfavoredOverload
    public mutating func write(_ text: String) {
        // A literal or a native string is contiguous: its bytes are copied
        // as they are, without making a mutable copy of the string first.
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) != nil { return }
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func write(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `number` in decimal, its digits written in place (no string made).
    public mutating func write(_ number: Int) {
        if number < 0 { bytes.append(0x2D) }
        var rest = number.magnitude
        var digits = 1
        var scale: UInt = 1
        while rest / scale >= 10 {
            scale *= 10
            digits += 1
        }
        while digits > 0 {
            bytes.append(0x30 + UInt8(rest / scale))
            rest %= scale
            scale /= 10
            digits -= 1
        }
    }

    /// `text` as a double-quoted string: `\` and `"` escaped, line breaks as
    /// `\n`, other control characters dropped. Bytes of multi-byte UTF-8
    /// sequences are all ≥ 0x80 and pass through unchanged.
    package mutating func quoted(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            // Runs of bytes that need nothing are copied whole.
            var run = 0
            for (i, b) in utf8.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<i]))
                run = i + 1
                switch b {
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
                default: continue
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(0x22)
    }

    /// The bytes as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
