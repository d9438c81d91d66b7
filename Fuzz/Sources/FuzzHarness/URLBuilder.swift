import FlowEngine

/// URLs for `open` made from fuzz input: most fill one of the program's
/// link patterns (captures with arbitrary, sometimes percent-encoded, text;
/// a rest capture of one to three segments; query and fragment items in
/// any order, some missing), the rest are raw bytes.
public enum URLBuilder {
    public static func url(for program: Program, _ input: inout FuzzInput) -> String? {
        guard let kind = input.choice(8) else { return nil }
        guard kind != 0, let pick = input.choice(program.links.count) else { return input.text(limit: 64) }
        let pattern = program.links[pick].pattern
        // `link default` has no pattern to fill: any text may be its URL.
        if pattern.isDefault { return input.text(limit: 64) }
        var url = pattern.scheme + "://"
        for (index, segment) in pattern.segments.enumerated() {
            if index > 0 { url += "/" }
            switch segment {
            case .literal(let text): url += input.choice(16) == 0 ? (input.text(limit: 6) ?? text) : text
            case .capture: url += capture(&input)
            case .rest: url += (0...(input.choice(3) ?? 0)).map { _ in capture(&input) }.joined(separator: "/")
            }
        }
        url += items(pattern.query, "?", &input)
        url += items(pattern.fragment, "#", &input)
        return url
    }

    /// Query or fragment items after `start`, some missing, maybe reversed or with an extra one.
    private static func items(_ pattern: [LinkPattern.QueryItem], _ start: String, _ input: inout FuzzInput) -> String {
        var items = pattern.map { "\($0.key)=\(capture(&input))" }
        if input.choice(8) == 0, !items.isEmpty { items.removeLast() }
        if input.choice(4) == 0 { items.reverse() }
        if let extra = input.choice(8), extra == 0 { items.append("extra=1") }
        return items.isEmpty ? "" : start + items.joined(separator: "&")
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
