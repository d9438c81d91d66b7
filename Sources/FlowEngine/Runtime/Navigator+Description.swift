import FlowModel

/// The screen as `expect stack` writes it (docs/simulate.md): layers from the
/// bottom separated by ` | `, a modal layer prefixed `sheet:` or `cover:`,
/// a tab container's layer as its selected tab's stack, entries separated
/// by ` > `, each with its arguments.
extension Navigator {
    public var stackDescription: String {
        state.layers.map { layer in
            let prefix = layer.kind.stackPrefix
            return prefix + layer.stack.map(describe).joined(separator: " > ")
        }.joined(separator: " | ")
    }

    /// `stackDescription` cut in the middle where it is long: a stack of more
    /// than 12 entries keeps its first 4 and last 8 (`a > b > c > d > … 990
    /// more … > …`), a pile of more than 8 layers its bottom 2 and top 5. A
    /// trace prints one per step, so its size grows with the steps, never with
    /// their square, however deep the navigation goes.
    public var stackSummary: String {
        func entries(_ stack: [Entry]) -> String {
            guard stack.count > 12 else { return stack.map(describe).joined(separator: " > ") }
            let middle = "… \(stack.count - 12) more …"
            return (stack.prefix(4).map(describe) + [middle] + stack.suffix(8).map(describe)).joined(separator: " > ")
        }
        func layer(_ layer: Layer) -> String {
            layer.kind.stackPrefix + entries(layer.stack)
        }
        let layers = state.layers
        guard layers.count > 8 else { return layers.map(layer).joined(separator: " | ") }
        let middle = "… \(layers.count - 7) more layers …"
        return (layers.prefix(2).map(layer) + [middle] + layers.suffix(5).map(layer)).joined(separator: " | ")
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
        case .string(let s): return quoted(s)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        }
    }

    /// `text` as a string literal: `"` and `\` escaped, line feeds and tabs
    /// as `\n` and `\t`, other control characters as `\u{…}`. Read as
    /// UTF-8 bytes (every byte of a multi-byte scalar is 0x80 or more, so
    /// none is one of those): a path prints thousands of `open "…"` steps.
    static func quoted(_ text: String) -> String {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == quote || $0 == backslash }) { return "\"" + text + "\"" }
        var out: [UInt8] = [quote]
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case quote, backslash: out += [backslash, byte]
            case UInt8(ascii: "\n"): out += [backslash, UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): out += [backslash, UInt8(ascii: "t")]
            case ..<0x20: out += Array("\\u{\(String(byte, radix: 16))}".utf8)
            default: out.append(byte)
            }
        }
        out.append(quote)
        return String(decoding: out, as: UTF8.self)
    }

    /// The selected tab of the nearest tab container (the topmost on screen).
    public var selectedTab: String? {
        guard let layer = state.layers.last(where: \.isTabContainer) else { return nil }
        let tabs = program.tabs(of: state.instances[Int(layer.container)].flow)
        let tab = tabs[tabs.startIndex + layer.selected]
        return program.name(program.flows[Int(tab)].name)
    }
}
