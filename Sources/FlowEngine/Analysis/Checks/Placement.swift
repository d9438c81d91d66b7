import FlowModel
import FlowRuntime

/// The placements of every route, computed by propagating constants along
/// the actions of the program until nothing changes.
///
/// Nodes are routes, then one "context" node per flow (any route of the flow
/// or of a flow below it is active: what a flow-level handler acts from),
/// then one "root" node per flow (where the flow's first entry stands).
/// An edge either copies its source's bits or, for a push, yields `pushed`
/// plus the source's layer bits. Each node gains each of its 8 bits at most
/// once, so the worklist runs in O(nodes + edges).
package struct PlacementAnalysis: Sendable {
    /// Placement of each node (routes first).
    package private(set) var placements: [Placement]
    /// For each route and way, the action that first reached it that way
    /// (-1: the app's start, or never).
    package private(set) var witnesses: [Int32]
    let routeCount: Int
    let flowCount: Int

    package func placement(ofRoute route: RouteID) -> Placement { placements[Int(route)] }
    /// What a flow-level handler of `flow` can act from.
    package func contextPlacement(of flow: FlowID) -> Placement { placements[routeCount + Int(flow)] }
    /// Where `flow`'s first entry can stand.
    package func rootPlacement(of flow: FlowID) -> Placement { placements[routeCount + flowCount + Int(flow)] }
    /// The action that first reached `route` by `way` (-1 if none or the app's start).
    package func witness(_ route: RouteID, _ way: Placement) -> ActionID {
        witnesses[Int(route) * Placement.wayCount + Placement.wayIndex(way)]
    }

    /// No placements: what an analyzer keeps once its graph checks are done.
    init() {
        placements = []
        witnesses = []
        routeCount = 0
        flowCount = 0
    }

    package init(_ program: Program, _ topology: FlowTopology) {
        routeCount = program.routes.count
        flowCount = program.flows.count
        var graph = PlacementGraph(program)
        graph.addFlowEdges(topology)
        graph.addActionEdges()
        graph.propagate()
        placements = graph.placements
        witnesses = graph.witnesses
    }
}

/// The nodes, seeds and edges `PlacementAnalysis` propagates placements
/// along, and the propagation.
private struct PlacementGraph {
    enum Transfer: UInt8 { case copy, push }

    let program: Program
    let nodeCount: Int
    var placements: [Placement]
    var witnesses: [Int32]
    var builder = Digraph.Builder()

    init(_ program: Program) {
        self.program = program
        nodeCount = program.routes.count + 2 * program.flows.count
        builder = Digraph.Builder(expectedEdges: program.expectedFlowGraphEdges)
        placements = [Placement](repeating: [], count: nodeCount)
        witnesses = [Int32](repeating: -1, count: nodeCount * Placement.wayCount)
        if program.entry >= 0 { seed(root(program.entry), [.baseRoot, .inBase], -1) }
    }

    func context(_ f: FlowID) -> Int32 { Int32(program.routes.count) + f }
    func root(_ f: FlowID) -> Int32 { Int32(program.routes.count + program.flows.count) + f }

    /// Labels encode the transfer in the low bit and the action above it.
    mutating func edge(_ from: Int32, _ to: Int32, _ transfer: Transfer, _ action: Int32) {
        builder.add(from, to, label: (action << 1) | Int32(transfer.rawValue))
    }

    mutating func seed(_ node: Int32, _ bits: Placement, _ action: Int32) {
        let gained = bits.subtracting(placements[Int(node)])
        placements[Int(node)].formUnion(bits)
        for way in Placement.ways where gained.contains(way) {
            witnesses[Int(node) * Placement.wayCount + Placement.wayIndex(way)] = action
        }
    }

    /// A flow's start and tabs stand where its root does; its routes act
    /// from its context, and a child's context is its parents'.
    mutating func addFlowEdges(_ topology: FlowTopology) {
        for (f, flow) in program.flows.enumerated() {
            let id = FlowID(f)
            switch flow.start {
            case .route(let r): edge(root(id), r, .copy, -1)
            case .flow(let g): edge(root(id), root(g), .copy, -1)
            case .none: break
            }
            for tab in program.tabs(of: id) { edge(root(id), root(tab), .copy, -1) }
            for r in flow.routes.range { edge(Int32(r), context(id), .copy, -1) }
        }
        for e in topology.edges where e.parent != e.child { edge(context(e.child), context(e.parent), .copy, -1) }
    }

    /// What each action puts where: a push an edge that pushes, a
    /// presentation a seed of its layer's bits, a replacement a copy.
    mutating func addActionEdges() {
        for handler in program.handlers {
            let source = handler.route >= 0 ? handler.route : context(handler.flow)
            let flowRoot = root(handler.flow)
            for a in handler.actions.range {
                let action = program.actions[a]
                let targets = program.targets[action.targets.range]
                let id = Int32(a)
                switch action.kind {
                case .push:
                    for t in targets { edge(source, t.route, .push, id) }
                case .sheet:
                    for t in targets { seed(t.route, [.sheetRoot, .inSheet], id) }
                case .popover:
                    for t in targets { seed(t.route, [.popoverRoot, .inSheet], id) }
                case .dialog:
                    for t in targets { seed(t.route, [.dialogRoot, .inSheet], id) }
                case .alert:
                    for t in targets { seed(t.route, [.alertRoot, .inCover], id) }
                case .cover:
                    for t in targets { seed(t.route, [.coverRoot, .inCover], id) }
                case .replace:
                    for t in targets { edge(source, t.route, .copy, id) }
                case .set:
                    for (k, t) in targets.enumerated() {
                        edge(k == 0 ? flowRoot : source, t.route, k == 0 ? .copy : .push, id)
                    }
                case .start:
                    switch action.mode {
                    case .push: edge(source, root(action.flow), .push, id)
                    case .sheet: seed(root(action.flow), [.sheetRoot, .inSheet], id)
                    case .cover: seed(root(action.flow), [.coverRoot, .inCover], id)
                    case .root: edge(flowRoot, root(action.flow), .copy, id)
                    }
                case .pop, .popTo, .popToRoot, .dismiss, .finish, .select, .stay, .assume:
                    break
                }
            }
        }
    }

    /// The roots of tabs in a bar of two or more: they gain the tab bar
    /// (v1: tab taps are a way out; one tab is none).
    func tabRoots() -> [Bool] {
        var isTabRoot = [Bool](repeating: false, count: nodeCount)
        for f in program.flows.indices {
            let tabs = program.tabs(of: FlowID(f))
            guard tabs.count >= 2 else { continue }
            for tab in tabs { isTabRoot[Int(root(tab))] = true }
        }
        return isTabRoot
    }

    /// Runs the worklist until nothing changes; each node gains each bit once.
    mutating func propagate() {
        // Its edges are the graph's now: the builder is given up as they are placed.
        let graph = Digraph(nodeCount: nodeCount, taking: builder.take())
        let isTabRoot = tabRoots()
        var queue: [Int32] = []
        var queued = [Bool](repeating: false, count: nodeCount)
        for n in 0..<nodeCount where !placements[n].isEmpty {
            queue.append(Int32(n))
            queued[n] = true
        }
        var head = 0
        while head < queue.count {
            let n = Int(queue[head])
            head += 1
            queued[n] = false
            var bits = placements[n]
            if isTabRoot[n] { bits.insert(.tabBar) }
            for e in graph.edges(of: n) {
                let label = graph.labels[e]
                let m = Int(graph.targets[e])
                var flowing = label & 1 == 1 ? Placement.pushed.union(bits.intersection(Placement.layers)) : bits
                if isTabRoot[m] { flowing.insert(.tabBar) }
                let gained = flowing.subtracting(placements[m])
                guard !gained.isEmpty else { continue }
                placements[m].formUnion(gained)
                for way in Placement.ways where gained.contains(way) {
                    let action = label >> 1
                    let w = Placement.wayIndex(way)
                    witnesses[m * Placement.wayCount + w] = action >= 0 ? action : witnesses[n * Placement.wayCount + w]
                }
                if !queued[m] {
                    queued[m] = true
                    queue.append(Int32(m))
                }
            }
            head = head > 1 << 20 ? compact(&queue, head) : head
        }
    }
}

/// Drops the consumed front of a worklist so that it does not grow without bound.
private func compact(_ queue: inout [Int32], _ head: Int) -> Int {
    queue.removeFirst(head)
    return 0
}
