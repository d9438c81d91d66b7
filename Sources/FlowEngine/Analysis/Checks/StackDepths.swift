import FlowModel
import FlowRuntime

/// How deep the active entry can stand when a handler fires: how many
/// entries can be below it in its stack, and how many modal layers can be
/// on screen. Both are upper bounds, in small saturating counts.
struct Depth: Equatable, Sendable {
    /// Counts stop here, which means "this many or more, without bound".
    static let unbounded: UInt8 = 4

    /// Entries below the active one in its stack.
    var below: UInt8
    /// Modal layers on screen (the active one's included when it is modal).
    var modal: UInt8

    func joined(_ other: Depth) -> Depth {
        Depth(below: max(below, other.below), modal: max(modal, other.modal))
    }

    /// `value + delta`, never below 0; unbounded stays unbounded.
    static func shift(_ value: UInt8, _ delta: Int) -> UInt8 {
        if value >= unbounded { return unbounded }
        return UInt8(min(max(Int(value) + delta, 0), Int(unbounded)))
    }

    /// A constant count, saturated.
    static func constant(_ value: Int) -> UInt8 { UInt8(min(max(value, 0), Int(unbounded))) }
}

/// What one `pop`, `pop to`, `popToRoot` or `dismiss` of a chain needs to
/// succeed, in terms of the depth of a node (`ref`) known after the
/// analysis: the node the chain started from, or the root of the handling
/// flow after a `set` or a `start … as root`.
struct BackRequirement: Sendable {
    enum Kind: UInt8, Sendable {
        /// `pop`, `popToRoot`: something below the top entry.
        case below
        /// `dismiss`: a modal layer on screen.
        case modal
        /// `pop to R`: something below the top, and an R below it.
        case popTo
    }

    var kind: Kind
    var action: ActionID
    /// The node whose depth the counts are relative to.
    var ref: Int32
    /// Whether `top` and `base` are constants rather than relative to `ref`'s `below`.
    var belowIsConstant: Bool
    /// Entries below the top entry (`below`, `popTo`), or the relative number
    /// of modal layers (`modal`).
    var top: Int32
    /// `popTo`: entries below the entry under the chain's own pushes.
    var base: Int32
    /// `popTo`: the node of the "below" graph whose entries below it may
    /// hold the target; -1 when nothing can be below (the root of a layer
    /// the chain presented).
    var baseNode: Int32
    /// The route on top when the action runs, if known (-1), for messages.
    var topRoute: RouteID
}

/// Follows every handler's `then` chain on a symbolic screen, for F208
/// (docs/diagnostics.md: "whichever way its handler fires, at any place in its `then` chain").
///
/// Nodes are the routes, one context node per flow (any route of the flow
/// or of a flow below it is active: where a flow-level handler fires), one
/// root node per flow (where its first entry stands) and, in the "below"
/// graph, one node that stands for "anything".
///
/// Three results:
/// - `depth`: for each node, upper bounds of the entries below the active
///   one and of the modal layers, found by a worklist over edges that carry
///   a count relative to their source. Each node's counts only grow and
///   saturate at `Depth.unbounded`, so each node is processed a bounded
///   number of times: linear.
/// - `requirements`: for each `pop`, `pop to`, `popToRoot` and `dismiss`,
///   what it needs, relative to the depth of the chain's starting node, with
///   the chain's earlier actions applied (`sheet y then pop` needs the new
///   sheet's root to have something below it: it never does).
/// - the "below" graph: an edge u→v is either "u may be directly below v"
///   (a push) or "whatever may be below u may be below v" (a replace). A
///   route R may be below a node n when a path from R to n starts with a
///   push edge.
///
/// An alert or a dialog is removed by any event handled on it before the
/// chain runs (docs/language.md#how-a-program-runs "Transient layers"): its handlers act where its
/// presenter stood, so its node gets the presenter's depth.
struct StackDepths: Sendable {
    let routeCount: Int
    let flowCount: Int
    /// Upper bounds for each node.
    private(set) var depth: [Depth]
    /// Whether the node can be active at all (routes, contexts, roots).
    private(set) var reached: [Bool]
    /// The requirements of all handlers, grouped by handler in order.
    private(set) var requirements: [BackRequirement] = []
    /// `requirements[requirementStart[h]..<requirementStart[h + 1]]` are handler h's.
    private(set) var requirementStart: [Int32] = []
    /// The "below" graph; labels: 1 for a push edge, 0 for a copy edge.
    /// Empty when the program has no `pop to`.
    let belowGraph: Digraph
    /// Nodes below which anything may stand (reached from `anything`).
    let anythingBelow: [Bool]

    func context(_ flow: FlowID) -> Int32 { Int32(routeCount) + flow }
    func root(_ flow: FlowID) -> Int32 { Int32(routeCount + flowCount) + flow }
    var anything: Int32 { Int32(routeCount + 2 * flowCount) }
    var nodeCount: Int { routeCount + 2 * flowCount + 1 }

    /// The requirements of handler `h`, in chain order.
    func requirements(of h: Int) -> ArraySlice<BackRequirement> {
        requirements[Int(requirementStart[h])..<Int(requirementStart[h + 1])]
    }

    /// The node a handler fires from: its route, or its flow's context.
    func source(of handler: Handler) -> Int32 { handler.route >= 0 ? handler.route : context(handler.flow) }

    /// A requirement's counts, evaluated: (entries below the top, entries
    /// below the base, modal layers), or nil when its reference node is never
    /// active (then nothing can be said).
    func evaluate(_ r: BackRequirement) -> (top: UInt8, base: UInt8, modal: UInt8)? {
        guard reached[Int(r.ref)] else { return nil }
        let d = depth[Int(r.ref)]
        let top = r.belowIsConstant ? Depth.constant(Int(r.top)) : Depth.shift(d.below, Int(r.top))
        let base = r.belowIsConstant ? Depth.constant(Int(r.base)) : Depth.shift(d.below, Int(r.base))
        return (top, base, Depth.shift(d.modal, Int(r.top)))
    }

    init(_ program: Program, _ topology: FlowTopology) {
        routeCount = program.routes.count
        flowCount = program.flows.count
        let nodes = routeCount + 2 * flowCount + 1
        var walker = ChainWalker(program: program, routeCount: routeCount, flowCount: flowCount)
        walker.resolveFirstRoutes()
        walker.addStructure(topology)
        var starts: [Int32] = []
        starts.reserveCapacity(program.handlers.count + 1)
        for h in program.handlers.indices {
            starts.append(Int32(walker.requirements.count))
            walker.walk(HandlerID(h))
        }
        starts.append(Int32(walker.requirements.count))
        requirements = walker.requirements
        requirementStart = starts
        // Both graphs' edges are theirs now: each builder is given up as its
        // edges are placed, the "below" one first (then the depth graph is
        // built beside a graph of 8 bytes an edge, not a builder of 12).
        belowGraph = Digraph(nodeCount: walker.tracksBelow ? nodes : 0, taking: walker.belowEdges.take())

        // The worklist: each node's counts only grow, up to `Depth.unbounded`.
        let graph = Digraph(nodeCount: nodes, taking: walker.depthEdges.take())
        var depth = walker.seedDepth
        var reached = walker.seedReached
        var queue: [Int32] = []
        var queued = [Bool](repeating: false, count: nodes)
        for n in 0..<nodes where reached[n] {
            queue.append(Int32(n))
            queued[n] = true
        }
        var head = 0
        while head < queue.count {
            let n = Int(queue[head])
            head += 1
            queued[n] = false
            let from = depth[n]
            for e in graph.edges(of: n) {
                let m = Int(graph.targets[e])
                let carried = DepthEdge(label: graph.labels[e]).apply(from)
                let joined = depth[m].joined(carried)
                guard !reached[m] || joined != depth[m] else { continue }
                reached[m] = true
                depth[m] = joined
                if !queued[m] {
                    queued[m] = true
                    queue.append(Int32(m))
                }
            }
            if head > 1 << 20 {
                queue.removeFirst(head)
                head = 0
            }
        }
        self.depth = depth
        self.reached = reached
        anythingBelow = walker.tracksBelow ? belowGraph.reachable(from: [Int32(routeCount + 2 * flowCount)]) : []
    }

    /// For each `popTo` requirement index in `queries`, whether its target can
    /// be below its base node. First a filter that needs no search: in the
    /// strongly connected components of the "below" graph (numbered in
    /// reverse topological order), a target whose component comes before the
    /// base node's can never reach it, nor can a route alone in its component
    /// reach itself. The rest: a breadth-first search from
    /// each distinct target, first along a push edge, stopped once its
    /// queries are answered. The searches share a budget of a few times the
    /// graph's size; a query left when it runs out is answered "maybe" (so
    /// no finding), which keeps the whole linear.
    func mayBeBelow(_ queries: [Int], target: (Int) -> RouteID) -> [Int: Bool] {
        var answers: [Int: Bool] = [:]
        var pending: [(route: RouteID, query: Int)] = []
        var component: [Int32] = []
        var size: [Int32] = []
        for q in queries {
            let node = requirements[q].baseNode
            if node < 0 {
                answers[q] = false
            } else if anythingBelow[Int(node)] {
                answers[q] = true
            } else {
                if component.isEmpty {
                    component = belowGraph.stronglyConnectedComponents()
                    size = [Int32](repeating: 0, count: nodeCount)
                    for c in component { size[Int(c)] += 1 }
                }
                let route = target(q)
                // Alone in its component without an edge to itself, a route
                // can never be below itself.
                let alone = route == node && size[Int(component[Int(node)])] == 1
                    && !belowGraph.edges(of: Int(node)).contains { belowGraph.targets[$0] == node }
                if component[Int(route)] < component[Int(node)] || alone {
                    answers[q] = false
                } else {
                    pending.append((route, q))
                }
            }
        }
        pending.sort { $0.route < $1.route }
        var budget = 4 * (nodeCount + belowGraph.targets.count) + 1024
        var stamp = [Int32](repeating: -1, count: nodeCount)
        var wanted = [Int32](repeating: -1, count: nodeCount)
        var queue: [Int32] = []
        var i = 0
        while i < pending.count {
            let route = pending[i].route
            var j = i
            let mark = Int32(route)
            var left = 0
            while j < pending.count && pending[j].route == route {
                let node = Int(requirements[pending[j].query].baseNode)
                if wanted[node] != mark {
                    wanted[node] = mark
                    left += 1
                }
                j += 1
            }
            var complete = budget > 0
            if complete {
                // Nodes reached from R's push edges onward have R below them.
                queue.removeAll(keepingCapacity: true)
                func visit(_ m: Int32) {
                    guard stamp[Int(m)] != mark else { return }
                    stamp[Int(m)] = mark
                    queue.append(m)
                    if wanted[Int(m)] == mark { left -= 1 }
                }
                for e in belowGraph.edges(of: Int(route)) where belowGraph.labels[e] == 1 { visit(belowGraph.targets[e]) }
                var head = 0
                while head < queue.count && left > 0 {
                    let n = Int(queue[head])
                    head += 1
                    let edges = belowGraph.edges(of: n)
                    budget -= edges.count + 1
                    if budget < 0 {
                        complete = false
                        break
                    }
                    for e in edges { visit(belowGraph.targets[e]) }
                }
            }
            for k in i..<j {
                let q = pending[k].query
                answers[q] = !complete || stamp[Int(requirements[q].baseNode)] == mark
            }
            i = j
        }
        return answers
    }
}
