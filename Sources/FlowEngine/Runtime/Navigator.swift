import FlowModel

/// Runs a compiled program exactly as its coordinators would (docs/language.md#how-a-program-runs).
///
/// The navigator owns a `NavigationState` and changes it only through
/// `send`, `back`, `open` and `assume`. Each step is atomic: it succeeds
/// and returns its effects, or throws a `NavigationError` and leaves the
/// state exactly as it was. Handlers whose single action can be checked
/// before it runs change the state in place; every other step works on a
/// copy that replaces the state only on success.
///
/// The program is immutable and shared; a navigator is a value, `Sendable`,
/// with no global state, so many can run side by side.
public struct Navigator: Sendable {
    public let program: Program
    public package(set) var state = NavigationState()
    let topology: FlowTopology
    /// Parent→Child flow pairs of the program's flow tree, with the ways the
    /// parent starts the child (see `startModes`).
    let childModes: ChildModeTable
    package let backSymbol: Symbol
    let cancelSymbol: Symbol
    /// For each symbol id: whether more than one flow has a route of that name.
    let ambiguousRouteName: [Bool]
    /// For each flow: whether starting it cannot fail (its start chain ends
    /// at a route without parameters, with no tab container on the way).
    let startsSimply: [Bool]
    /// For each flow: whether one of its handlers is scoped (`on E from F`,
    /// v2); dispatch at its level then looks at the scopes.
    let hasScopedHandlers: [Bool]
    /// The links by scheme, number of segments and literal host, for `open`.
    let linkIndex: LinkIndex
    /// For each flow, its flow-level handlers of user events (not results),
    /// as ranges into `userFlowHandlerList`: what `availableEvents` and the
    /// random walk offer at every level above the active route.
    package let userFlowHandlers: [IndexRange]
    package let userFlowHandlerList: [HandlerID]
    /// For each route: whether it has a `back` handler of its own (then it
    /// has no implicit back).
    package let hasOwnBack: [Bool]
    /// For each handler, the route a random walk may push directly, or -1
    /// (see `Navigator+DirectSteps.swift`). Empty until a walk with direct
    /// steps asks for them (`prepareDirectSteps()`): nothing else reads them.
    package internal(set) var directPushTarget: [RouteID] = []
    /// For each handler: whether an argument of its actions names a
    /// parameter of its route (then firing it reads the active entry's).
    let readsRouteValues: [Bool]
    /// Whether steps record their effects (a random walk turns this off).
    public var recordsEffects = true
    /// Whether steps append the handlers they run to `handlerLog` (what
    /// `flowctl cover` and the explorer count; off by default).
    public var logsHandlers = false
    /// The handlers that ran, in order, while `logsHandlers` is on: the one
    /// an event or `back` reached, then each result handler a `finish`
    /// delivered to. Steps only append, and a rejected step may have
    /// appended too: the caller clears it before a step and reads it after
    /// one that succeeded.
    public var handlerLog: [HandlerID] = []
    /// While `logsHandlers` is on: the action the last step was running
    /// (its last, when the step failed after its actions: an emptied tab or
    /// base); -1 before any. What the state exploration blames a refused
    /// step on (F208, F210). The caller resets it before a step.
    public var runningAction: ActionID = -1
    /// While `logsHandlers` is on: each result that finished a flow and that
    /// no handler received (`cancel` aside), in order. The caller clears it.
    public var droppedResultLog: [EventKey] = []
    /// While `logsHandlers` is on: each pending URL dropped although its
    /// guard held (it could no longer open where the user was). The caller clears it.
    public var droppedOpenLinkLog: [String] = []
    /// While `logsHandlers` is on: whether a step's end tried to open the
    /// pending URL (its guard held), opened or dropped: the only point where
    /// which URL of a class (`StateGraph`) waits makes a difference. (A held
    /// URL whose gate is closed runs its own link's gate handler, but the
    /// links of a class run the same actions.) The caller resets it.
    package var triedPendingLink = false
    /// While `logsHandlers` is on, when `triedPendingLink` is set: the
    /// state at that moment (the pending URL taken out) and how many guard
    /// reads (`guardReads`) and writes came before. From there on only the
    /// URL decides what the step does: the state exploration mirrors the
    /// step for the other URLs of its class once per such point. The
    /// caller resets it.
    package var pendingLinkTrial: PendingLinkTrial?
    /// While set, every guard a step reads (dispatch, a `start` item, a
    /// link's gate) is appended to it with the value read: what the state
    /// exploration branches on. Nil (no cost) otherwise.
    public var guardReads: GuardReadLog?
    /// Whether a new flow instance may take the slot of one that ended
    /// (off while exploring states: an instance's slot is then its identity
    /// for the whole step).
    public var reusesSlots = true
    var effects: [NavigationEffect] = []
    /// The identity the next new entry or layer gets (`stampIdentities`).
    var nextIdentity: UInt32 = 1
    var needsCollection = false
    /// Whether the last step ran on a copy (it may have changed the flow tree).
    public internal(set) var lastStepChangedFlows = false

    /// A navigator at the entry flow's start, with the guards `assuming`
    /// set before it starts (they choose among guarded `start` items; names
    /// the program does not use are ignored). Throws `invalidProgram` for a
    /// program with F0xx or F1xx errors (`Program.runBlockers`) or without
    /// an entry; runs one whose findings are F2xx or F3xx (docs/language.md#how-a-program-runs "What
    /// runs"). Throws if its start cannot be shown.
    public init(program: Program, assuming guards: [String] = []) throws(NavigationError) {
        try self.init(program: program, topology: nil, assuming: guards)
    }

    /// With the program's flow tree, when the caller has it already (the
    /// checks do: a large program's takes a pass over all its handlers).
    package init(program: Program, topology: FlowTopology?, assuming guards: [String] = []) throws(NavigationError) {
        // Before anything reads the program: one with F0xx or F1xx errors may hold unresolved ids.
        if let first = program.runBlockers.first {
            let count = program.runBlockers.count
            throw .invalidProgram(count == 1
                ? "it has 1 error of the F0xx/F1xx families: \(first.message) [\(first.code.rawValue)] (flowctl validate shows where)"
                : "it has \(count) errors of the F0xx/F1xx families, the first: \(first.message) [\(first.code.rawValue)] (flowctl validate shows them all)")
        }
        guard program.entry >= 0 else { throw .invalidProgram("it has no entry flow (a library)") }
        self.program = program
        self.topology = topology ?? FlowTopology(program)
        childModes = ChildModeTable(self.topology)
        backSymbol = program.symbols.lookup("back") ?? Symbol(-1)
        cancelSymbol = program.symbols.lookup("cancel") ?? Symbol(-1)
        ambiguousRouteName = Navigator.ambiguousRouteNames(program)
        startsSimply = Navigator.startsSimply(program)
        linkIndex = LinkIndex(program.links)
        (hasScopedHandlers, userFlowHandlers, userFlowHandlerList) = Navigator.flowHandlerTables(program)
        hasOwnBack = Navigator.routesWithOwnBack(program, back: backSymbol)
        readsRouteValues = Navigator.handlersReadingRouteValues(program)
        for name in guards { if let symbol = program.symbols.lookup(name) { state.guards.insert(symbol) } }
        try reset()
    }

    /// Returns to the entry flow's start; guards keep their values.
    public mutating func reset() throws(NavigationError) {
        let guards = state.guards
        state = NavigationState()
        state.guards = guards
        let root = newInstance(program.entry, parent: -1)
        switch try instantiate(program.entry, as: root) {
        case .entry(let entry): state.layers = [Layer(kind: .base, stack: [entry])]
        case .tabs(let container, let stacks): state.layers = [Layer(kind: .base, container: container, tabs: stacks)]
        }
        effects.removeAll()
        stampIdentities()
    }

    // MARK: - Names

    /// The active route as `expect top` names it.
    public var activeRouteName: String {
        guard let active = state.activeEntry else { return "(no screen)" }
        return displayName(active.route)
    }

    /// A route's name, qualified as `Flow.route` when another flow has a route of that name.
    public func displayName(_ route: RouteID) -> String {
        let r = program.routes[Int(route)]
        return ambiguousRouteName[Int(r.name.id)] ? program.qualifiedName(route) : program.name(r.name)
    }

    mutating func emit(_ effect: @autoclosure () -> NavigationEffect) {
        if recordsEffects { effects.append(effect()) }
    }
}

/// Where a step tried to open its pending URL (`Navigator.pendingLinkTrial`).
/// A reference: a navigator is copied often, and it holds one only while exploring.
package final class PendingLinkTrial: Sendable {
    /// The state then, without the pending URL.
    package let state: NavigationState
    /// The guard reads and the `assume` writes of the step before then.
    package let reads: Int
    package let writes: Int

    package init(state: NavigationState, reads: Int, writes: Int) {
        self.state = state
        self.reads = reads
        self.writes = writes
    }
}

/// The guards a navigator's steps read, in order, with the values read
/// (`Navigator.guardReads`). A reference, so that the non-mutating parts of
/// a step (dispatch) can record into it; one navigator uses it at a time.
///
/// Its lists are never accessed while another access to them is under way
/// (each read or write is one call), so exclusivity is not checked at run
/// time: a step checks its log a few times, and the checks were 1.5% of
/// exploring wayfarer.
public final class GuardReadLog: @unchecked Sendable {
    @exclusivity(unchecked) public var symbols: [Symbol] = []
    @exclusivity(unchecked) public var values: [Bool] = []
    /// Guards an `assume` action of the step has set or cleared: reading
    /// one of them afterwards reads the step's own value, not the app's, so
    /// it is no branch.
    @exclusivity(unchecked) public var written: [Symbol] = []

    public init() {}

    public func removeAll() {
        // Most steps read no guard: an empty list is left alone (emptying one costs a call).
        if !symbols.isEmpty { symbols.removeAll(keepingCapacity: true) }
        if !values.isEmpty { values.removeAll(keepingCapacity: true) }
        if !written.isEmpty { written.removeAll(keepingCapacity: true) }
    }
}

extension Navigator {
    /// Whether `symbol` is set, recorded in `guardReads` when it is on.
    @inline(__always)
    func guardIsSet(_ symbol: Symbol) -> Bool {
        let value = state.guards.contains(symbol)
        if let log = guardReads, !log.written.contains(symbol) {
            log.symbols.append(symbol)
            log.values.append(value)
        }
        return value
    }
}
