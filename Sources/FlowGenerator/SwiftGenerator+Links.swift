import FlowEngine

/// Typed deep-link builders: `static func productURL(id: String) -> String`
/// for `link "shop://product/:id" -> App/Shop/product(id: id)`.
extension SwiftGenerator {
    /// A link's builder: its function name, labels and captures; an
    /// optional item's capture (v2) is an optional parameter, `nil` by
    /// default, and leaves its item out.
    struct LinkBuilder {
        var function: String
        var labels: [String]
        var captures: [(name: Symbol, type: ValueType)]
        var optional: [Bool]

        /// `id v0: Swift.String, tab v1: Swift.Int? = nil`, or without the
        /// `v0` names (`variables: false`) as a declaration's signature writes them.
        func parameters(_ generator: SwiftGenerator, variables: Bool) -> [String] {
            captures.indices.map { i in
                let type = generator.swiftType(captures[i].type) + (optional[i] ? "? = nil" : "")
                return SwiftNames.escaped(labels[i]) + (variables ? " v\(i)" : "") + ": " + type
            }
        }
    }

    /// Each link's builder, in link order; nil for `link default` (v2),
    /// which no URL is built for. Builders of one name overload by labels;
    /// the same labels twice get a number.
    func linkBuilderNames() -> [LinkBuilder?] {
        var used: Set<String> = []
        return program.links.map { link in
            if link.pattern.isDefault { return nil }
            let captures = program.captureTypes(of: link)
            let labels = captures.map { GeneratedNames.label(program.name($0.name)) }
            // A named link's builder takes its name (v2); others their target route's.
            let base = builderBaseName(link) + "URL"
            var function = base
            var n = 2
            while used.contains(function + "(" + labels.map { $0 + ":" }.joined() + ")") || SwiftNames.keywords.contains(function) {
                function = base + String(n)
                n += 1
            }
            used.insert(function + "(" + labels.map { $0 + ":" }.joined() + ")")
            let optional = captures.map { link.pattern.item(capturing: $0.name)?.isOptional ?? false }
            return LinkBuilder(function: function, labels: labels, captures: captures, optional: optional)
        }
    }

    mutating func linkBuilders() -> String {
        var out = ""
        for (link, builder) in zip(program.links, linkBuilderNames()) {
            guard let builder else { continue }
            let target = link.isOver || link.actionHandler >= 0 ? program.linkBodyText(link)
                : link.path.map { program.name(program.flows[Int($0)].name) }.joined(separator: "/") + "/" + program.name(program.routes[Int(link.route)].name)
            out += "    /// `\(SwiftLiteral.comment(link.patternText))` → `\(target)` (\(location(link.span))).\n"
            out += "    \(access)static func \(builder.function)(\(builder.parameters(self, variables: true).joined(separator: ", "))) -> Swift.String {\n"
            out += "        " + urlExpression(link, builder) + "\n"
            out += "    }\n"
        }
        return out
    }

    /// The name a link's builder is made of: the link's own name (`link
    /// post "…"`), else its target route's, else (an unnamed `over` link)
    /// the first route its actions show, else `link`.
    func builderBaseName(_ link: Link) -> String {
        if let name = link.name { return program.name(name) }
        if link.route >= 0 { return program.name(program.routes[Int(link.route)].name) }
        if link.actionHandler >= 0 {
            for action in program.actions[program.handlers[Int(link.actionHandler)].actions.range] {
                if let target = program.targets[action.targets.range].first { return program.name(program.routes[Int(target.route)].name) }
            }
        }
        return "link"
    }

    /// `"shop://product/" + FlowURL.encode(v0)`; (v2) a rest capture is
    /// `FlowURL.encodePath(v0)`, and items of which one is optional are
    /// `FlowURL.items("?", ["tab": v1.map { Swift.String($0) }])`.
    func urlExpression(_ link: Link, _ builder: LinkBuilder) -> String {
        let captures = builder.captures
        var parts: [String] = []
        var literal = link.pattern.scheme + "://"
        func flush() {
            if !literal.isEmpty { parts.append(SwiftLiteral.quoted(literal)) }
            literal = ""
        }
        /// The capture's value as a String: `v0`, `Swift.String(v0)`, or
        /// for an optional one `v0.map { Swift.String($0) }`.
        func text(_ name: Symbol) -> String {
            let index = captures.firstIndex { $0.name == name } ?? 0
            if captures[index].type == .string { return "v\(index)" }
            return builder.optional[index] ? "v\(index).map { Swift.String($0) }" : "Swift.String(v\(index))"
        }
        for (i, segment) in link.pattern.segments.enumerated() {
            if i > 0 { literal += "/" }
            switch segment {
            case .literal(let text): literal += i == 0 ? text : LinkPattern.percentEncoded(text)
            case .capture(let name):
                flush()
                parts.append("FlowURL.encode(\(text(name)))")
            case .rest(let name):
                flush()
                parts.append("FlowURL.encodePath(\(text(name)))")
            }
        }
        for (items, start) in [(link.pattern.query, "?"), (link.pattern.fragment, "#")] where !items.isEmpty {
            if items.contains(where: \.isOptional) {
                flush()
                let pairs = items.map { SwiftLiteral.quoted(LinkPattern.percentEncoded($0.key)) + ": " + text($0.capture) }
                parts.append("FlowURL.items(\(SwiftLiteral.quoted(start)), [\(pairs.joined(separator: ", "))])")
                continue
            }
            for (i, item) in items.enumerated() {
                literal += (i == 0 ? start : "&") + LinkPattern.percentEncoded(item.key) + "="
                flush()
                parts.append("FlowURL.encode(\(text(item.capture)))")
            }
        }
        flush()
        return parts.joined(separator: " + ")
    }
}
