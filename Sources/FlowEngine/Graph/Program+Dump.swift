/// A stable, line-oriented text form of a compiled program, for tests to
/// assert against and for `flowctl dump`. One line per flow, route, handler
/// and link; ids are written as names, so the text does not change when
/// unrelated declarations move.
extension Program {
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
                var line = "  route \(name(route.name))\(dumpParameters(route.parameters))"
                if let title = titles[r] { line += " \"\(title)\"" }
                var attributes: [String] = []
                if route.attributes.contains(.final) { attributes.append("final") }
                if route.attributes.contains(.noBack) { attributes.append("noBack") }
                if route.attributes.contains(.locked) { attributes.append("locked") }
                if !attributes.isEmpty { line += " [\(attributes.joined(separator: ", "))]" }
                out += line + "\n"
                for h in route.handlers.range { out += "    " + dumpHandler(handlers[h]) + "\n" }
            }
            for h in flow.handlers.range { out += "  " + dumpHandler(handlers[h]) + "\n" }
        }
        for link in links {
            let path = link.path.map { name(flows[Int($0)].name) } + [name(routes[Int(link.route)].name)]
            out += "link \"\(link.patternText)\" -> \(path.joined(separator: "/"))\(dumpArguments(link.arguments, event: .empty))\n"
        }
        return out
    }

    private func dumpParameters(_ range: IndexRange) -> String {
        guard !range.isEmpty else { return "" }
        return "(" + parameters[range.range].map { "\(name($0.name)): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
    }

    private func dumpHandler(_ handler: Handler) -> String {
        var text = "on "
        if handler.event.isResult { text += name(flows[Int(handler.event.flow)].name) + "." }
        text += name(handler.event.name) + dumpParameters(handler.parameters)
        if let condition = handler.guardCondition { text += " when \(condition.negated ? "!" : "")\(name(condition.name))" }
        let actionTexts = actions[handler.actions.range].map { dumpAction($0, handler) }
        return text + " -> " + actionTexts.joined(separator: " then ")
    }

    private func dumpAction(_ action: Action, _ handler: Handler) -> String {
        let targetTexts = targets[action.targets.range].map { name(routes[Int($0.route)].name) + dumpArguments($0.arguments, event: handler.parameters) }
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
        if let transition = action.transition { text += " with \(name(transition))" }
        return text
    }

    private func dumpArguments(_ range: IndexRange, event: IndexRange) -> String {
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
