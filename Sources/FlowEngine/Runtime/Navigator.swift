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
    let childModes: [UInt64: UInt8]
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
    /// (see `Navigator+DirectSteps.swift`).
    package let directPushTarget: [RouteID]
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
    /// which URL waits makes a difference. The caller resets it.
    package var triedPendingLink = false
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
        // Before anything reads the program: one with F0xx or F1xx errors may hold unresolved ids.
        if let first = program.runBlockers.first {
            let count = program.runBlockers.count
            throw .invalidProgram(count == 1
                ? "it has 1 error of the F0xx/F1xx families: \(first.message) [\(first.code.rawValue)] (flowctl validate shows where)"
                : "it has \(count) errors of the F0xx/F1xx families, the first: \(first.message) [\(first.code.rawValue)] (flowctl validate shows them all)")
        }
        guard program.entry >= 0 else { throw .invalidProgram("it has no entry flow (a library)") }
        self.program = program
        topology = FlowTopology(program)
        childModes = Navigator.childModes(topology)
        backSymbol = program.symbols.lookup("back") ?? Symbol(-1)
        cancelSymbol = program.symbols.lookup("cancel") ?? Symbol(-1)
        var ambiguous = [Bool](repeating: false, count: program.symbols.count)
        var owner = [FlowID](repeating: -1, count: program.symbols.count)
        for route in program.routes {
            let s = Int(route.name.id)
            if owner[s] >= 0 && owner[s] != route.flow { ambiguous[s] = true }
            owner[s] = route.flow
        }
        ambiguousRouteName = ambiguous
        startsSimply = Navigator.startsSimply(program)
        hasScopedHandlers = program.flows.map { flow in program.handlers[flow.handlers.range].contains { $0.scope >= 0 } }
        linkIndex = LinkIndex(program.links)
        var ranges: [IndexRange] = []
        var list: [HandlerID] = []
        for flow in program.flows {
            let lower = Int32(list.count)
            for h in flow.handlers.range where !program.handlers[h].event.isResult { list.append(HandlerID(h)) }
            ranges.append(IndexRange(lower, Int32(list.count)))
        }
        userFlowHandlers = ranges
        userFlowHandlerList = list
        let back = backSymbol
        hasOwnBack = program.routes.map { route in
            program.handlers[route.handlers.range].contains { !$0.event.isResult && $0.event.name == back }
        }
        directPushTarget = Navigator.directPushTargets(program)
        readsRouteValues = program.handlers.map { handler in
            func readsRoute(_ list: IndexRange) -> Bool {
                program.arguments[list.range].contains { if case .routeParameter = $0.source { true } else { false } }
            }
            return handler.route >= 0 && program.actions[handler.actions.range].contains { action in
                readsRoute(action.arguments) || program.targets[action.targets.range].contains { readsRoute($0.arguments) }
            }
        }
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

    // MARK: - Steps

    /// Sends a user event with named arguments.
    @discardableResult
    public mutating func send(_ event: String, arguments: [String: Value] = [:]) throws(NavigationError) -> [NavigationEffect] {
        defer { if recordsEffects { stampIdentities() } }
        guard let symbol = program.symbols.lookup(event), let active = state.activeEntry else {
            throw .unhandled(event: event, route: activeRouteName)
        }
        if symbol == backSymbol && arguments.isEmpty { return try back() }
        guard let (handler, instance) = findHandler(EventKey(name: symbol), from: active.instance, route: active.route) else {
            throw .unhandled(event: event, route: activeRouteName)
        }
        let values = try eventArguments(handler, arguments, event: event)
        return try fire(handler, instance, values, event: event)
    }

    /// Sends an event whose arguments are already in parameter order (the
    /// random walk's path: no names, no dictionary).
    package mutating func sendEvent(_ key: EventKey, _ values: [Value]) throws(NavigationError) -> [NavigationEffect] {
        defer { if recordsEffects { stampIdentities() } }
        guard let active = state.activeIDs,
              let (handler, instance) = findHandler(key, from: active.instance, route: active.route) else {
            throw .unhandled(event: program.name(key.name), route: activeRouteName)
        }
        let parameters = program.handlers[Int(handler)].parameters
        var fits = parameters.count == values.count
        var p = Int(parameters.lower)
        for value in values where fits {
            fits = program.parameters[p].type == value.type
            p += 1
        }
        guard fits else {
            let types = program.parameters[parameters.range].map(\.type.rawValue)
            throw .badArgument(event: program.name(key.name), problem: "the handler that answers takes (\(types.joined(separator: ", ")))")
        }
        return try fire(handler, instance, values, event: program.name(key.name))
    }

    /// Runs a found handler as one step: in place when its single action is
    /// checked before it changes anything (a push, sheet, cover, replace,
    /// pop or dismiss, or a start that cannot fail), on a copy of the state
    /// otherwise.
    mutating func fire(_ handler: HandlerID, _ instance: Int32, _ eventValues: [Value], event: String) throws(NavigationError) -> [NavigationEffect] {
        let actions = program.handlers[Int(handler)].actions
        let values = HandlerValues(event: eventValues, route: routeValues(handler))
        // (v1) An alert or a dialog on top: its button was tapped, so the
        // layer goes first and the chain runs on the layer below, as one
        // step (if the chain fails, the alert stays).
        if topIsTransient {
            return try step(event) { (navigator: inout Navigator) throws(NavigationError) in
                navigator.removeTransientLayer()
                try navigator.run(handler, instance, values, event: event)
            }
        }
        if actions.count == 1 {
            let action = program.actions[Int(actions.lower)]
            switch action.kind {
            case .push, .sheet, .cover, .alert, .dialog, .popover, .replace, .pop, .popTo, .popToRoot, .dismiss, .start, .stay:
                if action.kind == .start && !(startsSimply[Int(action.flow)] && action.mode != .root) { break }
                if logsHandlers {
                    handlerLog.append(handler)
                    runningAction = actions.lower
                }
                lastStepChangedFlows = false
                effects.removeAll(keepingCapacity: true)
                _ = try perform(action, for: instance, values: values, event: event)
                if needsCollection {
                    lastStepChangedFlows = true
                    endUnusedInstances()
                }
                if state.pendingLink != nil { settlePendingLink() }
                return effects
            default:
                break
            }
        }
        return try step(event) { (navigator: inout Navigator) throws(NavigationError) in
            try navigator.run(handler, instance, values, event: event)
        }
    }

    /// The system back button or a sheet's swipe-down (docs/language.md#how-a-program-runs).
    @discardableResult
    public mutating func back() throws(NavigationError) -> [NavigationEffect] {
        defer { if recordsEffects { stampIdentities() } }
        guard let active = state.activeEntry else { throw .unhandled(event: "back", route: activeRouteName) }
        // A route with a back handler of its own (guarded or not) has no
        // implicit back: `back` is dispatched like any event.
        if hasOwnBack[Int(active.route)] {
            guard let (handler, instance) = findHandler(EventKey(name: backSymbol), from: active.instance, route: active.route) else {
                throw .noWayBack(route: activeRouteName, reason: noWayBackReason(active.route))
            }
            return try fire(handler, instance, [], event: "back")
        }
        if let implicit = implicitBack(for: active) {
            // Popping a screen of a flow that keeps another on top cannot fail: in place.
            if implicit == .pop, popDirectly(active.instance) {
                if state.pendingLink != nil { settlePendingLink() }
                return effects
            }
            // Swiping down a sheet of a flow that still shows the screen below: in place.
            let top = state.layers.count - 1
            if implicit == .dismiss, top > 0, !state.layers[top].isTabContainer,
               let below = state.layers[top - 1].stack.last,
               state.layers[top].stack.allSatisfy({ $0.instance == below.instance }) {
                lastStepChangedFlows = false
                effects.removeAll(keepingCapacity: true)
                let removed = state.layers.removeLast()
                emit(.dismissed(removed.kind))
                if state.pendingLink != nil { settlePendingLink() }
                return effects
            }
            return try step("back") { (navigator: inout Navigator) throws(NavigationError) in
                try navigator.applyImplicitBack(implicit)
            }
        }
        guard let (handler, instance) = findHandler(EventKey(name: backSymbol), from: active.instance, route: -1) else {
            throw .noWayBack(route: activeRouteName, reason: noWayBackReason(active.route))
        }
        return try fire(handler, instance, [], event: "back")
    }

    /// Why `back` at the active route `route` has no implicit back, for
    /// messages (docs/language.md#how-a-program-runs): its own guarded `back` handlers turn it off, a
    /// `[noBack]` or `[locked]` route, a stack's root, a cover's root, an alert.
    func noWayBackReason(_ route: RouteID) -> String {
        let nobody = "no handler on the way up answers 'back'"
        let name = activeRouteName
        if hasOwnBack[Int(route)] {
            let own = program.handlers[program.routes[Int(route)].handlers.range]
                .filter { !$0.event.isResult && $0.event.name == backSymbol }
                .map { handler in "'on back" + (handler.guardCondition.map { " when \($0.negated ? "!" : "")\(program.name($0.name))" } ?? "") + "'" }
            return "its own \(own.joined(separator: ", ")) does not hold, and a route's own back handler turns the implicit back off; "
                + "\(nobody) (add 'on back -> pop' or 'on back -> dismiss' as its fallback)"
        }
        let top = state.layers.count - 1
        let attributes = program.routes[Int(route)].attributes
        if state.activeStackCount > 1 { return "it is [noBack] and \(nobody)" }
        let kind = state.layers[top].kind
        switch kind {
        case .sheet, .dialog, .popover:
            return attributes.contains(.locked) ? "it is the [locked] root of its \(kind.rawValue) and \(nobody)" : "\(nobody)"
        case .cover: return "the root of a cover has no implicit back and \(nobody)"
        case .alert: return "an alert has no implicit back and \(nobody)"
        default: return "'\(name)' is the root of \(stackPlace(top)), which has no implicit back, and \(nobody)"
        }
    }

    /// Sets or clears a guard.
    @discardableResult
    public mutating func assume(_ guardName: String, _ value: Bool = true) -> [NavigationEffect] {
        defer { if recordsEffects { stampIdentities() } }
        guard let symbol = program.symbols.lookup(guardName) else { return [] }
        if value { state.guards.insert(symbol) } else { state.guards.remove(symbol) }
        guard state.pendingLink != nil else { return recordsEffects ? [.guardSet(symbol, value)] : [] }
        // `assume` is a step: a pending link may open (or be dropped) at its end.
        effects.removeAll(keepingCapacity: true)
        emit(.guardSet(symbol, value))
        settlePendingLink()
        return effects
    }

    /// For each flow, whether starting it always succeeds: its start chain
    /// reaches a route without parameters and meets no tab container, no
    /// parameters, no guarded start and no cycle. Each flow's chain is
    /// walked only until a flow already decided, so the whole is linear.
    static func startsSimply(_ program: Program) -> [Bool] {
        // 0: undecided, 1: on the chain being walked, 2: simple, 3: not simple.
        var mark = [UInt8](repeating: 0, count: program.flows.count)
        var chain: [Int] = []
        for first in program.flows.indices where mark[first] == 0 {
            var current = first
            var simple = false
            while true {
                if mark[current] >= 2 { simple = mark[current] == 2; break }
                // Back on this walk's own chain: flows that start each other in their place.
                if mark[current] == 1 { break }
                mark[current] = 1
                chain.append(current)
                let f = program.flows[current]
                // Parameters or guarded starts: binding or choosing can fail.
                if f.isTabContainer || !f.parameters.isEmpty || f.starts.count > 1 { break }
                if case .route(let r) = f.start { simple = program.routes[Int(r)].parameters.isEmpty; break }
                guard case .flow(let g) = f.start else { break }
                current = Int(g)
            }
            for flow in chain { mark[flow] = simple ? 2 : 3 }
            chain.removeAll(keepingCapacity: true)
        }
        return mark.map { $0 == 2 }
    }

    /// Runs `body` as one atomic step: on error the state is restored.
    mutating func step(_ event: String, _ body: (inout Navigator) throws(NavigationError) -> Void) throws(NavigationError) -> [NavigationEffect] {
        lastStepChangedFlows = true
        let saved = state
        effects.removeAll(keepingCapacity: true)
        do throws(NavigationError) {
            try body(&self)
            if needsCollection { endUnusedInstances() }
            // A tab may empty within a step (its flow finished); not at the end of it.
            if let l = state.layers.firstIndex(where: { $0.stacks.contains(where: { $0.isEmpty }) }) {
                let emptied = state.layers[l]
                guard emptied.isTabContainer, let s = emptied.stacks.firstIndex(where: { $0.isEmpty }) else {
                    if state.layers.count == 1 { throw NavigationError.emptyScreen(event: event) }
                    let place = l == 0 ? "the app's base layer" : "a \(emptied.kind.rawValue) layer"
                    throw NavigationError.unsupported(event: event, problem: "it would leave \(place) with no screen")
                }
                let tabs = program.tabs(of: state.instances[Int(emptied.container)].flow)
                let tab = program.name(program.flows[Int(tabs[tabs.startIndex + s])].name)
                throw NavigationError.unsupported(event: event, problem: "it would leave tab '\(tab)' with no screen")
            }
            guard !state.layers.isEmpty else { throw NavigationError.emptyScreen(event: event) }
        } catch {
            state = saved
            needsCollection = false
            effects.removeAll(keepingCapacity: true)
            throw error
        }
        if state.pendingLink != nil { settlePendingLink() }
        return effects
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

/// The guards a navigator's steps read, in order, with the values read
/// (`Navigator.guardReads`). A reference, so that the non-mutating parts of
/// a step (dispatch) can record into it; one navigator uses it at a time.
public final class GuardReadLog: @unchecked Sendable {
    public var symbols: [Symbol] = []
    public var values: [Bool] = []
    /// Guards an `assume` action of the step has set or cleared: reading
    /// one of them afterwards reads the step's own value, not the app's, so
    /// it is no branch.
    public var written: [Symbol] = []

    public init() {}

    public func removeAll() {
        symbols.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        written.removeAll(keepingCapacity: true)
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
