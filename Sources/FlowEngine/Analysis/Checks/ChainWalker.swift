import FlowModel

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
struct ChainWalker {
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
        // About an edge per target, route and handler, and a few per flow:
        // growing by doubling instead held the old edges beside the new.
        let expected = program.expectedFlowGraphEdges + program.handlers.count
        depthEdges = Digraph.Builder(expectedEdges: expected)
        if tracksBelow { belowEdges = Digraph.Builder(expectedEdges: expected) }
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
}
