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
/// again with each link's URL opened from every state, those with a URL
/// pending too: a URL of the pending one's class (`pendingClasses`) runs the
/// same gate actions again, a log-in cover over the log-in cover, and a user
/// can pile them up without bound (F205) unless the log-in is busy.
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
        /// Bytes of the states' keys at most (`keyBytes`): the work limit
        /// counts what runs copy, not what the graph keeps, and a program
        /// whose states are thousands of entries each would keep a gigabyte
        /// before its work ran out. The states themselves take about as much.
        public var maxKeyBytes: Int

        public init(maxStates: Int = 80_000, maxWork: Int = 64_000_000, maxStateSize: Int = 4_096, maxRunsPerStep: Int = 256,
                    maxKeyBytes: Int = 64 << 20) {
            self.maxStates = maxStates
            self.maxWork = maxWork
            self.maxStateSize = maxStateSize
            self.maxRunsPerStep = maxRunsPerStep
            self.maxKeyBytes = maxKeyBytes
        }

        /// `64 MiB` for a whole number of mebibytes, else `100 bytes`.
        package static func text(ofBytes bytes: Int) -> String {
            bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
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
    public internal(set) var states: [NavigationState] = []
    /// Each node's parent (-1 for a start) and the steps from it (for a
    /// start, the leading `assume` lines of its launch), in `pathSteps`.
    public internal(set) var parents: [Int32] = []
    public internal(set) var stepRanges: [IndexRange] = []
    public internal(set) var pathSteps: [PathStep] = []
    /// Whether some user step (not opening a URL, not a system event), under
    /// some guards, leads from the node to a different state.
    public internal(set) var hasUserWayOut: [Bool] = []
    /// Whether a `[system]` event that a handler of the active route itself
    /// answers (the route waits for the app) leads from the node to a
    /// different state, under some guards.
    public internal(set) var hasSystemWayOut: [Bool] = []
    /// The number of nodes found before links were opened.
    public internal(set) var navigableCount = 0
    /// Whether the search explored everything (no limit was hit).
    public internal(set) var isComplete = true
    /// Why it stopped early, for a note.
    public internal(set) var limitHit: String?
    /// Nodes not expanded because they repeat growth (F205): the node, the
    /// ancestor it extends.
    public internal(set) var growth: [(node: Int32, ancestor: Int32)] = []
    /// Per node: the action that put something on screen in the step its
    /// path takes into it, first in source order among the handlers that
    /// step ran (a result handler included), or -1.
    public internal(set) var shownBy: [ActionID] = []
    /// Per node: a link sample (`Program.linkSamples`) whose URL replaces, in the node's path, the last URL
    /// opened before the node's own steps (-1: none). The node was reached
    /// by opening, at the end of a step, another URL of the class of the
    /// one its parent's state holds pending (see `pendingClasses`).
    public internal(set) var substitutes: [Int32] = []
    /// Nodes not expanded because they exceed `maxStateSize`.
    public internal(set) var oversized: [Int32] = []
    /// Edges that stay inside the app (user steps: not `[system]` events nor
    /// links), for F204 and properties: from, to, the steps (in
    /// `pathSteps`), and for each instance of `from` expected to finish (in
    /// `finishing` order) its canonical number in `to`, or -1 when the step ended it.
    public internal(set) var edgeFrom: [Int32] = []
    public internal(set) var edgeTo: [Int32] = []
    public internal(set) var edgeSteps: [IndexRange] = []
    public internal(set) var edgeMaps: [IndexRange] = []
    public internal(set) var edgeMapValues: [Int32] = []
    /// For each node, the canonical numbers of its instances expected to
    /// finish, and the canonical number of each instance on its active chain.
    public internal(set) var finishing: [IndexRange] = []
    public internal(set) var finishingValues: [Int32] = []
    var finishingSlots: [Int32] = []
    public internal(set) var activeChain: [IndexRange] = []
    public internal(set) var activeChainValues: [Int32] = []
    /// Per handler: how often dispatch picked it and how often the step then
    /// failed because of one of its actions; the node of the first failure
    /// and the `assume` lines under which it failed there (in `pathSteps`).
    public internal(set) var picked: [Int32]
    public internal(set) var failed: [Int32]
    /// Per handler: the first node from which a step ran it, and the steps (-1: never).
    public internal(set) var firstRun: [(node: Int32, steps: IndexRange)]
    public internal(set) var firstFailure: [Int32]
    public internal(set) var failureSteps: [IndexRange]
    /// Per handler: the action the first failure blamed, and the engine's reason.
    public internal(set) var failedAction: [ActionID]
    public internal(set) var failureReason: [String?]
    /// Per finishing flow's result: the first node from which a step dropped
    /// it, the steps (in `pathSteps`), and the `finish` action that sent it.
    public internal(set) var droppedResults: [EventKey: (node: Int32, steps: IndexRange, finish: ActionID)] = [:]
    /// Per link (index in `Program.links`): the first node from which a step dropped a pending URL of it
    /// although the guard held, and the steps.
    public internal(set) var droppedLinks: [Int32: (node: Int32, steps: IndexRange, substitute: Int32)] = [:]
    /// Per `never` check (index in `Program.checks`): the first node from
    /// which a step showed its ref while its guard could hold, and the steps.
    public internal(set) var neverViolations: [Int: (node: Int32, steps: IndexRange)] = [:]
    /// Runs of steps taken (each a copy of a state run through the engine).
    public internal(set) var runCount = 0
    /// Bytes of canonical keys held.
    public internal(set) var keyBytes = 0

    /// The navigator that runs every step; nil only while a step runs (it
    /// is moved out then, so that a step does not copy it).
    var navigator: Navigator?
    /// A copy of the navigator at the start, for its dispatch tables.
    let tables: Navigator
    var encoder: StateEncoder
    /// The nodes' keys, numbered as the nodes.
    var index = KeyTable()
    var onlyAssumes: [Bool] = []
    /// Per node, its unseen tabs (`StateEncoder`), in `unseenValues`.
    var unseenRanges: [IndexRange] = []
    var unseenValues: [Int32] = []
    var cut: [Bool] = []
    /// Guards a `start` item reads: set before the start, they start the app elsewhere.
    let startGuards: Set<Symbol>
    let samples: [[Value]]
    let actionOwner: [HandlerID]
    /// The URLs a state opens (`Program.linkSamples`), and the link each was built from.
    let sampleURLs: [String]
    let sampleLinks: [Int32]
    /// Each sample URL matched once (nil: it matches no link, as F301-F304
    /// say), as the reference a pending URL keeps: one allocation per
    /// sample, not per run, and a run's closures capture one pointer.
    let sampleBoxes: [PendingLink.MatchedLink?]
    /// Gated links whose gate reads the same guard and runs the same actions
    /// form a class, and the links without a gate one more: while one of
    /// their URLs waits (for its guard, or held by a busy route), which one
    /// makes no difference until it opens. A state keys its pending URL's
    /// class, and a step that tries to open it runs again with each other
    /// URL of the class in its place (`mirror`). Per sample URL, its
    /// class's number; per class, its samples.
    let pendingClasses: [String: Int32]
    let classSamples: [[Int32]]
    /// Per sample URL, its class (nil: it matches no link).
    let sampleClasses: [Int32?]
    /// Events marked `[system]` (an event is one everywhere or nowhere, docs/language.md).
    let systemEvents: Set<Symbol>
    let neverChecks: [Int]
    var work = 0
    var key: [Int32] = []
    /// The runs of the step being taken from a state with a pending URL
    /// (`noteRun`): the guards each started with and those it read (in
    /// `stepReads`, each symbol's id doubled, plus one when set), and
    /// whether it tried to open the URL.
    var stepRuns: [(fixed: IndexRange, reads: IndexRange, tried: Bool)] = []
    var stepReads: [Int32] = []
    /// Whether a mirror's run that the step's own run shows does not try
    /// the pending URL is spared (`readsOfRunNotTrying`); tests turn it off.
    let sparesUntriedMirrors: Bool
    /// Runs of mirrors spared so (counted in `runCount` all the same, until
    /// a limit stops the search: this one goes on counting, a statistic).
    package internal(set) var sparedRuns = 0
    /// The points where steps tried a pending URL and were mirrored (`noteMirrored`).
    var mirroredTrials = KeyTable()
    let mirrorsEachTrialOnce: Bool

    /// Explores `program` from its entry's start. Throws what
    /// `Navigator.init` throws for a program the engine does not run.
    public init(program: Program, limits: Limits = Limits()) throws(NavigationError) {
        try self.init(program: program, limits: limits, mirrorsEachTrialOnce: true)
    }

    /// The same; with `mirrorsEachTrialOnce` false, every step that tries a
    /// pending URL is mirrored (see `noteMirrored`), a slower search that
    /// tests hold the shortcut to: the same graph, more runs. With
    /// `sparesUntriedMirrors` false, every run of a mirror runs.
    package init(program: Program, limits: Limits = Limits(), mirrorsEachTrialOnce: Bool,
                 sparesUntriedMirrors: Bool = true) throws(NavigationError) {
        self.program = program
        self.limits = limits
        self.mirrorsEachTrialOnce = mirrorsEachTrialOnce
        self.sparesUntriedMirrors = sparesUntriedMirrors
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
        sampleClasses = urls.map { [pendingClasses] url in pendingClasses[url] }
        encoder = StateEncoder(program: program, pendingClasses: pendingClasses,
                               matched: zip(urls, matches).compactMap { url, match in match.map { (url, $0.0) } })
        startGuards = Set(program.startItems.compactMap { $0.guardCondition?.name })
        samples = program.handlers.map { handler in
            program.parameters[handler.parameters.range].map { PathStep.sampleValue($0.type) }
        }
        var owner = [HandlerID](repeating: -1, count: program.actions.count)
        for (h, handler) in program.handlers.enumerated() { for a in handler.actions.range { owner[a] = HandlerID(h) } }
        actionOwner = owner
        sampleURLs = urls
        sampleLinks = linkSamples.map(\.link)
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
}
