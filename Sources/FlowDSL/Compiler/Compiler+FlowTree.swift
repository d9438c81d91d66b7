import FlowEngine

/// Pass 3: checks that need the whole flow tree (F110, F111, F112).
extension Compiler {
    mutating func checkFlowTree(_ topology: FlowTopology) {
        for edge in topology.edges where edge.mode == .push {
            if program.flows[Int(edge.child)].isTabContainer {
                report(.malformedTabContainer, edge.span,
                       "tab container '\(text(program.flows[Int(edge.child)].name))' cannot be pushed; start it as root, sheet or cover, or as a flow's start")
            } else if let container = tabContainerStartedInPlace(by: edge.child) {
                // A tab container at the end of the child's start chain is pushed too.
                let inner = text(program.flows[Int(container)].name)
                report(.malformedTabContainer, edge.span,
                       "flow '\(text(program.flows[Int(edge.child)].name))' starts the tab container '\(inner)' in its place, so it cannot be pushed; start it as root, sheet or cover",
                       notes: [DiagnosticNote(span: program.flows[Int(container)].span, message: "'\(inner)' declared here")])
            }
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
        checkRunnable()
    }

    /// The tab container that `flow`'s start chain (each flow's fallback
    /// `start` naming a flow) ends in, if any; a walk bounded by the number
    /// of flows, so a start cycle ends it.
    private func tabContainerStartedInPlace(by flow: FlowID) -> FlowID? {
        var current = flow
        for _ in 0...program.flows.count {
            guard case .flow(let next) = program.flows[Int(current)].start else { return nil }
            if program.flows[Int(next)].isTabContainer { return next }
            current = next
        }
        return nil
    }

    /// F114: what no argument list can fix (DSL.md §5 "What runs"): a flow
    /// with parameters used as a tab (a tab container starts its tabs with
    /// no arguments), a tab container inside a tab (directly, or started in
    /// a tab's place), and an entry flow with parameters.
    private mutating func checkRunnable() {
        for (t, tab) in program.tabFlows.enumerated() where t < tabSpans.count {
            let flow = program.flows[Int(tab)]
            if !flow.parameters.isEmpty {
                report(.neverRunnable, tabSpans[t],
                       "flow '\(text(flow.name))' has parameters, so it cannot be a tab: a tab container starts its tabs without arguments",
                       notes: [DiagnosticNote(span: flow.span, message: "'\(text(flow.name))' declared here")])
                continue
            }
            // Follow the start chain in place: a tab container on it is nested.
            var current = tab
            for _ in 0...program.flows.count {
                if program.flows[Int(current)].isTabContainer {
                    let inner = text(program.flows[Int(current)].name)
                    let how = current == tab ? "is a tab container" : "starts the tab container '\(inner)' in its place"
                    report(.neverRunnable, tabSpans[t],
                           "tab '\(text(flow.name))' \(how): a tab container cannot be inside a tab",
                           notes: [DiagnosticNote(span: program.flows[Int(current)].span, message: "'\(inner)' declared here")])
                    break
                }
                guard case .flow(let next) = program.flows[Int(current)].start, next != tab else { break }
                current = next
            }
        }
        if program.entry >= 0 {
            let entry = program.flows[Int(program.entry)]
            if let first = program.parameters[entry.parameters.range].first {
                report(.neverRunnable, first.span,
                       "the entry flow '\(text(entry.name))' cannot have parameters: nothing starts it with arguments")
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
