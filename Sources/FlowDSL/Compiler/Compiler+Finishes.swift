import FlowEngine

/// Pass 3: `finish` actions the engine refuses on every path (F208, in the
/// sense of DSL.md §6: an action that can never succeed, whichever way its
/// handler fires). Found from the handlers' chains and the flow tree alone.
extension Compiler {
    mutating func checkFinishes(_ topology: FlowTopology) {
        // Whether any flow starts the entry again, so that an instance of it can have a parent.
        let entryIsStarted = program.entry >= 0 && topology.edges.contains { $0.child == program.entry }
        for handler in program.handlers {
            let actions = handler.actions.range
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
}
