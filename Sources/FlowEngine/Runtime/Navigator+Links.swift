import FlowModel

/// Deep links (docs/language.md#how-a-program-runs "Deep links"): opening a matched URL (matching is
/// in `Navigator+LinkMatching.swift`) rebuilds the navigation to the link's
/// target through the lowest common ancestor of the active flow and the
/// target, then runs the link's actions (v2).
extension Navigator {
    /// Opens `url`: rebuilds the navigation to its link's target.
    @discardableResult
    public mutating func open(_ url: String) throws(NavigationError) -> [NavigationEffect] {
        defer { if recordsEffects { stampIdentities() } }
        let (link, binding) = try matchBinding(url)
        return try open(url, matched: PendingLink.MatchedLink(link, binding))
    }

    /// Opens `url`, already matched (the state exploration matches each
    /// sample URL once, not once a state). The match is a shared reference:
    /// a URL left pending keeps it, and a step's closures capture one
    /// pointer, not the link's arrays.
    package mutating func open(_ url: String, matched: PendingLink.MatchedLink) throws(NavigationError) -> [NavigationEffect] {
        // (v2) A busy route holds the URL until the user leaves it.
        if activeRouteIsBusy { return hold(url, matched) }
        if isClosed(gate: matched.link.gate) {
            return try step("open") { (navigator: inout Navigator) throws(NavigationError) in
                try navigator.openClosed(matched, url: url)
            }
        }
        return try step("open") { (navigator: inout Navigator) throws(NavigationError) in
            // A newer URL replaces a pending one.
            navigator.state.pendingLink = nil
            try navigator.arrive(at: matched.link, matched.binding)
        }
    }

    /// What an open link does (docs/language.md): rebuilds the navigation to its
    /// path, then runs its actions (`then A`) for the path's last flow; or,
    /// for an `over` link, runs its actions for the entry flow over what is
    /// shown, rebuilding nothing.
    mutating func arrive(at link: Link, _ binding: LinkBinding) throws(NavigationError) {
        if !link.isOver { try rebuild(to: link, binding) }
        guard link.actionHandler >= 0 else { return }
        let instance: Int32
        if link.isOver {
            guard let entry = state.instances.indices.first(where: { state.instances[$0].isRunning && state.instances[$0].parent < 0 }) else {
                throw .emptyScreen(event: "open")
            }
            instance = Int32(entry)
        } else {
            guard let active = state.activeIDs else { throw .emptyScreen(event: "open") }
            instance = active.instance
        }
        try run(link.actionHandler, instance, HandlerValues(event: [], captures: binding.captures), event: "open")
    }

    /// What a matching URL binds: the target route's arguments, and those
    /// of each flow on the link's path (v1).
    package struct LinkBinding: Sendable {
        var route: [Value]
        /// Nil for a flow the link does not bind: the entry, or one started
        /// in its parent's place (its `start` item binds it).
        var flows: [[Value]?]
        /// (v2) For a link with actions: the text each capture took, which
        /// its actions' arguments convert to their parameters' types.
        var captures: [(name: Symbol, text: String)] = []
    }

    /// Keeps what the current navigation shares with the target path and
    /// replaces the rest (see docs/language.md#deep-links): resetting a
    /// flow takes the first `start` whose guard holds now and keeps a running
    /// start child that the path goes through (never started twice).
    /// - Complexity: O(instances + entries) per step of the path.
    mutating func rebuild(to link: Link, _ binding: LinkBinding) throws(NavigationError) {
        let arguments = binding.route
        guard let active = state.activeEntry else { throw .emptyScreen(event: "open") }
        let chain = Array(state.ancestry(of: active.instance).reversed())
        let path = link.path
        guard let first = chain.first, state.instances[Int(first)].flow == path[0] else {
            throw .unsupported(event: "open", problem: "the link's path does not start at the running entry flow")
        }
        var depth = 0
        // A running flow is shared only with the arguments the link gives it, and
        // only where it can show the target's stack: one whose screens are all in
        // an alert or a dialog (`dismiss then alert r`) is not where the path puts
        // it (a path never presents a flow that way), and that layer holds one
        // screen; it ends with its layer, and the path is rebuilt below it.
        while depth + 1 < chain.count, depth + 1 < path.count, state.instances[Int(chain[depth + 1])].flow == path[depth + 1],
              depth + 1 >= binding.flows.count || binding.flows[depth + 1].map({ state.instances[Int(chain[depth + 1])].arguments == $0 }) ?? true,
              !state.layers[lowestLayer(showing: chain[depth + 1])].kind.isTransient {
            depth += 1
        }
        var current = chain[depth]
        // Every layer above the common ancestor's layer goes.
        let base = lowestLayer(showing: current)
        if base + 1 < state.layers.count {
            for layer in state.layers[(base + 1)...].reversed() { emit(.dismissed(layer.kind)) }
            state.layers.removeSubrange((base + 1)...)
            needsCollection = true
        }
        if program.flows[Int(state.instances[Int(current)].flow)].isTabContainer {
            // The target's tab is selected and its stack rebuilt; other tabs keep theirs.
            guard depth + 1 < path.count else { throw .unsupported(event: "open", problem: "a link cannot end at a tab container") }
            (current, depth) = try selectAndResetTab(of: current, along: path, at: depth + 1, binding)
        } else {
            (current, depth) = try resetToStart(current, along: path, at: depth, binding)
        }
        while depth + 1 < path.count {
            (current, depth) = try startStep(from: current, along: path, at: depth + 1, binding)
        }
        // The target route comes last, once.
        let top = state.layers.count - 1
        let selected = state.layers[top].selected
        if let last = state.layers[top].stacks[selected].last, last.route == link.route, last.instance == current {
            // Other arguments make another screen: a new entry (`Entry.identity`).
            if last.arguments != arguments {
                state.layers[top].stacks[selected][state.layers[top].stacks[selected].count - 1] = Entry(route: link.route, instance: current, arguments: arguments)
            }
        } else {
            let entry = Entry(route: link.route, instance: current, arguments: arguments)
            state.layers[top].stacks[selected].append(entry)
            emit(.pushed(entry))
        }
        needsCollection = true
    }

    /// The index of the lowest layer holding something of `instance` or below it.
    /// - Complexity: O(instances + entries).
    func lowestLayer(showing instance: Int32) -> Int {
        let inside = subtree(of: instance)
        for (index, layer) in state.layers.enumerated() {
            if layer.container >= 0 && inside[Int(layer.container)] { return index }
            if layer.stacks.contains(where: { $0.contains { inside[Int($0.instance)] } }) { return index }
        }
        return 0
    }

    /// The running flows strictly below `instance` on the way down to
    /// `bottom` (an instance below it), top first; empty when `bottom` is
    /// `instance` itself or not below it. A flow's start chain is what it
    /// shows first, so this is the running start chain a reset may keep.
    func chain(below instance: Int32, downTo bottom: Int32) -> [Int32] {
        guard bottom >= 0, bottom != instance else { return [] }
        // Counted first: one allocation for the chain, not one per doubling.
        var length = 0
        var current = bottom
        while current >= 0, current != instance, length <= state.instances.count {
            length += 1
            current = state.instances[Int(current)].parent
        }
        guard current == instance else { return [] }
        var below = [Int32](repeating: 0, count: length)
        current = bottom
        // Filled from the end: the chain is returned top first.
        for i in stride(from: length - 1, through: 0, by: -1) {
            below[i] = current
            current = state.instances[Int(current)].parent
        }
        return below
    }

    /// Resets what `instance` shows in the top layer to its start, following
    /// the link's path from `path[depth]` (the flow of `instance`) while its
    /// start chain goes the path's way. Returns the deepest instance of the
    /// path it reached and its depth.
    mutating func resetToStart(_ instance: Int32, along path: [FlowID], at depth: Int,
                               _ binding: LinkBinding) throws(NavigationError) -> (Int32, Int) {
        let top = state.layers.count - 1
        let inside = subtree(of: instance)
        let layer = state.layers[top]
        // What `instance` shows first in its layer is its running start chain.
        var first: Int32 = -1
        if layer.isTabContainer && inside[Int(layer.container)] {
            first = layer.container
        } else if let entry = layer.stack.first(where: { inside[Int($0.instance)] }) {
            first = entry.instance
        }
        let insideTabs = layer.isTabContainer && !inside[Int(layer.container)]
        let walk = try walkStart(from: instance, along: path, at: depth, binding,
                                 keeping: chain(below: instance, downTo: first), insideTabs: insideTabs)
        switch walk.placed {
        case .entry(let entry):
            replaceShown(by: instance, with: [entry])
            emit(.stackSet([entry]))
        case .tabs(let container, _):
            // A kept container already fills the top layer.
            if !walk.keptContainer { try replaceShownByTabs(by: instance, walk.placed, event: "open") }
            if walk.depth + 1 >= path.count {
                throw .unsupported(event: "open", problem: tabsInPlace(of: state.instances[Int(walk.instance)].flow, container: container))
            }
        }
        return try continueIntoTab(walk, along: path, binding)
    }

    /// After a walk that ended at a tab container of the path: selects the
    /// path's next flow, its tab, and rebuilds that tab's stack.
    mutating func continueIntoTab(_ walk: StartWalk, along path: [FlowID], _ binding: LinkBinding) throws(NavigationError) -> (Int32, Int) {
        guard case .tabs(let container, _) = walk.placed, walk.instance == container, walk.depth + 1 < path.count else {
            return (walk.instance, walk.depth)
        }
        return try selectAndResetTab(of: container, along: path, at: walk.depth + 1, binding)
    }

    /// Why a link cannot show a route of `flow`, whose start chain ends at
    /// the tab container `container`.
    func tabsInPlace(of flow: FlowID, container: Int32) -> String {
        let name = program.name(program.flows[Int(flow)].name)
        let tabs = program.name(program.flows[Int(state.instances[Int(container)].flow)].name)
        return "'\(name)' shows tab container '\(tabs)' in its place, so the link cannot show a route of its own; its path must go through '\(tabs)' to one of its tabs"
    }

    /// What a walk down a start chain put in place: the start route's entry
    /// or a tab container (`keptContainer`: one already running, whose layer
    /// holds it), and the deepest instance of the link's path and its depth.
    struct StartWalk {
        var placed: Placed
        var instance: Int32
        var depth: Int
        var keptContainer = false
    }

    /// Follows the start chain of `start` (an instance of `path[depth]`) as
    /// it is now: at each flow the first `start` item whose guard holds, else
    /// the fallback. A flow started in place that the path goes through is
    /// the next of `kept` (the running start chain) when that one runs it
    /// with the link's arguments, else a new instance; off the path, every
    /// flow is new. A loop bounded by the number of flows, no recursion.
    mutating func walkStart(from start: Int32, along path: [FlowID], at depth: Int, _ binding: LinkBinding,
                            keeping kept: [Int32], insideTabs: Bool) throws(NavigationError) -> StartWalk {
        var owner = start
        var deepest = start
        var k = depth
        var onPath = true
        var next = 0
        var ownerKept = false
        for _ in 0...program.flows.count {
            let flow = state.instances[Int(owner)].flow
            let f = program.flows[Int(flow)]
            if f.isTabContainer {
                if insideTabs { throw .unsupported(event: "open", problem: "tab containers cannot be nested") }
                if ownerKept { return StartWalk(placed: .tabs(container: owner, stacks: []), instance: deepest, depth: k, keptContainer: true) }
                var stacks: [[Entry]] = []
                for tab in program.tabs(of: flow) {
                    guard program.flows[Int(tab)].parameters.isEmpty else {
                        throw .unsupported(event: "open", problem: "tab '\(program.name(program.flows[Int(tab)].name))' has parameters (F114)")
                    }
                    let child = newInstance(tab, parent: owner)
                    stacks.append([try startEntry(tab, as: child, insideTabs: true, event: "open")])
                }
                return StartWalk(placed: .tabs(container: owner, stacks: stacks), instance: deepest, depth: k)
            }
            let item = chosenStart(flow)
            let target = item?.target ?? f.start
            // The path's next step is in this flow's place, but its start now puts another there.
            if onPath, k + 1 < path.count, target != .flow(path[k + 1]), topology.firstEdge(from: flow, to: path[k + 1])?.mode == .flowStart {
                throw .unsupported(event: "open", problem: startMismatch(flow, path[k + 1]))
            }
            switch target {
            case .route(let r):
                let arguments = try bind(item?.arguments ?? .empty, to: program.routes[Int(r)].parameters, owner, HandlerValues(event: []),
                                         what: "start route '\(program.qualifiedName(r))'", "open")
                return StartWalk(placed: .entry(Entry(route: r, instance: owner, arguments: arguments)), instance: deepest, depth: k)
            case .flow(let g):
                let follows = onPath && k + 1 < path.count && path[k + 1] == g
                let wanted = follows && k + 1 < binding.flows.count ? binding.flows[k + 1] : nil
                if follows, next < kept.count, state.instances[Int(kept[next])].flow == g,
                   wanted.map({ $0 == state.instances[Int(kept[next])].arguments }) ?? true {
                    owner = kept[next]
                    next += 1
                    ownerKept = true
                } else {
                    next = kept.count
                    let arguments = try bind(item?.arguments ?? .empty, to: program.flows[Int(g)].parameters, owner, HandlerValues(event: []),
                                             what: "flow '\(program.name(program.flows[Int(g)].name))'", "open")
                    owner = newInstance(g, parent: owner, arguments: arguments)
                    ownerKept = false
                }
                if follows {
                    k += 1
                    deepest = owner
                } else {
                    onPath = false
                }
            case .none:
                throw .unsupported(event: "open", problem: "flow '\(program.name(f.name))' has no start")
            }
        }
        throw .unsupported(event: "open", problem: "the start of '\(program.name(program.flows[Int(state.instances[Int(start)].flow)].name))' never shows a screen: \(startCycleText(from: state.instances[Int(start)].flow)) start each other in their place without end")
    }

    /// A link step `Parent/Child`, for messages: `'App/Main'`.
    func stepText(_ parent: FlowID, _ child: FlowID) -> String {
        "'\(program.name(program.flows[Int(parent)].name))/\(program.name(program.flows[Int(child)].name))'"
    }

    /// Why the link's step `parent/child`, which the parent takes by
    /// starting the child in its place, cannot be built now.
    func startMismatch(_ parent: FlowID, _ child: FlowID) -> String {
        let parentName = program.name(program.flows[Int(parent)].name)
        let shown: String
        switch chosenStart(parent)?.target ?? program.flows[Int(parent)].start {
        case .flow(let other): shown = "starts '\(program.name(program.flows[Int(other)].name))' in its place"
        case .route(let r): shown = "starts with its route '\(program.name(program.routes[Int(r)].name))'"
        case .none: shown = "has no start"
        }
        return "the link's step \(stepText(parent, child)) cannot be built: '\(parentName)' \(shown) (the first of its start items whose guard holds now), not '\(program.name(program.flows[Int(child)].name))'"
    }

    /// Selects the tab `path[depth]` of `container` and resets that tab's
    /// stack to its start, keeping its running start chain that the path
    /// goes through; other tabs keep their stacks.
    mutating func selectAndResetTab(of container: Int32, along path: [FlowID], at depth: Int,
                                    _ binding: LinkBinding) throws(NavigationError) -> (Int32, Int) {
        let tab = path[depth]
        let containerFlow = state.instances[Int(container)].flow
        let tabs = program.tabs(of: containerFlow)
        guard let layerIndex = state.layers.firstIndex(where: { $0.container == container }) else {
            throw .unsupported(event: "open", problem: "the link's step \(stepText(containerFlow, tab)) cannot be built: tab container '\(program.name(program.flows[Int(containerFlow)].name))' is not on screen")
        }
        guard let offset = tabs.firstIndex(of: tab) else {
            throw .unsupported(event: "open", problem: "the link's step \(stepText(containerFlow, tab)) cannot be built: '\(program.name(program.flows[Int(tab)].name))' is not a tab of '\(program.name(program.flows[Int(containerFlow)].name))'")
        }
        let index = offset - tabs.startIndex
        guard let root = state.layers[layerIndex].stacks[index].first else {
            throw .unsupported(event: "open", problem: "the link's step \(stepText(containerFlow, tab)) cannot be built: tab '\(program.name(program.flows[Int(tab)].name))' has no screen")
        }
        // The tab's instance and its running start chain: what its stack shows first.
        var below = chain(below: container, downTo: root.instance)
        guard let first = below.first else {
            throw .unsupported(event: "open", problem: "the link's step \(stepText(containerFlow, tab)) cannot be built: tab '\(program.name(program.flows[Int(tab)].name))' has no screen")
        }
        var tabInstance = first
        // A tab whose screens another flow replaced (`select T then replace r`, handled by a
        // sibling tab): its own flow ended, and the tab's flow is started again for the path.
        if state.instances[Int(first)].flow != tab {
            tabInstance = newInstance(tab, parent: container)
            below = [tabInstance]
        }
        let walk = try walkStart(from: tabInstance, along: path, at: depth, binding, keeping: Array(below.dropFirst()), insideTabs: true)
        guard case .entry(let entry) = walk.placed else {
            throw .unsupported(event: "open", problem: "tab containers cannot be nested")
        }
        // The same root screen stays the same entry (a UI keeps its view); the rest is popped.
        let stack = state.layers[layerIndex].stacks[index]
        if entry == root {
            for removed in stack.dropFirst().reversed() { emit(.popped(removed)) }
            state.layers[layerIndex].stacks[index] = [root]
        } else {
            for removed in stack.reversed() { emit(.popped(removed)) }
            state.layers[layerIndex].stacks[index] = [entry]
            emit(.stackSet([entry]))
        }
        state.layers[layerIndex].selected = index
        emit(.tabSelected(tab))
        needsCollection = true
        return (walk.instance, walk.depth)
    }

    /// The step `path[depth - 1]`→`path[depth]` of the target path, from
    /// `parent`, the way the parent first starts the child in the source;
    /// the child's start chain follows the path as far as it goes. Returns
    /// the deepest instance of the path it reached and its depth.
    mutating func startStep(from parent: Int32, along path: [FlowID], at depth: Int,
                            _ binding: LinkBinding) throws(NavigationError) -> (Int32, Int) {
        let child = path[depth]
        let arguments = depth < binding.flows.count ? binding.flows[depth] ?? [] : []
        let parentFlow = state.instances[Int(parent)].flow
        guard let edge = topology.firstEdge(from: parentFlow, to: child) else {
            throw .unsupported(event: "open", problem: "the link's step \(stepText(parentFlow, child)) cannot be built: '\(program.name(program.flows[Int(parentFlow)].name))' never starts '\(program.name(program.flows[Int(child)].name))'")
        }
        switch edge.mode {
        case .flowStart:
            // A start chain the path goes through was followed when its flow was reset or started.
            throw .unsupported(event: "open", problem: startMismatch(parentFlow, child))
        case .tab:
            return try selectAndResetTab(of: parent, along: path, at: depth, binding)
        case .push, .sheet, .cover, .root:
            guard arguments.count == program.flows[Int(child)].parameters.count else {
                throw .unsupported(event: "open", problem: "the link's step \(stepText(parentFlow, child)) cannot be built: the link does not bind the parameters of '\(program.name(program.flows[Int(child)].name))' (F303)")
            }
            let instance = newInstance(child, parent: parent, arguments: arguments, expectedToFinish: edge.mode != .root)
            let walk = try walkStart(from: instance, along: path, at: depth, binding, keeping: [], insideTabs: false)
            let top = state.layers.count - 1
            switch (edge.mode, walk.placed) {
            case (.push, .entry(let entry)):
                state.layers[top].stacks[state.layers[top].selected].append(entry)
                emit(.pushed(entry))
            case (.sheet, _), (.cover, _):
                let presented = layer(edge.mode == .sheet ? .sheet : .cover, walk.placed)
                state.layers.append(presented)
                emit(.presented(presented.kind, presented.stack[0]))
            case (.root, .entry(let entry)):
                replaceShown(by: parent, with: [entry])
                emit(.stackSet([entry]))
            case (.root, .tabs):
                try replaceShownByTabs(by: parent, walk.placed, event: "open")
            default:
                throw .unsupported(event: "open", problem: "the link's step \(stepText(parentFlow, child)) cannot be built: '\(program.name(program.flows[Int(parentFlow)].name))' pushes it, and a tab container cannot be pushed")
            }
            if case .tabs(let container, _) = walk.placed, walk.depth + 1 >= path.count {
                throw .unsupported(event: "open", problem: tabsInPlace(of: state.instances[Int(walk.instance)].flow, container: container))
            }
            return try continueIntoTab(walk, along: path, binding)
        }
    }
}
