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

    /// An action as written: `push product`, `start Checkout as sheet`; with
    /// `arguments` (and the handler, for event parameter names) its targets'
    /// arguments and its custom transition too.
    public func actionText(_ action: Action, arguments handler: Handler? = nil) -> String {
        let targetTexts = targets[action.targets.range].map { target in
            name(routes[Int(target.route)].name) + (handler.map { argumentList(target.arguments, event: $0.parameters) } ?? "")
        }
        var text: String
        switch action.kind {
        case .push, .sheet, .cover, .replace, .popTo:
            text = "\(action.kind.rawValue) \(targetTexts.first ?? "")"
        case .set:
            text = "set [\(targetTexts.joined(separator: ", "))]"
        case .start:
            text = "start \(name(flows[Int(action.flow)].name))" + (action.mode == .push ? "" : " as \(action.mode.rawValue)")
        case .select:
            text = "select \(name(flows[Int(action.flow)].name))"
        case .finish:
            text = "finish \(action.result.map(name) ?? "")"
        case .pop, .popToRoot, .dismiss:
            text = action.kind.rawValue
        }
        if handler != nil, let transition = action.transition { text += " with \(name(transition))" }
        return text
    }

    /// `on select(id: String) when ok -> push product(id: id) then pop`.
    public func handlerText(_ handler: Handler) -> String {
        var text = "on " + eventText(handler)
        if let condition = handler.guardCondition { text += " when \(condition.negated ? "!" : "")\(name(condition.name))" }
        let actionTexts = actions[handler.actions.range].map { actionText($0, arguments: handler) }
        return text + " -> " + actionTexts.joined(separator: " then ")
    }

    /// The whole program, one line per flow, route, handler and link.
    public func dump() -> String {
        var out = ""
        for (f, flow) in flows.enumerated() {
            var header = "flow \(name(flow.name))"
            if FlowID(f) == entry { header += " [entry]" }
            switch flow.start {
            case .route(let r): header += " start \(name(routes[Int(r)].name))"
            case .flow(let g): header += " start \(name(flows[Int(g)].name))"
            case .none: break
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
                if !attributes.isEmpty { line += " [\(attributes.joined(separator: ", "))]" }
                out += line + "\n"
                for h in route.handlers.range { out += "    " + handlerText(handlers[h]) + "\n" }
            }
            for h in flow.handlers.range { out += "  " + handlerText(handlers[h]) + "\n" }
        }
        for link in links {
            let path = link.path.map { name(flows[Int($0)].name) } + [name(routes[Int(link.route)].name)]
            out += "link \"\(link.patternText)\" -> \(path.joined(separator: "/"))\(argumentList(link.arguments, event: .empty))\n"
        }
        return out
    }

    /// `(id: String, n: Int)`, or nothing for no parameters.
    func parameterList(_ range: IndexRange) -> String {
        guard !range.isEmpty else { return "" }
        return "(" + parameters[range.range].map { "\(name($0.name)): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
    }

    /// `(id: id, n: 3)`, with event parameters by name and link captures as `:name`.
    func argumentList(_ range: IndexRange, event: IndexRange) -> String {
        guard !range.isEmpty else { return "" }
        return "(" + arguments[range.range].map { argument in
            let value: String
            switch argument.source {
            case .literal(.string(let s)): value = "\"\(s)\""
            case .literal(.int(let i)): value = String(i)
            case .literal(.double(let d)): value = String(d)
            case .literal(.bool(let b)): value = String(b)
            case .eventParameter(let p): value = name(parameters[event.range.lowerBound + Int(p)].name)
            case .capture(let c): value = ":" + name(c)
            }
            return "\(name(argument.name)): \(value)"
        }.joined(separator: ", ") + ")"
    }
}
