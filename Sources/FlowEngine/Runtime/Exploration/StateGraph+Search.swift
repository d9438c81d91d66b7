import FlowModel

/// The breadth-first search over the engine's states: each state expanded
/// by every user and system step, new states recorded with the step that
/// first reached them, and the lines a finding quotes kept on the way.
extension StateGraph {
    mutating func explore() {
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

    mutating func expand(_ node: Int32, links: Bool, onlyLinks: Bool = false) {
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
            let samples = samples
            for event in keys {
                take(node, state, cost, nil, kind: systemEvents.contains(event.name) ? .system : .user, event: event) { (n: inout Navigator) throws(NavigationError) in
                    // What `sendEvent` does, dispatching once: the samples fit the handler's parameters.
                    guard let active = n.state.activeIDs,
                          let (h, instance) = n.findHandler(event, from: active.instance, route: active.route) else {
                        throw .unhandled(event: n.program.name(event.name), route: n.activeRouteName)
                    }
                    _ = try n.fire(h, instance, samples[Int(h)], event: n.program.name(event.name))
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
        // Every URL, those of the pending one's class too: while its guard does not hold, a
        // second URL runs the gate actions again (a log-in cover over the log-in cover), and a
        // user who can do that again and again grows the screen without bound (F205).
        // On a busy route every URL waits and nothing runs, and a waiting URL is keyed by its
        // class: the first URL of each class reaches what each other one of it would.
        let holds = program.routes[Int(active.route)].attributes.contains(.busy)
        for (s, url) in sampleURLs.enumerated() {
            guard let matched = sampleBoxes[s] else { continue }
            if holds, let c = sampleClasses[s], classSamples[Int(c)][0] != Int32(s) { continue }
            take(node, state, cost, .open(Int32(s)), kind: .link) { (n: inout Navigator) throws(NavigationError) in
                _ = try n.open(url, matched: matched)
            }
        }
    }

    /// Takes one step from `node` (-1: the launch) under every valuation of
    /// the guards it reads; records what dispatch picked, what failed or was
    /// dropped, and each node reached. `step` is the script line (nil: the
    /// event `event`, written after the handler that answered, or the launch).
    mutating func take(_ node: Int32, _ state: NavigationState, _ cost: Int, _ step: PathStep?, kind: StepKind,
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
            n.pendingLinkTrial = nil
            try body(&n)
        }
        var tried = false
        // Whether some run tried the pending URL from a point no step mirrored before.
        var unmirrored = false
        let pendingClass = state.pendingLink.flatMap { encoder.pendingClass(of: $0) }
        stepRuns.removeAll(keepingCapacity: true)
        stepReads.removeAll(keepingCapacity: true)
        var complete = GuardBranching.forEachRun(&nav!, from: state, holding: holding, maxRuns: limits.maxRunsPerStep, run, {
            (n: inout Navigator, failure: NavigationError?, valuation: GuardBranching.Assignment, fixed: GuardBranching.Assignment) in
            if n.triedPendingLink {
                tried = true
                if let c = pendingClass, !noteMirrored(c, n, from: state, node) { unmirrored = true }
            }
            if pendingClass != nil, sparesUntriedMirrors { noteRun(fixed, n) }
            record(node, state, cost, step, kind: kind, n, failure, valuation)
        })
        // The pending URL's guard held at the end of some run: the same step with each other URL of its class pending,
        // unless each run tried it where an earlier step's mirrors did (they reached all this step's would).
        // Only a run that tries the URL is new there: one that did not try it here does not there either,
        // and is not run again. Until it opens, which URL of the class waits makes no difference: the
        // class's links have one gate text (guard, negation, actions), so a held URL whose gate is
        // closed runs the same actions, reading the same guards, through its own link's gate handler.
        if tried, unmirrored, let pending = state.pendingLink, let c = pendingClass {
            for m in classSamples[Int(c)] where sampleURLs[Int(m)] != pending.url {
                var mirrored = state
                var other = PendingLink(url: sampleURLs[Int(m)], shown: pending.shown, isHeld: pending.isHeld)
                other.matched = sampleBoxes[Int(m)]
                mirrored.pendingLink = other
                complete = GuardBranching.forEachRun(&nav!, from: mirrored, holding: holding, maxRuns: limits.maxRunsPerStep, skip: { fixed in
                    guard sparesUntriedMirrors, let reads = readsOfRunNotTrying(fixed) else { return nil }
                    sparedRuns += 1
                    _ = countRun(cost)
                    return reads
                }, run, { (n: inout Navigator, failure: NavigationError?, valuation: GuardBranching.Assignment, _: GuardBranching.Assignment) in
                    record(node, mirrored, cost, step, kind: kind, n, failure, valuation, mirror: m)
                }) && complete
            }
        }
        swap(&nav, &navigator)
        if !complete {
            stop("a step has more than \(limits.maxRunsPerStep) outcomes under the guards it reads")
        }
    }

    /// Counts a run of `cost` towards the work limit; returns whether the
    /// search goes on (false once a limit stopped it).
    mutating func countRun(_ cost: Int) -> Bool {
        guard isComplete else { return false }
        work += cost
        runCount += 1
        if work > limits.maxWork {
            stop("the exploration's work limit was reached after \(states.count) states (\(runCount) runs)")
            return false
        }
        return true
    }

    /// Notes a run of a step from a state with a pending URL, for the
    /// step's mirrors (`readsOfRunNotTrying`): the guards it started with,
    /// those it read, and whether it tried to open the URL.
    mutating func noteRun(_ fixed: GuardBranching.Assignment, _ n: Navigator) {
        let lower = Int32(stepReads.count)
        for (symbol, value) in fixed { stepReads.append(StateGraph.packed(symbol, value)) }
        let middle = Int32(stepReads.count)
        if let log = n.guardReads {
            for (i, symbol) in log.symbols.enumerated() { stepReads.append(StateGraph.packed(symbol, log.values[i])) }
        }
        stepRuns.append((IndexRange(lower, middle), IndexRange(middle, Int32(stepReads.count)), n.triedPendingLink))
    }

    /// A guard and its value as `stepReads` holds them: the symbol's id
    /// doubled, plus one when set.
    static func packed(_ symbol: Symbol, _ value: Bool) -> Int32 { symbol.id << 1 | (value ? 1 : 0) }

    /// The guards read by the step's run (`noteRun`) that started with
    /// `fixed` and did not try the pending URL (nil: there is none).
    func readsOfRunNotTrying(_ fixed: GuardBranching.Assignment) -> (symbols: [Symbol], values: [Bool])? {
        search: for run in stepRuns where !run.tried && run.fixed.count == fixed.count {
            for (i, (symbol, value)) in fixed.enumerated() where stepReads[Int(run.fixed.lower) + i] != StateGraph.packed(symbol, value) {
                continue search
            }
            let reads = stepReads[run.reads.range]
            return (reads.map { Symbol($0 >> 1) }, reads.map { $0 & 1 == 1 })
        }
        return nil
    }

    mutating func stop(_ why: String) {
        isComplete = false
        limitHit = why
    }
}
