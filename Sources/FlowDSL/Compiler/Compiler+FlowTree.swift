import FlowModel

/// Pass 3: checks that need the whole flow tree (F110, F111, F112, F114).
extension Compiler {
    mutating func checkFlowTree(_ topology: FlowTopology) {
        let chainContainers = startChainContainers()
        for edge in topology.edges where edge.mode == .push {
            if program.flows[Int(edge.child)].isTabContainer {
                report(.malformedTabContainer, edge.span,
                       "tab container '\(text(program.flows[Int(edge.child)].name))' cannot be pushed; start it as root, sheet or cover, or as a flow's start")
            } else if case .flow(let next) = program.flows[Int(edge.child)].start, chainContainers[Int(next)] >= 0 {
                let container = chainContainers[Int(next)]
                // A tab container at the end of the child's start chain is pushed too.
                let inner = text(program.flows[Int(container)].name)
                report(.malformedTabContainer, edge.span,
                       "flow '\(text(program.flows[Int(edge.child)].name))' starts the tab container '\(inner)' in its place, so it cannot be pushed; start it as root, sheet or cover",
                       notes: [DiagnosticNote(span: program.flows[Int(container)].span, message: "'\(inner)' declared here")])
            }
        }
        var nearestInForest = nearestTabContainerInForest(topology)
        for handler in program.handlers {
            if handler.event.isResult, !topology.isAncestor(handler.flow, of: handler.event.flow) {
                let child = text(program.flows[Int(handler.event.flow)].name)
                report(.resultFromStranger, handler.span,
                       "flow '\(text(program.flows[Int(handler.flow)].name))' handles '\(eventText(handler.event))', but never starts '\(child)', nor does any flow below it",
                       notes: [DiagnosticNote(span: program.flows[Int(handler.event.flow)].span, message: "'\(child)' declared here")])
            }
            for a in handler.actions.range where program.actions[a].kind == .select {
                checkSelect(program.actions[a], in: handler.flow, topology, &nearestInForest)
            }
        }
        for (h, span) in scopeSpans {
            let handler = program.handlers[Int(h)]
            guard handler.scope != handler.flow, !topology.isAncestor(handler.flow, of: handler.scope) else { continue }
            report(.resultFromStranger, span,
                   "'from \(text(program.flows[Int(handler.scope)].name))': flow '\(text(program.flows[Int(handler.flow)].name))' never starts '\(text(program.flows[Int(handler.scope)].name))', nor does any flow below it, so the handler would never apply")
        }
        checkRunnable(chainContainers)
        checkChains(topology)
    }

    /// For each flow, the first tab container on its start chain (itself,
    /// then the flow its fallback `start` names, and so on), or -1 when the
    /// chain ends at a route or goes round without one. Each flow's chain is
    /// walked only until a flow already decided: linear in all.
    private func startChainContainers() -> [FlowID] {
        // -2: undecided; -3: on the chain being walked.
        var result = [FlowID](repeating: -2, count: program.flows.count)
        var chain: [Int] = []
        for first in program.flows.indices where result[first] == -2 {
            var current = first
            var found: FlowID = -1
            while true {
                if result[current] >= -1 { found = result[current]; break }
                if result[current] == -3 { break }
                if program.flows[current].isTabContainer { found = FlowID(current); break }
                result[current] = -3
                chain.append(current)
                guard case .flow(let next) = program.flows[current].start else { break }
                current = Int(next)
            }
            if found >= 0 { result[Int(found)] = found }
            for flow in chain { result[flow] = found }
            chain.removeAll(keepingCapacity: true)
        }
        return result
    }

    /// F114: what no argument list can fix (docs/language.md#how-a-program-runs "What runs"): a flow
    /// with parameters used as a tab (a tab container starts its tabs with
    /// no arguments), a tab container inside a tab (directly, or started in
    /// a tab's place), and an entry flow with parameters.
    private mutating func checkRunnable(_ chainContainers: [FlowID]) {
        for (t, tab) in program.tabFlows.enumerated() where t < tabSpans.count {
            let flow = program.flows[Int(tab)]
            if !flow.parameters.isEmpty {
                report(.neverRunnable, tabSpans[t],
                       "flow '\(text(flow.name))' has parameters, so it cannot be a tab: a tab container starts its tabs without arguments",
                       notes: [DiagnosticNote(span: flow.span, message: "'\(text(flow.name))' declared here")])
                continue
            }
            // A tab container on the start chain in place is nested.
            let container = chainContainers[Int(tab)]
            if container >= 0 {
                let inner = text(program.flows[Int(container)].name)
                let how = container == tab ? "is a tab container" : "starts the tab container '\(inner)' in its place"
                report(.neverRunnable, tabSpans[t],
                       "tab '\(text(flow.name))' \(how): a tab container cannot be inside a tab",
                       notes: [DiagnosticNote(span: program.flows[Int(container)].span, message: "'\(inner)' declared here")])
            }
        }
        checkStartsShowAScreen()
        if program.entry >= 0 {
            let entry = program.flows[Int(program.entry)]
            if let first = program.parameters[entry.parameters.range].first {
                report(.neverRunnable, first.span,
                       "the entry flow '\(text(entry.name))' cannot have parameters: nothing starts it with arguments")
            }
        }
    }

    /// F114: a flow none of whose `start` items ever shows a screen, because
    /// each starts a flow in its place that, in turn, never does (a cycle of
    /// flows starting each other in place, or a chain into one): starting it
    /// always fails. A flow shows a screen when one of its starts names a
    /// route, it is a tab container, or one of its starts names such a flow;
    /// found backwards from those, each start item looked at once.
    private mutating func checkStartsShowAScreen() {
        var startedInPlaceBy = [[FlowID]](repeating: [], count: program.flows.count)
        var search = Worklist(count: program.flows.count)
        for (f, flow) in program.flows.enumerated() {
            let items = program.startItems[flow.starts.range]
            // No start at all is F104; a tab container shows its tabs.
            if flow.isTabContainer || items.isEmpty || items.contains(where: { if case .flow = $0.target { false } else { true } }) {
                search.insert(FlowID(f))
                continue
            }
            for item in items { if case .flow(let started) = item.target { startedInPlaceBy[Int(started)].append(FlowID(f)) } }
        }
        while let shown = search.next() {
            for starter in startedInPlaceBy[Int(shown)] { search.insert(starter) }
        }
        let showsScreen = search.visited
        for (f, flow) in program.flows.enumerated() where !showsScreen[f] {
            guard let item = program.startItems[flow.starts.range].last, case .flow(let started) = item.target else { continue }
            let name = text(flow.name), next = text(program.flows[Int(started)].name)
            let how = started == FlowID(f) ? "starts itself in its place" : "starts '\(next)' in its place, and no start from there on shows a route or a tab container"
            report(.neverRunnable, item.span, "the start of '\(name)' never shows a screen: it \(how)",
                   notes: started == FlowID(f) ? [] : [DiagnosticNote(span: program.flows[Int(started)].span, message: "'\(next)' declared here")])
        }
    }

    /// F111: `select T` acts on the nearest tab container above the handling
    /// flow (docs/language.md#how-a-program-runs), so it can succeed only where one of the containers
    /// that can be nearest (found going up from the flow, stopping at each
    /// container) has the tab T.
    private mutating func checkSelect(_ action: Action, in flow: FlowID, _ topology: FlowTopology, _ inForest: inout [FlowID]) {
        let tab = action.flow
        let nearest = inForest.isEmpty ? nearestTabContainers(of: flow, topology) : nearestContainer(of: flow, topology, inForest: &inForest)
        guard let first = nearest.first else {
            report(.selectOutsideTabs, action.span,
                   "'select \(text(program.flows[Int(tab)].name))' in flow '\(text(program.flows[Int(flow)].name))', which is not inside a tab container")
            return
        }
        guard !nearest.contains(where: { program.tabs(of: $0).contains(tab) }) else { return }
        let tabs = program.tabs(of: first).map { text(program.flows[Int($0)].name) }.joined(separator: ", ")
        let owner = topology.firstAncestor(of: first, inclusive: false) { [program] in
            program.flows[Int($0)].isTabContainer && program.tabs(of: $0).contains(tab)
        }
        let farther = owner.map { " ('\(text(program.flows[Int(tab)].name))' is a tab of '\(text(program.flows[Int($0)].name))', which is farther up: 'select' acts on the nearest container)" } ?? ""
        report(.selectOutsideTabs, action.span,
               "'\(text(program.flows[Int(tab)].name))' is not a tab of '\(text(program.flows[Int(first)].name))' (its tabs: \(tabs))\(farther)",
               notes: [DiagnosticNote(span: program.flows[Int(first)].span, message: "tab container declared here")])
    }

    /// For a flow tree that is a forest (`FlowTopology.forestParents`): a
    /// table of each flow's nearest tab container (itself included), -2
    /// where not yet known, -1 for none; empty for any other tree.
    private func nearestTabContainerInForest(_ topology: FlowTopology) -> [FlowID] {
        topology.forestParents == nil ? [] : program.flows.indices.map { program.flows[$0].isTabContainer ? FlowID($0) : -2 }
    }

    /// The nearest tab container of `flow` in a forest, from the table,
    /// filled along the way up: each flow is walked through once in all.
    private func nearestContainer(of flow: FlowID, _ topology: FlowTopology, inForest table: inout [FlowID]) -> [FlowID] {
        guard let parents = topology.forestParents else { return [] }
        var chain: [FlowID] = []
        var current = flow
        var found: FlowID = -1
        while current >= 0 {
            if table[Int(current)] != -2 {
                found = table[Int(current)]
                break
            }
            chain.append(current)
            current = parents[Int(current)]
        }
        for f in chain { table[Int(f)] = found }
        return found >= 0 ? [found] : []
    }

    /// The tab containers that can be the nearest above `flow` (itself
    /// included): a breadth-first search up the flow tree that stops at each
    /// container, nearest first.
    private func nearestTabContainers(of flow: FlowID, _ topology: FlowTopology) -> [FlowID] {
        if program.flows[Int(flow)].isTabContainer { return [flow] }
        var containers: [FlowID] = []
        var seen: Set<FlowID> = [flow]
        var queue: [FlowID] = [flow]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for parent in topology.parents(of: current) where seen.insert(parent).inserted {
                if program.flows[Int(parent)].isTabContainer { containers.append(parent) } else { queue.append(parent) }
            }
        }
        return containers
    }
}
