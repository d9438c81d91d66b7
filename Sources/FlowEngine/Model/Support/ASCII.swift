/// Byte classes of ASCII, shared by the lexer, string literals, link
/// patterns and URLs, which all work on UTF-8 bytes.
package enum ASCII {
    @inlinable package static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    @inlinable package static func isLetter(_ b: UInt8) -> Bool { b | 0x20 >= 0x61 && b | 0x20 <= 0x7A }

    /// `[A-Za-z0-9_]`.
    @inlinable package static func isIdentifierByte(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == 0x5F }

    /// The value of a hexadecimal digit, or nil.
    @inlinable package static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x61...0x66: b - 0x61 + 10
        case 0x41...0x46: b - 0x41 + 10
        default: nil
        }
    }
}
