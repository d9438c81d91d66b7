import FlowEngine

/// Pass 3: checks that need the whole flow tree (F110, F111, F112).
extension Compiler {
    mutating func checkFlowTree(_ topology: FlowTopology) {
        for edge in topology.edges where edge.mode == .push && program.flows[Int(edge.child)].isTabContainer {
            report(.malformedTabContainer, edge.span,
                   "tab container '\(text(program.flows[Int(edge.child)].name))' cannot be pushed; start it as root, sheet or cover, or as a flow's start")
        }
        for handler in program.handlers {
            if handler.event.isResult, !topology.isAncestor(handler.flow, of: handler.event.flow) {
                let child = text(program.flows[Int(handler.event.flow)].name)
                report(.resultFromStranger, handler.span,
                       "flow '\(text(program.flows[Int(handler.flow)].name))' handles '\(eventText(handler.event))', but never starts '\(child)', nor does any flow below it",
                       notes: [DiagnosticNote(span: program.flows[Int(handler.event.flow)].span, message: "'\(child)' declared here")])
            }
            for a in handler.actions.range where program.actions[a].kind == .select {
                checkSelect(program.actions[a], in: handler.flow, topology)
            }
        }
    }

    private mutating func checkSelect(_ action: Action, in flow: FlowID, _ topology: FlowTopology) {
        let program = self.program
        let tab = action.flow
        let container = topology.firstAncestor(of: flow, inclusive: true) { program.flows[Int($0)].isTabContainer }
        guard let container else {
            report(.selectOutsideTabs, action.span,
                   "'select \(text(program.flows[Int(tab)].name))' in flow '\(text(program.flows[Int(flow)].name))', which is not inside a tab container")
            return
        }
        let owner = topology.firstAncestor(of: flow, inclusive: true) {
            program.flows[Int($0)].isTabContainer && program.tabs(of: $0).contains(tab)
        }
        if owner == nil {
            let tabs = program.tabs(of: container).map { text(program.flows[Int($0)].name) }.joined(separator: ", ")
            report(.selectOutsideTabs, action.span,
                   "'\(text(program.flows[Int(tab)].name))' is not a tab of '\(text(program.flows[Int(container)].name))' (its tabs: \(tabs))",
                   notes: [DiagnosticNote(span: program.flows[Int(container)].span, message: "tab container declared here")])
        }
    }
}
