/// The state graph of DSL.md §9.1: the engine states reachable from the
/// entry's start, found by running the same `Navigator` that `simulate`
/// runs, breadth first, with parent pointers (so every state has a shortest
/// path of script steps that replays it).
///
/// From each state the search takes every *user step* — each event a
/// handler on the active route's dispatch chain answers under the state's
/// guards (sample values for its parameters), the implicit back, each tab
/// tap, and opening the sample URL of each link — and every *system step*:
/// a `[system]` event, and setting or clearing each guard. Guard valuations
/// at launch come from the same edges: an `assume` taken before any other
/// step starts the app anew with the new guards, exactly as a script's
/// leading `assume` lines do. States are canonical (`StateEncoder`):
/// instance identities aside, two equal states are one node.
///
/// The search runs in two phases: without links first, so the states a user
/// reaches by navigating are known (`isNavigable`, what F305 asks), then with
/// links from every state.
///
/// Growth is cut where it repeats: a new state whose screen extends one on
/// its own path (the same layers with more on top, a longer stack, a deeper
/// flow tree) with the same active screen, guards and pending URL is not
/// expanded, and the steps between are an unbounded cycle (F205). Limits on
/// states and on the work of copying them stop the search on programs too
/// large to explore (`isComplete` is then false and says nothing was proved
/// beyond them).
public struct StateGraph: Sendable {
    /// How far the search may go.
    public struct Limits: Sendable {
        /// Nodes at most.
        public var maxStates: Int
        /// Screen entries and instances copied at most, summed over steps.
        public var maxWork: Int
        /// The largest state (entries, layers and instances) expanded;
        /// larger ones are cut, with a note.
        public var maxStateSize: Int

        public init(maxStates: Int = 200_000, maxWork: Int = 20_000_000, maxStateSize: Int = 4_096) {
            self.maxStates = maxStates
            self.maxWork = maxWork
            self.maxStateSize = maxStateSize
        }
    }

    /// What kind of step an edge is.
    public enum StepKind: UInt8, Sendable {
        /// An event the user sends, `back`, or a tab tap.
        case user
        /// A `[system]` event, or an `assume`.
        case system
        /// Opening a link's sample URL.
        case link
    }

    /// The program explored.
    public let program: Program
    public let limits: Limits
    /// The representative state of each node (the first that reached it).
    public private(set) var states: [NavigationState] = []
    /// Each node's parent (-1 for the start) and the step from it.
    public private(set) var parents: [Int32] = []
    public private(set) var stepsIn: [PathStep] = []
    /// For each node, the class of nodes that show the same screen (guards
    /// and pending URL aside).
    public private(set) var screenClass: [Int32] = []
    /// Whether some user step (not opening a URL, not a system event) leads
    /// from the node to a different state.
    public private(set) var hasUserWayOut: [Bool] = []
    /// The number of nodes found before links were opened.
    public private(set) var navigableCount = 0
    /// Whether the search explored everything (no limit was hit).
    public private(set) var isComplete = true
    /// Why it stopped early, for a note.
    public private(set) var limitHit: String?
    /// Nodes not expanded because they repeat growth (F205): the node, the
    /// ancestor it extends.
    public private(set) var growth: [(node: Int32, ancestor: Int32)] = []
    /// Nodes not expanded because they exceed `maxStateSize`.
    public private(set) var oversized: [Int32] = []
    /// Edges that stay inside the app (user steps and `assume`, not
    /// `[system]` events nor links), for F204: from, to, and for each
    /// instance of `from` expected to finish (in `finishing(of:)` order),
    /// its canonical number in `to`, or -1 when the step ended it.
    public private(set) var edgeFrom: [Int32] = []
    public private(set) var edgeTo: [Int32] = []
    public private(set) var edgeMaps: [IndexRange] = []
    public private(set) var edgeMapValues: [Int32] = []
    /// For each node, the canonical numbers of its instances expected to
    /// finish, and the canonical number of each instance on its active chain.
    public private(set) var finishing: [IndexRange] = []
    public private(set) var finishingValues: [Int32] = []
    /// The slots of those instances in the node's representative state.
    private var finishingSlots: [Int32] = []
    public private(set) var activeChain: [IndexRange] = []
    public private(set) var activeChainValues: [Int32] = []
    /// Per handler: how often dispatch picked it and how often the step then
    /// failed because of one of its actions, with the first node of each.
    public private(set) var picked: [Int32]
    public private(set) var failed: [Int32]
    public private(set) var firstPick: [Int32]
    public private(set) var firstFailure: [Int32]
    /// Per handler: the action the first failure blamed, and the engine's reason.
    public private(set) var failedAction: [ActionID]
    public private(set) var failureReason: [String?]
    /// Per finishing flow's result (`EventKey`): the first node from which a
    /// step dropped it, the step, and the `finish` action that sent it.
    public private(set) var droppedResults: [EventKey: (node: Int32, step: PathStep, finish: ActionID)] = [:]
    /// Per link: the first node from which a step dropped its pending URL
    /// although the guard held, and the step.
    public private(set) var droppedLinks: [Int32: (node: Int32, step: PathStep)] = [:]
    /// Steps taken (each a copy of a state run through the engine).
    public private(set) var stepCount = 0
    /// Bytes of canonical keys held.
    public private(set) var keyBytes = 0

    private var navigator: Navigator
    private var encoder: StateEncoder
    private var index: [[Int32]: Int32] = [:]
    private var screens: [ArraySlice<Int32>: Int32] = [:]
    private var onlyAssumes: [Bool] = []
    private var guards: [Symbol]
    private var samples: [[Value]]
    private var actionOwner: [HandlerID]
    private var sampleURLs: [String]
    private var isSystemEvent: [Bool]
    private var work = 0
    private var key: [Int32] = []

    /// Explores `program` from its entry's start. Throws what
    /// `Navigator.init` throws for a program the engine does not run.
    public init(program: Program, limits: Limits = Limits()) throws(NavigationError) {
        self.program = program
        self.limits = limits
        navigator = try Navigator(program: program)
        navigator.recordsEffects = false
        navigator.logsHandlers = true
        navigator.reusesSlots = false
        guards = program.guardSymbols.values.sorted { $0.id < $1.id }
        encoder = StateEncoder(program: program, guards: guards)
        samples = program.handlers.map { handler in
            program.parameters[handler.parameters.range].map { PathStep.sampleValue($0.type) }
        }
        var owner = [HandlerID](repeating: -1, count: program.actions.count)
        for (h, handler) in program.handlers.enumerated() { for a in handler.actions.range { owner[a] = HandlerID(h) } }
        actionOwner = owner
        sampleURLs = program.links.map { program.sampleURL(of: $0) }
        isSystemEvent = program.handlers.map { StateGraph.isSystem($0) }
        picked = [Int32](repeating: 0, count: program.handlers.count)
        failed = picked
        firstPick = [Int32](repeating: -1, count: program.handlers.count)
        firstFailure = firstPick
        failedAction = [ActionID](repeating: -1, count: program.handlers.count)
        failureReason = [String?](repeating: nil, count: program.handlers.count)
        explore()
    }

    /// Whether a handler answers a `[system]` event (DSL.md §9.3).
    static func isSystem(_ handler: Handler) -> Bool { handler.isSystem }

    /// The number of nodes.
    public var count: Int { states.count }

    /// Whether a node was reached without opening a URL.
    public func isNavigable(_ node: Int32) -> Bool { Int(node) < navigableCount }

    /// The steps from the entry's start to `node`, in order.
    public func path(to node: Int32) -> [PathStep] {
        var steps: [PathStep] = []
        var n = node
        while n >= 0, parents[Int(n)] >= 0 {
            steps.append(stepsIn[Int(n)])
            n = parents[Int(n)]
        }
        return steps.reversed()
    }

    // MARK: - The search

    private mutating func explore() {
        var start = navigator.state
        start.freeSlots.removeAll()
        _ = discover(start, parent: -1, step: .back, kind: .user, from: nil)
        var head = 0
        while head < states.count, isComplete {
            expand(Int32(head), links: false)
            head += 1
        }
        navigableCount = states.count
        // Links from every state: those found so far open links only; new ones take every step.
        head = 0
        while head < states.count, isComplete {
            expand(Int32(head), links: true, onlyLinks: head < navigableCount)
            head += 1
        }
        pendingNodes.removeAll()
    }

    /// Nodes cut (growth, size) are not expanded.
    private var pendingNodes: Set<Int32> = []
    private var cut: [Bool] = []

    private mutating func expand(_ node: Int32, links: Bool, onlyLinks: Bool = false) {
        guard !cut[Int(node)] else { return }
        let state = states[Int(node)]
        guard let active = state.activeIDs else { return }
        let cost = 1 + state.entryCount + state.instances.count + state.layers.count
        if !onlyLinks {
            // Events: each distinct event a handler on the dispatch chain answers.
            var keys: [EventKey] = []
            for h in program.routes[Int(active.route)].handlers.range where !program.handlers[h].event.isResult {
                let event = program.handlers[h].event
                if event.name != navigator.backSymbol && !keys.contains(event) { keys.append(event) }
            }
            var instance = active.instance
            var hops = 0
            while instance >= 0, hops <= state.instances.count {
                let flow = Int(state.instances[Int(instance)].flow)
                for h in navigator.userFlowHandlerList[navigator.userFlowHandlers[flow].range] {
                    let event = program.handlers[Int(h)].event
                    if event.name != navigator.backSymbol && !keys.contains(event) { keys.append(event) }
                }
                instance = state.instances[Int(instance)].parent
                hops += 1
            }
            for event in keys {
                navigator.state = state
                guard let (h, _) = navigator.findHandler(event, from: active.instance, route: active.route) else { continue }
                let values = samples[Int(h)]
                take(node, state, cost, .send(h), kind: isSystemEvent[Int(h)] ? .system : .user) { (n: inout Navigator) throws(NavigationError) in
                    _ = try n.sendEvent(event, values)
                }
            }
            take(node, state, cost, .back, kind: .user) { (n: inout Navigator) throws(NavigationError) in
                _ = try n.back()
            }
            let top = state.layers.count - 1
            if state.layers[top].isTabContainer {
                for tab in program.tabs(of: state.instances[Int(state.layers[top].container)].flow) {
                    take(node, state, cost, .tab(tab), kind: .user) { (n: inout Navigator) throws(NavigationError) in
                        _ = try n.tapTab(tab)
                    }
                }
            }
            for symbol in guards {
                let value = !state.guards.contains(symbol)
                let name = program.name(symbol)
                let restart = onlyAssumes[Int(node)]
                take(node, state, cost, .assume(symbol, value), kind: .system) { (n: inout Navigator) throws(NavigationError) in
                    n.assume(name, value)
                    // An assume before any other step is in force when the app starts (DSL.md §7).
                    if restart { try n.reset() }
                }
            }
        }
        guard links else { return }
        for (l, url) in sampleURLs.enumerated() {
            take(node, state, cost, .open(Int32(l)), kind: .link) { (n: inout Navigator) throws(NavigationError) in
                _ = try n.open(url)
            }
        }
    }

    /// Takes one step from `node`; records what dispatch picked, what
    /// failed or was dropped, and the node reached.
    private mutating func take(_ node: Int32, _ state: NavigationState, _ cost: Int, _ step: PathStep, kind: StepKind,
                               _ body: (inout Navigator) throws(NavigationError) -> Void) {
        guard isComplete else { return }
        work += cost
        stepCount += 1
        if work > limits.maxWork {
            stop("the exploration's work limit (\(limits.maxWork) copied entries) was reached after \(states.count) states")
            return
        }
        navigator.state = state
        navigator.handlerLog.removeAll(keepingCapacity: true)
        navigator.droppedResultLog.removeAll(keepingCapacity: true)
        navigator.droppedOpenLinkLog.removeAll(keepingCapacity: true)
        navigator.runningAction = -1
        do throws(NavigationError) {
            try body(&navigator)
        } catch {
            guard let first = navigator.handlerLog.first else { return }
            let action = navigator.runningAction
            let blamed = action >= 0 ? actionOwner[Int(action)] : (navigator.handlerLog.last ?? first)
            for h in navigator.handlerLog where h != blamed { notePick(h, node) }
            notePick(blamed, node)
            let b = Int(blamed)
            failed[b] += 1
            if firstFailure[b] < 0 {
                firstFailure[b] = node
                failedAction[b] = action >= 0 && actionOwner[Int(action)] == blamed ? action : program.handlers[b].actions.lower
                failureReason[b] = error.description
            }
            return
        }
        for h in navigator.handlerLog { notePick(h, node) }
        for result in navigator.droppedResultLog where droppedResults[result] == nil {
            droppedResults[result] = (node, step, finishAction(sending: result))
        }
        for url in navigator.droppedOpenLinkLog {
            if let l = sampleURLs.firstIndex(of: url), droppedLinks[Int32(l)] == nil { droppedLinks[Int32(l)] = (node, step) }
        }
        var reached = navigator.state
        reached.freeSlots.removeAll()
        _ = discover(reached, parent: node, step: step, kind: kind, from: state)
    }

    private mutating func notePick(_ h: HandlerID, _ node: Int32) {
        picked[Int(h)] += 1
        if firstPick[Int(h)] < 0 { firstPick[Int(h)] = node }
    }

    /// The `finish` that sent `result`: among the handlers the step ran, else any of its flow.
    private func finishAction(sending result: EventKey) -> ActionID {
        for h in navigator.handlerLog.reversed() where program.handlers[Int(h)].flow == result.flow {
            for a in program.handlers[Int(h)].actions.range where program.actions[a].kind == .finish && program.actions[a].result == result.name {
                return ActionID(a)
            }
        }
        for (a, action) in program.actions.enumerated() where action.kind == .finish && action.result == result.name
            && program.handlers[Int(actionOwner[a])].flow == result.flow {
            return ActionID(a)
        }
        return -1
    }

    private mutating func stop(_ why: String) {
        isComplete = false
        limitHit = why
    }

    /// Records the edge `from` → the node of `state`, adding the node if new.
    private mutating func discover(_ state: NavigationState, parent: Int32, step: PathStep, kind: StepKind,
                                   from source: NavigationState?) -> Int32 {
        let screenEnd = encoder.encode(state, into: &key)
        let node: Int32
        var isNew = false
        if let known = index[key] {
            node = known
        } else {
            guard states.count < limits.maxStates else {
                stop("the exploration's limit of \(limits.maxStates) states was reached")
                return -1
            }
            isNew = true
            node = Int32(states.count)
            index[key] = node
            keyBytes += key.count * 4
            let screen = key[..<screenEnd]
            let screenID: Int32
            if let s = screens[screen] { screenID = s } else {
                screenID = Int32(screens.count)
                screens[screen] = screenID
            }
            states.append(state)
            parents.append(parent)
            stepsIn.append(step)
            screenClass.append(screenID)
            hasUserWayOut.append(false)
            onlyAssumes.append(parent < 0 || (onlyAssumes[Int(parent)] && step.isAssume))
            cut.append(false)
            // Instances expected to finish, and the active chain, by canonical number.
            let lower = Int32(finishingValues.count)
            for (c, slot) in encoder.order.enumerated() where state.instances[Int(slot)].isExpectedToFinish {
                finishingValues.append(Int32(c))
                finishingSlots.append(slot)
            }
            finishing.append(IndexRange(lower, Int32(finishingValues.count)))
            let chainLower = Int32(activeChainValues.count)
            if let active = state.activeIDs {
                for slot in state.ancestry(of: active.instance) { activeChainValues.append(encoder.canonical[Int(slot)]) }
            }
            activeChain.append(IndexRange(chainLower, Int32(activeChainValues.count)))
        }
        guard parent >= 0, let source else { return node }
        let targetCanonical = encoder.canonical
        if kind == .user && node != parent { hasUserWayOut[Int(parent)] = true }
        if kind != .link && !(kind == .system && !step.isAssume) {
            // The map of the source's instances expected to finish into the
            // target (the navigator reuses no slot while exploring).
            let lower = Int32(edgeMapValues.count)
            for i in finishing[Int(parent)].range {
                let slot = Int(finishingSlots[i])
                let alive = slot < state.instances.count && state.instances[slot].isRunning
                    && state.instances[slot].flow == source.instances[slot].flow
                edgeMapValues.append(alive ? targetCanonical[slot] : -1)
            }
            edgeFrom.append(parent)
            edgeTo.append(node)
            edgeMaps.append(IndexRange(lower, Int32(edgeMapValues.count)))
        }
        if isNew { checkGrowth(node) }
        return node
    }

    /// Cuts `node` when it repeats growth along its own path, or is too large.
    private mutating func checkGrowth(_ node: Int32) {
        let state = states[Int(node)]
        let size = state.entryCount + state.layers.count + state.instances.count
        if size > limits.maxStateSize {
            cut[Int(node)] = true
            oversized.append(node)
            return
        }
        var ancestor = parents[Int(node)]
        var hops = 0
        while ancestor >= 0, hops < 256 {
            if StateGraph.extends(state, states[Int(ancestor)]) {
                cut[Int(node)] = true
                growth.append((node, ancestor))
                return
            }
            ancestor = parents[Int(ancestor)]
            hops += 1
        }
    }

    /// Whether `grown` shows what `base` shows with more on top (a longer
    /// visible stack, more layers, more flows) and the same active screen,
    /// guards and pending URL: then the steps between apply again.
    static func extends(_ grown: NavigationState, _ base: NavigationState) -> Bool {
        guard grown.guards == base.guards, grown.pendingLink?.url == base.pendingLink?.url,
              let g = grown.activeEntry, let b = base.activeEntry, g.route == b.route, g.arguments == b.arguments,
              grown.layers.count >= base.layers.count,
              grown.entryCount + grown.layers.count > base.entryCount + base.layers.count else { return false }
        for l in base.layers.indices {
            let x = grown.layers[l], y = base.layers[l]
            guard x.kind == y.kind, x.stacks.count == y.stacks.count, x.selected == y.selected else { return false }
            for s in y.stacks.indices {
                let long = x.stacks[s], short = y.stacks[s]
                let isTop = l == base.layers.count - 1 && s == y.selected
                if isTop {
                    guard long.count >= short.count else { return false }
                } else if long.count != short.count {
                    return false
                }
                for e in short.indices where long[e].route != short[e].route || long[e].arguments != short[e].arguments {
                    return false
                }
            }
        }
        return true
    }
}
