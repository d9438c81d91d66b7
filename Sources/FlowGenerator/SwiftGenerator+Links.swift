import FlowEngine

/// Typed deep-link builders: `static func productURL(id: String) -> String`
/// for `link "shop://product/:id" -> App/Shop/product(id: id)`.
extension SwiftGenerator {
    mutating func linkBuilders() -> String {
        var out = ""
        var used: Set<String> = []
        for link in program.links {
            let captures = captureTypes(link)
            let labels = captures.map { GeneratedNames.label(program.name($0.name)) }
            // Builders of one route overload by labels; the same labels twice get a number.
            let base = program.name(program.routes[Int(link.route)].name) + "URL"
            var function = base
            var n = 2
            while used.contains(function + "(" + labels.map { $0 + ":" }.joined() + ")") || SwiftNames.keywords.contains(function) {
                function = base + String(n)
                n += 1
            }
            used.insert(function + "(" + labels.map { $0 + ":" }.joined() + ")")
            let target = link.path.map { program.name(program.flows[Int($0)].name) }.joined(separator: "/") + "/" + program.name(program.routes[Int(link.route)].name)
            out += "    /// `\(SwiftLiteral.comment(link.patternText))` → `\(target)` (\(location(link.span))).\n"
            let parameters = zip(labels, captures).enumerated().map { i, pair in "\(SwiftNames.escaped(pair.0)) v\(i): \(swiftType(pair.1.type))" }
            out += "    \(access)static func \(function)(\(parameters.joined(separator: ", "))) -> Swift.String {\n"
            out += "        " + urlExpression(link, captures) + "\n"
            out += "    }\n"
        }
        return out
    }

    /// Each capture of the pattern, in order, with the type of what it binds
    /// (String when it binds nothing or only strings).
    func captureTypes(_ link: Link) -> [(name: Symbol, type: ValueType)] {
        var order: [Symbol] = []
        for segment in link.pattern.segments { if case .capture(let name) = segment, !order.contains(name) { order.append(name) } }
        for item in link.pattern.query where !order.contains(item.capture) { order.append(item.capture) }
        var types: [Symbol: ValueType] = [:]
        func bind(_ arguments: IndexRange, _ parameters: IndexRange) {
            for argument in program.arguments[arguments.range] {
                guard case .capture(let name) = argument.source, Int(argument.parameter) < parameters.count else { continue }
                let type = program.parameters[Int(parameters.lower) + Int(argument.parameter)].type
                if types[name] == nil || types[name] == .string { types[name] = type }
            }
        }
        bind(link.arguments, program.routes[Int(link.route)].parameters)
        for (flow, arguments) in zip(link.path, link.flowArguments) { bind(arguments, program.flows[Int(flow)].parameters) }
        return order.map { ($0, types[$0] ?? .string) }
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
            case .literal(let text): literal += i == 0 ? text : FlowURLText.encode(text)
            case .capture(let name): capture(name)
            }
        }
        for (i, item) in link.pattern.query.enumerated() {
            literal += (i == 0 ? "?" : "&") + FlowURLText.encode(item.key) + "="
            capture(item.capture)
        }
        flush()
        return parts.joined(separator: " + ")
    }
}

/// Percent-encoding at generation time, the same as `FlowURL.encode` at run time.
enum FlowURLText {
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

extension String {
    /// Two hex digits.
    var leftPadded: String { count < 2 ? "0" + self : self }
}
