/// Program elements written back as flow-language text: for messages
/// (analyses, engine errors, graph tooltips) and for `dump()`, a stable
/// line-oriented form of the whole program that tests assert against.
/// Ids are written as names, so the text does not change when unrelated
/// declarations move.
extension Program {
    /// `Checkout.done`, `select(id: String)` (with `parameters`).
    public func eventText(_ handler: Handler, parameters: Bool = true) -> String {
        eventText(handler.event) + (parameters ? parameterList(handler.parameters) : "")
    }

    /// `Checkout.done` or `select`.
    public func eventText(_ event: EventKey) -> String {
        event.isResult ? "\(name(flows[Int(event.flow)].name)).\(name(event.name))" : name(event.name)
    }

    /// What a gated link does while its URL waits: its gate's guard and its
    /// `else` actions as written, arguments and transitions included (nil
    /// for a link without a gate). Links with the same text behave alike
    /// until their URL opens: the state exploration's pending classes.
    public func gateText(of link: Link) -> String? {
        guard let gate = link.gate, link.gateHandler >= 0 else { return nil }
        let handler = handlers[Int(link.gateHandler)]
        var text = ByteWriter()
        if gate.negated { text.write("!") }
        text.write(name(gate.name))
        text.write(" else ")
        writeActionTexts(of: handler, to: &text)
        return text.text
    }

    /// An action as written: `push product`, `start Checkout as sheet`; with
    /// `arguments` (and the handler, for event parameter names) its targets'
    /// arguments and its custom transition too.
    public func actionText(_ action: Action, arguments handler: Handler? = nil) -> String {
        var text = ByteWriter()
        writeActionText(action, arguments: handler, to: &text)
        return text.text
    }

    /// `actionText(action, arguments: handler)`, written to `text`.
    func writeActionText(_ action: Action, arguments handler: Handler?, to text: inout ByteWriter) {
        switch action.kind {
        case .push, .sheet, .cover, .replace, .popTo, .alert, .dialog, .popover:
            text.write(action.kind.rawValue)
            text.write(" ")
            if let target = targets[action.targets.range].first { writeTarget(target, arguments: handler, to: &text) }
        case .set:
            text.write("set [")
            for (i, target) in targets[action.targets.range].enumerated() {
                if i > 0 { text.write(", ") }
                writeTarget(target, arguments: handler, to: &text)
            }
            text.write("]")
        case .start:
            text.write("start ")
            text.write(name(flows[Int(action.flow)].name))
            if let handler, !action.arguments.isEmpty { text.write(argumentList(action.arguments, scope: scope(of: handler))) }
            if action.mode != .push {
                text.write(" as ")
                text.write(action.mode.rawValue)
            }
        case .select:
            text.write("select ")
            text.write(name(flows[Int(action.flow)].name))
        case .finish:
            text.write("finish ")
            if let result = action.result { text.write(name(result)) }
            if let handler, !action.arguments.isEmpty { text.write(argumentList(action.arguments, scope: scope(of: handler))) }
        case .assume:
            text.write("assume ")
            if let condition = action.assumedGuard {
                if condition.negated { text.write("!") }
                text.write(name(condition.name))
            }
        case .pop, .popToRoot, .dismiss, .stay:
            text.write(action.kind.rawValue)
        }
        if handler != nil, let transition = action.transition {
            text.write(" with ")
            text.write(name(transition))
        }
    }

    /// A target route, with its arguments when `handler` is given.
    private func writeTarget(_ target: Target, arguments handler: Handler?, to text: inout ByteWriter) {
        text.write(name(routes[Int(target.route)].name))
        if let handler, !target.arguments.isEmpty { text.write(argumentList(target.arguments, scope: scope(of: handler))) }
    }

    /// A link's pattern as written after `link` (and its name): the quoted
    /// pattern, or `default` (v2).
    public func patternSource(of link: Link) -> String {
        link.pattern.isDefault ? "default" : "\"\(link.patternText)\""
    }

    /// What a link does, as written after its arrow: `App/Main/feed then
    /// sheet post(id: id)` or `over alert confirm(action: a)`.
    public func linkBodyText(_ link: Link) -> String {
        var text: String
        if link.isOver {
            text = "over"
        } else {
            var path: [String] = []
            for (i, f) in link.path.enumerated() {
                path.append(name(flows[Int(f)].name) + (i < link.flowArguments.count ? argumentList(link.flowArguments[i], scope: ArgumentScope()) : ""))
            }
            if link.route >= 0 { path.append(name(routes[Int(link.route)].name)) }
            text = path.joined(separator: "/") + argumentList(link.arguments, scope: ArgumentScope())
        }
        if link.actionHandler >= 0 {
            let handler = handlers[Int(link.actionHandler)]
            var actions = ByteWriter()
            actions.write(link.isOver ? " " : " then ")
            writeActionTexts(of: handler, to: &actions)
            text += actions.text
        }
        return text
    }

    /// `on select(id: String) when ok -> push product(id: id) then pop`.
    public func handlerText(_ handler: Handler) -> String {
        var text = ByteWriter(capacity: 96)
        writeHandlerText(handler, to: &text)
        return text.text
    }

    /// `handlerText(handler)`, written to `text`: `graph` writes one per
    /// handler, a hundred thousand in a large program, without making a
    /// string of each.
    package func writeHandlerText(_ handler: Handler, to text: inout ByteWriter) {
        text.write("on ")
        if handler.event.isResult {
            text.write(name(flows[Int(handler.event.flow)].name))
            text.write(".")
        }
        text.write(name(handler.event.name))
        if !handler.parameters.isEmpty { text.write(parameterList(handler.parameters)) }
        if handler.isSystem { text.write(" [system]") }
        if handler.scope >= 0 {
            text.write(" from ")
            text.write(name(flows[Int(handler.scope)].name))
        }
        if let condition = handler.guardCondition {
            text.write(condition.negated ? " when !" : " when ")
            text.write(name(condition.name))
        }
        text.write(" -> ")
        writeActionTexts(of: handler, to: &text)
    }

    /// `handler`'s actions as written, with their arguments, each after the first after ` then `.
    func writeActionTexts(of handler: Handler, to text: inout ByteWriter) {
        var first = true
        for action in actions[handler.actions.range] {
            if !first { text.write(" then ") }
            first = false
            writeActionText(action, arguments: handler, to: &text)
        }
    }

    /// The whole program, one line per flow, route, handler and link.
    public func dump() -> String {
        var out = ""
        for (f, flow) in flows.enumerated() {
            var header = "flow \(name(flow.name))\(parameterList(flow.parameters))"
            if FlowID(f) == entry { header += " [entry]" }
            if flow.starts.isEmpty {
                switch flow.start {
                case .route(let r): header += " start \(name(routes[Int(r)].name))"
                case .flow(let g): header += " start \(name(flows[Int(g)].name))"
                case .none: break
                }
            }
            for item in startItems[flow.starts.range] {
                switch item.target {
                case .route(let r): header += " start \(name(routes[Int(r)].name))"
                case .flow(let g): header += " start \(name(flows[Int(g)].name))"
                case .none: break
                }
                header += argumentList(item.arguments, scope: ArgumentScope(flow: flow.parameters))
                if let condition = item.guardCondition { header += " when \(condition.negated ? "!" : "")\(name(condition.name))" }
            }
            if flow.isTabContainer {
                header += " tabs " + tabs(of: FlowID(f)).map { name(flows[Int($0)].name) }.joined(separator: ", ")
            }
            out += header + "\n"
            for r in flow.routes.range {
                let route = routes[r]
                var line = "  route \(name(route.name))\(parameterList(route.parameters))"
                if let title = titles[r] { line += " \"\(title)\"" }
                var attributes: [String] = []
                if route.attributes.contains(.final) { attributes.append("final") }
                if route.attributes.contains(.noBack) { attributes.append("noBack") }
                if route.attributes.contains(.locked) { attributes.append("locked") }
                if route.attributes.contains(.busy) { attributes.append("busy") }
                if !attributes.isEmpty { line += " [\(attributes.joined(separator: ", "))]" }
                out += line + "\n"
                for h in route.handlers.range { out += "    " + handlerText(handlers[h]) + "\n" }
            }
            for h in flow.handlers.range { out += "  " + handlerText(handlers[h]) + "\n" }
        }
        for link in links {
            out += "link " + (link.name.map { name($0) + " " } ?? "") + patternSource(of: link) + " -> " + linkBodyText(link)
            if let gate = link.gate, link.gateHandler >= 0 {
                let handler = handlers[Int(link.gateHandler)]
                out += " when \(gate.negated ? "!" : "")\(name(gate.name)) else "
                    + actions[handler.actions.range].map { actionText($0, arguments: handler) }.joined(separator: " then ")
            }
            out += "\n"
        }
        for check in checks { out += checkText(check) + "\n" }
        return out
    }

    /// A `check` as written (docs/language.md#properties-check-v2): `check "label" never App.home when !g`.
    public func checkText(_ check: PropertyCheck) -> String {
        var text = "check "
        if let label = check.label { text += "\"\(label)\" " }
        var ref = ""
        if check.flow >= 0 { ref = check.route >= 0 ? qualifiedName(check.route) : name(flows[Int(check.flow)].name) }
        let condition = check.guardCondition.map { " when \($0.negated ? "!" : "")\(name($0.name))" } ?? ""
        switch check.kind {
        case .alwaysReach: text += "always reach \(ref)"
        case .never: text += "never \(ref)\(condition)"
        case .reachWithin: text += "reach \(ref) within \(check.limit)"
        case .link: text += "link \"\(check.url)\"\(condition) shows \(check.stack)"
        }
        return text
    }

    /// `(id: String, n: Int = 0)`, or nothing for no parameters.
    package func parameterList(_ range: IndexRange) -> String {
        guard !range.isEmpty else { return "" }
        return "(" + parameters[range.range].map { parameter in
            "\(name(parameter.name)): \(parameter.type.rawValue)" + (parameter.defaultValue.map { " = " + Self.literalText($0) } ?? "")
        }.joined(separator: ", ") + ")"
    }

    /// A value as a flow-language literal: `"a"`, `3`, `1.5`, `true`.
    public static func literalText(_ value: Value) -> String {
        switch value {
        case .string(let s): "\"\(s)\""
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): String(b)
        }
    }

    /// The parameters an argument's name may refer to (docs/language.md#flows-routes-handlers).
    public struct ArgumentScope {
        public var event: IndexRange = .empty
        public var route: IndexRange = .empty
        public var flow: IndexRange = .empty
    }

    /// What a handler's arguments may name: its event's, its route's and
    /// its flow's parameters.
    public func scope(of handler: Handler) -> ArgumentScope {
        ArgumentScope(event: handler.parameters,
                      route: handler.route >= 0 ? routes[Int(handler.route)].parameters : .empty,
                      flow: flows[Int(handler.flow)].parameters)
    }

    /// The type of an argument's value given by `handler` (nil for a link capture).
    public func valueType(of argument: Argument, in handler: Handler) -> ValueType? {
        let scope = scope(of: handler)
        switch argument.source {
        case .literal(let value): return value.type
        case .eventParameter(let p): return parameters[scope.event.range.lowerBound + Int(p)].type
        case .routeParameter(let p): return parameters[scope.route.range.lowerBound + Int(p)].type
        case .flowParameter(let p): return parameters[scope.flow.range.lowerBound + Int(p)].type
        case .capture: return nil
        }
    }

    /// `(id: id, n: 3)`, with parameters by name and link captures as `:name`.
    public func argumentList(_ range: IndexRange, scope: ArgumentScope) -> String {
        guard !range.isEmpty else { return "" }
        return "(" + arguments[range.range].map { argument in
            let value: String
            switch argument.source {
            case .literal(let literal): value = Self.literalText(literal)
            case .eventParameter(let p): value = name(parameters[scope.event.range.lowerBound + Int(p)].name)
            case .routeParameter(let p): value = name(parameters[scope.route.range.lowerBound + Int(p)].name)
            case .flowParameter(let p): value = name(parameters[scope.flow.range.lowerBound + Int(p)].name)
            case .capture(let c): value = ":" + name(c)
            }
            return "\(name(argument.name)): \(value)"
        }.joined(separator: ", ") + ")"
    }
}
