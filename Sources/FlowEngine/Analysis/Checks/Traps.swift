import FlowModel
import FlowRuntime

/// F204: a child flow that, once at some route, can neither finish nor be
/// left by `back`, nor be ended by a step the user can take from inside it.
///
/// For each flow, a graph over its routes (plus one node for its flow-level
/// handlers) says where the user can go next: the targets of actions, and
/// the way back to the route that pushed or presented a screen when that
/// screen has a back. Exits are `finish`, `dismiss` and `select` actions,
/// the implicit back on the flow's first screen, and (v1) what the flows
/// above can do to the child (`childEffects()`): a step that ends it is an
/// exit from all its routes; one that takes it back down its stack, or back
/// from a layer it presented, gives its screens that way back; one that only
/// adds on top is nothing. A link that does not pass through the child ends
/// it; one that does resets it to its first screen. An alert or a dialog
/// that handles any event goes back to its presenter when tapped (transient
/// layers). A backward search from the exits marks every route that can
/// still leave; the rest are trapped.
extension Analyzer {
    mutating func checkTraps(reachable: [Bool], deadEnds: [Bool]) {
        let subtrees = subtreeEffects()
        let fromAbove = childEffects(subtrees)
        var trap = TrapGraph(program)
        addActionEdges(to: &trap, subtrees: subtrees, fromAbove: fromAbove)
        markChildStarts(in: &trap)
        markBottomExits(in: &trap, fromAbove: fromAbove)
        markTabStackExits(in: &trap)
        addEffectsFromAbove(to: &trap, fromAbove)
        addLinkResets(to: &trap)
        reportTraps(consume trap, reachable: reachable, deadEnds: deadEnds)
    }

    /// Where each handler's actions lead, and which of them leave the flow.
    private func addActionEdges(to trap: inout TrapGraph, subtrees: SubtreeEffects, fromAbove: [ChildEffects]) {
        /// (v1) Whether any event handled on an alert or a dialog showing `route`
        /// removes it: its own handlers, or those of a flow above.
        func removedByAnEvent(_ route: RouteID) -> Bool {
            let r = program.routes[Int(route)]
            return hasFlowLevelUserHandler[Int(r.flow)] || ancestorHandlesUserEvents[Int(r.flow)]
                || program.handlers[r.handlers.range].contains { !$0.event.isResult }
        }
        for handler in program.handlers {
            let source = handler.route >= 0 ? handler.route : trap.flowNode(handler.flow)
            let start: RouteID? = if case .route(let r) = program.flows[Int(handler.flow)].start { r } else { nil }
            for a in handler.actions.range {
                let action = program.actions[a]
                let targets = program.targets[action.targets.range]
                switch action.kind {
                case .finish, .dismiss, .select:
                    trap.exits[Int(source)] = true
                case .push, .sheet, .cover, .replace, .set, .alert, .dialog, .popover:
                    let effects = fromAbove[Int(handler.flow)]
                    let presents = action.kind.presentedLayer != nil
                    for t in targets {
                        trap.forward.add(source, t.route)
                        let target = program.routes[Int(t.route)]
                        let returns = handler.route >= 0 && (trap.canGoBack[Int(t.route)]
                            || (action.kind == .push && !target.attributes.contains(.noBack))
                            || ((action.kind == .sheet || action.kind == .dialog || action.kind == .popover) && !target.attributes.contains(.locked))
                            || ((action.kind == .alert || action.kind == .dialog) && removedByAnEvent(t.route))
                            || (action.kind == .push && effects.contains(.popsBack))
                            || (presents && effects.contains(.dismissesBack)))
                        if returns { trap.forward.add(t.route, source) }
                    }
                case .popTo:
                    for t in targets { trap.forward.add(source, t.route) }
                case .popToRoot:
                    if let start { trap.forward.add(source, start) }
                case .start where action.mode != .root:
                    // (v1) What the started flow and those below it can do to
                    // this flow's layer: a `select` may remove it; pushed onto
                    // its stack, a `dismiss` may remove its layer and a
                    // `popToRoot` or `pop to` its entries.
                    let first = placements.rootPlacement(of: handler.flow)
                    let below = subtrees.effects[Int(action.flow)]
                    if subtrees.selects[Int(action.flow)] { trap.exits[Int(source)] = true }
                    if action.mode == .push {
                        if below.contains(.endsIfModal) && !first.isDisjoint(with: Placement.modal) { trap.exits[Int(source)] = true }
                        if below.contains(.endsIfPushed) && first.contains(.pushed) { trap.exits[Int(source)] = true }
                        if below.contains(.popsBack), let start { trap.forward.add(source, start) }
                    }
                case .pop, .start, .stay, .assume:
                    break
                }
            }
        }
    }

    /// How each child is started (pushed, as a sheet, as a cover), and by
    /// which action, for the finding's note.
    private func markChildStarts(in trap: inout TrapGraph) {
        for edge in topology.edges {
            guard case .route(let first) = program.flows[Int(edge.child)].start else { continue }
            let mode: UInt8
            switch edge.mode {
            case .push: mode = 1
            case .sheet: mode = 2
            case .cover: mode = 4
            case .root, .flowStart, .tab: continue
            }
            let child = Int(edge.child)
            trap.expectedToFinish[child] = true
            if !implicitBackEnds(program.routes[Int(first)], modes: mode) || trap.startedBy[child] < 0 { trap.startedBy[child] = edge.action }
            trap.modes[child] |= mode
        }
    }

    /// The child's bottom entry: its first screen, or what a `replace` of
    /// it (or a `set`) put in its place. There, the implicit back (in every
    /// way the child is started) ends it with `cancel`, and when it is
    /// pushed so does a `pop` of its own; a `replace` from above ends it too.
    private func markBottomExits(in trap: inout TrapGraph, fromAbove: [ChildEffects]) {
        var bottom = [Bool](repeating: false, count: program.routes.count)
        var queue: [RouteID] = []
        /// Whether handlers in `range` pop (`pop`, `popToRoot`), and marks the
        /// targets of their `replace` and the first of their `set` as bottom entries.
        func scan(_ range: IndexRange) -> Bool {
            var pops = false
            for h in range.range {
                let actions = program.handlers[h].actions
                for a in actions.range {
                    let action = program.actions[a]
                    switch action.kind {
                    case .pop, .popToRoot:
                        pops = true
                    case .replace, .set:
                        let t = program.targets[Int(action.targets.lower)].route
                        if !bottom[Int(t)] {
                            bottom[Int(t)] = true
                            queue.append(t)
                        }
                    default:
                        break
                    }
                }
            }
            return pops
        }
        for (f, flow) in program.flows.enumerated() where trap.expectedToFinish[f] {
            guard case .route(let first) = flow.start else { continue }
            if !bottom[Int(first)] {
                bottom[Int(first)] = true
                queue.append(first)
            }
            // Its own flow-level pop fires at the bottom entry too.
            if scan(flow.handlers) && trap.modes[f] & 1 != 0 { trap.exits[Int(trap.flowNode(FlowID(f)))] = true }
        }
        var head = 0
        while head < queue.count {
            let r = Int(queue[head])
            head += 1
            let route = program.routes[r]
            let f = Int(route.flow)
            let pops = scan(route.handlers)
            if implicitBackEnds(route, modes: trap.modes[f]) || (pops && trap.modes[f] & 1 != 0) || fromAbove[f].contains(.endsAtBottom) {
                trap.exits[r] = true
            }
        }
    }

    /// (v1) A tab's stack: tapping the selected tab pops it to its root,
    /// which ends a child pushed onto it (and tapping another leaves it).
    /// Flows whose screens go on a tab's stack: the tabs, and the flows they
    /// push or start in their place, and so on down.
    private func markTabStackExits(in trap: inout TrapGraph) {
        var search = Worklist(count: program.flows.count)
        for edge in topology.edges where edge.mode == .tab { search.insert(edge.child) }
        while let f = search.next() {
            for edge in topology.children(of: f) where edge.mode == .push || edge.mode == .flowStart { search.insert(edge.child) }
        }
        let onTabStack = search.visited
        for edge in topology.edges where edge.mode == .push && onTabStack[Int(edge.parent)] && trap.expectedToFinish[Int(edge.child)] {
            trap.exits[Int(trap.flowNode(edge.child))] = true
        }
    }

    /// (v1) What the flows above can do to a child, by where its first screen stands.
    private func addEffectsFromAbove(to trap: inout TrapGraph, _ fromAbove: [ChildEffects]) {
        for f in program.flows.indices where trap.expectedToFinish[f] {
            let effects = fromAbove[f]
            let first = placements.rootPlacement(of: FlowID(f))
            if effects.contains(.ends) || (effects.contains(.endsIfPushed) && first.contains(.pushed))
                || (effects.contains(.endsIfModal) && !first.isDisjoint(with: Placement.modal)) {
                trap.exits[Int(trap.flowNode(FlowID(f)))] = true
            }
            // A popToRoot from above can take it back to its first screen.
            if effects.contains(.popsBack), case .route(let r) = program.flows[f].start { trap.forward.add(trap.flowNode(FlowID(f)), r) }
        }
    }

    /// A link through a flow (which then does not end it) resets it to its
    /// first screen and, when it targets one of its routes, shows that too.
    private func addLinkResets(to trap: inout TrapGraph) {
        var resets = [Bool](repeating: false, count: program.flows.count)
        for link in program.links {
            for flow in link.path.dropFirst() where !resets[Int(flow)] {
                resets[Int(flow)] = true
                if case .route(let r) = program.flows[Int(flow)].start { trap.forward.add(trap.flowNode(flow), r) }
            }
            if link.route >= 0 { trap.forward.add(trap.flowNode(program.routes[Int(link.route)].flow), link.route) }
        }
    }

    /// The search: every node that reaches an exit can leave; a reachable
    /// route of a child expected to finish that cannot is trapped, reported
    /// once where the user first enters the trapped part: the first route
    /// of its flow, or a route with an edge into it from a node that can
    /// leave. Only the reversed graph is searched, and it is built from the
    /// builder given up to it (at a million routes the builder held 40 MB
    /// beside the graph); the edges into a trapped route are that route's
    /// in the reversed graph. The findings are reported route by route
    /// (`validate` puts every finding in source order).
    private mutating func reportTraps(_ trap: consuming TrapGraph, reachable: [Bool], deadEnds: [Bool]) {
        let routeCount = program.routes.count
        let backward = Digraph(nodeCount: trap.nodeCount, taking: trap.forward.take(), reversed: true)
        let canLeave = backward.reachable(from: trap.exits.indices.filter { trap.exits[$0] }.map { Int32($0) })
        func isTrapped(_ r: Int) -> Bool {
            guard r < routeCount else { return false }
            let route = program.routes[r]
            return trap.expectedToFinish[Int(route.flow)] && reachable[r] && !canLeave[r]
                && !deadEnds[r] && !route.attributes.contains(.final)
        }
        var entered = [Bool](repeating: false, count: routeCount)
        for (f, flow) in program.flows.enumerated() where trap.expectedToFinish[f] {
            if case .route(let first) = flow.start, isTrapped(Int(first)) { entered[Int(first)] = true }
        }
        for r in 0..<routeCount where !entered[r] && isTrapped(r) {
            entered[r] = backward.edges(of: r).contains { canLeave[Int(backward.targets[$0])] }
        }
        for r in 0..<routeCount where entered[r] {
            let route = program.routes[r]
            let flow = Int(route.flow)
            var notes: [DiagnosticNote] = []
            if trap.startedBy[flow] >= 0 {
                let action = program.actions[Int(trap.startedBy[flow])]
                notes.append(DiagnosticNote(span: action.span, message: "'\(flowName(route.flow))' is started by '\(describe(action))' here"))
            }
            report(.trap, route.span,
                   "trap: once flow '\(flowName(route.flow))' reaches route '\(name(route.name))', it can never finish nor be left by back",
                   notes: notes, reached: .route(RouteID(r), PathGoal.anyWay))
        }
    }

    /// Whether the implicit back at a child's bottom entry removes it (and so
    /// ends the child) in every way the child is started (`modes`: 1 pushed,
    /// 2 as a sheet, 4 as a cover): popped unless `[noBack]`, dismissed
    /// unless `[locked]`, never from a cover.
    func implicitBackEnds(_ route: Route, modes: UInt8) -> Bool {
        if modes & 4 != 0 { return false }
        if modes & 1 != 0 && route.attributes.contains(.noBack) { return false }
        if modes & 2 != 0 && route.attributes.contains(.locked) { return false }
        return modes != 0
    }
}

/// F204's graph: a node per route and one per flow (its flow-level
/// handlers), edges where the user can go next, and the nodes that leave
/// the flow (`exits`); with how each child is started.
private struct TrapGraph {
    let routeCount: Int
    let nodeCount: Int
    var forward = Digraph.Builder(labeled: false)
    var exits: [Bool]
    /// Routes with a handler that pops or dismisses: a way back to where they were shown from.
    let canGoBack: [Bool]
    /// Children started pushed, as a sheet or as a cover: expected to finish.
    var expectedToFinish: [Bool]
    /// How each child is started: bits 1 pushed, 2 as a sheet, 4 as a cover.
    var modes: [UInt8]
    /// The action that starts each child, for the finding's note (-1: none).
    var startedBy: [ActionID]

    init(_ program: Program) {
        routeCount = program.routes.count
        nodeCount = routeCount + program.flows.count
        // Every edge this graph can get: a route's to its flow, a target's
        // and its way back, a `popToRoot` (from the handler or from above)
        // and a link's resets.
        forward = Digraph.Builder(expectedEdges: routeCount + 2 * program.targets.count + program.actions.count
                                    + program.flows.count + program.links.reduce(0) { $0 + $1.path.count + 1 },
                                  labeled: false)
        exits = [Bool](repeating: false, count: nodeCount)
        expectedToFinish = [Bool](repeating: false, count: program.flows.count)
        modes = [UInt8](repeating: 0, count: program.flows.count)
        startedBy = [ActionID](repeating: -1, count: program.flows.count)
        var canGoBack = [Bool](repeating: false, count: routeCount)
        for (r, route) in program.routes.enumerated() {
            forward.add(Int32(r), Int32(routeCount) + route.flow)
            canGoBack[r] = program.handlers[route.handlers.range].contains { handler in
                program.actions[handler.actions.range].contains { [.pop, .popTo, .popToRoot, .dismiss].contains($0.kind) }
            }
        }
        self.canGoBack = canGoBack
    }

    func flowNode(_ flow: FlowID) -> Int32 { Int32(routeCount) + flow }
}
