/// Standard Base64 (RFC 4648, with `=` padding), for binary data carried
/// in Swift source: the generated code's compiled program.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as Base64 text, broken into lines of `lineLength` characters
    /// (a multiple of 4) when it is not nil.
    package static func encode(_ bytes: [UInt8], lineLength: Int? = nil) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4 + (lineLength.map { bytes.count / max($0, 4) } ?? 0))
        var i = 0
        var lineUsed = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            if let lineLength, lineUsed == lineLength {
                out.append(0x0A)
                lineUsed = 0
            }
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(group >> 6 & 63)] : 0x3D)
            out.append(i + 2 < bytes.count ? alphabet[Int(group & 63)] : 0x3D)
            lineUsed += 4
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Each byte's value as a Base64 digit: 0–63, `pad` for `=`, `space`
    /// for the white space decoding skips, `invalid` for any other byte.
    private static let digits: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        table[0x3D] = pad
        for byte in [0x20, 0x09, 0x0A, 0x0D] { table[byte] = space }
        return table
    }()
    private static let pad: UInt8 = 64, space: UInt8 = 65, invalid: UInt8 = 66

    /// The bytes `text` encodes, ignoring spaces, tabs and line breaks; nil
    /// when it holds another character, or its padding or length is wrong.
    package static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { utf8 in
            digits.withUnsafeBufferPointer { decode(utf8, $0) }
        }
    }

    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, _ digits: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var valid = true
        // Every 4 digits give at most 3 bytes: the capacity is never exceeded.
        let out = [UInt8](unsafeUninitializedCapacity: utf8.count / 4 * 3) { buffer, written in
            var group: UInt32 = 0
            var count = 0
            var padding = 0
            var at = 0
            for byte in utf8 {
                let value = digits[Int(byte)]
                if value < 64 {
                    // A digit after padding: the padding was not at the end.
                    guard padding == 0 else { valid = false; break }
                    group = group << 6 | UInt32(value)
                } else if value == pad {
                    // Padding: the group's third and fourth place, or its fourth.
                    guard count == 2 && padding == 0 || count == 3 && padding <= 1 else { valid = false; break }
                    padding += 1
                    group <<= 6
                } else if value == space {
                    continue
                } else {
                    valid = false
                    break
                }
                count += 1
                if count == 4 {
                    let kept = 3 - padding
                    buffer[at] = UInt8(truncatingIfNeeded: group >> 16)
                    if kept > 1 { buffer[at + 1] = UInt8(truncatingIfNeeded: group >> 8) }
                    if kept > 2 { buffer[at + 2] = UInt8(truncatingIfNeeded: group) }
                    at += kept
                    group = 0
                    count = 0
                    // After a padded group nothing but white space may follow.
                    if padding > 0 { padding = 3 }
                }
            }
            if count != 0 { valid = false }
            written = at
        }
        return valid ? out : nil
    }
}
