import FlowEngine

/// URLs for `open` made from fuzz input: most fill one of the program's
/// link patterns (captures with arbitrary, sometimes percent-encoded, text;
/// query items in any order, some missing), the rest are raw bytes.
public enum URLBuilder {
    public static func url(for program: Program, _ input: inout FuzzInput) -> String? {
        guard let kind = input.choice(8) else { return nil }
        guard kind != 0, let pick = input.choice(program.links.count) else { return input.text(limit: 64) }
        let pattern = program.links[pick].pattern
        var url = pattern.scheme + "://"
        for (index, segment) in pattern.segments.enumerated() {
            if index > 0 { url += "/" }
            switch segment {
            case .literal(let text): url += input.choice(16) == 0 ? (input.text(limit: 6) ?? text) : text
            case .capture: url += capture(&input)
            }
        }
        var items = pattern.query.map { "\($0.key)=\(capture(&input))" }
        if input.choice(8) == 0, !items.isEmpty { items.removeLast() }
        if input.choice(4) == 0 { items.reverse() }
        if let extra = input.choice(8), extra == 0 { items.append("extra=1") }
        if !items.isEmpty { url += "?" + items.joined(separator: "&") }
        return url
    }

    private static func capture(_ input: inout FuzzInput) -> String {
        switch input.choice(6) {
        case 0: return "%" + (input.text(limit: 2) ?? "")
        case 1: return String(Int(Int8(bitPattern: input.byte() ?? 0)))
        case 2: return "9223372036854775808"
        case 3: return ["true", "false", "1.5", "-0", "nan", "%F0%9F%98%80"][Int(input.byte() ?? 0) % 6]
        default: return input.text(limit: 12) ?? ""
        }
    }
}
