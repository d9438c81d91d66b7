import FlowModel
import FlowRuntime

/// F205 push cycles (the stack can grow without bound) and F209 flows that
/// start themselves. Both find cycles as strongly connected components.
extension Analyzer {
    mutating func checkGrowthCycles() {
        let (graph, nodeCount, routeCount) = growthGraph()
        let component = graph.stronglyConnectedComponents()
        // Only a node on a cycle (in a component of two or more, or with an
        // edge to itself) can have a growth edge inside its component: the
        // handlers of the others are not walked again.
        var size = [Int32](repeating: 0, count: nodeCount)
        for c in component { size[Int(c)] += 1 }
        let onCycle = (0..<nodeCount).map { n in
            size[Int(component[n])] > 1 || graph.edges(of: n).contains { graph.targets[$0] == Int32(n) }
        }
        size = []
        // The first growth edge inside each component, in the order of the
        // graph's edges (by source node, then as added): the one reported.
        // (`order` counts only the edges walked, but a node's are all walked
        // or none.)
        var first: [Int32: (from: Int32, order: Int, to: Int32, action: Int32)] = [:]
        var order = 0
        forEachHandlerEdge(from: { onCycle[Int($0)] }) { from, to, action in
            defer { order += 1 }
            guard action >= 0, component[Int(from)] == component[Int(to)] else { return }
            let c = component[Int(from)]
            if let kept = first[c], (kept.from, kept.order) < (from, order) { return }
            first[c] = (from, order, to, action)
        }
        for (c, edge) in first.sorted(by: { ($0.value.from, $0.value.order) < ($1.value.from, $1.value.order) }) {
            let action = program.actions[Int(edge.action)]
            let back = graph.path(from: edge.to, to: edge.from) { component[Int($0)] == c } ?? [edge.to]
            let names = ([edge.from] + back).filter { $0 < routeCount }.map { routeName($0) }
            report(.unboundedStack, action.span,
                   "the navigation stack can grow without bound: '\(describe(action))' is on the cycle \(names.joined(separator: " → "))",
                   reached: .handler(handler(of: edge.action)))
        }
    }

    /// The graph `checkGrowthCycles` searches: a node per route, then per
    /// flow its context, its root and the screens its results return to.
    /// Without labels: which edges grow the stack is asked again of the
    /// handlers (`forEachHandlerEdge`) for the few cycles found, instead of
    /// carried by every edge (a labelled graph of a million routes held 25
    /// MB more). Not `mutating`, unlike the check: calling the analyzer's
    /// other methods from a mutating one copies the whole analyzer, once per
    /// handler here.
    func growthGraph() -> (graph: Digraph, nodeCount: Int, routeCount: Int) {
        let routeCount = program.routes.count
        let flowCount = program.flows.count
        let nodes = GrowthNodes(routeCount: routeCount, flowCount: flowCount)
        var builder = Digraph.Builder(expectedEdges: program.expectedFlowGraphEdges, labeled: false)
        for (f, flow) in program.flows.enumerated() {
            let id = FlowID(f)
            switch flow.start {
            case .route(let r): builder.add(nodes.root(id), r)
            case .flow(let g): builder.add(nodes.root(id), nodes.root(g))
            case .none: break
            }
            for tab in program.tabs(of: id) { builder.add(nodes.root(id), nodes.root(tab)) }
            for r in flow.routes.range { builder.add(Int32(r), nodes.context(id)) }
        }
        for edge in topology.edges where edge.action < 0 { builder.add(nodes.root(edge.parent), nodes.returnedFrom(edge.child)) }
        for edge in topology.edges where edge.parent != edge.child {
            builder.add(nodes.context(edge.child), nodes.context(edge.parent))
        }
        forEachHandlerEdge { from, to, _ in builder.add(from, to) }
        return (Digraph(nodeCount: nodes.count, taking: consume builder), nodes.count, routeCount)
    }

    /// The growth graph's nodes past the routes': per flow its context, its
    /// root, and the screens its results return to (a flow-level handler of
    /// a result `C.x` runs once `C` has ended, from the screen that started
    /// `C`: one node per flow gathers those screens).
    struct GrowthNodes {
        var routeCount: Int
        var flowCount: Int
        var count: Int { routeCount + 3 * flowCount }
        func context(_ f: FlowID) -> Int32 { Int32(routeCount) + f }
        func root(_ f: FlowID) -> Int32 { Int32(routeCount + flowCount) + f }
        func returnedFrom(_ f: FlowID) -> Int32 { Int32(routeCount + 2 * flowCount) + f }
    }

    /// The growth graph's edges of the handlers, in order, each with the
    /// action that grows the stack along it (-1: one that does not); with
    /// `sources`, only those of the handlers whose source node it accepts.
    /// A gated link's `else` actions (v1) run when a URL opens, not on a
    /// tap: opening the same URL again and again is no push cycle.
    func forEachHandlerEdge(from sources: ((Int32) -> Bool)? = nil, _ body: (_ from: Int32, _ to: Int32, _ action: Int32) -> Void) {
        let nodes = GrowthNodes(routeCount: program.routes.count, flowCount: program.flows.count)
        var frames: [GrowthFrame] = []
        for (h, handler) in program.handlers.enumerated() where handler.route >= 0 || !program.isLinkHandler(HandlerID(h)) {
            let source = handler.route >= 0 ? handler.route
                : handler.event.isResult ? nodes.returnedFrom(handler.event.flow) : nodes.context(handler.flow)
            if let sources, !sources(source) { continue }
            // (v1) A handler that removes at least what it adds (`pop then
            // push r`) moves along the cycle without growing anything.
            let grows = canGrow(handler, frames: &frames)
            for a in handler.actions.range {
                let action = program.actions[a]
                let label = grows ? Int32(a) : -1
                // Targets by index: a slice of the program's array retained it, twice an action.
                switch action.kind {
                case .push, .sheet, .cover, .popover:
                    for t in action.targets.range { body(source, program.targets[t].route, label) }
                case .replace, .alert, .dialog:
                    // An alert or a dialog goes away at the next event: no growth.
                    for t in action.targets.range { body(source, program.targets[t].route, -1) }
                case .start:
                    body(source, nodes.returnedFrom(action.flow), -1)
                    if action.mode != .root { body(source, nodes.root(action.flow), label) }
                default:
                    break
                }
            }
        }
    }

    /// Whether running `handler`'s chain once can leave more on screen than
    /// there was before it: more layers, or more entries in a stack that
    /// was there before and is still there after (docs/diagnostics.md F205, v1).
    ///
    /// The chain is followed on a small model of the screen, action by
    /// action: the stack it started on and each layer it presents count
    /// what is pushed onto them minus what is popped off. `dismiss` removes
    /// a layer the chain presented, or else one that was there before (the
    /// stack below is then counted afresh). `popToRoot`, `set` and `start
    /// … as root` leave a stack whose size no longer depends on what it
    /// held, so repeating them cannot grow it; `pop to R` removes at least
    /// one entry. An alert or a dialog left on top goes away at the next
    /// event. After `finish` nothing the chain added is left (the handling
    /// flow ends with all it showed). `select` moves to a tab's stack; a
    /// stack it leaves keeps what it gained, and so may a layer the chain
    /// presented. Linear in the chain's length.
    /// `frames` is scratch space, reused from one handler to the next.
    func canGrow(_ handler: Handler, frames: inout [GrowthFrame]) -> Bool {
        typealias Frame = GrowthFrame
        // Most chains are one action: only adding something grows.
        if handler.actions.count == 1 {
            let action = program.actions[Int(handler.actions.lower)]
            switch action.kind {
            case .push, .sheet, .cover, .popover: return true
            case .start: return action.mode != .root
            default: return false
            }
        }
        frames.removeAll(keepingCapacity: true)
        frames.append(Frame())
        var dismissedBefore = 0
        var leftBehind = false
        for a in handler.actions.range {
            let action = program.actions[a]
            switch action.kind {
            case .push:
                frames[frames.count - 1].delta += 1
            case .pop, .popTo:
                frames[frames.count - 1].delta -= 1
            case .popToRoot:
                frames[frames.count - 1].bounded = true
            case .replace, .stay, .assume:
                break
            case .sheet, .cover, .popover:
                frames.append(Frame(presented: true))
            case .alert, .dialog:
                frames.append(Frame(presented: true, transient: true))
            case .dismiss:
                if frames.count > 1 {
                    frames.removeLast()
                } else {
                    dismissedBefore += 1
                    frames[0] = Frame()
                }
            case .set:
                frames.removeAll(keepingCapacity: true)
                frames.append(Frame(bounded: true))
            case .start:
                switch action.mode {
                case .push: frames[frames.count - 1].delta += 1
                case .sheet, .cover: frames.append(Frame(presented: true))
                case .root:
                    frames.removeAll(keepingCapacity: true)
                    frames.append(Frame(bounded: true))
                }
            case .finish:
                return false
            case .select:
                // The layers it presented stay if the tab container is in one of them.
                if (!frames[0].bounded && frames[0].delta > 0) || frames.count > 1 { leftBehind = true }
                frames.removeAll(keepingCapacity: true)
                frames.append(Frame())
            }
        }
        var presented = frames.count - 1
        if let top = frames.last, top.transient { presented -= 1 }
        return leftBehind || presented > dismissedBefore || (!frames[0].bounded && frames[0].delta > 0)
    }

    /// F209: a cycle of flows that start each other. With `taken`, only the
    /// topology's edges it marks (those the explored states take: a nesting
    /// through a handler no reachable state runs cannot happen).
    mutating func checkRecursiveFlows(along taken: [Bool]? = nil) {
        var builder = Digraph.Builder()
        for (e, edge) in topology.edges.enumerated() where taken?[e] ?? true { builder.add(edge.parent, edge.child, label: Int32(e)) }
        let graph = Digraph(nodeCount: program.flows.count, builder)
        let component = graph.stronglyConnectedComponents()
        var size = [Int](repeating: 0, count: program.flows.count)
        for c in component { size[Int(c)] += 1 }
        var reportedComponent = Set<Int32>()
        for (e, edge) in topology.edges.enumerated() where taken?[e] ?? true {
            let c = component[Int(edge.parent)]
            guard c == component[Int(edge.child)], size[Int(c)] > 1 || edge.parent == edge.child,
                  reportedComponent.insert(c).inserted else { continue }
            let back = graph.path(from: edge.child, to: edge.parent) { component[Int($0)] == c } ?? [edge.child]
            let cycle = ([edge.parent] + back).map { flowName($0) }
            let what = edge.action >= 0 ? "'\(describe(program.actions[Int(edge.action)]))'" : edge.mode == .tab ? "its tabs" : "its start"
            report(.recursiveFlow, edge.span,
                   "flow '\(flowName(edge.parent))' starts itself through \(what): \(cycle.joined(separator: " → ")) (unbounded nesting)",
                   reached: edge.action >= 0 ? .handler(handler(of: edge.action)) : .flow(edge.parent))
        }
    }
}

/// One stack a chain acts on, for `Analyzer.canGrow`: the one it started on
/// (or one below it, after a dismiss), or the root stack of a layer it
/// presented.
struct GrowthFrame {
    var presented = false
    var transient = false
    /// Entries pushed minus entries popped.
    var delta = 0
    /// Its size no longer depends on what it held (after `popToRoot`, `set`).
    var bounded = false
}
