import FlowModel
import FlowRuntime

/// What steps taken from inside a child flow can do to it through the
/// flows above it (docs/diagnostics.md F204, v1: "nor ended by a step the user can
/// take from inside it (an ancestor's handler that removes the child's
/// entries or layers, `select`, a link counts; one that only pushes or
/// presents on top does not)").
struct ChildEffects: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Ends the child wherever it stands: `finish` of an ancestor, `set`,
    /// `start … as root`, `select`, a link.
    static let ends = ChildEffects(rawValue: 1)
    /// Ends the child when its first screen is pushed: a `pop`, `replace`,
    /// `popToRoot` or `pop to` that reaches under the child's entries.
    static let endsIfPushed = ChildEffects(rawValue: 2)
    /// Ends the child when its first screen is in a sheet or cover: a
    /// `dismiss` of the layer that hosts it.
    static let endsIfModal = ChildEffects(rawValue: 4)
    /// Takes the child back to the screen under its top one (a `pop`, a
    /// `popToRoot` or a `replace` on the child's own stack).
    static let popsBack = ChildEffects(rawValue: 8)
    /// Takes the child back from a layer it presented (a `dismiss`).
    static let dismissesBack = ChildEffects(rawValue: 16)
    /// Ends the child when fired at its bottom entry, wherever that stands:
    /// a `replace` of it.
    static let endsAtBottom = ChildEffects(rawValue: 32)

    static let all: [ChildEffects] = [.ends, .endsIfPushed, .endsIfModal, .popsBack, .dismissesBack, .endsAtBottom]
}

extension Analyzer {
    /// For each flow, what the flow-level handlers of the flows above it
    /// can do to it, with everything those handlers lead to.
    ///
    /// A flow-level user handler of an ancestor A fires while the child's
    /// screen is on top ("at the child"). Its chain is followed with where
    /// it acts: at the child; on a screen pushed onto the child's stack; or
    /// in a layer presented above the child's. What it shows is followed
    /// too (a region of A's routes, each at its position), and so are the
    /// handlers of an alert or a dialog, which act where their presenter
    /// stood (transient layers), and the result handlers of a flow started
    /// there. Per action kind:
    /// - `push`, `sheet`, `cover`, `popover`, `alert`, `dialog`, `stay` only
    ///   add (what they show is followed);
    /// - `finish`, `set`, `start … as root` and `select` end the child;
    /// - `pop` (at the child) and `popToRoot`, `pop to R` (at the child or
    ///   on a screen pushed onto its stack) end it when its first screen is
    ///   pushed, and otherwise take it back down its stack; `replace` at the
    ///   child ends it at its bottom entry and otherwise takes it back;
    /// - `dismiss` (at the child or on a screen pushed onto its stack) ends
    ///   it when its first screen is in a sheet or cover, and otherwise takes
    ///   it back from a layer it presented;
    /// - the same actions in a layer presented above the child's only go
    ///   back to the child;
    /// - `start G` (not as root): G's results are handled where it was
    ///   started; a `select` anywhere in G's subtree ends the child, and so,
    ///   when G is pushed onto the child's stack, can G's own `dismiss`,
    ///   `popToRoot` and `pop to`.
    /// Handlers of a child's own route that answer the same event (and
    /// guards) are not taken into account: a handler counts if it can fire.
    ///
    /// Nodes: routes × 3 positions, one "results of G" node and one
    /// "flow-level handlers of A" node per flow, explored on demand from the
    /// flow-level handlers; each action adds effects to its node or an edge;
    /// effects then flow backwards along edges (one breadth-first search per
    /// effect), and down the flow tree. Linear.
    func childEffects(_ subtrees: SubtreeEffects) -> [ChildEffects] {
        var explorer = ChildEffectExplorer(program: program, subtrees: subtrees)
        explorer.explore()
        let effects = explorer.effects()

        // Down the flow tree: a flow gets what every flow above it can do.
        let flowCount = program.flows.count
        var inherited = [ChildEffects](repeating: [], count: flowCount)
        var queue: [FlowID] = program.flows.indices.map { FlowID($0) }
        var queued = [Bool](repeating: true, count: flowCount)
        var head = 0
        while head < queue.count {
            let f = queue[head]
            head += 1
            queued[Int(f)] = false
            let passed = inherited[Int(f)].union(effects[Int(f)])
            for edge in topology.children(of: f) where !passed.isSubset(of: inherited[Int(edge.child)]) {
                inherited[Int(edge.child)].formUnion(passed)
                if !queued[Int(edge.child)] {
                    queued[Int(edge.child)] = true
                    queue.append(edge.child)
                }
            }
        }

        // A link that does not pass through a flow ends it when it opens; one
        // that does keeps it only if its arguments are the link's. A child is
        // never the entry's instance: the path's first step does not count.
        if !program.links.isEmpty {
            var passing = [Int](repeating: 0, count: flowCount)
            var stamp = [Int](repeating: -1, count: flowCount)
            for (l, link) in program.links.enumerated() {
                var parameters = false
                for flow in link.path.dropFirst() where stamp[Int(flow)] != l {
                    stamp[Int(flow)] = l
                    parameters = parameters || !program.flows[Int(flow)].parameters.isEmpty
                    if !parameters { passing[Int(flow)] += 1 }
                }
            }
            for f in 0..<flowCount where passing[f] < program.links.count { inherited[f].insert(.ends) }
        }
        return inherited
    }
}

/// The graph behind `Analyzer.childEffects()`, explored from the flow-level
/// user handlers only (a program without any has nothing to explore).
private struct ChildEffectExplorer {
    let program: Program
    let routeCount: Int
    let flowCount: Int
    /// Positions relative to the child: at it, pushed onto its stack, in a layer above it.
    static let atChild = 0, onStack = 1, above = 2

    var local: [ChildEffects]
    var seen: [Bool]
    var pending: [Int32] = []
    /// Every node seen, in the order seen.
    var explored: [Int32] = []
    var builder = Digraph.Builder(labeled: false)
    let subtrees: SubtreeEffects
    /// Result handlers by the flow whose result they handle.
    var resultHandlers: [[HandlerID]] = []

    init(program: Program, subtrees: SubtreeEffects) {
        self.program = program
        self.subtrees = subtrees
        routeCount = program.routes.count
        flowCount = program.flows.count
        let nodeCount = 3 * routeCount + 2 * flowCount
        local = [ChildEffects](repeating: [], count: nodeCount)
        seen = [Bool](repeating: false, count: nodeCount)
    }

    var nodeCount: Int { 3 * routeCount + 2 * flowCount }
    func region(_ route: RouteID, _ position: Int) -> Int32 { Int32(3 * Int(route) + position) }
    func results(_ flow: FlowID) -> Int32 { Int32(3 * routeCount) + flow }
    func flowLevel(_ flow: FlowID) -> Int32 { Int32(3 * routeCount + flowCount) + flow }

    /// An edge to `node`, which is explored later if it is new.
    mutating func lead(_ from: Int32, to node: Int32) {
        builder.add(from, node)
        if !seen[Int(node)] {
            seen[Int(node)] = true
            pending.append(node)
            explored.append(node)
        }
    }

    mutating func explore() {
        for h in program.handlers.indices {
            let handler = program.handlers[h]
            guard handler.route < 0, !handler.event.isResult else { continue }
            let node = flowLevel(handler.flow)
            if !seen[Int(node)] {
                seen[Int(node)] = true
                pending.append(node)
                explored.append(node)
            }
        }
        while let node = pending.popLast() {
            let n = Int(node)
            if n < 3 * routeCount {
                let route = RouteID(n / 3)
                let r = program.routes[Int(route)]
                lead(node, to: flowLevel(r.flow))
                for h in r.handlers.range where !program.handlers[h].event.isResult {
                    follow(HandlerID(h), from: node, at: n % 3)
                }
            } else if n < 3 * routeCount + flowCount {
                if resultHandlers.isEmpty {
                    resultHandlers = [[HandlerID]](repeating: [], count: flowCount)
                    for h in program.handlers.indices where program.handlers[h].event.isResult {
                        resultHandlers[Int(program.handlers[h].event.flow)].append(HandlerID(h))
                    }
                }
                for h in resultHandlers[n - 3 * routeCount] { follow(h, from: node, at: Self.atChild) }
            } else {
                let flow = program.flows[n - 3 * routeCount - flowCount]
                for h in flow.handlers.range where !program.handlers[h].event.isResult {
                    follow(HandlerID(h), from: node, at: Self.atChild)
                }
                // A gated link's `else` actions run on behalf of the entry, on any screen.
                if n - 3 * routeCount - flowCount == Int(program.entry) {
                    for link in program.links where link.gateHandler >= 0 {
                        follow(link.gateHandler, from: node, at: Self.atChild)
                    }
                }
            }
        }
    }

    /// Follows one chain from `node`, acting at `position`.
    mutating func follow(_ h: HandlerID, from node: Int32, at position: Int) {
        let handler = program.handlers[Int(h)]
        var k = position
        // Where the alert or dialog this chain put on top was presented from:
        // a route replaced into it acts there too.
        var transientFrom: Int?
        for a in handler.actions.range {
            let action = program.actions[a]
            let target = action.targets.isEmpty ? RouteID(-1) : program.targets[Int(action.targets.lower)].route
            switch action.kind {
            case .push:
                k = k == Self.above ? Self.above : Self.onStack
                lead(node, to: region(target, k))
            case .sheet, .cover, .popover:
                k = Self.above
                lead(node, to: region(target, k))
            case .alert, .dialog:
                // Its handlers act where it was presented.
                lead(node, to: region(target, k))
                transientFrom = k
                k = Self.above
                continue
            case .replace:
                if let from = transientFrom {
                    lead(node, to: region(target, from))
                    continue
                }
                if k == Self.atChild {
                    local[Int(node)].formUnion([.endsAtBottom, .popsBack])
                    k = Self.onStack
                }
                lead(node, to: region(target, k))
            case .pop:
                if k == Self.atChild { local[Int(node)].formUnion([.endsIfPushed, .popsBack]) }
                if k == Self.onStack { k = Self.atChild }
            case .popToRoot, .popTo:
                if k != Self.above {
                    local[Int(node)].formUnion([.endsIfPushed, .popsBack])
                    k = Self.atChild
                }
            case .dismiss:
                if k != Self.above { local[Int(node)].formUnion([.endsIfModal, .dismissesBack]) }
                k = Self.atChild
            case .set, .finish, .select:
                local[Int(node)].insert(.ends)
                return
            case .start:
                if action.mode == .root {
                    local[Int(node)].insert(.ends)
                    return
                }
                lead(node, to: results(action.flow))
                if subtrees.selects[Int(action.flow)] { local[Int(node)].insert(.ends) }
                if action.mode == .push && k != Self.above {
                    local[Int(node)].formUnion(subtrees.effects[Int(action.flow)])
                    k = Self.onStack
                } else {
                    k = Self.above
                }
            case .stay, .assume:
                continue
            }
            transientFrom = nil
        }
    }

    /// The effects of each flow's flow-level handlers, with all they lead to:
    /// effects flow backwards along the explored edges.
    func effects() -> [ChildEffects] {
        var byFlow = [ChildEffects](repeating: [], count: flowCount)
        guard !explored.isEmpty else { return byFlow }
        let backward = Digraph(nodeCount: nodeCount, builder, reversed: true)
        var all = local
        for effect in ChildEffects.all {
            let seeds = explored.filter { local[Int($0)].contains(effect) }
            guard !seeds.isEmpty else { continue }
            for (n, has) in backward.reachable(from: seeds).enumerated() where has { all[n].insert(effect) }
        }
        for f in 0..<flowCount { byFlow[f] = all[Int(flowLevel(FlowID(f)))] }
        return byFlow
    }
}

/// What a flow and the flows below it can do to a stack they are pushed
/// onto (their `dismiss`, `popToRoot`, `pop to`), and whether any of them
/// can `select` (which may remove the layers of the flows above).
struct SubtreeEffects {
    var effects: [ChildEffects]
    var selects: [Bool]
}

extension Analyzer {
    /// Gathered per flow, then up the flow tree (a worklist). Linear.
    func subtreeEffects() -> SubtreeEffects {
        let flowCount = program.flows.count
        var subtree = [ChildEffects](repeating: [], count: flowCount)
        var selects = [Bool](repeating: false, count: flowCount)
        for handler in program.handlers {
            for a in handler.actions.range {
                switch program.actions[a].kind {
                case .dismiss: subtree[Int(handler.flow)].formUnion([.endsIfModal, .dismissesBack])
                case .popToRoot, .popTo: subtree[Int(handler.flow)].formUnion([.endsIfPushed, .popsBack])
                case .select: selects[Int(handler.flow)] = true
                default: break
                }
            }
        }
        var queue: [FlowID] = program.flows.indices.map { FlowID($0) }
        var queued = [Bool](repeating: true, count: flowCount)
        var head = 0
        while head < queue.count {
            let f = Int(queue[head])
            head += 1
            queued[f] = false
            for parent in topology.parents(of: FlowID(f)) {
                let p = Int(parent)
                guard !subtree[f].isSubset(of: subtree[p]) || (selects[f] && !selects[p]) else { continue }
                subtree[p].formUnion(subtree[f])
                selects[p] = selects[p] || selects[f]
                if !queued[p] {
                    queued[p] = true
                    queue.append(parent)
                }
            }
        }
        return SubtreeEffects(effects: subtree, selects: selects)
    }
}
