import FlowModel
import FlowRuntime

/// The search: states discovered breadth first, each expanded by the
/// user's steps and the guard values that open another handler, until the
/// goal is met or the budget is spent.
extension Explorer {
    /// Records `state` as a place if it is a new one; returns its node.
    @discardableResult
    mutating func discover(_ state: NavigationState, parent: Int32, _ goal: Goal?, _ remaining: inout Int) -> Int32 {
        guard let active = state.activeIDs else { return -1 }
        let key = placeKey(state, active)
        if let known = placeIndex[key] { return known }
        let node = Int32(nodes.count)
        placeIndex[key] = node
        var range = IndexRange(0, 0)
        if parent >= 0 {
            range = IndexRange(Int32(steps.count), Int32(steps.count + scratch.count))
            steps += scratch
        }
        nodes.append(Node(parent: parent, steps: range, route: active.route))
        pending.append(state)
        onlyAssumes.append(parent < 0 || (onlyAssumes[Int(parent)] && scratch.allSatisfy(\.isAssume)))
        guard let goal else { return node }
        let r = Int(active.route)
        if routeNode[r] < 0, goal.routes[r].contains(state.placement) {
            routeNode[r] = node
            remaining -= 1
        }
        // The flows that run here: the active route's flow instance and those above it.
        var instance = active.instance
        var hops = 0
        while instance >= 0, hops <= state.instances.count {
            let f = Int(state.instances[Int(instance)].flow)
            if goal.flows[f], flowNode[f] < 0 {
                flowNode[f] = node
                remaining -= 1
            }
            instance = state.instances[Int(instance)].parent
            hops += 1
        }
        return node
    }

    /// Takes every step a user could take at `node`, whose state is `state`.
    mutating func expand(_ node: Int32, _ state: NavigationState, _ goal: Goal?, _ remaining: inout Int) {
        guard let active = state.activeIDs else { return }
        navigator.state = state
        // What each step from here copies, for the budget: about the whole state.
        stepCost = 1 + state.entryCount + state.instances.count
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
            let handler = program.handlers[Int(h)]
            guard let needed = assumptions[i] else { continue }
            scratch = needed
            scratch.append(.send(h))
            let values = sampleValues(of: h)
            take(from: node, state, goal, &remaining) { (navigator: inout Navigator) throws(NavigationError) in
                if handler.event.name == navigator.backSymbol && values.isEmpty {
                    _ = try navigator.back()
                } else {
                    _ = try navigator.sendEvent(handler.event, values)
                }
            }
        }
        if implicitBack {
            scratch = [.back]
            take(from: node, state, goal, &remaining, back: active.route) { (navigator: inout Navigator) throws(NavigationError) in
                _ = try navigator.back()
            }
        }
        let top = state.layers.count - 1
        if state.layers[top].isTabContainer {
            for tab in program.tabs(of: state.instances[Int(state.layers[top].container)].flow) {
                scratch = [.tab(tab)]
                take(from: node, state, goal, &remaining, tab: tab) { (navigator: inout Navigator) throws(NavigationError) in
                    _ = try navigator.tapTab(tab)
                }
            }
        }
        guard node == 0 else { return }
        linkSamples = program.linkSamples
        for (s, sample) in linkSamples.enumerated() {
            let link = program.links[Int(sample.link)], url = sample.url
            // A gated link opens with its gate holding; without, its `else` actions run.
            for opens in link.gate == nil ? [true] : [true, false] {
                scratch = []
                if let gate = link.gate, (state.guards.contains(gate.name) != gate.negated) != opens {
                    scratch.append(.assume(gate.name, opens != gate.negated))
                }
                scratch.append(.open(Int32(s)))
                take(from: node, state, goal, &remaining) { (navigator: inout Navigator) throws(NavigationError) in
                    _ = try navigator.open(url)
                }
            }
        }
        // Each guard of a guarded start item, set before the app starts.
        var seen = Set<Symbol>()
        for item in program.startItems {
            guard let condition = item.guardCondition, seen.insert(condition.name).inserted,
                  state.guards.contains(condition.name) == condition.negated else { continue }
            scratch = [.assume(condition.name, !condition.negated)]
            take(from: node, state, goal, &remaining) { (_: inout Navigator) throws(NavigationError) in }
        }
    }

    /// The sample values `handler`'s event is sent with (`PathStep.sampleValue`), cached.
    mutating func sampleValues(of handler: HandlerID) -> [Value] {
        let parameters = program.handlers[Int(handler)].parameters
        if parameters.isEmpty { return [] }
        if let values = samples[handler] { return values }
        let values = program.parameters[parameters.range].map { PathStep.sampleValue($0.type) }
        samples[handler] = values
        return values
    }

    /// Runs the `assume` steps of `scratch`, then `last`, on `state`; on
    /// success records what ran for the first time and the place reached.
    mutating func take(from node: Int32, _ state: NavigationState, _ goal: Goal?, _ remaining: inout Int,
                               back route: RouteID = -1, tab: FlowID = -1,
                               _ last: (inout Navigator) throws(NavigationError) -> Void) {
        if let budget {
            spent += stepCost
            if spent > budget { exhausted = true }
        }
        guard !exhausted else { return }
        navigator.state = state
        navigator.handlerLog.removeAll(keepingCapacity: true)
        var assumed = false
        for step in scratch {
            guard case .assume(let name, let value) = step else { continue }
            navigator.assume(program.name(name), value)
            assumed = true
        }
        do throws(NavigationError) {
            // Assumes before every other step are in force when the entry starts (docs/simulate.md).
            if assumed && onlyAssumes[Int(node)] { try navigator.reset() }
            try last(&navigator)
        } catch {
            return
        }
        let reached = navigator.state
        let known = nodes.count
        let to = discover(reached, parent: node, goal, &remaining)
        let isNew = nodes.count > known
        let firsts = navigator.handlerLog.contains { handlerEdge[Int($0)] < 0 }
            || (route >= 0 && backEdge[Int(route)] < 0) || (tab >= 0 && tabEdge[Int(tab)] < 0)
        guard firsts, to >= 0 else { return }
        let range = isNew ? nodes[Int(to)].steps : IndexRange(Int32(steps.count), Int32(steps.count + scratch.count))
        if !isNew { steps += scratch }
        let edge = Int32(edges.count)
        edges.append(Edge(from: node, steps: range, to: to))
        for h in navigator.handlerLog where handlerEdge[Int(h)] < 0 {
            handlerEdge[Int(h)] = edge
            if let goal, goal.handlers[Int(h)], handlerNode[Int(h)] < 0 {
                handlerNode[Int(h)] = node
                remaining -= 1
            }
        }
        if route >= 0 && backEdge[Int(route)] < 0 { backEdge[Int(route)] = edge }
        if tab >= 0 && tabEdge[Int(tab)] < 0 { tabEdge[Int(tab)] = edge }
    }

    /// For each candidate handler (in dispatch order, level by level: the
    /// route's, then each flow's up the tree), the `assume` steps after which
    /// dispatch chooses it for its event (docs/language.md#how-a-program-runs): its guard holds, and the
    /// guard of every handler dispatch tries before it does not. Nil when no
    /// guards can do that: an unguarded handler answers first at a nearer
    /// level, two handlers need one guard both ways, or the event is `back`
    /// where the implicit back applies (it comes before any `back` handler
    /// but the route's own, which turns it off).
    ///
    /// One pass per level over its handlers, the guarded ones in source
    /// order and then the fallback, carrying per event what the handlers
    /// tried so far require: linear in the candidates. Where none of them
    /// is guarded, as at most places, a shortcut (`unguardedAssumptions`).
    func assumptions(_ candidates: [HandlerID], levelEnds: [Int], _ guards: Set<Symbol>,
                             implicitBack: Bool) -> [[PathStep]?] {
        if !candidates.contains(where: { program.handlers[Int($0)].guardCondition != nil }) {
            return unguardedAssumptions(candidates, implicitBack: implicitBack)
        }
        return assumptionsThroughGuards(candidates, levelEnds: levelEnds, guards, implicitBack: implicitBack)
    }

    /// `assumptions` through the guards: right for any candidates, and the
    /// reference a test holds `unguardedAssumptions` to where none is guarded.
    package func assumptionsThroughGuards(_ candidates: [HandlerID], levelEnds: [Int], _ guards: Set<Symbol>,
                                          implicitBack: Bool) -> [[PathStep]?] {
        /// What dispatch has tried so far for one event: the guard values that
        /// make each of those handlers not answer, the ones of them that differ
        /// from the guards now (as steps), and whether one of them always answers.
        struct Tried {
            var required: [Symbol: Bool] = [:]
            var steps: [PathStep] = []
            var answers = false
        }
        var tried: [EventKey: Tried] = [:]
        var result = [[PathStep]?](repeating: nil, count: candidates.count)
        func consider(_ i: Int) {
            let handler = program.handlers[Int(candidates[i])]
            if handler.event.name == navigator.backSymbol && implicitBack { return }
            var so = tried[handler.event] ?? Tried()
            defer { tried[handler.event] = so }
            guard !so.answers else { return }
            guard let condition = handler.guardCondition else {
                // The fallback: chosen when no guarded handler tried before holds; it always answers.
                result[i] = so.steps
                so.answers = true
                return
            }
            let holds = !condition.negated
            if let required = so.required[condition.name] {
                if required == holds { result[i] = so.steps } else { return }
                // Already required not to hold by an earlier one: this one can never be passed over either.
                so.answers = true
                return
            }
            result[i] = so.steps + (guards.contains(condition.name) == holds ? [] : [.assume(condition.name, holds)])
            so.required[condition.name] = !holds
            if guards.contains(condition.name) == holds { so.steps.append(.assume(condition.name, !holds)) }
        }
        var start = 0
        for end in levelEnds {
            for i in start..<end where program.handlers[Int(candidates[i])].guardCondition != nil { consider(i) }
            for i in start..<end where program.handlers[Int(candidates[i])].guardCondition == nil { consider(i) }
            start = end
        }
        return result
    }

    /// `assumptions` when no candidate is guarded (most places): dispatch
    /// takes the first handler of each event, in the candidates' order, with
    /// no `assume` step; `back` not at all where the implicit back applies.
    /// The events seen are scanned while they are few, and hashed past that.
    package func unguardedAssumptions(_ candidates: [HandlerID], implicitBack: Bool) -> [[PathStep]?] {
        var result = [[PathStep]?](repeating: nil, count: candidates.count)
        var seen: [EventKey] = []
        var seenSet = Set<EventKey>()
        for (i, h) in candidates.enumerated() {
            let event = program.handlers[Int(h)].event
            if event.name == navigator.backSymbol && implicitBack { continue }
            if seen.count < 16 {
                if seen.contains(event) { continue }
                seen.append(event)
                if seen.count == 16 { seenSet = Set(seen) }
            } else if !seenSet.insert(event).inserted {
                continue
            }
            result[i] = []
        }
        return result
    }

    func placeKey(_ state: NavigationState, _ active: (route: RouteID, instance: Int32)) -> Place {
        let parent = state.instances[Int(active.instance)].parent
        var anchor: RouteID = -1
        if parent >= 0 {
            search: for layer in state.layers.reversed() {
                for entry in layer.stack.reversed() where entry.instance == parent {
                    anchor = entry.route
                    break search
                }
            }
        }
        return Place(route: active.route, way: state.placement.rawValue,
                     parentFlow: parent >= 0 ? state.instances[Int(parent)].flow : -1, anchor: anchor)
    }
}
