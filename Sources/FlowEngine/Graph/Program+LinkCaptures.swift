/// What a link's captures bind, and URLs built from a link's pattern: the
/// typed builders of the generated API and the sample URLs of the explorer
/// write the same thing.
extension Program {
    /// Each capture of `link`'s pattern, in order of first appearance, with
    /// the type of what it binds (String when it binds nothing or only strings).
    public func captureTypes(of link: Link) -> [(name: Symbol, type: ValueType)] {
        let order = link.pattern.captureNames
        var types: [Symbol: ValueType] = [:]
        func bind(_ list: IndexRange, _ parameterList: IndexRange) {
            for argument in arguments[list.range] {
                guard case .capture(let name) = argument.source, Int(argument.parameter) < parameterList.count else { continue }
                let type = parameters[Int(parameterList.lower) + Int(argument.parameter)].type
                if types[name] == nil || types[name] == .string { types[name] = type }
            }
        }
        if link.route >= 0 { bind(link.arguments, routes[Int(link.route)].parameters) }
        for (flow, list) in zip(link.path, link.flowArguments) { bind(list, flows[Int(flow)].parameters) }
        if link.actionHandler >= 0 {
            for action in actions[handlers[Int(link.actionHandler)].actions.range] {
                for target in targets[action.targets.range] { bind(target.arguments, routes[Int(target.route)].parameters) }
                if action.kind == .start, action.flow >= 0 { bind(action.arguments, flows[Int(action.flow)].parameters) }
            }
        }
        return order.map { ($0, types[$0] ?? .string) }
    }

    /// A URL that `link`'s pattern matches, each capture given the same
    /// sample value of its type (`1`, `1.0`, `true`; a string is `1` too):
    /// `shop://product/1?ref=1`. Literal segments are percent-encoded. (v2)
    /// A rest capture takes two segments (`1/1`); optional items are left
    /// out (a URL with one could match a link that requires it), required
    /// fragment items follow `#`; `link default`'s sample has a scheme no
    /// other link has (`unmatched://default`, with more `x`s after
    /// `unmatched` while one has), so it is its own.
    public func sampleURL(of link: Link) -> String {
        if link.pattern.isDefault {
            let schemes = Set(links.lazy.filter { !$0.pattern.isDefault }.map(\.pattern.scheme))
            var scheme = "unmatched"
            while schemes.contains(scheme) { scheme += "x" }
            return scheme + "://default"
        }
        let captures = captureTypes(of: link)
        func sample(_ name: Symbol) -> String {
            switch captures.first(where: { $0.name == name })?.type ?? .string {
            case .string, .int: "1"
            case .double: "1.0"
            case .bool: "true"
            }
        }
        var url = link.pattern.scheme + "://"
        for (i, segment) in link.pattern.segments.enumerated() {
            if i > 0 { url += "/" }
            switch segment {
            case .literal(let text): url += i == 0 ? text : LinkPattern.percentEncoded(text)
            case .capture(let name): url += sample(name)
            case .rest: url += "1/1"
            }
        }
        func items(_ items: [LinkPattern.QueryItem], _ start: String) {
            var first = true
            for item in items where !item.isOptional {
                url += (first ? start : "&") + LinkPattern.percentEncoded(item.key) + "=" + sample(item.capture)
                first = false
            }
        }
        items(link.pattern.query, "?")
        items(link.pattern.fragment, "#")
        return url
    }
}

extension LinkPattern {
    /// `text` with every byte but letters, digits and `-._~` percent-encoded
    /// (RFC 3986's unreserved characters), as `FlowURL.encode` does at run time.
    public static func percentEncoded(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
