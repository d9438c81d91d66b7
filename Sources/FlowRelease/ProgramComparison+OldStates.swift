import FlowEngine

/// Concrete examples from the old release's states: how its users reached
/// a route that the new release no longer reaches or shows another way.
/// The old release is explored again only when such a change exists (the
/// validation keeps no state graph), with the budget of its validation.
extension ProgramComparison {
    /// The old release's states, explored on first use (nil when the
    /// program cannot start).
    mutating func oldStates() -> StateGraph? {
        if let explored = oldGraph { return explored }
        // The validation's own graph when it explored completely; else once more, with its budget.
        var limits = StateGraph.Limits.forValidation(of: old.program)
        limits.maxWork = min(limits.maxWork, old.workBudget)
        let graph = old.validation.stateGraph ?? (try? StateGraph(program: old.program, limits: limits))
        oldGraph = .some(graph)
        // Each route's states, in the graph's (breadth-first) order.
        var byRoute = [[Int32]](repeating: [], count: old.program.routes.count)
        for n in 0..<(graph?.count ?? 0) {
            if let route = graph?.states[n].activeIDs?.route { byRoute[Int(route)].append(Int32(n)) }
        }
        oldStatesByRoute = byRoute
        return graph
    }

    /// `reached by: ready → getStarted, which shows walkthrough > login`:
    /// the shortest way in the old release to a state whose active route
    /// is `route`, stood `placed` (any of its bits; empty: any way), or nil
    /// when the exploration found none.
    mutating func oldExample(showing route: RouteID, placed: Placement = []) -> String? {
        guard let graph = oldStates(), let launch = oldLaunch else { return nil }
        // States are numbered breadth first: the first that fits has a shortest path.
        for n in oldStatesByRoute[Int(route)] {
            let state = graph.states[Int(n)]
            guard placed.isEmpty || !ProgramComparison.placement(ofTop: state).intersection(placed).isEmpty else { continue }
            return ProgramComparison.way(to: n, in: graph, launch: launch)
        }
        return nil
    }

    /// `after ready → getStarted, the old release shows walkthrough > login`:
    /// the shortest way to state `n` of the old release's graph.
    static func way(to n: Int32, in graph: StateGraph, launch: Navigator) -> String {
        let steps = graph.path(to: n).filter { !$0.isExpect }.map { $0.scriptText(in: graph.program) }
        let screen = graph.states[Int(n)].layers.map { layer in
            layer.kind.stackPrefix + layer.stack.map { launch.describe($0) }.joined(separator: " > ")
        }.joined(separator: " | ")
        let way = steps.isEmpty ? "at launch" : "after " + steps.joined(separator: " → ")
        return "\(way), the old release shows \(screen)"
    }

    /// How the active entry of `state` stands: pushed or its layer's root,
    /// and in which kind of layer.
    static func placement(ofTop state: NavigationState) -> Placement {
        guard let layer = state.layers.last else { return [] }
        var placement: Placement
        if layer.stack.count > 1 {
            placement = .pushed
        } else {
            switch layer.kind {
            case .base: placement = .baseRoot
            case .sheet: placement = .sheetRoot
            case .cover: placement = .coverRoot
            case .alert: placement = .alertRoot
            case .dialog: placement = .dialogRoot
            case .popover: placement = .popoverRoot
            }
        }
        switch layer.kind {
        case .base: placement.insert(.inBase)
        case .sheet, .dialog, .popover: placement.insert(.inSheet)
        case .cover, .alert: placement.insert(.inCover)
        }
        return placement
    }
}
