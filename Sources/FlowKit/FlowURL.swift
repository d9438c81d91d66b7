/// Percent-encoding for the deep-link builders of generated code.
public enum FlowURL {
    /// `text` with every byte but `A-Z a-z 0-9 - . _ ~` percent-encoded, so
    /// that it is one path segment or query value whatever it holds.
    public static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// (v2) A rest capture's value: each `/`-separated piece encoded as
    /// `encode(_:)` does, the slashes kept (`"a b/c"` → `"a%20b/c"`). The
    /// text must be one or more non-empty pieces for the URL to match.
    public static func encodePath(_ text: String) -> String {
        text.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
    }

    /// (v2) Query or fragment items of which some are optional: the items
    /// whose value is not nil, as `key=value` with the value encoded, joined
    /// with `&` after `start` (`"?"` or `"#"`); `""` when every value is nil.
    /// Keys are written as given (the generated code encodes them).
    public static func items(_ start: String, _ items: KeyValuePairs<String, String?>) -> String {
        var out = ""
        for (key, value) in items {
            guard let value else { continue }
            out += (out.isEmpty ? start : "&") + key + "=" + encode(value)
        }
        return out
    }
}
