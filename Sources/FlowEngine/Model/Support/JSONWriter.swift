/// A minimal JSON writer: enough for diagnostics, traces and graphs, with
/// correct string escaping (RFC 8259) and no dependencies.
package struct JSONWriter {
    public private(set) var output = ""
    private var needsComma: [Bool] = []

    package init() {}

    package mutating func beginObject() { value("{"); needsComma.append(false) }
    package mutating func endObject() { needsComma.removeLast(); output += "}" }
    package mutating func beginArray() { value("["); needsComma.append(false) }
    package mutating func endArray() { needsComma.removeLast(); output += "]" }

    /// Writes `"name":`; the next call writes its value.
    public mutating func key(_ name: String) {
        separate()
        output += JSONWriter.quote(name) + ":"
        pendingKey = true
    }

    public mutating func string(_ text: String) { value(JSONWriter.quote(text)) }
    public mutating func int(_ number: Int) { value(String(number)) }
    public mutating func double(_ number: Double) { value(number.isFinite ? String(number) : "null") }
    public mutating func bool(_ flag: Bool) { value(flag ? "true" : "false") }
    package mutating func null() { value("null") }

    package mutating func field(_ name: String, _ text: String) { key(name); string(text) }
    package mutating func field(_ name: String, _ number: Int) { key(name); int(number) }
    package mutating func field(_ name: String, _ flag: Bool) { key(name); bool(flag) }

    private var pendingKey = false

    private mutating func value(_ text: String) {
        if pendingKey {
            pendingKey = false
        } else {
            separate()
        }
        output += text
    }

    private mutating func separate() {
        guard let last = needsComma.last else { return }
        if last { output += "," }
        needsComma[needsComma.count - 1] = true
    }

    /// `text` as a JSON string literal.
    package static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
