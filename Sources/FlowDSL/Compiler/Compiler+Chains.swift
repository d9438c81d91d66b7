import FlowModel

/// Pass 3: actions the engine refuses on every path because of the chain
/// they stand in (F208, in the sense of docs/diagnostics.md: an action that can never
/// succeed, whichever way its handler fires): a `finish` of the entry, what
/// follows a `finish`, and a push onto the alert or dialog the chain just
/// presented. Found from the handlers' chains and the flow tree alone.
extension Compiler {
    mutating func checkChains(_ topology: FlowTopology) {
        // Whether any flow starts the entry again, so that an instance of it can have a parent.
        let entryIsStarted = program.entry >= 0 && topology.edges.contains { $0.child == program.entry }
        for handler in program.handlers {
            let actions = handler.actions.range
            checkPushOntoTransient(actions)
            guard let finish = actions.first(where: { program.actions[$0].kind == .finish }) else { continue }
            let finishing = program.actions[finish]
            let text = program.actionText(finishing)
            // A gated link's else-actions run on behalf of the entry too.
            if handler.flow == program.entry, !entryIsStarted {
                report(.impossibleBack, finishing.span,
                       "'\(text)' can never succeed: it would end '\(self.text(program.flows[Int(handler.flow)].name))', the entry flow, and no flow is above it to return to")
            }
            if finish + 1 < actions.upperBound {
                let next = program.actions[finish + 1]
                report(.impossibleBack, next.span,
                       "'\(program.actionText(next))' after '\(text)' can never run: finishing ends the flow, its screens and the rest of its chain",
                       notes: [DiagnosticNote(span: finishing.span, message: "the flow finishes here")])
            }
        }
    }

    /// An alert or a dialog holds one screen (docs/language.md#how-a-program-runs, v1): a `push` (or a
    /// pushed `start`) right after the chain presented one can never run.
    private mutating func checkPushOntoTransient(_ actions: Range<Int>) {
        for a in actions.dropFirst() {
            let previous = program.actions[a - 1], action = program.actions[a]
            guard previous.kind == .alert || previous.kind == .dialog,
                  action.kind == .push || (action.kind == .start && action.mode == .push) else { continue }
            let kind = previous.kind == .alert ? "an alert" : "a dialog"
            report(.impossibleBack, action.span,
                   "'\(program.actionText(action))' can never succeed: it would push onto \(kind), which holds one screen",
                   notes: [DiagnosticNote(span: previous.span, message: "the chain presents \(kind) here")])
        }
    }
}
