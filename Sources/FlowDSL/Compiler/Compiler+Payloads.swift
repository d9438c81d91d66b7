import FlowModel

/// Result payloads (v1): `finish x(a: v)` in flow F must agree, name for
/// name and type for type, with every handler of `F.x` (F107, F108).
extension Compiler {
    mutating func checkPayloads() {
        var receivers: [EventKey: [HandlerID]] = [:]
        let cancel = program.symbols.lookup("cancel")
        for (h, handler) in program.handlers.enumerated() where handler.event.isResult {
            receivers[handler.event, default: []].append(HandlerID(h))
            // The implicit `cancel` of the back button never carries a payload.
            if handler.event.name == cancel, let first = program.parameters[handler.parameters.range].first {
                report(.argumentMismatch, first.span,
                       "'\(eventText(handler.event))' never carries a payload: the back button ends '\(text(program.flows[Int(handler.event.flow)].name))' with no values")
            }
        }
        // Only handlers that receive a payload, or finishes that give one, can disagree.
        guard receivers.keys.contains(where: { key in receivers[key]?.contains { !program.handlers[Int($0)].parameters.isEmpty } ?? false })
              || program.actions.contains(where: { $0.kind == .finish && !$0.arguments.isEmpty }) else { return }
        for handler in program.handlers {
            for a in handler.actions.range where program.actions[a].kind == .finish {
                let action = program.actions[a]
                guard let result = action.result else { continue }
                let key = EventKey(flow: handler.flow, name: result)
                for r in receivers[key] ?? [] { checkPayload(action, sentBy: handler, receivedBy: program.handlers[Int(r)]) }
            }
        }
    }

    private mutating func checkPayload(_ action: Action, sentBy sender: Handler, receivedBy receiver: Handler) {
        let event = eventText(receiver.event)
        let handledHere = DiagnosticNote(span: receiver.span, message: "'\(event)' handled here")
        let expected = program.parameters[receiver.parameters.range]
        let given = program.arguments[action.arguments.range].map(\.name)
        let notGiven = expected.map(\.name).filter { !given.contains($0) }
        for argument in program.arguments[action.arguments.range] {
            guard let parameter = expected.first(where: { $0.name == argument.name }) else {
                report(.argumentMismatch, argument.span,
                       "the payload of '\(event)' has '\(text(argument.name))', which a handler of it does not take\(didYouMean(argument.name, notGiven))",
                       notes: [handledHere])
                continue
            }
            guard let type = program.valueType(of: argument, in: sender), type != parameter.type else { continue }
            if case .literal(.int) = argument.source, parameter.type == .double { continue }
            report(.typeMismatch, argument.span,
                   "payload '\(text(argument.name))' of '\(event)' is \(article(type)), but a handler takes \(article(parameter.type))",
                   notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here"), handledHere])
        }
        for parameter in expected where !program.arguments[action.arguments.range].contains(where: { $0.name == parameter.name }) {
            report(.argumentMismatch, action.span,
                   "'\(program.actionText(action))' gives no '\(text(parameter.name)): \(parameter.type.rawValue)', which a handler of '\(event)' takes",
                   notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here"), handledHere])
        }
    }
}
