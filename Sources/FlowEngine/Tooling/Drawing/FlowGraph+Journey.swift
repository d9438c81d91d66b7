import FlowAnalysis
import FlowModel
import FlowRuntime

/// Marking a journey: steps on what it took.
extension GraphBuilder {
    /// Puts the journey's steps on the nodes and edges it took: each
    /// handler's edge, each link's, the tabs shown and the flows started in
    /// place, the implicit backs (when drawn), the edge from a flow's box to
    /// its cluster when the journey went into that box; a route's steps are those
    /// after which it was on top; any other node gets the steps of the
    /// taken edges that touch it (an exit, a reference, a tab container).
    /// In the overview a flow gets its routes' steps, and an edge those of
    /// all the handlers and links it merges.
    mutating func mark(_ journey: Journey) {
        for e in edges.indices {
            var steps: [Int] = []
            let edge = edges[e]
            if options.overview, e < overviewSources.count {
                for h in overviewSources[e].handlers { steps += journey.handlers[h] ?? [] }
                for l in overviewSources[e].links { steps += journey.links[l] ?? [] }
            } else if edge.handler >= 0 {
                steps = journey.handlers[edge.handler] ?? []
            } else if edge.kind == .link, nodes[edge.from].kind == .link, let l = Int(nodes[edge.from].id.dropFirst()) {
                steps = journey.links[l] ?? []
            }
            if edge.kind == .tab || edge.kind == .startsInPlace {
                let parent = nodes[edge.from].flow >= 0 ? nodes[edge.from].flow : nodes[edge.from].cluster
                let to = nodes[edge.to]
                let child = to.flow >= 0 ? to.flow : to.cluster
                let pair = Journey.FlowPair(parent: parent, child: child)
                steps = (edge.kind == .tab ? journey.tabs[pair] : journey.inPlace[pair]) ?? []
            }
            if edge.kind == .implicitBack, nodes[edge.from].route >= 0, nodes[edge.to].route >= 0 {
                steps = journey.implicitBacks[Journey.RoutePair(from: nodes[edge.from].route, to: nodes[edge.to].route)] ?? []
            }
            edges[e].steps = Self.sortedOnce(steps)
        }
        // From a flow's box to its cluster: taken when a taken edge went into that box.
        var intoBox = [[Int]](repeating: [], count: nodes.count)
        for edge in edges where nodes[edge.to].kind == .reference && edge.kind != .reference { intoBox[edge.to] += edge.steps }
        for e in edges.indices where edges[e].kind == .reference { edges[e].steps = Self.sortedOnce(intoBox[edges[e].from]) }
        var reached = [[Int]](repeating: [], count: nodes.count)
        for n in nodes.indices where nodes[n].route >= 0 { reached[n] = journey.routes[nodes[n].route] ?? [] }
        if options.overview {
            for (route, steps) in journey.routes where program.routes.indices.contains(Int(route)) {
                let flow = program.routes[Int(route)].flow
                if flowNode[Int(flow)] >= 0 { reached[flowNode[Int(flow)]] += steps }
            }
        }
        for edge in edges where !edge.steps.isEmpty {
            for n in [edge.from, edge.to] where nodes[n].route < 0 { reached[n] += edge.steps }
        }
        for n in nodes.indices { nodes[n].steps = Self.sortedOnce(reached[n]) }
    }

    static func sortedOnce(_ steps: [Int]) -> [Int] {
        guard steps.count > 1 else { return steps }
        var out: [Int] = []
        for step in steps.sorted() where out.last != step { out.append(step) }
        return out
    }
}
