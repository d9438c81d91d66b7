/// Reads what `ImageWriter` wrote, checking each value as it goes: a
/// number that runs past the end, an id outside its table, a range that
/// runs backwards or past its table, or a tag no writer writes is a
/// `ProgramImageError` naming the byte, never a trap.
/// It reads from a buffer its caller keeps alive (`ProgramImage.decode`).
struct ImageReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0
    /// Table sizes, known from the image's header before any table is read.
    var sizes = ProgramImage.Sizes()

    init(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    func damaged(_ what: String) -> ProgramImageError {
        ProgramImageError(offset: offset, reason: what)
    }

    @inline(__always)
    mutating func byte() throws(ProgramImageError) -> UInt8 {
        guard offset < bytes.count else { throw damaged("it ends too early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bool() throws(ProgramImageError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw damaged("a flag is neither 0 nor 1")
        }
    }

    @inline(__always)
    mutating func unsigned() throws(ProgramImageError) -> UInt64 {
        // Most numbers are ids and counts below 128: one byte.
        if offset < bytes.count, bytes[offset] < 0x80 {
            defer { offset += 1 }
            return UInt64(bytes[offset])
        }
        return try longUnsigned()
    }

    private mutating func longUnsigned() throws(ProgramImageError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64, shift < 63 || b <= 1 else { throw damaged("a number is too long") }
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return value }
            shift += 7
        }
    }

    /// A count of items that each take at least one byte: never more than
    /// the bytes left, so a damaged count cannot ask for a huge allocation.
    mutating func count() throws(ProgramImageError) -> Int {
        let value = try unsigned()
        guard value <= UInt64(bytes.count - offset) else { throw damaged("a count (\(value)) is larger than the image") }
        return Int(value)
    }

    @inline(__always)
    mutating func signed() throws(ProgramImageError) -> Int64 {
        let value = try unsigned()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    @inline(__always)
    mutating func int32() throws(ProgramImageError) -> Int32 {
        let value = try signed()
        guard let narrow = Int32(exactly: value) else { throw damaged("a number (\(value)) is out of range") }
        return narrow
    }

    /// An index into a table of `count` items, or -1 when `allowingNone`.
    @inline(__always)
    mutating func index(below count: Int, _ table: String, allowingNone: Bool = false) throws(ProgramImageError) -> Int32 {
        let value = try int32()
        guard (value >= 0 && Int(value) < count) || (allowingNone && value == -1) else {
            throw damaged("\(table) \(value) is out of range (there are \(count))")
        }
        return value
    }

    /// A position that the runtime checks where it uses it (a parameter's
    /// place in a list): only its sign is the image's to check.
    mutating func position() throws(ProgramImageError) -> Int32 {
        let value = try int32()
        guard value >= 0 else { throw damaged("a position (\(value)) is negative") }
        return value
    }

    @inline(__always)
    mutating func range(within count: Int, _ table: String) throws(ProgramImageError) -> IndexRange {
        let lower = try int32()
        let upper = try int32()
        guard lower >= 0, lower <= upper, Int(upper) <= count else {
            throw damaged("a range of \(table) (\(lower)..<\(upper)) is out of range (there are \(count))")
        }
        return IndexRange(lower, upper)
    }

    mutating func double() throws(ProgramImageError) -> Double {
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(try byte()) << (8 * UInt64(i)) }
        return Double(bitPattern: bits)
    }

    mutating func string() throws(ProgramImageError) -> String {
        let length = try count()
        defer { offset += length }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
    }

    mutating func optionalString() throws(ProgramImageError) -> String? {
        try bool() ? try string() : nil
    }

    @inline(__always)
    mutating func symbol() throws(ProgramImageError) -> Symbol {
        Symbol(try index(below: sizes.symbols, "symbol"))
    }

    mutating func optionalSymbol() throws(ProgramImageError) -> Symbol? {
        let id = try index(below: sizes.symbols, "symbol", allowingNone: true)
        return id < 0 ? nil : Symbol(id)
    }

    /// A span: its file plus one (0 for none), its start, its length.
    @inline(__always)
    mutating func span() throws(ProgramImageError) -> SourceSpan {
        let file = try unsigned()
        let start = try unsigned()
        let length = try unsigned()
        guard file <= UInt64(sizes.files), start <= UInt64(Int32.max), length <= UInt64(Int32.max) - start else {
            throw damaged("a source span (file \(file), \(start) + \(length)) is out of range")
        }
        return SourceSpan(file: Int32(file) - 1, start: Int32(start), end: Int32(start + length))
    }

    mutating func optionalGuard() throws(ProgramImageError) -> Guard? {
        switch try byte() {
        case 0: return nil
        case 1: return Guard(name: try symbol(), negated: false)
        case 2: return Guard(name: try symbol(), negated: true)
        default: throw damaged("a guard's tag is unknown")
        }
    }
}
