import FlowEngine

/// Typed deep-link builders: `static func productURL(id: String) -> String`
/// for `link "shop://product/:id" -> App/Shop/product(id: id)`.
extension SwiftGenerator {
    /// Each link's builder: its function name, labels and captures, in link
    /// order. Builders of one name overload by labels; the same labels twice
    /// get a number.
    func linkBuilderNames() -> [(function: String, labels: [String], captures: [(name: Symbol, type: ValueType)])] {
        var used: Set<String> = []
        return program.links.map { link in
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
            return (function, labels, captures)
        }
    }

    mutating func linkBuilders() -> String {
        var out = ""
        for (link, (function, labels, captures)) in zip(program.links, linkBuilderNames()) {
            let target = link.isOver || link.actionHandler >= 0 ? program.linkBodyText(link)
                : link.path.map { program.name(program.flows[Int($0)].name) }.joined(separator: "/") + "/" + program.name(program.routes[Int(link.route)].name)
            out += "    /// `\(SwiftLiteral.comment(link.patternText))` → `\(target)` (\(location(link.span))).\n"
            let parameters = zip(labels, captures).enumerated().map { i, pair in "\(SwiftNames.escaped(pair.0)) v\(i): \(swiftType(pair.1.type))" }
            out += "    \(access)static func \(function)(\(parameters.joined(separator: ", "))) -> Swift.String {\n"
            out += "        " + urlExpression(link, captures) + "\n"
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

    /// `"shop://product/" + FlowURL.encode(v0)`.
    func urlExpression(_ link: Link, _ captures: [(name: Symbol, type: ValueType)]) -> String {
        var parts: [String] = []
        var literal = link.pattern.scheme + "://"
        func flush() {
            if !literal.isEmpty { parts.append(SwiftLiteral.quoted(literal)) }
            literal = ""
        }
        func capture(_ name: Symbol) {
            flush()
            let index = captures.firstIndex { $0.name == name } ?? 0
            let value = captures[index].type == .string ? "v\(index)" : "Swift.String(v\(index))"
            parts.append("FlowURL.encode(\(value))")
        }
        for (i, segment) in link.pattern.segments.enumerated() {
            if i > 0 { literal += "/" }
            switch segment {
            case .literal(let text): literal += i == 0 ? text : LinkPattern.percentEncoded(text)
            case .capture(let name): capture(name)
            }
        }
        for (i, item) in link.pattern.query.enumerated() {
            literal += (i == 0 ? "?" : "&") + LinkPattern.percentEncoded(item.key) + "="
            capture(item.capture)
        }
        flush()
        return parts.joined(separator: " + ")
    }
}
