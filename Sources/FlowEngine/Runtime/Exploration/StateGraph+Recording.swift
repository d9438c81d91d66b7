import FlowModel

/// What the search keeps of each run (`StateGraph.take`): the script lines
/// of its path, what dispatch picked, what failed or was dropped, and the
/// node it reached, new or known, with the edge there.
extension StateGraph {
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
                appendAssumeLines(node, state, before: step, valuation)
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
        let reached = StateGraph.withoutFreeSlots(n.state)
        let target = discover(reached, parent: node, steps: range, kind: kind, from: state, shownBy: showingAction(n.handlerLog),
                              unseen: unseenTabs(reached, from: state, node))
        if target >= 0, target != node { checkNever(node, range, reached, valuation) }
        if target >= 0, target != node, node >= 0, kind == .system, step == nil, let first = n.handlerLog.first,
           program.handlers[Int(first)].isSystem, program.handlers[Int(first)].route >= 0 {
            hasSystemWayOut[Int(node)] = true
        }
    }

    /// `state` as the graph keeps it: without free instance slots (the
    /// exploration's navigator reuses none, so most states have none to
    /// drop, and are kept as they are).
    static func withoutFreeSlots(_ state: NavigationState) -> NavigationState {
        guard !state.freeSlots.isEmpty else { return state }
        var trimmed = state
        trimmed.freeSlots.removeAll()
        return trimmed
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
            appendAssumeLines(node, state, before: step, valuation)
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

    /// Appends the `assume` lines a run from `node` (not the launch) needs
    /// before its step: the guards it read with another value than `state`
    /// has, but the one the step itself assumes (read after the step set
    /// it). Leading assumes choose the start: when one of them does, an
    /// `expect top` comes first. Written as they are found: every run has
    /// its lines, and no list is made first.
    mutating func appendAssumeLines(_ node: Int32, _ state: NavigationState, before step: PathStep?,
                                    _ valuation: GuardBranching.Assignment) {
        var assumed: Symbol?
        if case .assume(let symbol, _) = step { assumed = symbol }
        let first = pathSteps.count
        var choosesStart = false
        for (symbol, value) in valuation where state.guards.contains(symbol) != value && symbol != assumed {
            if !choosesStart, onlyAssumes[Int(node)], startGuards.contains(symbol) { choosesStart = true }
            pathSteps.append(.assume(symbol, value))
        }
        if choosesStart, let active = state.activeIDs { pathSteps.insert(.expectTop(active.route), at: first) }
    }

    /// A run of a mirrored state (see `record`) that tried to open the
    /// pending URL: the steps, a URL dropped, the state reached.
    mutating func recordMirrored(_ node: Int32, _ state: NavigationState, _ step: PathStep?,
                                         _ n: Navigator, _ valuation: GuardBranching.Assignment, _ mirror: Int32) {
        let range = appendLines(node, state, step, n, valuation)
        recordDroppedLinks(node, range, n, substitute: mirror)
        let reached = StateGraph.withoutFreeSlots(n.state)
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
