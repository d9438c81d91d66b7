import FlowModel
import FlowRuntime

/// Runs the flow analyses of docs/diagnostics.md (F201–F209, F304, F305) over a
/// compiled program.
///
/// Each family of checks lives in its own file as an extension; they share
/// the flow tree, the placements and a few per-flow facts computed once
/// here. Every pass is linear in the size of the program (breadth-first
/// searches, Tarjan's algorithm with an explicit stack, worklists), so the
/// depth of the input never reaches the call stack.
package struct Analyzer {
    public let program: Program
    package let topology: FlowTopology
    /// The routes' placements: the graph checks read them; none after them
    /// (`releaseCheckFacts()`).
    package private(set) var placements: PlacementAnalysis
    /// Whether a flow has a flow-level handler for a user event.
    var hasFlowLevelUserHandler: [Bool]
    /// Whether some flow above a flow has a flow-level user handler.
    var ancestorHandlesUserEvents: [Bool]
    /// For each action, the handler whose chain holds it.
    let actionHandlers: [HandlerID]
    var diagnostics: [Diagnostic] = []
    /// For findings about a place the user can reach: the diagnostic's
    /// index and what its path must reach (`ReachingPaths.swift`).
    var pathGoals: [(diagnostic: Int, goal: PathGoal)] = []
    /// Why the findings come from the flow graph rather than the states
    /// (a limit of the exploration), or what the exploration left out.
    var explorationNote: String?
    /// How many states the exploration found (0: it did not run).
    var exploredStates = 0
    var exploredKeyBytes = 0
    /// Whether to keep a complete exploration's graph (`keptStateGraph`).
    var keepsStateGraph = false
    var keptStateGraph: StateGraph?

    /// What the analyses found: the findings in source order, and a note on
    /// how far the state exploration went.
    package struct Analysis: Sendable {
        public var diagnostics: [Diagnostic]
        /// Set when a limit stopped the exploration (the findings then come
        /// from the flow graph) or left states unexplored.
        package var note: String?
        /// The number of states explored.
        public var states: Int
        /// Bytes of the states' canonical keys, for `--timings` (bytes per state).
        package var stateKeyBytes: Int
        /// The complete state graph, when asked for (`keepsStateGraph`).
        package var stateGraph: StateGraph?
    }

    /// Analyzes `program` and returns its findings in source order.
    /// `checked` is called between the checks and the search for the paths
    /// of findings about reachable places (for `--timings`).
    package static func analyze(_ program: Program, checked: () -> Void = {}) -> [Diagnostic] {
        analysis(program, checked: checked).diagnostics
    }

    /// Analyzes `program`: the checks of the flow graph, then the state
    /// exploration, whose findings replace the graph's where it completes
    /// (`StateFindings.swift`); where it does not, the graph's findings get
    /// the paths of a place search and the note says why.
    /// With `exploresStates` false, only the flow graph's approximations run
    /// (what validate falls back to past the exploration's limits).
    /// `explorationWork`, when given and lower, replaces the work budget of
    /// `explorationLimits` (for tools that validate many programs).
    /// With `keepsStateGraph`, a complete exploration's graph is returned
    /// too (`flowctl diff` restores the old release's states with it).
    /// `parallelFrom`: the declarations from which the graph checks run on
    /// two threads (`Analyzer+Run.swift`).
    package static func analysis(_ program: Program, exploresStates: Bool = true, explorationWork: Int? = nil,
                                keepsStateGraph: Bool = false, parallelFrom: Int = Analyzer.defaultParallelFrom,
                                checked: () -> Void = {}) -> Analysis {
        var analyzer = program.declarationCount >= parallelFrom ? Analyzer.checkedOnTwoCores(program) : Analyzer.checked(program)
        analyzer.keepsStateGraph = keepsStateGraph
        checked()
        analyzer.releaseCheckFacts()
        if !exploresStates || !analyzer.applyStateGraph(maxWork: explorationWork) { analyzer.attachPaths() }
        analyzer.diagnostics.sort(by: Diagnostic.sourceOrder)
        return Analysis(diagnostics: analyzer.diagnostics, note: analyzer.explorationNote, states: analyzer.exploredStates,
                        stateKeyBytes: analyzer.exploredKeyBytes, stateGraph: analyzer.keptStateGraph)
    }

    /// Lets go of what only the graph checks read (the placements and their
    /// witnesses: 30 MB at a million routes), before the state exploration
    /// or the search for paths allocates.
    mutating func releaseCheckFacts() {
        placements = PlacementAnalysis()
    }

    package init(_ program: Program) {
        let topology = FlowTopology(program)
        self.init(program, topology, PlacementAnalysis(program, topology))
    }

    /// An analyzer of `program` with its flow tree and placements worked out already.
    init(_ program: Program, _ topology: FlowTopology, _ placements: PlacementAnalysis) {
        self.program = program
        self.topology = topology
        self.placements = placements
        hasFlowLevelUserHandler = program.flows.map { flow in
            program.handlers[flow.handlers.range].contains { !$0.event.isResult }
        }
        // The flows below one with such a handler (not that one, unless it is below another).
        var below = Worklist(count: program.flows.count)
        for f in program.flows.indices where hasFlowLevelUserHandler[f] {
            for edge in topology.children(of: FlowID(f)) { below.insert(edge.child) }
        }
        while let f = below.next() {
            for edge in topology.children(of: f) { below.insert(edge.child) }
        }
        ancestorHandlesUserEvents = below.visited
        var owners = [HandlerID](repeating: -1, count: program.actions.count)
        for (h, handler) in program.handlers.enumerated() {
            for a in handler.actions.range { owners[a] = HandlerID(h) }
        }
        actionHandlers = owners
    }

    /// Adds a finding; one about a place the user can reach names it in
    /// `reached`, and gets the shortest path there.
    mutating func report(_ code: DiagnosticCode, _ span: SourceSpan, _ message: String, notes: [DiagnosticNote] = [],
                         reached: PathGoal? = nil) {
        if let reached { pathGoals.append((diagnostics.count, reached)) }
        diagnostics.append(Diagnostic(code, at: span, message, notes: notes))
    }

    /// A name for a message (shortened when very long).
    func name(_ symbol: Symbol) -> String { Diagnostic.quoted(program.symbols[symbol]) }
    func flowName(_ flow: FlowID) -> String { name(program.flows[Int(flow)].name) }
    func routeName(_ route: RouteID) -> String { name(program.routes[Int(route)].name) }

    /// An action as it would be written: `push product`, `start Checkout as sheet`.
    func describe(_ action: Action) -> String { program.actionText(action) }

    /// Whether any handler the user can trigger at `route` exists: its own
    /// (result events excluded), its flow's flow-level ones, or an ancestor's.
    func userCanAct(at route: RouteID) -> Bool {
        let r = program.routes[Int(route)]
        if hasFlowLevelUserHandler[Int(r.flow)] || ancestorHandlesUserEvents[Int(r.flow)] { return true }
        // (v1) A handler whose only actions are `stay` and `assume` changes no
        // screen: no way out, except on an alert or a dialog, which it removes.
        let transient = !placements.placement(ofRoute: route).isDisjoint(with: [.alertRoot, .dialogRoot])
        return program.handlers[r.handlers.range].contains { !$0.event.isResult && (transient || !isOnlyStay($0)) }
    }

    /// Whether a handler's whole chain changes no screen (`stay`, `assume`).
    func isOnlyStay(_ handler: Handler) -> Bool {
        !handler.actions.isEmpty && program.actions[handler.actions.range].allSatisfy { $0.kind.staysPut }
    }
}
