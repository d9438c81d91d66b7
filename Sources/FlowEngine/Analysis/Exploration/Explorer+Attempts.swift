import FlowModel
import FlowRuntime

/// The steps a search tries from a place, as values: planned in order
/// (`plan`), each taken on a copy of the place's state by the engine
/// (`taken`), and what it reached recorded (`record`).
extension Explorer {
    /// How a step is taken on the engine, after its `assume` steps.
    enum Move {
        /// The event of a handler, with its sample values; a handler of
        /// `back` without parameters is taken as the system back, as a
        /// script's `back` line is.
        case send(EventKey, [Value], asBack: Bool)
        /// The implicit back.
        case back
        /// A tap on this flow's tab.
        case tab(FlowID)
        /// Opening this URL.
        case open(String)
        /// Nothing after the `assume` steps: the app starts anew with them.
        case start
    }

    /// One step tried from a place: the script lines it is (`steps`: its
    /// `assume` steps, then the step), how it is taken, and what it may run
    /// for the first time besides handlers (an implicit back, a tab).
    struct Attempt {
        var node: Int32
        var steps: [PathStep]
        var move: Move
        /// The route whose implicit back the step takes, or -1.
        var backRoute: RouteID = -1
        /// The flow whose tab the step taps, or -1.
        var tab: FlowID = -1
    }

    /// What a step that succeeded reached, and the handlers it ran.
    struct Outcome {
        var state: NavigationState
        var handlerLog: [HandlerID]
    }

    /// Appends every step a user could take at `node`, whose state is
    /// `state`, to `attempts`, in the order the search takes them (see the
    /// type's documentation).
    mutating func plan(_ node: Int32, _ state: NavigationState, into attempts: inout [Attempt]) {
        guard let active = state.activeIDs else { return }
        // Where the implicit back applies depends on the state.
        navigator.state = state
        // Handlers that could answer: the route's own, then each flow's up the tree.
        var candidates: [HandlerID] = []
        var levelEnds: [Int] = []
        for h in program.routes[Int(active.route)].handlers.range where !program.handlers[h].event.isResult {
            candidates.append(HandlerID(h))
        }
        levelEnds.append(candidates.count)
        var instance = active.instance
        var hops = 0
        while instance >= 0, hops <= state.instances.count {
            let flow = Int(state.instances[Int(instance)].flow)
            candidates += navigator.userFlowHandlerList[navigator.userFlowHandlers[flow].range]
            levelEnds.append(candidates.count)
            instance = state.instances[Int(instance)].parent
            hops += 1
        }
        let implicitBack = navigator.implicitBack(at: active.route) != nil
        let assumptions = self.assumptions(candidates, levelEnds: levelEnds, state.guards, implicitBack: implicitBack)
        for (i, h) in candidates.enumerated() {
            guard var steps = assumptions[i] else { continue }
            steps.append(.send(h))
            let values = sampleValues(of: h)
            let event = program.handlers[Int(h)].event
            attempts.append(Attempt(node: node, steps: steps,
                                    move: .send(event, values, asBack: event.name == navigator.backSymbol && values.isEmpty)))
        }
        if implicitBack {
            attempts.append(Attempt(node: node, steps: [.back], move: .back, backRoute: active.route))
        }
        let top = state.layers.count - 1
        if state.layers[top].isTabContainer {
            for tab in program.tabs(of: state.instances[Int(state.layers[top].container)].flow) {
                attempts.append(Attempt(node: node, steps: [.tab(tab)], move: .tab(tab), tab: tab))
            }
        }
        guard node == 0 else { return }
        linkSamples = program.linkSamples
        for (s, sample) in linkSamples.enumerated() {
            let gate = program.links[Int(sample.link)].gate
            // A gated link opens with its gate holding; without, its `else` actions run.
            for opens in gate == nil ? [true] : [true, false] {
                var steps: [PathStep] = []
                if let gate, (state.guards.contains(gate.name) != gate.negated) != opens {
                    steps.append(.assume(gate.name, opens != gate.negated))
                }
                steps.append(.open(Int32(s)))
                attempts.append(Attempt(node: node, steps: steps, move: .open(sample.url)))
            }
        }
        // Each guard of a guarded start item, set before the app starts.
        var seen = Set<Symbol>()
        for item in program.startItems {
            guard let condition = item.guardCondition, seen.insert(condition.name).inserted,
                  state.guards.contains(condition.name) == condition.negated else { continue }
            attempts.append(Attempt(node: node, steps: [.assume(condition.name, !condition.negated)], move: .start))
        }
    }

    /// Takes each of `attempts` from `state`: its `assume` steps, then its
    /// move (after a fresh start when the place's path is only `assume`
    /// steps: those are in force when the entry starts, docs/simulate.md);
    /// nil for one the engine rejects. On a copy of the search's navigator:
    /// a local costs less to reach at every step than a stored property.
    func taken(_ attempts: ArraySlice<Attempt>, from state: NavigationState) -> [Outcome?] {
        var navigator = navigator
        return attempts.map { attempt in
            navigator.state = state
            navigator.handlerLog.removeAll(keepingCapacity: true)
            var assumed = false
            for step in attempt.steps {
                guard case .assume(let name, let value) = step else { continue }
                navigator.assume(program.name(name), value)
                assumed = true
            }
            do throws(NavigationError) {
                if assumed && onlyAssumes[Int(attempt.node)] { try navigator.reset() }
                switch attempt.move {
                case .send(let event, let values, let asBack):
                    if asBack { _ = try navigator.back() } else { _ = try navigator.sendEvent(event, values) }
                case .back: _ = try navigator.back()
                case .tab(let flow): _ = try navigator.tapTab(flow)
                case .open(let url): _ = try navigator.open(url)
                case .start: break
                }
            } catch {
                return nil
            }
            return Outcome(state: navigator.state, handlerLog: navigator.handlerLog)
        }
    }
}
