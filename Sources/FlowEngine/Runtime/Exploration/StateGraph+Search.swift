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
        // Every URL, those of the pending one's class too: while its guard does not hold, a
        // second URL runs the gate actions again (a log-in cover over the log-in cover), and a
        // user who can do that again and again grows the screen without bound (F205).
        // On a busy route every URL waits and nothing runs, and a waiting URL is keyed by its
        // class: the first URL of each class reaches what each other one of it would.
        let holds = program.routes[Int(active.route)].attributes.contains(.busy)
        for (s, url) in sampleURLs.enumerated() {
            guard let matched = sampleMatches[s] else { continue }
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

    /// Records one run of a step (see `take`). With `mirror`, the run is
    /// from the node's state with that link's URL pending instead: only a
    /// run that tried to open it is new (the others are the node's own),
    /// and what it reaches keeps the link for its path.
    mutating func record(_ node: Int32, _ state: NavigationState, _ cost: Int, _ step: PathStep?, kind: StepKind,
                                 _ n: Navigator, _ failure: NavigationError?, _ valuation: GuardBranching.Assignment,
                                 mirror: Int32 = -1) {
        guard countRun(cost) else { return }
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
        if target >= 0, target != node, node >= 0, kind == .system, step == nil, let first = n.handlerLog.first,
           program.handlers[Int(first)].isSystem, program.handlers[Int(first)].route >= 0 {
            hasSystemWayOut[Int(node)] = true
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

    /// The first action in source order, among those of the handlers in
    /// `log`, that puts something on screen (-1: none).
    func showingAction(_ log: [HandlerID]) -> ActionID {
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
    mutating func appendLines(_ node: Int32, _ state: NavigationState, _ step: PathStep?, _ n: Navigator,
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
    mutating func recordDroppedLinks(_ node: Int32, _ range: IndexRange, _ n: Navigator, substitute: Int32) {
        for url in n.droppedOpenLinkLog {
            if let s = sampleURLs.firstIndex(of: url), droppedLinks[sampleLinks[s]] == nil { droppedLinks[sampleLinks[s]] = (node, range, substitute) }
        }
    }

    /// The `assume` lines a run's path needs before its step: the guards it
    /// read with another value than `state` has, but the one the step
    /// itself assumes (read after the step set it).
    static func assumeLines(_ valuation: GuardBranching.Assignment, from state: NavigationState,
                                    before step: PathStep?) -> GuardBranching.Assignment {
        var assumed: Symbol?
        if case .assume(let symbol, _) = step { assumed = symbol }
        return valuation.filter { state.guards.contains($0.symbol) != $0.value && $0.symbol != assumed }
    }

    /// A run of a mirrored state (see `record`) that tried to open the
    /// pending URL: the steps, a URL dropped, the state reached.
    mutating func recordMirrored(_ node: Int32, _ state: NavigationState, _ step: PathStep?,
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
    /// hold (read with that value, or not read at all: the app may set it). When g does
    /// not hold after the step, the counterexample's lines end with the app setting it.
    mutating func checkNever(_ node: Int32, _ steps: IndexRange, _ reached: NavigationState, _ valuation: GuardBranching.Assignment) {
        guard let active = reached.activeIDs else { return }
        for c in neverChecks where neverViolations[c] == nil {
            let check = program.checks[c]
            let shows = check.route >= 0 ? active.route == check.route : program.routes[Int(active.route)].flow == check.flow
            guard shows else { continue }
            guard let condition = check.guardCondition, reached.guards.contains(condition.name) == condition.negated else {
                neverViolations[c] = (node, steps)
                continue
            }
            // A guard the step read has its value after the step (an `assume` step sets it).
            if valuation.contains(where: { $0.symbol == condition.name }) { continue }
            // One the step did not read the app may set on this screen: the path's last line.
            let lower = Int32(pathSteps.count)
            pathSteps.append(contentsOf: pathSteps[steps.range])
            // Leading assumes choose the start: after it, an `expect top` comes first (see `appendLines`).
            if node < 0 || onlyAssumes[Int(node)], pathSteps[steps.range].allSatisfy(\.isAssume), startGuards.contains(condition.name) {
                pathSteps.append(.expectTop(active.route))
            }
            pathSteps.append(.assume(condition.name, !condition.negated))
            neverViolations[c] = (node, IndexRange(lower, Int32(pathSteps.count)))
        }
    }

    /// The `finish` that sent `result`: among the handlers the step ran, else any of its flow.
    func finishAction(sending result: EventKey, _ log: [HandlerID]) -> ActionID {
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

    mutating func stop(_ why: String) {
        isComplete = false
        limitHit = why
    }

    /// Records the edge `parent` → the node of `state`, adding the node if new.
    mutating func discover(_ state: NavigationState, parent: Int32, steps: IndexRange, kind: StepKind,
                                   from source: NavigationState, shownBy action: ActionID = -1, substitute: Int32 = -1,
                                   unseen: [Int32] = []) -> Int32 {
        encoder.encode(state, unseen: unseen, into: &key)
        let node: Int32
        var isNew = false
        let found = index.lookup(key)
        if found.number >= 0 {
            node = found.number
        } else {
            guard states.count < limits.maxStates else {
                stop("the exploration's limit of \(limits.maxStates) states was reached")
                return -1
            }
            guard keyBytes + key.count * 4 <= limits.maxKeyBytes else {
                stop("the exploration's limit of \(Limits.text(ofBytes: limits.maxKeyBytes)) of state keys was reached after \(states.count) states")
                return -1
            }
            isNew = true
            node = index.add(key, found)
            keyBytes += key.count * 4
            states.append(state)
            parents.append(parent)
            stepRanges.append(steps)
            shownBy.append(action)
            substitutes.append(substitute)
            unseenRanges.append(IndexRange(Int32(unseenValues.count), Int32(unseenValues.count + unseen.count)))
            unseenValues.append(contentsOf: unseen)
            hasUserWayOut.append(false)
            hasSystemWayOut.append(false)
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
