import FlowEngine

/// Handlers, actions and their arguments.
extension Compiler {
    mutating func compileHandler(_ decl: HandlerDecl, in tree: SyntaxTree, flow: FlowID, route: RouteID) {
        var event = EventKey(name: decl.event.symbol)
        if let child = decl.resultFlow {
            guard let childFlow = resolveFlow(child) else { return }
            event.flow = childFlow
        }
        let parameters = declareParameters(tree.parameters[decl.parameters.range])
        let guardCondition = decl.guardName.map { Guard(name: $0.symbol, negated: decl.guardNegated) }
        let signature = HandlerSignature(event: event, guardCondition: guardCondition)
        if !seenHandlers.insert(signature).inserted {
            let owner = route >= 0 ? "route '\(text(program.routes[Int(route)].name))'" : "flow '\(text(program.flows[Int(flow)].name))' (flow level)"
            let condition = decl.guardName.map { " when \(decl.guardNegated ? "!" : "")\(text($0.symbol))" } ?? ""
            let first = program.handlers.last { $0.route == route && $0.flow == flow && $0.event == event && $0.guardCondition == guardCondition }
            report(.duplicateHandler, decl.span, "\(owner) already handles '\(eventText(event))\(condition)'",
                   notes: first.map { [DiagnosticNote(span: $0.span, message: "first handler here")] } ?? [])
            return
        }
        let handler = Handler(flow: flow, route: route, event: event, parameters: parameters,
                              guardCondition: guardCondition, actions: .empty, span: decl.span)
        let lower = ActionID(program.actions.count)
        for a in decl.actions.range {
            if let action = compileAction(tree.actions[a], in: tree, flow: flow, handler: handler) {
                program.actions.append(action)
            }
        }
        var compiled = handler
        compiled.actions = IndexRange(lower, ActionID(program.actions.count))
        program.handlers.append(compiled)
    }

    func eventText(_ event: EventKey) -> String { program.eventText(event) }

    private mutating func compileAction(_ decl: ActionDecl, in tree: SyntaxTree, flow: FlowID, handler: Handler) -> Action? {
        var action = Action(kind: decl.kind, targets: .empty, flow: -1, mode: decl.mode, result: nil,
                            transition: decl.transition?.symbol, span: decl.span)
        switch decl.kind {
        case .push, .sheet, .cover, .replace, .set, .popTo:
            let lower = Int32(program.targets.count)
            var ok = true
            for targetDecl in tree.targets[decl.targets.range] {
                guard let route = resolveRoute(targetDecl.name, in: flow) else {
                    ok = false
                    continue
                }
                let arguments = compileArguments(tree.arguments[targetDecl.arguments.range], to: route,
                                                 target: targetDecl.span, binding: .event(handler))
                program.targets.append(Target(route: route, arguments: arguments, span: targetDecl.span))
            }
            guard ok else {
                program.targets.removeSubrange(Int(lower)...)
                return nil
            }
            action.targets = IndexRange(lower, Int32(program.targets.count))
        case .start, .select:
            guard let operand = decl.operand, let child = resolveFlow(operand) else { return nil }
            action.flow = child
        case .finish:
            action.result = decl.operand?.symbol
        case .pop, .popToRoot, .dismiss:
            break
        }
        return action
    }

    /// Where identifier values of arguments come from.
    enum ArgumentBinding {
        /// A handler: names are the event's parameters.
        case event(Handler)
        /// A link: names are the pattern's captures.
        case link([Symbol])
    }

    /// Checks `decls` against `route`'s parameters (F107, F108, F303) and
    /// adds the arguments that resolve.
    mutating func compileArguments(_ decls: ArraySlice<ArgumentDecl>, to route: RouteID, target: SourceSpan, binding: ArgumentBinding) -> IndexRange {
        let routeInfo = program.routes[Int(route)]
        let params = program.parameters[routeInfo.parameters.range]
        let routeName = text(routeInfo.name)
        let lower = Int32(program.arguments.count)
        var bound = Set<Int32>()
        for decl in decls {
            guard let index = params.firstIndex(where: { $0.name == decl.name.symbol }) else {
                report(.argumentMismatch, target,
                       "route '\(routeName)' has no parameter '\(text(decl.name.symbol))'\(didYouMean(decl.name.symbol, params.map(\.name)))",
                       notes: [DiagnosticNote(span: routeInfo.span, message: "'\(routeName)' declared here")])
                continue
            }
            let parameter = program.parameters[index]
            let position = Int32(index - routeInfo.parameters.range.lowerBound)
            guard bound.insert(position).inserted else {
                report(.argumentMismatch, target, "argument '\(text(decl.name.symbol))' is given more than once")
                continue
            }
            let source: ArgumentSource
            switch decl.value {
            case .invalid:
                continue
            case .literal(let value):
                var value = value
                if case .int(let i) = value, parameter.type == .double { value = .double(Double(i)) }
                guard value.type == parameter.type else {
                    report(.typeMismatch, decl.span,
                           "argument '\(text(decl.name.symbol))' of '\(routeName)' must be \(article(parameter.type)), not \(article(value.type))",
                           notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here")])
                    continue
                }
                source = .literal(value)
            case .identifier(let name):
                switch binding {
                case .event(let handler):
                    let eventParams = program.parameters[handler.parameters.range]
                    guard let e = eventParams.firstIndex(where: { $0.name == name.symbol }) else {
                        report(.argumentMismatch, target,
                               "'\(text(name.symbol))' is not a parameter of event '\(eventText(handler.event))'\(didYouMean(name.symbol, eventParams.map(\.name)))")
                        continue
                    }
                    let eventType = program.parameters[e].type
                    guard eventType == parameter.type else {
                        report(.typeMismatch, decl.span,
                               "argument '\(text(decl.name.symbol))' of '\(routeName)' must be \(article(parameter.type)), but event parameter '\(text(name.symbol))' is \(article(eventType))",
                               notes: [DiagnosticNote(span: program.parameters[e].span, message: "event parameter declared here")])
                        continue
                    }
                    source = .eventParameter(Int32(e - handler.parameters.range.lowerBound))
                case .link(let captures):
                    guard captures.contains(name.symbol) else {
                        report(.linkParameterUnbound, decl.span,
                               "'\(text(name.symbol))' is not captured by the link's pattern\(didYouMean(name.symbol, captures))")
                        continue
                    }
                    source = .capture(name.symbol)
                }
            }
            program.arguments.append(Argument(name: decl.name.symbol, parameter: position, source: source, span: decl.span))
        }
        for (offset, parameter) in params.enumerated() where !bound.contains(Int32(offset)) {
            if decls.contains(where: { $0.name.symbol == parameter.name }) { continue }
            let message = "missing argument '\(text(parameter.name)): \(parameter.type.rawValue)' for route '\(routeName)'"
            switch binding {
            case .event:
                report(.argumentMismatch, target, message, notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here")])
            case .link:
                report(.linkParameterUnbound, target, message + ": the link must bind it to a capture of its pattern",
                       notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here")])
            }
        }
        return IndexRange(lower, Int32(program.arguments.count))
    }

    func article(_ type: ValueType) -> String {
        type == .int ? "an Int" : "a \(type.rawValue)"
    }
}
