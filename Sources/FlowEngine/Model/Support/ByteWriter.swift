/// An output buffer of UTF-8 bytes, for writers that produce megabytes:
/// appending bytes is several times cheaper than growing a `String`.
package struct ByteWriter {
    public private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func write(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func write(_ number: Int) { write(String(number)) }

    /// `text` as a double-quoted string: `\` and `"` escaped, line breaks as
    /// `\n`, other control characters dropped. Bytes of multi-byte UTF-8
    /// sequences are all ≥ 0x80 and pass through unchanged.
    package mutating func quoted(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            for b in utf8 {
                switch b {
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
                case 0x00..<0x20, 0x7F: continue
                default: bytes.append(b)
                }
            }
        }
        bytes.append(0x22)
    }

    /// The bytes as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
