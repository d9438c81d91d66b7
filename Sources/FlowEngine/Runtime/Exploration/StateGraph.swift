import FlowModel

/// The state graph of docs/diagnostics.md#findings-on-the-engines-states: the engine states reachable from the
/// entry's start, found by running the same `Navigator` that `simulate`
/// runs, breadth first, with parent pointers (so every state has a shortest
/// path of script steps that replays it).
///
/// From each state the search takes every *user step* — each event a
/// handler on the active route's dispatch chain could answer (sample values
/// for its parameters), the implicit back, each tab tap, and opening the
/// sample URL of each link — and the *system steps*: `[system]` events, and
/// the `assume` that lets a pending URL open. Guards are the app's facts,
/// free before every step: each step runs under every valuation of the
/// guards it reads (`GuardBranching`), its path setting them with `assume`
/// lines, so a state is its screen and its pending URL (`StateEncoder`),
/// and a program with many guards has no more states than screens. The
/// launch is a step too: each valuation of the guarded `start` items it
/// reads gives a start.
///
/// The search runs in two phases: without links first, so the states a user
/// reaches by navigating are known (`isNavigable`, what F305 asks), then
/// again with each link's URL opened from every state, but a URL of the
/// pending one's class (`pendingClasses`) while it waits: that one runs the
/// same gate actions again, a log-in cover over a log-in cover, piling up
/// combinations without telling anything new.
///
/// Growth is cut where it repeats: a new state whose screen extends one on
/// its own path (the same layers with more on top, a longer stack) with the
/// same active screen and pending URL, and that the same steps taken once
/// more grow again, is not expanded, and the steps between are an
/// unbounded cycle (F205). Limits on states, on the work of
/// copying them and on the outcomes of one step stop the search on programs
/// too large to explore (`isComplete` is then false).
public struct StateGraph: Sendable {
    /// How far the search may go.
    public struct Limits: Sendable {
        /// Nodes at most.
        public var maxStates: Int
        /// Work at most, summed over runs: a run costs `runCost` plus the
        /// screen entries, layers and instances it copies (about 16 ns
        /// each in a release build, a run's fixed part 4 µs).
        public var maxWork: Int
        /// The fixed work of a run, in copied entries.
        public static let runCost = 256
        /// The largest state (entries, layers and instances) expanded;
        /// larger ones are cut, with a note.
        public var maxStateSize: Int
        /// Outcomes of one step under the guards it reads, at most.
        public var maxRunsPerStep: Int

        public init(maxStates: Int = 80_000, maxWork: Int = 64_000_000, maxStateSize: Int = 4_096, maxRunsPerStep: Int = 256) {
            self.maxStates = maxStates
            self.maxWork = maxWork
            self.maxStateSize = maxStateSize
            self.maxRunsPerStep = maxRunsPerStep
        }
    }

    /// What kind of step an edge is.
    public enum StepKind: UInt8, Sendable {
        /// An event the user sends, `back`, or a tab tap.
        case user
        /// A `[system]` event, or an `assume` that lets a pending URL open.
        case system
        /// Opening a link's sample URL.
        case link
    }

    /// The program explored.
    public let program: Program
    public let limits: Limits
    /// The representative state of each node (the first run that reached it).
    public private(set) var states: [NavigationState] = []
    /// Each node's parent (-1 for a start) and the steps from it (for a
    /// start, the leading `assume` lines of its launch), in `pathSteps`.
    public private(set) var parents: [Int32] = []
    public private(set) var stepRanges: [IndexRange] = []
    public private(set) var pathSteps: [PathStep] = []
    /// Whether some user step (not opening a URL, not a system event), under
    /// some guards, leads from the node to a different state.
    public private(set) var hasUserWayOut: [Bool] = []
    /// The number of nodes found before links were opened.
    public private(set) var navigableCount = 0
    /// Whether the search explored everything (no limit was hit).
    public private(set) var isComplete = true
    /// Why it stopped early, for a note.
    public private(set) var limitHit: String?
    /// Nodes not expanded because they repeat growth (F205): the node, the
    /// ancestor it extends.
    public internal(set) var growth: [(node: Int32, ancestor: Int32)] = []
    /// Per node: the action that put something on screen in the step its
    /// path takes into it, first in source order among the handlers that
    /// step ran (a result handler included), or -1.
    public private(set) var shownBy: [ActionID] = []
    /// Per node: a link sample (`Program.linkSamples`) whose URL replaces, in the node's path, the last URL
    /// opened before the node's own steps (-1: none). The node was reached
    /// by opening, at the end of a step, another URL of the class of the
    /// one its parent's state holds pending (see `pendingClasses`).
    public private(set) var substitutes: [Int32] = []
    /// Nodes not expanded because they exceed `maxStateSize`.
    public internal(set) var oversized: [Int32] = []
    /// Edges that stay inside the app (user steps: not `[system]` events nor
    /// links), for F204 and properties: from, to, the steps (in
    /// `pathSteps`), and for each instance of `from` expected to finish (in
    /// `finishing` order) its canonical number in `to`, or -1 when the step ended it.
    public private(set) var edgeFrom: [Int32] = []
    public private(set) var edgeTo: [Int32] = []
    public private(set) var edgeSteps: [IndexRange] = []
    public private(set) var edgeMaps: [IndexRange] = []
    public private(set) var edgeMapValues: [Int32] = []
    /// For each node, the canonical numbers of its instances expected to
    /// finish, and the canonical number of each instance on its active chain.
    public private(set) var finishing: [IndexRange] = []
    public private(set) var finishingValues: [Int32] = []
    private var finishingSlots: [Int32] = []
    public private(set) var activeChain: [IndexRange] = []
    public private(set) var activeChainValues: [Int32] = []
    /// Per handler: how often dispatch picked it and how often the step then
    /// failed because of one of its actions; the node of the first failure
    /// and the `assume` lines under which it failed there (in `pathSteps`).
    public private(set) var picked: [Int32]
    public private(set) var failed: [Int32]
    /// Per handler: the first node from which a step ran it, and the steps (-1: never).
    public private(set) var firstRun: [(node: Int32, steps: IndexRange)]
    public private(set) var firstFailure: [Int32]
    public private(set) var failureSteps: [IndexRange]
    /// Per handler: the action the first failure blamed, and the engine's reason.
    public private(set) var failedAction: [ActionID]
    public private(set) var failureReason: [String?]
    /// Per finishing flow's result: the first node from which a step dropped
    /// it, the steps (in `pathSteps`), and the `finish` action that sent it.
    public private(set) var droppedResults: [EventKey: (node: Int32, steps: IndexRange, finish: ActionID)] = [:]
    /// Per link (index in `Program.links`): the first node from which a step dropped a pending URL of it
    /// although the guard held, and the steps.
    public private(set) var droppedLinks: [Int32: (node: Int32, steps: IndexRange, substitute: Int32)] = [:]
    /// Per `never` check (index in `Program.checks`): the first node from
    /// which a step showed its ref while its guard could hold, and the steps.
    public private(set) var neverViolations: [Int: (node: Int32, steps: IndexRange)] = [:]
    /// Runs of steps taken (each a copy of a state run through the engine).
    public private(set) var runCount = 0
    /// Bytes of canonical keys held.
    public private(set) var keyBytes = 0

    /// The navigator that runs every step; nil only while a step runs (it
    /// is moved out then, so that a step does not copy it).
    private var navigator: Navigator?
    /// A copy of the navigator at the start, for its dispatch tables.
    let tables: Navigator
    private var encoder: StateEncoder
    private var index: [StateKey: Int32] = [:]
    private var onlyAssumes: [Bool] = []
    /// Per node, its unseen tabs (`StateEncoder`), in `unseenValues`.
    var unseenRanges: [IndexRange] = []
    var unseenValues: [Int32] = []
    var cut: [Bool] = []
    /// Guards a `start` item reads: set before the start, they start the app elsewhere.
    private let startGuards: Set<Symbol>
    private let samples: [[Value]]
    private let actionOwner: [HandlerID]
    /// The URLs a state opens (`Program.linkSamples`), and the link each was built from.
    private let sampleURLs: [String]
    private let sampleLinks: [Int32]
    /// Each sample URL matched once (nil: it matches no link, as F301-F304 say).
    private let sampleMatches: [(Link, Navigator.LinkBinding)?]
    /// The same, as the reference a pending URL keeps (one allocation per link, not per run).
    private let sampleBoxes: [PendingLink.MatchedLink?]
    /// Gated links whose gate reads the same guard and runs the same actions
    /// form a class, and the links without a gate one more: while one of
    /// their URLs waits (for its guard, or held by a busy route), which one
    /// makes no difference until it opens. A state keys its pending URL's
    /// class, and a step that tries to open it runs again with each other
    /// URL of the class in its place (`mirror`). Per sample URL, its
    /// class's number; per class, its samples.
    private let pendingClasses: [String: Int32]
    private let classSamples: [[Int32]]
    /// Events marked `[system]` (an event is one everywhere or nowhere, docs/language.md).
    private let systemEvents: Set<Symbol>
    private let neverChecks: [Int]
    private var work = 0
    private var key: [Int32] = []

    /// Explores `program` from its entry's start. Throws what
    /// `Navigator.init` throws for a program the engine does not run.
    public init(program: Program, limits: Limits = Limits()) throws(NavigationError) {
        self.program = program
        self.limits = limits
        var runner = try Navigator(program: program)
        runner.recordsEffects = false
        runner.logsHandlers = true
        runner.reusesSlots = false
        runner.guardReads = GuardReadLog()
        navigator = runner
        tables = runner
        let linkSamples = program.linkSamples
        let urls = linkSamples.map(\.url)
        let matches = urls.map { url in try? runner.matchBinding(url) }
        (pendingClasses, classSamples) = StateGraph.classify(program, urls, matches)
        encoder = StateEncoder(program: program, pendingClasses: pendingClasses)
        startGuards = Set(program.startItems.compactMap { $0.guardCondition?.name })
        samples = program.handlers.map { handler in
            program.parameters[handler.parameters.range].map { PathStep.sampleValue($0.type) }
        }
        var owner = [HandlerID](repeating: -1, count: program.actions.count)
        for (h, handler) in program.handlers.enumerated() { for a in handler.actions.range { owner[a] = HandlerID(h) } }
        actionOwner = owner
        sampleURLs = urls
        sampleLinks = linkSamples.map(\.link)
        sampleMatches = matches
        sampleBoxes = matches.map { $0.map { PendingLink.MatchedLink($0.0, $0.1) } }
        systemEvents = Set(program.handlers.filter(\.isSystem).map(\.event.name))
        neverChecks = program.checks.indices.filter { program.checks[$0].kind == .never }
        picked = [Int32](repeating: 0, count: program.handlers.count)
        failed = picked
        firstRun = [(node: Int32, steps: IndexRange)](repeating: (-1, IndexRange(0, 0)), count: program.handlers.count)
        firstFailure = [Int32](repeating: -1, count: program.handlers.count)
        failureSteps = [IndexRange](repeating: IndexRange(0, 0), count: program.handlers.count)
        failedAction = [ActionID](repeating: -1, count: program.handlers.count)
        failureReason = [String?](repeating: nil, count: program.handlers.count)
        explore()
    }

    /// The number of nodes.
    public var count: Int { states.count }

    /// Whether a node was reached without opening a URL.
    public func isNavigable(_ node: Int32) -> Bool { Int(node) < navigableCount }

    /// The steps from the launch to `node`, in order (leading `assume`
    /// lines first: they are in force when the entry starts, docs/simulate.md).
    /// With `sample` (a run from the node's state with that sample URL
    /// pending instead, `Program.linkSamples`), the last URL opened on the
    /// way is that one.
    public func path(to node: Int32, substituting sample: Int32 = -1) -> [PathStep] {
        var chain: [Int32] = []
        var n = node
        while n >= 0 {
            chain.append(n)
            n = parents[Int(n)]
        }
        var steps: [PathStep] = []
        for n in chain.reversed() {
            if substitutes[Int(n)] >= 0 { StateGraph.substitute(substitutes[Int(n)], in: &steps) }
            steps.append(contentsOf: pathSteps[stepRanges[Int(n)].range])
        }
        if sample >= 0 { StateGraph.substitute(sample, in: &steps) }
        return steps
    }

    /// The steps of a range of `pathSteps`.
    public func steps(_ range: IndexRange) -> ArraySlice<PathStep> { pathSteps[range.range] }

    // MARK: - The search

    private mutating func explore() {
        // The launch: each valuation of the guarded starts it reads is a start.
        let empty = NavigationState()
        take(-1, empty, 1, nil, kind: .system) { (n: inout Navigator) throws(NavigationError) in try n.reset() }
        var head = 0
        while head < states.count, isComplete {
            expand(Int32(head), links: false)
            head += 1
        }
        navigableCount = states.count
        // Links from every state (but one of the pending URL's class: see above);
        // the states they lead to take every step.
        head = 0
        while head < states.count, isComplete {
            expand(Int32(head), links: true, onlyLinks: head < navigableCount)
            head += 1
        }
    }

    private mutating func expand(_ node: Int32, links: Bool, onlyLinks: Bool = false) {
        guard !cut[Int(node)] else { return }
        let state = states[Int(node)]
        guard let active = state.activeIDs else { return }
        let cost = Limits.runCost + state.entryCount + state.instances.count + state.layers.count
        if !onlyLinks {
            // Events: each distinct event a handler on the dispatch chain could answer.
            var keys: [EventKey] = []
            for h in program.routes[Int(active.route)].handlers.range where !program.handlers[h].event.isResult {
                let event = program.handlers[h].event
                if event.name != tables.backSymbol && !keys.contains(event) { keys.append(event) }
            }
            var instance = active.instance
            var hops = 0
            while instance >= 0, hops <= state.instances.count {
                let flow = Int(state.instances[Int(instance)].flow)
                for h in tables.userFlowHandlerList[tables.userFlowHandlers[flow].range] {
                    let event = program.handlers[Int(h)].event
                    if event.name != tables.backSymbol && !keys.contains(event) { keys.append(event) }
                }
                instance = state.instances[Int(instance)].parent
                hops += 1
            }
            for event in keys {
                take(node, state, cost, nil, kind: systemEvents.contains(event.name) ? .system : .user, event: event) { (n: inout Navigator) throws(NavigationError) in
                    guard let active = n.state.activeIDs,
                          let (h, _) = n.findHandler(event, from: active.instance, route: active.route) else {
                        throw .unhandled(event: n.program.name(event.name), route: n.activeRouteName)
                    }
                    _ = try n.sendEvent(event, n.program.parameters[n.program.handlers[Int(h)].parameters.range].map { PathStep.sampleValue($0.type) })
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
            // A pending URL: the app sets its link's guard (`assume` is a step).
            if let gate = state.pendingLink?.matched?.link.gate {
                let name = program.name(gate.name)
                take(node, state, cost, .assume(gate.name, !gate.negated), kind: .system) { (n: inout Navigator) throws(NavigationError) in
                    n.assume(name, !gate.negated)
                }
            }
        }
        guard links else { return }
        // Not a URL of the pending one's class: it would run the same gate actions again.
        let waiting = state.pendingLink.flatMap { pendingClasses[$0.url] }
        for (s, url) in sampleURLs.enumerated() {
            guard let matched = sampleMatches[s] else { continue }
            if let waiting, pendingClasses[url] == waiting { continue }
            take(node, state, cost, .open(Int32(s)), kind: .link) { (n: inout Navigator) throws(NavigationError) in
                _ = try n.open(url, matched: matched)
            }
        }
    }

    /// Takes one step from `node` (-1: the launch) under every valuation of
    /// the guards it reads; records what dispatch picked, what failed or was
    /// dropped, and each node reached. `step` is the script line (nil: the
    /// event `event`, written after the handler that answered, or the launch).
    private mutating func take(_ node: Int32, _ state: NavigationState, _ cost: Int, _ step: PathStep?, kind: StepKind,
                               event: EventKey? = nil, _ body: (inout Navigator) throws(NavigationError) -> Void) {
        guard isComplete else { return }
        // With a URL pending, setting its gate's guard is itself a step (the URL opens at its
        // end, docs/language.md#how-a-program-runs): the explicit `assume` step takes it, never a silent change before
        // another, and that step, which sets it, runs once.
        var holding: [Symbol] = []
        // (A URL held by a busy route waits for no guard: its gate's guard stays free.)
        if let pending = state.pendingLink, !pending.isHeld, let gate = pending.matched?.link.gate { holding.append(gate.name) }
        // Moved out (not copied: a navigator holds the program's tables) while the step runs.
        var nav: Navigator?
        swap(&nav, &navigator)
        guard nav != nil else { return }
        // A run: the logs a step appends to, cleared; then the step.
        func run(_ n: inout Navigator) throws(NavigationError) {
            n.handlerLog.removeAll(keepingCapacity: true)
            n.droppedResultLog.removeAll(keepingCapacity: true)
            n.droppedOpenLinkLog.removeAll(keepingCapacity: true)
            n.runningAction = -1
            n.triedPendingLink = false
            try body(&n)
        }
        var tried = false
        var complete = GuardBranching.forEachRun(&nav!, from: state, holding: holding, maxRuns: limits.maxRunsPerStep, run, { (n: inout Navigator, failure: NavigationError?, valuation: GuardBranching.Assignment) in
            if n.triedPendingLink { tried = true }
            record(node, state, cost, step, kind: kind, n, failure, valuation)
        })
        // The pending URL's guard held at the end of some run: the same step with each other URL of its class pending.
        if tried, let pending = state.pendingLink, let c = pendingClasses[pending.url] {
            for m in classSamples[Int(c)] where sampleURLs[Int(m)] != pending.url {
                var mirrored = state
                var other = PendingLink(url: sampleURLs[Int(m)], shown: pending.shown, isHeld: pending.isHeld)
                other.matched = sampleBoxes[Int(m)]
                mirrored.pendingLink = other
                complete = GuardBranching.forEachRun(&nav!, from: mirrored, holding: holding, maxRuns: limits.maxRunsPerStep, run, { (n: inout Navigator, failure: NavigationError?, valuation: GuardBranching.Assignment) in
                    record(node, mirrored, cost, step, kind: kind, n, failure, valuation, mirror: m)
                }) && complete
            }
        }
        swap(&nav, &navigator)
        if !complete {
            stop("a step has more than \(limits.maxRunsPerStep) outcomes under the guards it reads")
        }
    }

    /// Records one run of a step (see `take`). With `mirror`, the run is
    /// from the node's state with that link's URL pending instead: only a
    /// run that tried to open it is new (the others are the node's own),
    /// and what it reaches keeps the link for its path.
    private mutating func record(_ node: Int32, _ state: NavigationState, _ cost: Int, _ step: PathStep?, kind: StepKind,
                                 _ n: Navigator, _ failure: NavigationError?, _ valuation: GuardBranching.Assignment,
                                 mirror: Int32 = -1) {
        guard isComplete else { return }
        work += cost
        runCount += 1
        if work > limits.maxWork {
            stop("the exploration's work limit was reached after \(states.count) states (\(runCount) runs)")
            return
        }
        if mirror >= 0 {
            guard failure == nil, n.triedPendingLink else { return }
            recordMirrored(node, state, step, n, valuation, mirror)
            return
        }
        let range = appendLines(node, state, step, n, valuation)
        if let failure {
            pathSteps.removeSubrange(Int(range.lower)...)
            guard node >= 0, let first = n.handlerLog.first else { return }
            let action = n.runningAction
            let blamed = action >= 0 ? actionOwner[Int(action)] : (n.handlerLog.last ?? first)
            for h in n.handlerLog { picked[Int(h)] += 1 }
            let b = Int(blamed)
            failed[b] += 1
            if firstFailure[b] < 0 {
                firstFailure[b] = node
                let assumeLower = Int32(pathSteps.count)
                let changes = StateGraph.assumeLines(valuation, from: state, before: step)
                if onlyAssumes[Int(node)], changes.contains(where: { startGuards.contains($0.symbol) }), let active = state.activeIDs {
                    pathSteps.append(.expectTop(active.route))
                }
                for (symbol, value) in changes { pathSteps.append(.assume(symbol, value)) }
                failureSteps[b] = IndexRange(assumeLower, Int32(pathSteps.count))
                failedAction[b] = action >= 0 && actionOwner[Int(action)] == blamed ? action : program.handlers[b].actions.lower
                failureReason[b] = failure.description
            }
            return
        }
        for h in n.handlerLog {
            picked[Int(h)] += 1
            if node >= 0, firstRun[Int(h)].node < 0 { firstRun[Int(h)] = (node, range) }
        }
        if node >= 0 {
            for result in n.droppedResultLog where droppedResults[result] == nil {
                droppedResults[result] = (node, range, finishAction(sending: result, n.handlerLog))
            }
            recordDroppedLinks(node, range, n, substitute: -1)
        }
        var reached = n.state
        reached.freeSlots.removeAll()
        let target = discover(reached, parent: node, steps: range, kind: kind, from: state, shownBy: showingAction(n.handlerLog),
                              unseen: unseenTabs(reached, from: state, node))
        if target >= 0, target != node { checkNever(node, range, reached, valuation) }
    }

    /// The first action in source order, among those of the handlers in
    /// `log`, that puts something on screen (-1: none).
    private func showingAction(_ log: [HandlerID]) -> ActionID {
        var found: ActionID = -1
        for h in log {
            for a in program.handlers[Int(h)].actions.range where StateGraph.shows(program.actions[a].kind) {
                if found < 0 || program.actions[a].span.start < program.actions[Int(found)].span.start { found = ActionID(a) }
                break
            }
        }
        return found
    }

    /// Appends a run's script lines to `pathSteps` and returns their range:
    /// the guards it needs, then the step (the launch: its leading `assume`
    /// lines).
    private mutating func appendLines(_ node: Int32, _ state: NavigationState, _ step: PathStep?, _ n: Navigator,
                                      _ valuation: GuardBranching.Assignment) -> IndexRange {
        let lower = Int32(pathSteps.count)
        if node < 0 {
            for (symbol, value) in valuation where value { pathSteps.append(.assume(symbol, true)) }
        } else {
            let changes = StateGraph.assumeLines(valuation, from: state, before: step)
            // Leading assumes choose the start: after the start, an `expect top` comes first.
            if onlyAssumes[Int(node)], changes.contains(where: { startGuards.contains($0.symbol) }), let active = state.activeIDs {
                pathSteps.append(.expectTop(active.route))
            }
            for (symbol, value) in changes { pathSteps.append(.assume(symbol, value)) }
            if let step {
                pathSteps.append(step)
            } else if let first = n.handlerLog.first {
                pathSteps.append(.send(first))
            }
        }
        return IndexRange(lower, Int32(pathSteps.count))
    }

    /// The first drop of each pending URL that could not open (F306), with
    /// the URL its path opens in place of the last (`substitute`, or -1).
    private mutating func recordDroppedLinks(_ node: Int32, _ range: IndexRange, _ n: Navigator, substitute: Int32) {
        for url in n.droppedOpenLinkLog {
            if let s = sampleURLs.firstIndex(of: url), droppedLinks[sampleLinks[s]] == nil { droppedLinks[sampleLinks[s]] = (node, range, substitute) }
        }
    }

    /// The `assume` lines a run's path needs before its step: the guards it
    /// read with another value than `state` has, but the one the step
    /// itself assumes (read after the step set it).
    private static func assumeLines(_ valuation: GuardBranching.Assignment, from state: NavigationState,
                                    before step: PathStep?) -> GuardBranching.Assignment {
        var assumed: Symbol?
        if case .assume(let symbol, _) = step { assumed = symbol }
        return valuation.filter { state.guards.contains($0.symbol) != $0.value && $0.symbol != assumed }
    }

    /// A run of a mirrored state (see `record`) that tried to open the
    /// pending URL: the steps, a URL dropped, the state reached.
    private mutating func recordMirrored(_ node: Int32, _ state: NavigationState, _ step: PathStep?,
                                         _ n: Navigator, _ valuation: GuardBranching.Assignment, _ mirror: Int32) {
        let range = appendLines(node, state, step, n, valuation)
        recordDroppedLinks(node, range, n, substitute: mirror)
        var reached = n.state
        reached.freeSlots.removeAll()
        let target = discover(reached, parent: node, steps: range, kind: .system, from: state, shownBy: showingAction(n.handlerLog),
                              substitute: mirror, unseen: unseenTabs(reached, from: state, node))
        if target >= 0, target != node, substitutes[Int(target)] == mirror, parents[Int(target)] == node {
            checkNever(target, IndexRange(Int32(pathSteps.count), Int32(pathSteps.count)), reached, valuation)
        }
    }

    /// `never ref when g` (docs/language.md#properties-check-v2): a step that shows ref while g can
    /// hold (read with that value, or not read at all: the app may set it).
    private mutating func checkNever(_ node: Int32, _ steps: IndexRange, _ reached: NavigationState, _ valuation: GuardBranching.Assignment) {
        guard let active = reached.activeIDs else { return }
        for c in neverChecks where neverViolations[c] == nil {
            let check = program.checks[c]
            let shows = check.route >= 0 ? active.route == check.route : program.routes[Int(active.route)].flow == check.flow
            guard shows else { continue }
            // A guard the step read has its value after the step (an `assume` step sets it).
            if let condition = check.guardCondition, valuation.contains(where: { $0.symbol == condition.name }),
               reached.guards.contains(condition.name) == condition.negated { continue }
            neverViolations[c] = (node, steps)
        }
    }

    /// The `finish` that sent `result`: among the handlers the step ran, else any of its flow.
    private func finishAction(sending result: EventKey, _ log: [HandlerID]) -> ActionID {
        for h in log.reversed() where program.handlers[Int(h)].flow == result.flow {
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

    /// Records the edge `parent` → the node of `state`, adding the node if new.
    private mutating func discover(_ state: NavigationState, parent: Int32, steps: IndexRange, kind: StepKind,
                                   from source: NavigationState, shownBy action: ActionID = -1, substitute: Int32 = -1,
                                   unseen: [Int32] = []) -> Int32 {
        encoder.encode(state, unseen: unseen, into: &key)
        let node: Int32
        var isNew = false
        let stateKey = StateKey(key)
        if let known = index[stateKey] {
            node = known
        } else {
            guard states.count < limits.maxStates else {
                stop("the exploration's limit of \(limits.maxStates) states was reached")
                return -1
            }
            isNew = true
            node = Int32(states.count)
            index[stateKey] = node
            keyBytes += key.count * 4
            states.append(state)
            parents.append(parent)
            stepRanges.append(steps)
            shownBy.append(action)
            substitutes.append(substitute)
            unseenRanges.append(IndexRange(Int32(unseenValues.count), Int32(unseenValues.count + unseen.count)))
            unseenValues.append(contentsOf: unseen)
            hasUserWayOut.append(false)
            onlyAssumes.append(parent < 0 || (onlyAssumes[Int(parent)] && pathSteps[steps.range].allSatisfy(\.isAssume)))
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
        guard parent >= 0 else { return node }
        if kind == .user {
            if node != parent { hasUserWayOut[Int(parent)] = true }
            // The map of the source's instances expected to finish into the
            // target (the navigator reuses no slot while exploring).
            let targetCanonical = encoder.canonical
            let lower = Int32(edgeMapValues.count)
            for i in finishing[Int(parent)].range {
                let slot = Int(finishingSlots[i])
                let alive = slot < state.instances.count && state.instances[slot].isRunning
                    && state.instances[slot].flow == source.instances[slot].flow
                // -1: the step ended it; -2: it runs in a tab the key leaves out.
                edgeMapValues.append(alive ? (targetCanonical[slot] >= 0 ? targetCanonical[slot] : -2) : -1)
            }
            edgeFrom.append(parent)
            edgeTo.append(node)
            edgeSteps.append(steps)
            edgeMaps.append(IndexRange(lower, Int32(edgeMapValues.count)))
        }
        if isNew { checkGrowth(node) }
        return node
    }
}
