/// The screen as `expect stack` writes it (DSL.md §7): layers from the
/// bottom separated by ` | `, a modal layer prefixed `sheet:` or `cover:`,
/// a tab container's layer as its selected tab's stack, entries separated
/// by ` > `, each with its arguments.
extension Navigator {
    public var stackDescription: String {
        state.layers.map { layer in
            let prefix = layer.kind == .base ? "" : "\(layer.kind.rawValue): "
            return prefix + layer.stack.map(describe).joined(separator: " > ")
        }.joined(separator: " | ")
    }

    /// `product(id: "42")`.
    public func describe(_ entry: Entry) -> String {
        let route = program.routes[Int(entry.route)]
        guard !entry.arguments.isEmpty else { return displayName(entry.route) }
        let names = program.parameters[route.parameters.range].map { program.name($0.name) }
        let arguments = zip(names, entry.arguments).map { "\($0): \(Navigator.literal($1))" }
        return displayName(entry.route) + "(" + arguments.joined(separator: ", ") + ")"
    }

    /// A value as a literal of the flow language.
    public static func literal(_ value: Value) -> String {
        switch value {
        case .string(let s):
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
                }
            }
            return out + "\""
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        }
    }

    /// The selected tab of the nearest tab container (the topmost on screen).
    public var selectedTab: String? {
        guard let layer = state.layers.last(where: \.isTabContainer) else { return nil }
        let tabs = program.tabs(of: state.instances[Int(layer.container)].flow)
        let tab = tabs[tabs.startIndex + layer.selected]
        return program.name(program.flows[Int(tab)].name)
    }
}
