import FlowModel
import FlowRuntime

/// F206 handlers for results a child never sends; F207 results nobody
/// handles. `cancel` is implicit for every child and never reported.
extension Analyzer {
    mutating func checkResults() {
        let cancel = program.symbols.lookup("cancel") ?? Symbol(-1)
        var sent = Set<EventKey>()
        var handled = Set<EventKey>()
        for handler in program.handlers {
            if handler.event.isResult { handled.insert(handler.event) }
            for a in handler.actions.range where program.actions[a].kind == .finish {
                if let result = program.actions[a].result { sent.insert(EventKey(flow: handler.flow, name: result)) }
            }
        }
        for handler in program.handlers where handler.event.isResult && handler.event.name != cancel {
            guard !sent.contains(handler.event) else { continue }
            let child = flowName(handler.event.flow)
            report(.resultNeverSent, handler.span,
                   "'\(child)' never finishes with '\(name(handler.event.name))', so this handler never runs",
                   notes: [DiagnosticNote(span: program.flows[Int(handler.event.flow)].span, message: "'\(child)' declared here")])
        }
        for (h, handler) in program.handlers.enumerated() {
            for a in handler.actions.range where program.actions[a].kind == .finish {
                guard let result = program.actions[a].result, result != cancel,
                      !handled.contains(EventKey(flow: handler.flow, name: result)) else { continue }
                report(.resultNeverHandled, program.actions[a].span,
                       "no flow above '\(flowName(handler.flow))' handles '\(flowName(handler.flow)).\(name(result))': the result is dropped",
                       reached: .handler(HandlerID(h)))
            }
        }
    }
}
