import FlowModel
import FlowRuntime

/// The search: states discovered breadth first, each expanded by the
/// user's steps and the guard values that open another handler, until the
/// goal is met or the budget is spent.
extension Explorer {
    /// Records `state`, reached from `parent` by `steps`, as a place if it
    /// is a new one; returns its node.
    @discardableResult
    mutating func discover(_ state: NavigationState, parent: Int32, steps taken: [PathStep], _ goal: Goal?,
                           _ remaining: inout Int) -> Int32 {
        guard let active = state.activeIDs else { return -1 }
        let key = placeKey(state, active)
        if let known = placeIndex[key] { return known }
        let node = Int32(nodes.count)
        placeIndex[key] = node
        var range = IndexRange(0, 0)
        if parent >= 0 {
            range = IndexRange(Int32(steps.count), Int32(steps.count + taken.count))
            steps += taken
        }
        nodes.append(Node(parent: parent, steps: range, route: active.route))
        pending.append(state)
        onlyAssumes.append(parent < 0 || (onlyAssumes[Int(parent)] && taken.allSatisfy(\.isAssume)))
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

    /// Expands the places `first..<nodes.count` in order, each by the
    /// steps `plan` lists, until the goal is met or the budget is spent:
    /// each step is charged the place's whole state, which it copies, and
    /// the step that would overspend it is not taken.
    mutating func expandAll(from first: Int, _ goal: Goal?, _ remaining: inout Int) {
        var attempts: [Attempt] = []
        var head = first
        while head < nodes.count, goal == nil || remaining > 0 {
            guard let state = pending[head] else { head += 1; continue }
            pending[head] = nil
            attempts.removeAll(keepingCapacity: true)
            plan(Int32(head), state, into: &attempts)
            let cost = 1 + state.entryCount + state.instances.count
            // The steps the budget affords are taken, and no more.
            let affordable = budget.map { min(attempts.count, max(0, ($0 - spent) / cost)) } ?? attempts.count
            let outcomes = taken(attempts[..<affordable], from: state)
            for (a, attempt) in attempts.enumerated() {
                if let budget {
                    spent += cost
                    if spent > budget { exhausted = true; return }
                }
                if let outcome = outcomes[a] { record(attempt, outcome, goal, &remaining) }
            }
            head += 1
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

    /// Records a step that succeeded: the place it reached, and, when it
    /// ran something for the first time (a handler, an implicit back, a
    /// tab), its edge.
    mutating func record(_ attempt: Attempt, _ outcome: Outcome, _ goal: Goal?, _ remaining: inout Int) {
        let node = attempt.node
        let known = nodes.count
        let to = discover(outcome.state, parent: node, steps: attempt.steps, goal, &remaining)
        let isNew = nodes.count > known
        let route = attempt.backRoute, tab = attempt.tab
        let firsts = outcome.handlerLog.contains { handlerEdge[Int($0)] < 0 }
            || (route >= 0 && backEdge[Int(route)] < 0) || (tab >= 0 && tabEdge[Int(tab)] < 0)
        guard firsts, to >= 0 else { return }
        let range = isNew ? nodes[Int(to)].steps : IndexRange(Int32(steps.count), Int32(steps.count + attempt.steps.count))
        if !isNew { steps += attempt.steps }
        let edge = Int32(edges.count)
        edges.append(Edge(from: node, steps: range, to: to))
        for h in outcome.handlerLog where handlerEdge[Int(h)] < 0 {
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
    /// tried so far require: linear in the candidates.
    func assumptions(_ candidates: [HandlerID], levelEnds: [Int], _ guards: Set<Symbol>,
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
