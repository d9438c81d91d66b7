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

        // The worklist: each node's counts only grow, up to `Depth.unbounded`.
        let graph = Digraph(nodeCount: nodes, walker.depthEdges)
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
        belowGraph = Digraph(nodeCount: walker.tracksBelow ? nodes : 0, walker.belowEdges)
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

/// How a depth carries along an edge of the depth graph: entries below
/// relative to the source's (or a constant), modal layers relative; packed
/// into a `Digraph` label.
struct DepthEdge {
    var belowIsConstant: Bool
    var below: Int
    var modal: Int

    init(belowIsConstant: Bool, below: Int, modal: Int) {
        let limit = Int(Depth.unbounded)
        self.belowIsConstant = belowIsConstant
        self.below = min(max(below, -limit), limit)
        self.modal = min(max(modal, -limit), limit)
    }

    init(label: Int32) {
        belowIsConstant = label & 1 == 1
        below = Int((label >> 1) & 15) - 8
        modal = Int((label >> 5) & 15) - 8
    }

    var label: Int32 { (belowIsConstant ? 1 : 0) | Int32(below + 8) << 1 | Int32(modal + 8) << 5 }

    func apply(_ depth: Depth) -> Depth {
        Depth(below: belowIsConstant ? Depth.constant(below) : Depth.shift(depth.below, below),
              modal: Depth.shift(depth.modal, modal))
    }
}

/// Walks chains on a symbolic screen and collects the edges and
/// requirements of `StackDepths`. Its buffers are reused from one handler
/// to the next.
private struct ChainWalker {
    let program: Program
    let routeCount: Int
    let flowCount: Int
    var depthEdges = Digraph.Builder()
    var belowEdges = Digraph.Builder()
    var seedDepth: [Depth]
    var seedReached: [Bool]
    var requirements: [BackRequirement] = []
    /// Whether the "below" graph is needed: only `pop to` asks it.
    let tracksBelow: Bool

    /// One stack the chain acts on: the one it started on (or the one a
    /// `dismiss`, `set` or `select` left on top), or a layer it presented.
    struct Frame {
        var presented: Bool
        var belowIsConstant: Bool
        /// Entries below the base entry (relative to `ref`, or a constant).
        var baseBelow: Int
        /// The "below" graph node of the base entry: what is under the
        /// entries the chain pushed on this stack.
        var base: Int32
        /// The base entry's route, -1 when it could be any.
        var baseRoute: RouteID
        /// The base entry itself was popped: the top is somewhere below it.
        var basePopped: Bool
        /// Where this frame's pushed entries start in `entries`.
        var entriesStart: Int
        /// For an alert or a dialog the chain presented: the entries below
        /// its presenter's top and the modal layers there (a route replaced
        /// into it acts there, like the alert's own).
        var transient: (constant: Bool, below: Int, modal: Int)? = nil
    }

    var frames: [Frame] = []
    /// Entries pushed by the chain, frames' in turn: a "below" node and a
    /// route (-1: could be any, for a flow started in place).
    var entries: [(node: Int32, route: RouteID)] = []
    /// The node the counts are relative to.
    var ref: Int32 = 0
    /// Modal layers on screen below the frames the chain presented, relative to `ref`'s.
    var modalBase = 0

    init(program: Program, routeCount: Int, flowCount: Int) {
        self.program = program
        self.routeCount = routeCount
        self.flowCount = flowCount
        let nodes = routeCount + 2 * flowCount + 1
        seedDepth = [Depth](repeating: Depth(below: 0, modal: 0), count: nodes)
        seedReached = [Bool](repeating: false, count: nodes)
        tracksBelow = program.actions.contains { $0.kind == .popTo }
    }

    func context(_ flow: FlowID) -> Int32 { Int32(routeCount) + flow }
    func root(_ flow: FlowID) -> Int32 { Int32(routeCount + flowCount) + flow }
    var anything: Int32 { Int32(routeCount + 2 * flowCount) }

    /// The route every start of `flow` shows first, following flows started
    /// in its place; -1 when guards choose it or a tab container comes first.
    var firstRoutes: [RouteID] = []

    /// Fills `firstRoutes`, each flow's chain of starts resolved once.
    mutating func resolveFirstRoutes() {
        let unknown: RouteID = -2
        var first = [RouteID](repeating: unknown, count: flowCount)
        var path: [FlowID] = []
        for f in 0..<flowCount where first[f] == unknown {
            path.removeAll(keepingCapacity: true)
            var current = FlowID(f)
            var result: RouteID = -1
            while true {
                if first[Int(current)] != unknown {
                    result = first[Int(current)]
                    break
                }
                // A flow seen twice on this path starts itself in its place: no route.
                if path.count > flowCount { break }
                path.append(current)
                let flow = program.flows[Int(current)]
                guard flow.starts.count <= 1 else { break }
                if case .route(let r) = flow.start {
                    result = r
                    break
                }
                guard case .flow(let g) = flow.start else { break }
                current = g
            }
            for p in path { first[Int(p)] = result }
        }
        firstRoutes = first
    }

    /// The "below" node of a started flow's first entry: its route, or
    /// "anything" when it cannot be told.
    func entryNode(_ flow: FlowID) -> Int32 {
        firstRoutes[Int(flow)] >= 0 ? firstRoutes[Int(flow)] : anything
    }

    mutating func seed(_ node: Int32, _ depth: Depth) {
        seedDepth[Int(node)] = seedReached[Int(node)] ? seedDepth[Int(node)].joined(depth) : depth
        seedReached[Int(node)] = true
    }

    mutating func carry(_ from: Int32, _ to: Int32, constant: Bool, below: Int, modal: Int) {
        depthEdges.add(from, to, label: DepthEdge(belowIsConstant: constant, below: below, modal: modal).label)
    }

    mutating func below(_ from: Int32, _ to: Int32, push: Bool) {
        guard tracksBelow else { return }
        belowEdges.add(from, to, label: push ? 1 : 0)
    }

    /// Edges that do not come from handlers: starts, tabs, the flow tree, links.
    mutating func addStructure(_ topology: FlowTopology) {
        if program.entry >= 0 { seed(root(program.entry), Depth(below: 0, modal: 0)) }
        for (f, flow) in program.flows.enumerated() {
            let id = FlowID(f)
            var targets: [FlowStart] = program.startItems[flow.starts.range].map(\.target)
            if flow.starts.isEmpty { targets.append(flow.start) }
            for target in targets {
                switch target {
                case .route(let r):
                    carry(root(id), r, constant: false, below: 0, modal: 0)
                    below(root(id), r, push: false)
                case .flow(let g):
                    carry(root(id), root(g), constant: false, below: 0, modal: 0)
                    below(root(id), root(g), push: false)
                case .none:
                    break
                }
            }
            // Each tab has a stack of its own.
            for tab in program.tabs(of: id) { carry(root(id), root(tab), constant: true, below: 0, modal: 0) }
            for r in flow.routes.range {
                carry(Int32(r), context(id), constant: false, below: 0, modal: 0)
                below(Int32(r), context(id), push: true)
            }
        }
        for edge in topology.edges where edge.parent != edge.child {
            carry(context(edge.child), context(edge.parent), constant: false, below: 0, modal: 0)
            below(context(edge.child), context(edge.parent), push: false)
        }
        // A link builds its path the way each parent first starts each child,
        // and pushes its target on its flow's start route. Links share their
        // paths' steps: each step is added once.
        var stepParent = [FlowID](repeating: -1, count: program.flows.count)
        var otherSteps = Set<Int64>()
        for link in program.links {
            for (i, child) in link.path.enumerated() where i > 0 {
                let parent = link.path[i - 1]
                if stepParent[Int(child)] == parent { continue }
                if stepParent[Int(child)] < 0 {
                    stepParent[Int(child)] = parent
                } else if !otherSteps.insert(Int64(parent) << 32 | Int64(child)).inserted {
                    continue
                }
                guard let edge = topology.firstEdge(from: parent, to: child) else { continue }
                switch edge.mode {
                case .push:
                    carry(root(parent), root(child), constant: false, below: 1, modal: 0)
                    below(entryNode(parent), root(child), push: true)
                case .sheet, .cover:
                    carry(root(parent), root(child), constant: true, below: 0, modal: 1)
                case .root, .flowStart:
                    carry(root(parent), root(child), constant: false, below: 0, modal: 0)
                    below(root(parent), root(child), push: false)
                case .tab:
                    carry(root(parent), root(child), constant: true, below: 0, modal: 0)
                }
            }
            guard let last = link.path.last, link.route >= 0 else { continue }
            if link.route == firstRoutes[Int(last)] {
                carry(root(last), link.route, constant: false, below: 0, modal: 0)
            } else {
                carry(root(last), link.route, constant: false, below: 1, modal: 0)
                below(entryNode(last), link.route, push: true)
            }
        }
    }

    // MARK: - The chain

    var top: Frame {
        get { frames[frames.count - 1] }
        set { frames[frames.count - 1] = newValue }
    }
    /// Entries the chain pushed on the top frame.
    var pushedOnTop: Int { entries.count - top.entriesStart }
    var topBelow: Int { top.baseBelow + pushedOnTop }
    var modalOnTop: Int { modalBase + frames.count - 1 }
    /// The route on top, if known.
    var topRoute: RouteID { pushedOnTop > 0 ? entries[entries.count - 1].route : (top.basePopped ? -1 : top.baseRoute) }

    /// The "below" node under what the next push lands on, and whether it is
    /// directly below (a push edge) or only somewhere below (a copy edge).
    var underNext: (node: Int32, push: Bool) {
        pushedOnTop > 0 ? (entries[entries.count - 1].node, true) : (top.base, !top.basePopped)
    }

    mutating func require(_ kind: BackRequirement.Kind, _ action: Int, base: Int = 0, baseNode: Int32 = -1) {
        let value = kind == .modal ? modalBase : topBelow
        requirements.append(BackRequirement(kind: kind, action: ActionID(action), ref: ref,
                                            belowIsConstant: kind != .modal && top.belowIsConstant,
                                            top: Int32(clamping: value), base: Int32(clamping: base),
                                            baseNode: baseNode, topRoute: topRoute))
    }

    /// A new stack whose counts are constants: a presented layer's, or one
    /// that can hold anything below its top.
    func frame(presented: Bool, below: Int, base: Int32, route: RouteID) -> Frame {
        Frame(presented: presented, belowIsConstant: true, baseBelow: below, base: base, baseRoute: route,
              basePopped: false, entriesStart: entries.count)
    }

    /// Puts `node` (showing `route`) on top of the top frame; `entry` is the
    /// "below" node of the new entry when it differs (a started flow's root
    /// node stands for where its first entry goes, not for that entry).
    mutating func push(_ node: Int32, route: RouteID, entry: Int32? = nil) {
        carry(ref, node, constant: top.belowIsConstant, below: topBelow + 1, modal: modalOnTop)
        let under = underNext
        below(under.node, node, push: under.push)
        entries.append((entry ?? node, route))
    }

    /// Presents a new layer whose root is `node` (see `push` for `entry`).
    mutating func present(_ node: Int32, route: RouteID, entry: Int32? = nil) {
        carry(ref, node, constant: true, below: 0, modal: modalOnTop + 1)
        // Presented whether or not its source is ever active, as the placements do.
        seed(node, Depth(below: 0, modal: 1))
        frames.append(frame(presented: true, below: 0, base: entry ?? node, route: route))
    }

    mutating func walk(_ h: HandlerID) {
        let handler = program.handlers[Int(h)]
        let source = handler.route >= 0 ? handler.route : context(handler.flow)
        ref = source
        modalBase = 0
        entries.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        frames.append(Frame(presented: false, belowIsConstant: false, baseBelow: 0, base: source,
                            baseRoute: handler.route >= 0 ? handler.route : -1, basePopped: false, entriesStart: 0))
        for a in handler.actions.range {
            let action = program.actions[a]
            let target = action.targets.isEmpty ? RouteID(-1) : program.targets[Int(action.targets.lower)].route
            switch action.kind {
            case .push:
                push(target, route: target)
            case .sheet, .cover, .popover:
                present(target, route: target)
            case .alert, .dialog:
                // Its handlers act where its presenter stands (transient layers).
                let presenter = (constant: top.belowIsConstant, below: topBelow, modal: modalOnTop)
                carry(ref, target, constant: presenter.constant, below: presenter.below, modal: presenter.modal)
                let under = underNext
                below(under.node, target, push: under.push)
                var layer = frame(presented: true, below: 0, base: target, route: target)
                layer.transient = presenter
                frames.append(layer)
            case .replace:
                if let presenter = top.transient, pushedOnTop == 0 {
                    // Replaced into an alert or a dialog: it acts where that was presented.
                    carry(ref, target, constant: presenter.constant, below: presenter.below, modal: presenter.modal)
                    below(top.base, target, push: false)
                    top.base = target
                    top.baseRoute = target
                    continue
                }
                carry(ref, target, constant: top.belowIsConstant, below: topBelow, modal: modalOnTop)
                if pushedOnTop > 0 {
                    let under: (Int32, Bool) = pushedOnTop > 1 ? (entries[entries.count - 2].node, true) : (top.base, !top.basePopped)
                    below(under.0, target, push: under.1)
                    entries[entries.count - 1] = (target, target)
                } else {
                    below(top.base, target, push: false)
                    top.base = target
                    top.baseRoute = target
                    top.basePopped = false
                }
            case .pop:
                if pushedOnTop > 0 {
                    entries.removeLast()
                } else {
                    require(.below, a)
                    top.baseBelow -= 1
                    top.basePopped = true
                }
            case .popToRoot:
                if pushedOnTop == 0 { require(.below, a) }
                entries.removeSubrange(top.entriesStart...)
                top.belowIsConstant = true
                top.baseBelow = 0
                top.basePopped = false
                // The root of a stack the chain did not present could be any route.
                if !top.presented { top.baseRoute = -1 }
            case .popTo:
                popTo(target, a)
            case .dismiss:
                if frames.count > 1 {
                    entries.removeSubrange(top.entriesStart...)
                    frames.removeLast()
                } else {
                    require(.modal, a)
                    modalBase -= 1
                    entries.removeAll(keepingCapacity: true)
                    // The stack below: its top could have anything below it.
                    frames[0] = frame(presented: false, below: Int(Depth.unbounded), base: anything, route: -1)
                }
            case .set:
                let flowRoot = root(handler.flow)
                ref = flowRoot
                modalBase = 0
                entries.removeAll(keepingCapacity: true)
                frames.removeAll(keepingCapacity: true)
                var previous: Int32 = -1
                for (k, t) in program.targets[action.targets.range].enumerated() {
                    carry(flowRoot, t.route, constant: false, below: k, modal: 0)
                    if k == 0 {
                        below(flowRoot, t.route, push: false)
                        frames.append(Frame(presented: false, belowIsConstant: false, baseBelow: 0, base: t.route,
                                            baseRoute: t.route, basePopped: false, entriesStart: 0))
                    } else {
                        below(previous, t.route, push: true)
                        entries.append((t.route, t.route))
                    }
                    previous = t.route
                }
                if frames.isEmpty {
                    frames.append(Frame(presented: false, belowIsConstant: false, baseBelow: 0, base: flowRoot,
                                        baseRoute: -1, basePopped: false, entriesStart: 0))
                }
            case .start:
                let child = root(action.flow)
                switch action.mode {
                case .push:
                    push(child, route: firstRoutes[Int(action.flow)], entry: entryNode(action.flow))
                case .sheet, .cover:
                    present(child, route: firstRoutes[Int(action.flow)], entry: entryNode(action.flow))
                case .root:
                    let flowRoot = root(handler.flow)
                    ref = flowRoot
                    modalBase = 0
                    carry(flowRoot, child, constant: false, below: 0, modal: 0)
                    below(flowRoot, child, push: false)
                    entries.removeAll(keepingCapacity: true)
                    frames.removeAll(keepingCapacity: true)
                    frames.append(Frame(presented: false, belowIsConstant: false, baseBelow: 0, base: entryNode(action.flow),
                                        baseRoute: firstRoutes[Int(action.flow)], basePopped: false, entriesStart: 0))
                }
            case .select:
                entries.removeAll(keepingCapacity: true)
                frames.removeAll(keepingCapacity: true)
                frames.append(frame(presented: false, below: Int(Depth.unbounded), base: anything, route: -1))
            case .finish:
                // Whatever follows runs after the flow has ended: never.
                return
            case .stay, .assume:
                break
            }
        }
    }

    /// `pop to R`: the nearest R strictly below the top. Found among the
    /// chain's own entries of this stack when it can be (every entry looked
    /// at is then removed, so the chain stays linear); otherwise it has to be
    /// below the base entry, which the "below" graph decides.
    mutating func popTo(_ target: RouteID, _ action: Int) {
        let pushed = pushedOnTop
        if pushed > 0 {
            var i = entries.count - 2
            while i >= top.entriesStart {
                if entries[i].route == target || entries[i].route < 0 {
                    entries.removeSubrange((i + 1)...)
                    return
                }
                i -= 1
            }
            if !top.basePopped && (top.baseRoute == target || top.baseRoute < 0) {
                entries.removeSubrange(top.entriesStart...)
                return
            }
        }
        require(.popTo, action, base: top.baseBelow, baseNode: top.presented ? -1 : top.base)
        entries.removeSubrange(top.entriesStart...)
        top.base = target
        top.baseRoute = target
        top.basePopped = false
        top.baseBelow -= 1
    }
}
