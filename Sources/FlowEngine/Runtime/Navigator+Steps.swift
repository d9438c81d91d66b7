import FlowModel

/// The steps: a user event, the implicit back, a guard the app sets, and
/// the frame every public step runs in (on an error the state is restored);
/// with which flows start without fail, for the step's fast path.
extension Navigator {
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
                beginStepInPlace()
                _ = try perform(action, for: instance, values: values, event: event)
                return endStepInPlace()
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
            if implicit == .pop, popDirectly(active.instance) { return endStepInPlace() }
            // Swiping down a sheet of a flow that still shows the screen below: in place.
            let top = state.layers.count - 1
            if implicit == .dismiss, top > 0, !state.layers[top].isTabContainer,
               let below = state.layers[top - 1].stack.last,
               state.layers[top].stack.allSatisfy({ $0.instance == below.instance }) {
                beginStepInPlace()
                let removed = state.layers.removeLast()
                emit(.dismissed(removed.kind))
                return endStepInPlace()
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

    /// Starts a step done in place: one checked before it changes anything,
    /// so no copy of the state is kept for a rollback (`step` keeps one).
    mutating func beginStepInPlace() {
        lastStepChangedFlows = false
        effects.removeAll(keepingCapacity: true)
    }

    /// Ends a step done in place: the flows it left without a screen end
    /// (the flow tree then changed), and a pending URL opens if it now can.
    /// Returns the step's effects.
    mutating func endStepInPlace() -> [NavigationEffect] {
        if needsCollection {
            lastStepChangedFlows = true
            endUnusedInstances()
        }
        if state.pendingLink != nil { settlePendingLink() }
        return effects
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
}
