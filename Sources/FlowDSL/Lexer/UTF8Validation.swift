/// Strict UTF-8 validation of one sequence (no overlongs, no surrogates, at
/// most U+10FFFF), as the lexer needs it for strings and stray characters.
enum UTF8Validation {
    /// The length of the valid sequence starting at `i`, or nil if invalid.
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let b0 = bytes[i]
        if b0 < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        let b1 = bytes[i + 1]
        guard b1 >= low && b1 <= high else { return nil }
        for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
