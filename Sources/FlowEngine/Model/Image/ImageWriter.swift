/// Writes the primitive values of a program image: unsigned numbers as
/// LEB128 varints, signed ones zigzag-encoded first, strings as a length and
/// their UTF-8 bytes. `ImageReader` reads them back in the same order.
struct ImageWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func count(_ value: Int) { unsigned(UInt64(value)) }

    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func int32(_ value: Int32) { signed(Int64(value)) }

    mutating func range(_ value: IndexRange) {
        int32(value.lower)
        int32(value.upper)
    }

    mutating func double(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    mutating func symbol(_ value: Symbol) { int32(value.id) }

    mutating func optionalSymbol(_ value: Symbol?) { int32(value?.id ?? -1) }

    /// A span: its file plus one (0 for none), its start, its length.
    mutating func span(_ value: SourceSpan) {
        unsigned(UInt64(max(value.file + 1, 0)))
        unsigned(UInt64(max(value.start, 0)))
        unsigned(UInt64(max(value.end - value.start, 0)))
    }

    mutating func optionalGuard(_ value: Guard?) {
        guard let value else { return byte(0) }
        byte(value.negated ? 2 : 1)
        symbol(value.name)
    }
}
