import FlowModel

/// Handlers, actions and their arguments.
extension Compiler {
    mutating func compileHandler(_ decl: HandlerDecl, in tree: SyntaxTree, flow: FlowID, route: RouteID) {
        let details = tree.details(of: decl)
        var event = EventKey(name: decl.event.symbol)
        if let child = details.resultFlow {
            guard let childFlow = resolveFlow(child) else { return }
            event.flow = childFlow
        }
        let isSystem = systemAttribute(decl, details, in: tree)
        let parameters = declareParameters(tree.parameters[decl.parameters.range])
        if details.resultFlow == nil, decl.event.symbol == keywords.back, let first = tree.parameters[decl.parameters.range].first {
            report(.argumentMismatch, first.name.span,
                   "'back' is the user's back button or swipe and carries no values: a handler of it takes no parameters")
        }
        let guardCondition = details.guardName.map { Guard(name: $0.symbol, negated: details.guardNegated) }
        var scope: FlowID = -1
        if let scopeName = details.scope {
            guard route < 0 else {
                report(.resultFromStranger, scopeName.span,
                       "'from \(text(scopeName.symbol))' scopes a flow-level handler; on route '\(text(program.routes[Int(route)].name))' it would change nothing: move the handler to the flow's level")
                return
            }
            guard let scoped = resolveFlow(scopeName) else { return }
            scope = scoped
        }
        let signature = HandlerSignature(event: event, guardCondition: guardCondition, scope: scope)
        if !seenHandlers.insert(signature) {
            let owner = route >= 0 ? "route '\(text(program.routes[Int(route)].name))'" : "flow '\(text(program.flows[Int(flow)].name))' (flow level)"
            let condition = (details.scope.map { " from \(text($0.symbol))" } ?? "")
                + (details.guardName.map { " when \(details.guardNegated ? "!" : "")\(text($0.symbol))" } ?? "")
            let first = program.handlers.last { $0.route == route && $0.flow == flow && $0.event == event && $0.guardCondition == guardCondition && $0.scope == scope }
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
        compiled.isSystem = isSystem
        compiled.scope = scope
        if let scopeName = details.scope { scopeSpans.append((HandlerID(program.handlers.count), scopeName.span)) }
        program.handlers.append(compiled)
    }

    func eventText(_ event: EventKey) -> String { program.eventText(event) }

    /// Whether a handler is marked `[system]` (docs/language.md); F113 at an
    /// attribute that is not `system`, has an argument, or is on `back` or
    /// a result event (neither is sent by the app).
    private mutating func systemAttribute(_ decl: HandlerDecl, _ details: HandlerDetails, in tree: SyntaxTree) -> Bool {
        var isSystem = false
        for attribute in tree.attributes[details.attributes.range] {
            let name = attribute.name
            guard name.symbol == keywords.system else {
                reportBadAttribute(name, on: "a handler", allowed: "system")
                continue
            }
            if let argument = attribute.argument {
                report(.badAttribute, name.span, "attribute 'system' takes no argument ('\(text(argument.symbol))'); write [system]")
            } else if let child = details.resultFlow {
                report(.badAttribute, name.span,
                       "'\(text(child.symbol)).\(text(decl.event.symbol))' is a child flow's result, not an event the app sends: it cannot be [system]")
            } else if decl.event.symbol == keywords.back {
                report(.badAttribute, name.span, "'back' is the user's back button or swipe, not an event the app sends: it cannot be [system]")
            } else {
                isSystem = true
            }
        }
        return isSystem
    }

    /// docs/language.md: an event name is a system event everywhere or nowhere.
    /// F113 at each handler of an event marked `[system]` elsewhere that is
    /// not marked itself, with a note at the first marked one.
    mutating func checkSystemEvents() {
        var marked: [Symbol: HandlerID] = [:]
        for (h, handler) in program.handlers.enumerated() where handler.isSystem && marked[handler.event.name] == nil {
            marked[handler.event.name] = HandlerID(h)
        }
        guard !marked.isEmpty else { return }
        for handler in program.handlers where !handler.isSystem && !handler.event.isResult {
            guard let first = marked[handler.event.name] else { continue }
            let event = text(handler.event.name)
            report(.badAttribute, handler.span,
                   "'\(event)' is marked [system] at another handler: mark this one [system] too, or rename one of the events (an event is a system event everywhere or nowhere)",
                   notes: [DiagnosticNote(span: program.handlers[Int(first)].span, message: "'\(event)' is marked [system] here")])
        }
    }

    /// `binding` is where the arguments' names come from: the handler's
    /// event, route and flow parameters unless given (a link's captures).
    mutating func compileAction(_ decl: ActionDecl, in tree: SyntaxTree, flow: FlowID, handler: Handler,
                                binding given: ArgumentBinding? = nil) -> Action? {
        // Made where an argument list needs it (`compileArguments`): most actions have none.
        var binding: ArgumentBinding { given ?? .event(handler) }
        let details = tree.details(of: decl)
        var action = Action(kind: decl.kind, targets: .empty, flow: -1, mode: details.mode, result: nil,
                            transition: details.transition?.symbol, span: decl.span)
        switch decl.kind {
        case .push, .sheet, .cover, .replace, .set, .popTo, .alert, .dialog, .popover:
            let lower = Int32(program.targets.count)
            var ok = true
            for targetDecl in tree.targets[decl.targets.range] {
                guard let route = resolveRoute(targetDecl.name, in: flow) else {
                    ok = false
                    continue
                }
                let arguments = compileArguments(tree.arguments[targetDecl.arguments.range], to: route,
                                                 target: targetDecl.span, binding: binding)
                program.targets.append(Target(route: route, arguments: arguments, span: targetDecl.span))
            }
            guard ok else {
                program.targets.removeSubrange(Int(lower)...)
                return nil
            }
            action.targets = IndexRange(lower, Int32(program.targets.count))
        case .start, .select:
            guard let operand = details.operand, let child = resolveFlow(operand) else { return nil }
            action.flow = child
            if decl.kind == .start {
                action.arguments = compileArguments(tree.arguments[details.arguments.range], to: target(flow: child),
                                                    target: details.operandSpan ?? operand.span, binding: binding)
            }
        case .finish:
            action.result = details.operand?.symbol
            action.arguments = compilePayload(tree.arguments[details.arguments.range], binding: binding,
                                              target: details.operandSpan ?? decl.span)
        case .assume:
            guard let operand = details.operand else { return nil }
            action.assumedGuard = Guard(name: operand.symbol, negated: details.negated)
        case .pop, .popToRoot, .dismiss, .stay:
            break
        }
        return action
    }

    /// `finish x(a: v)`: each value resolves like a handler's argument; its
    /// type is checked against the receiving handlers later (F107, F108).
    mutating func compilePayload(_ decls: ArraySlice<ArgumentDecl>, binding makeBinding: @autoclosure () -> ArgumentBinding,
                                 target span: SourceSpan) -> IndexRange {
        let lower = Int32(program.arguments.count)
        guard !decls.isEmpty else { return IndexRange(lower, lower) }
        let binding = makeBinding()
        for decl in decls {
            if program.arguments[Int(lower)...].contains(where: { $0.name == decl.name.symbol }) {
                report(.argumentMismatch, span, "argument '\(text(decl.name.symbol))' is given more than once")
                continue
            }
            guard let (source, _, _) = resolveValue(decl, binding: binding, target: span) else { continue }
            program.arguments.append(Argument(name: decl.name.symbol, parameter: Int32(program.arguments.count) - lower,
                                              source: source, span: decl.span))
        }
        return IndexRange(lower, Int32(program.arguments.count))
    }

    func article(_ type: ValueType) -> String {
        type == .int ? "an Int" : "a \(type.rawValue)"
    }
}
