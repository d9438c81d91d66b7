/// Swift string literals for generated code.
enum SwiftLiteral {
    /// A one-line literal: `"..."` with `\`, `"` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A multi-line raw literal whose value is exactly `text`, its
    /// delimiters on lines of their own at column 0: `#"""` with one more
    /// `#` than any run that follows a quote or a backslash in the text.
    /// Carriage returns and other control characters (which a multi-line
    /// literal would normalize or refuse) are written as escapes.
    static func rawBlock(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var longest = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "\\") {
                var run = 0
                while i + 1 + run < bytes.count, bytes[i + 1 + run] == UInt8(ascii: "#") { run += 1 }
                longest = max(longest, run)
            }
            i += 1
        }
        let hashes = String(repeating: "#", count: longest + 1)
        var out = hashes + "\"\"\"\n"
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                out.unicodeScalars.append(scalar)
            } else if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                out += "\\" + hashes + "u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\n\"\"\"" + hashes
    }

    /// Text for a `///` comment: one line, control characters shown as escapes.
    static func comment(_ text: String) -> String {
        let quoted = quoted(text)
        return String(quoted.dropFirst().dropLast())
    }
}
