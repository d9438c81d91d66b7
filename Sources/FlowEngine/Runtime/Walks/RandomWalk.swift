import FlowModel

/// Random walks: fire random enabled events (back and tab taps included;
/// with `links`, deep links; with `guards`, guard changes), the same
/// sequence for the same seed, and check the state after every step.
package struct RandomWalk {
    /// One step of the walk, for a trace.
    public struct Step: Sendable {
        package var number: Int
        public var event: String
        package var rejection: NavigationError?
        package var restarted: Bool
    }

    /// What a walk did.
    package struct Summary: Sendable, Equatable {
        public var steps = 0
        package var rejected = 0
        /// Times the walk went back to the start: nothing was enabled, or the
        /// screens exceeded the depth bound.
        package var restarts = 0
        /// The step after which an invariant broke, and what broke.
        package var brokenInvariant: (step: Int, problems: [String])?
        /// What the walk reached, when `run` was asked to record it.
        package var reach: Reach?

        package static func == (a: Summary, b: Summary) -> Bool {
            a.steps == b.steps && a.rejected == b.rejected && a.restarts == b.restarts
                && a.brokenInvariant?.step == b.brokenInvariant?.step && a.brokenInvariant?.problems == b.brokenInvariant?.problems
                && a.reach == b.reach
        }
    }

    /// The routes a walk showed and the handlers that answered its events,
    /// by id, for a report of what it never reached.
    package struct Reach: Sendable, Equatable {
        /// Whether each route was the active screen at the start, or after a step.
        public var routes: [Bool]
        /// Whether each handler ran in a step that succeeded: the handler
        /// dispatch chose for the event, which is not always the one the
        /// walk picked (a route's handler shadows its flow's for the same
        /// event, a guarded one whose guard holds shadows the fallback), and
        /// each result handler (`on C.done`) a `finish` in the step reached
        /// (`Navigator.handlerLog`).
        package var handlers: [Bool]

        package init(routes: [Bool], handlers: [Bool]) {
            self.routes = routes
            self.handlers = handlers
        }
    }

    /// Walks `steps` events from `navigator`'s state.
    ///
    /// Each step picks uniformly among the handlers the user could trigger
    /// now (guards that hold; the route's, its flow's and the flows' above)
    /// plus the implicit back when it applies, with arguments drawn for the
    /// event's parameters. Steps that change the flow tree are checked
    /// against every invariant; steps done in place are checked locally
    /// (the new top screen belongs to a running flow of its own route).
    /// Effects are not recorded, and the memory used does not grow with
    /// the number of steps: past `maxDepth` screens (measured every 16th
    /// step) the walk restarts.
    /// With `directSteps` (the default) the commonest steps skip the general
    /// dispatch (see `Navigator+DirectSteps.swift`); the walk is the same.
    /// With `reach`, the summary says which routes and handlers the walk
    /// reached (`Reach`), at about a tenth of a step's cost.
    /// `[system]` events (docs/language.md) are sent by the app, not tapped: the
    /// walk fires them only with `firesSystemEvents`.
    /// With `links`, a step may also open one of the program's sample URLs
    /// (`Program.linkSamples`, traced `open "…"`); with
    /// `guards`, it may flip one of the program's guards (traced `assume g`
    /// or `assume !g`): what users and the app do besides events. Each is
    /// one more choice among the step's, so without them the walk for a
    /// seed is the same as it always was.
    public static func run(_ navigator: inout Navigator, steps: Int, seed: UInt64, maxDepth: Int = 1_000,
                           directSteps: Bool = true, reach: Bool = false, firesSystemEvents: Bool = false,
                           links: Bool = false, guards: Bool = false,
                           onStep: ((Step) -> Void)? = nil) -> Summary {
        navigator.walk(steps: steps, seed: seed, maxDepth: maxDepth, directSteps: directSteps, reach: reach,
                       firesSystemEvents: firesSystemEvents, links: links, guards: guards, onStep: onStep)
    }

    /// The guards a walk with `guards` flips, by name: in name order, so a
    /// seed gives the same walk whatever the dictionary's order.
    public static func guardNames(of program: Program) -> [String] {
        program.guardSymbols.keys.sorted()
    }

    /// A value of `type` for an event's parameter: one draw of `rng`
    /// whatever the type (a direct step that needs no values draws as many
    /// to stay on the same walk: `Navigator.takeChoice`).
    static func randomValue(_ type: ValueType, _ rng: inout SplitMix64) -> Value {
        switch type {
        case .string: .string("s\(rng.next() % 100)")
        case .int: .int(Int(rng.next() % 100))
        case .bool: .bool(rng.next() & 1 == 1)
        case .double: .double(Double(rng.next() % 1000) / 10)
        }
    }
}

extension Navigator {
    /// The walk itself, as a method: calling the navigator's methods on an
    /// `inout` parameter from outside copied the whole navigator each time.
    mutating func walk(steps: Int, seed: UInt64, maxDepth: Int, directSteps: Bool, reach: Bool,
                       firesSystemEvents: Bool = false, links: Bool = false, guards: Bool = false,
                       onStep: ((RandomWalk.Step) -> Void)?) -> RandomWalk.Summary {
        if directSteps { prepareDirectSteps() }
        var rng = SplitMix64(seed: seed)
        var summary = RandomWalk.Summary()
        // What the walk reaches (with `reach`): flags by route and by handler id.
        var shown = [Bool](repeating: false, count: reach ? program.routes.count : 0)
        var fired = [Bool](repeating: false, count: reach ? program.handlers.count : 0)
        let recorded = recordsEffects
        recordsEffects = false
        // With `reach`, the log says which result handlers a step's `finish` reached.
        let logged = logsHandlers
        logsHandlers = reach
        defer {
            recordsEffects = recorded
            logsHandlers = logged
        }
        // The enabled choices of a step, in a buffer reused by every step.
        let choices = WalkChoices()
        // Left out unless asked: the handlers of `[system]` events (none in most programs).
        let skipsSystem = !firesSystemEvents && program.handlers.contains(where: \.isSystem)
        // The extra choices, after the step's events, back and tabs: each
        // link sample's URL (`Program.linkSamples`), then each guard (flipped), both worked out once.
        let urls = links ? program.linkSamples.map(\.url) : []
        let guardNames = guards ? RandomWalk.guardNames(of: program) : []
        let guardSymbols = guardNames.map { program.symbols.lookup($0) ?? Symbol(-1) }
        let extras = urls.count + guardNames.count
        for number in 1...max(1, steps) where steps > 0 {
            summary.steps = number
            guard let active = state.activeIDs else { break }
            // The screen after the step before (or the start's).
            if reach { shown[Int(active.route)] = true }
            let (seen, container) = gatherChoices(into: choices, at: active, skipsSystem: skipsSystem)
            // An index in 0..<total from the high half of a 64×64-bit product: no division.
            // Without links and guards, total == seen: the same draws as ever.
            let total = seen + extras
            let index = total > 0 ? Int(rng.next().multipliedFullWidth(by: UInt64(total)).high) : -1
            let chosen = index >= 0 && index < seen ? choices[index] : -1
            // A link (0..<urls.count) or a guard (after them), or -1 for none.
            let extra = index >= seen ? index - seen : -1
            var restarted = false
            var rejection: NavigationError?
            var event: Symbol?
            // Asked before the step: which handler dispatch will run for the pick.
            let answered = reach && extra < 0 && seen > 0 && chosen >= 0
                ? answeringHandler(chosen, route: active.route, instance: active.instance, direct: directSteps) : nil
            let before = state.instances.count
            // Whether the step was a direct push or pop: the flow tree and the guards are as they were.
            var direct = false
            do throws(NavigationError) {
                if total == 0 {
                    restarted = true
                    try reset()
                } else if extra >= 0 {
                    try takeExtraStep(extra, urls: urls, guardNames: guardNames, guardSymbols: guardSymbols)
                } else {
                    // Named before the step: a rejected step is reported under its event too.
                    event = choiceEvent(chosen, container: container)
                    direct = try takeChoice(chosen, at: active, container: container, directSteps: directSteps, &rng)
                }
            } catch {
                rejection = error
                summary.rejected += 1
            }
            // Measured every 16th step: the bound holds within 16 screens.
            if number & 15 == 0 || restarted, state.entryCount > maxDepth {
                restarted = true
                try? reset()
            }
            if !direct || restarted { choices.forgetFlowHandlers() }
            if restarted { summary.restarts += 1 }
            if reach {
                if rejection == nil {
                    if let answered { fired[Int(answered)] = true }
                    for handler in handlerLog { fired[Int(handler)] = true }
                }
                if !handlerLog.isEmpty { handlerLog.removeAll(keepingCapacity: true) }
            }
            if let onStep {
                var name = total == 0 ? "(nothing enabled)"
                    : extra >= 0 ? extraStepText(extra, urls: urls, guardNames: guardNames, guardSymbols: guardSymbols)
                    : event.map { program.name($0) } ?? "back"
                if extra < 0 && seen > 0 && chosen <= -3 { name = "tab " + name }
                onStep(RandomWalk.Step(number: number, event: name, rejection: rejection, restarted: restarted))
            }
            let problems = state.instances.count != before || lastStepChangedFlows || extra >= 0
                ? invariantViolations() : localViolations()
            if !problems.isEmpty {
                summary.brokenInvariant = (number, problems)
                break
            }
        }
        if reach {
            if let last = state.activeIDs { shown[Int(last.route)] = true }
            summary.reach = RandomWalk.Reach(routes: shown, handlers: fired)
        }
        return summary
    }
}

extension Navigator {
    /// The event of a walk's choice: the tab flow's name for a tap, the
    /// handler's event, or nil for the implicit back.
    @inline(__always)
    func choiceEvent(_ chosen: HandlerID, container: Int32) -> Symbol? {
        if chosen == -2 { return nil }
        if chosen <= -3 {
            let tabs = program.tabs(of: state.instances[Int(container)].flow)
            return program.flows[Int(tabs[tabs.startIndex + Int(-3 - chosen)])].name
        }
        return program.handlers[Int(chosen)].event.name
    }

    /// Takes a walk's chosen step: the implicit back (-2), a tab tap
    /// (-3 - k), or a handler's event with random arguments (a push done
    /// directly when `directSteps` allows). Returns whether it was a direct
    /// push or pop (`Navigator+DirectSteps.swift`), which change neither the
    /// flow tree nor the guards.
    @inline(__always)
    mutating func takeChoice(_ chosen: HandlerID, at active: (route: RouteID, instance: Int32), container: Int32, directSteps: Bool,
                             _ rng: inout SplitMix64) throws(NavigationError) -> Bool {
        if chosen == -2 {
            if directSteps && takesDirectSteps && popDirectly(active.instance) { return true }
            _ = try back()
            return false
        }
        if chosen <= -3 {
            let tabs = program.tabs(of: state.instances[Int(container)].flow)
            _ = try tapTab(tabs[tabs.startIndex + Int(-3 - chosen)])
            return false
        }
        let handler = program.handlers[Int(chosen)]
        if directSteps, directPushTarget[Int(chosen)] >= 0, takesDirectSteps {
            // The values the event would carry are drawn all the same (the
            // target takes none): the walk goes on as without direct steps.
            for _ in 0..<handler.parameters.count { _ = rng.next() }
            pushDirectly(directPushTarget[Int(chosen)], for: active.instance)
            return true
        } else if handler.event.name == backSymbol {
            _ = try back()
        } else {
            let values = handler.parameters.isEmpty ? []
                : program.parameters[handler.parameters.range].map { RandomWalk.randomValue($0.type, &rng) }
            _ = try sendEvent(handler.event, values)
        }
        return false
    }
}

extension Navigator {
    /// A walk's step beyond events, back and tabs: open the sample URL of
    /// link `extra`, or (past the links) flip a guard. Kept out of the walk's
    /// loop, which runs it rarely and must stay lean without it.
    @inline(never)
    mutating func takeExtraStep(_ extra: Int, urls: [String], guardNames: [String], guardSymbols: [Symbol]) throws(NavigationError) {
        if extra < urls.count {
            _ = try open(urls[extra])
        } else {
            let k = extra - urls.count
            _ = assume(guardNames[k], !state.guards.contains(guardSymbols[k]))
        }
    }

    /// That step as a script line, after it was taken: `open "…"`, `assume g`, `assume !g`.
    func extraStepText(_ extra: Int, urls: [String], guardNames: [String], guardSymbols: [Symbol]) -> String {
        if extra < urls.count { return "open " + Navigator.literal(.string(urls[extra])) }
        let k = extra - urls.count
        return "assume " + (state.guards.contains(guardSymbols[k]) ? "" : "!") + guardNames[k]
    }

    /// The handler that runs when the walk takes `chosen` at the active
    /// route, asked before the step: the handler itself for a direct push
    /// (the route's only one for its event), else what `send` and `back()`
    /// dispatch to; none when `back()` takes the implicit back instead (the
    /// route has no back handler of its own, and the implicit back applies).
    /// `mutating` only so that the walk's call passes its navigator by
    /// reference (see `gatherChoices`).
    mutating func answeringHandler(_ chosen: HandlerID, route: RouteID, instance: Int32, direct: Bool) -> HandlerID? {
        if direct, directPushTarget[Int(chosen)] >= 0, takesDirectSteps { return chosen }
        let key = program.handlers[Int(chosen)].event
        guard key.name == backSymbol else { return findHandler(key, from: instance, route: route)?.0 }
        if hasOwnBack[Int(route)] { return findHandler(key, from: instance, route: route)?.0 }
        if implicitBack(at: route) != nil { return nil }
        return findHandler(key, from: instance, route: -1)?.0
    }
}

/// A small, fast, deterministic generator (SplitMix64): the same seed gives
/// the same walk on every platform.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
