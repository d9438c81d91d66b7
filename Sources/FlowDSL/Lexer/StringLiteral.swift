import FlowModel

/// Decoding of string literal tokens (`"..."` with `\" \\ \n \t \u{...}`).
///
/// The lexer has already reported malformed escapes; decoding is lenient and
/// replaces what it cannot decode with U+FFFD, so it never fails.
package enum StringLiteral {
    /// The value of the string token spanning `bytes[range]` (quotes included).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var start = range.lowerBound + 1
        var end = range.upperBound
        if end > start, bytes[end - 1] == UInt8(ascii: "\"") { end -= 1 }
        if start > end { start = end }
        var hasEscape = false
        for i in start..<end where bytes[i] == UInt8(ascii: "\\") {
            hasEscape = true
            break
        }
        if !hasEscape {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            let b = bytes[i]
            guard b == UInt8(ascii: "\\"), i + 1 < end else {
                out.append(b)
                i += 1
                continue
            }
            switch bytes[i + 1] {
            case UInt8(ascii: "n"): out.append(0x0A); i += 2
            case UInt8(ascii: "t"): out.append(0x09); i += 2
            case UInt8(ascii: "\""): out.append(0x22); i += 2
            case UInt8(ascii: "\\"): out.append(0x5C); i += 2
            case UInt8(ascii: "u"):
                var j = i + 2
                if let scalar = scanUnicodeEscape(bytes, &j), j <= end {
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    i = j
                } else {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    i += 2
                }
            default:
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                i += 2
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Scans `{hex}` at `position` (just after `\u`) and returns the scalar,
    /// advancing `position` past what it read; nil if malformed.
    static func scanUnicodeEscape(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Unicode.Scalar? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return nil }
        position += 1
        var value: UInt32 = 0
        var digits = 0
        while position < bytes.count, let d = ASCII.hexValue(bytes[position]) {
            if digits < 8 { value = value &* 16 &+ UInt32(d) }
            digits += 1
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else { return nil }
        position += 1
        guard digits >= 1 && digits <= 8 else { return nil }
        return Unicode.Scalar(value)
    }
}
