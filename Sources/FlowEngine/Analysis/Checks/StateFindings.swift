import FlowModel
import FlowRuntime

/// The findings of docs/diagnostics.md#findings-on-the-engines-states, computed on the state graph (`StateGraph`):
/// every one is a fact about states the engine reaches, with the shortest
/// path there. They replace the graph approximations of v1 (F201, F202,
/// F203, F204, F205, F207, F208, F305) whenever the exploration is complete;
/// when a limit stops it, the approximations stay and a note says so.
extension Analyzer {
    /// Explores the program's states and, when the exploration is complete,
    /// replaces the approximate findings with the state graph's. Returns
    /// whether it did; `explorationNote` says why not.
    mutating func applyStateGraph(maxWork: Int? = nil) -> Bool {
        guard program.runBlockers.isEmpty, program.entry >= 0 else { return false }
        let size = program.declarationCount
        guard size <= StateGraph.Limits.largestExploredProgram else {
            explorationNote = "the program has \(size) declarations, more than the \(StateGraph.Limits.largestExploredProgram) whose states validate explores: the findings come from the flow graph, and the absence of others was not proved"
            return false
        }
        guard Explorer.startSize(program) < 4_096 else {
            explorationNote = "the app's start alone creates more than 4,096 flows: its states were not explored, and the findings come from the flow graph"
            return false
        }
        let graph: StateGraph
        var limits = StateGraph.Limits.forValidation(of: program)
        if let maxWork { limits.maxWork = min(limits.maxWork, maxWork) }
        do { graph = try StateGraph(program: program, limits: limits) } catch { return false }
        exploredStates = graph.count
        exploredKeyBytes = graph.keyBytes
        guard graph.isComplete else {
            let checks = program.checks.isEmpty ? "" : "; the \(program.checks.count) check(s) were not evaluated"
            explorationNote = "\(graph.limitHit ?? "a limit was reached"): the findings come from the flow graph, and the absence of others was not proved\(checks)"
            return false
        }
        if keepsStateGraph { keptStateGraph = graph }
        // Keep the v1 findings the states do not decide, and F201/F202 of flows no state runs.
        let runs = flowsThatRun(graph)
        let flowGraphUnreachable = diagnostics.filter { $0.code == .unreachableRoute }
        let kept = diagnostics.filter { !$0.code.isDecidedByStates }
        diagnostics = kept
        pathGoals.removeAll()
        // F209 (a flow that starts itself) on the starts the states take: a handler that runs, a
        // flow's own start or tabs where both flows run; then the path to where its `start` first runs.
        diagnostics.removeAll { $0.code == .recursiveFlow }
        checkRecursiveFlows(along: topology.edges.map { edge in
            edge.action >= 0 ? graph.firstRun[Int(actionHandlers[Int(edge.action)])].node >= 0 : runs[Int(edge.parent)] && runs[Int(edge.child)]
        })
        for d in diagnostics.indices where diagnostics[d].code == .recursiveFlow {
            guard let a = program.actions.firstIndex(where: { $0.span == diagnostics[d].span }) else { continue }
            let run = graph.firstRun[Int(actionHandlers[a])]
            if run.node >= 0 { diagnostics[d].path = steps(graph.path(to: run.node) + graph.steps(run.steps)) }
        }
        reportReach(graph, runs, flowGraphUnreachable: flowGraphUnreachable)
        reportDeadEnds(graph)
        reportTraps(graph)
        reportGrowth(graph)
        reportDroppedResults(graph)
        reportRefusals(graph)
        reportDroppedLinks(graph)
        checkProperties(graph)
        if !graph.oversized.isEmpty {
            explorationNote = "\(graph.oversized.count) state(s) larger than \(graph.limits.maxStateSize) screens and flows were not explored further"
        }
        return true
    }

    /// For each flow, whether it runs in some reachable state.
    func flowsThatRun(_ graph: StateGraph) -> [Bool] {
        var runs = [Bool](repeating: false, count: program.flows.count)
        for state in graph.states {
            for instance in state.instances where instance.isRunning { runs[Int(instance.flow)] = true }
        }
        return runs
    }

    /// F201, F202 and F305 on the states: a route no state shows, a flow no
    /// state runs (its routes keep v1's F201), a link target no state reached
    /// without a link shows.
    mutating func reportReach(_ graph: StateGraph, _ runs: [Bool], flowGraphUnreachable: [Diagnostic]) {
        var shown = [Bool](repeating: false, count: program.routes.count)
        var navigable = [Bool](repeating: false, count: program.routes.count)
        for (n, state) in graph.states.enumerated() {
            let byNavigating = graph.isNavigable(Int32(n))
            for layer in state.layers {
                for stack in layer.stacks {
                    for entry in stack {
                        shown[Int(entry.route)] = true
                        if byNavigating { navigable[Int(entry.route)] = true }
                    }
                }
            }
        }
        for (f, flow) in program.flows.enumerated() where !runs[f] {
            report(.flowNeverStarted, flow.span,
                   "flow '\(name(flow.name))' is never started: no reachable state of the app runs it")
        }
        // Routes of flows that never run: v1's check, from the flow's own start (its findings, made in `run()`).
        let idle = Set(program.routes.filter { !runs[Int($0.flow)] }.map(\.span))
        diagnostics += flowGraphUnreachable.filter { idle.contains($0.span) }
        for (r, route) in program.routes.enumerated() where !shown[r] && runs[Int(route.flow)] {
            let flow = program.flows[Int(route.flow)]
            report(.unreachableRoute, route.span,
                   "route '\(name(route.name))' is unreachable: no reachable state of the app shows it",
                   notes: [DiagnosticNote(span: flow.startSpan, message: "flow '\(name(flow.name))' starts here")])
        }
        for link in program.links where link.route >= 0 && shown[Int(link.route)] && !navigable[Int(link.route)] {
            report(.linkUnreachable, link.span,
                   "link target '\(Diagnostic.quoted(program.qualifiedName(link.route)))' cannot be reached by navigating from the entry flow '\(flowName(program.entry))': the link is the only way there",
                   notes: [DiagnosticNote(span: program.routes[Int(link.route)].span, message: "'\(routeName(link.route))' declared here")])
        }
    }

    /// F203: a reachable state whose active route is not `[final]` and from
    /// which no user step, under any guards, leads to another state.
    mutating func reportDeadEnds(_ graph: StateGraph) {
        var dead = [Bool](repeating: false, count: program.routes.count)
        for n in 0..<graph.count where !graph.hasUserWayOut[n] {
            let state = graph.states[n]
            guard let active = state.activeIDs, !dead[Int(active.route)] else { continue }
            let route = program.routes[Int(active.route)]
            guard !route.attributes.contains(.final), !waitsForTheApp(graph, n) else { continue }
            if graph.growth.contains(where: { $0.node == Int32(n) }) || graph.oversized.contains(Int32(n)) { continue }
            dead[Int(active.route)] = true
            let way = describeWay(state.placement, route)
            var notes = arrivalNote(graph, Int32(n), way: way)
            let system = systemHandlers(at: state)
            if !system.isEmpty {
                notes.append(DiagnosticNote(span: program.handlers[Int(system[0])].span,
                                            message: "'\(name(program.handlers[Int(system[0])].event.name))' is a [system] event the app sends, not a way out for the user"))
            }
            report(.deadEnd, route.span,
                   "dead end: at '\(name(route.name))', reached \(way), no step of the user leads anywhere: no handler answers with a change and there is no way back",
                   notes: notes)
            diagnostics[diagnostics.count - 1].path = steps(graph.path(to: Int32(n)))
        }
    }

    /// A note at the action of the last step that brought the user to
    /// `node` (`reached as ... by 'cover promo' here`), when it is an event.
    func arrivalNote(_ graph: StateGraph, _ node: Int32, way: String) -> [DiagnosticNote] {
        guard graph.parents[Int(node)] >= 0,
              case .send(let h)? = graph.steps(graph.stepRanges[Int(node)]).last else { return [] }
        // The last action that shows something put the active screen there (`push detail then alert oops`: the alert).
        let actions = program.handlers[Int(h)].actions.range
        let a = actions.last(where: { StateGraph.shows(program.actions[$0].kind) }) ?? actions.first
        guard let a else { return [] }
        return [DiagnosticNote(span: program.actions[a].span, message: "reached \(way) by '\(describe(program.actions[a]))' here")]
    }

    /// Whether the state waits for the app: its active route's own handlers
    /// answer a `[system]` event (a splash, an upload) and one of them leads
    /// somewhere from here. Such a state is no dead end; one whose system
    /// events only `stay` is (the user waits for nothing).
    func waitsForTheApp(_ graph: StateGraph, _ node: Int) -> Bool {
        graph.hasSystemWayOut[node]
    }

    /// The `[system]` handlers that could answer at a state's active route.
    func systemHandlers(at state: NavigationState) -> [HandlerID] {
        guard let active = state.activeIDs else { return [] }
        var found: [HandlerID] = []
        for h in program.routes[Int(active.route)].handlers.range where program.handlers[h].isSystem { found.append(HandlerID(h)) }
        for slot in state.ancestry(of: active.instance) {
            let flow = program.flows[Int(state.instances[Int(slot)].flow)]
            for h in flow.handlers.range where program.handlers[h].isSystem { found.append(HandlerID(h)) }
        }
        return found
    }

    /// F204: a reachable state inside a child expected to finish from which
    /// no user steps and guard changes (no URL, no `[system]` event) end it.
    /// A backward search over (state, instance) pairs from the steps that end one.
    mutating func reportTraps(_ graph: StateGraph) {
        let pairs = graph.finishingValues.count
        guard pairs > 0 else { return }
        var escapes = [Bool](repeating: false, count: pairs)
        // Cut states were not expanded: nothing is claimed of them.
        for (node, _) in graph.growth { for i in graph.finishing[Int(node)].range { escapes[i] = true } }
        for node in graph.oversized { for i in graph.finishing[Int(node)].range { escapes[i] = true } }
        // Reverse edges of the pair graph, in compressed rows.
        var sources: [Int32] = []
        var targets: [Int32] = []
        for e in graph.edgeFrom.indices {
            let from = graph.finishing[Int(graph.edgeFrom[e])]
            let to = graph.finishing[Int(graph.edgeTo[e])]
            let map = graph.edgeMaps[e]
            for k in 0..<map.count {
                let value = graph.edgeMapValues[Int(map.lower) + k]
                let source = Int(from.lower) + k
                if value == -1 {
                    escapes[source] = true
                    continue
                }
                // Left in a tab not shown: coming back shows it as it was, so nothing changes for it.
                if value < 0 { continue }
                guard let target = to.range.first(where: { graph.finishingValues[$0] == value }) else { continue }
                sources.append(Int32(source))
                targets.append(Int32(target))
            }
        }
        var rowStart = [Int32](repeating: 0, count: pairs + 1)
        for t in targets { rowStart[Int(t) + 1] += 1 }
        for i in 0..<pairs { rowStart[i + 1] += rowStart[i] }
        var fill = rowStart
        var column = [Int32](repeating: 0, count: sources.count)
        for (i, t) in targets.enumerated() {
            column[Int(fill[Int(t)])] = sources[i]
            fill[Int(t)] += 1
        }
        var search = Worklist(count: pairs)
        for i in 0..<pairs where escapes[i] { search.insert(Int32(i)) }
        while let t = search.next() {
            for c in Int(rowStart[Int(t)])..<Int(rowStart[Int(t) + 1]) { search.insert(column[c]) }
        }
        escapes = search.visited
        // Once per route, at its first trapped state (the shortest path). A state
        // with no way out at all is F203's, not also F204's, unless F203 leaves it
        // alone: at a `[final]` route or one waiting for the app, a child that
        // nothing the user does can end is trapped all the same (docs/diagnostics.md#findings-on-the-engines-states).
        var reported = [Bool](repeating: false, count: program.routes.count)
        for n in 0..<graph.count {
            let state = graph.states[n]
            guard let active = state.activeIDs, !reported[Int(active.route)] else { continue }
            if !graph.hasUserWayOut[n] && !program.routes[Int(active.route)].attributes.contains(.final)
                && !waitsForTheApp(graph, n) { continue }
            // The innermost child on the active chain that cannot end.
            var trapped: Int32 = -1
            search: for c in graph.activeChainValues[graph.activeChain[n].range] {
                for i in graph.finishing[n].range where graph.finishingValues[i] == c {
                    if !escapes[i] { trapped = c; break search }
                }
            }
            guard trapped >= 0 else { continue }
            let flow = childFlow(state, canonical: trapped)
            reported[Int(active.route)] = true
            let route = program.routes[Int(active.route)]
            let way = describeWay(state.placement, route)
            report(.trap, route.span,
                   "trap: once the user is at '\(name(route.name))' (reached \(way)), no step ends '\(flowName(flow))': it never finishes, and no way back or handler above leaves it",
                   notes: arrivalNote(graph, Int32(n), way: way)
                       + [DiagnosticNote(span: program.flows[Int(flow)].span, message: "'\(flowName(flow))' is expected to finish: it was started as a child")])
            diagnostics[diagnostics.count - 1].path = steps(graph.path(to: Int32(n)))
        }
    }

    /// The flow of the instance with canonical number `canonical` in `state`.
    func childFlow(_ state: NavigationState, canonical: Int32) -> FlowID {
        var encoder = StateEncoder(program: program)
        var key: [Int32] = []
        encoder.encode(state, into: &key)
        return state.instances[Int(encoder.order[Int(canonical)])].flow
    }

    /// F205: growth that repeats: a state whose screen extends one on its
    /// own path, with the same active screen. Points at a push on the way.
    mutating func reportGrowth(_ graph: StateGraph) {
        var reported = Set<ActionID>()
        for (node, ancestor) in graph.growth {
            var ranges: [IndexRange] = []
            // The first growing action in source order among the cycle's steps (as v1 reported it).
            var action: ActionID = -1
            var n = node
            while n != ancestor, n >= 0 {
                ranges.append(graph.stepRanges[Int(n)])
                let shown = graph.shownBy[Int(n)]
                if shown >= 0, action < 0 || program.actions[Int(shown)].span.start < program.actions[Int(action)].span.start {
                    action = shown
                }
                n = graph.parents[Int(n)]
            }
            let between = ranges.reversed().flatMap { graph.steps($0) }
            // A flow that starts itself is F209's, at the same place: not again as F205.
            guard action >= 0, reported.insert(action).inserted,
                  !diagnostics.contains(where: { $0.code == .recursiveFlow && $0.span == program.actions[Int(action)].span }) else { continue }
            let state = graph.states[Int(node)]
            let top = state.activeIDs.map { routeName($0.route) } ?? "?"
            report(.unboundedStack, program.actions[Int(action)].span,
                   "the navigation can grow without bound: from '\(top)', the steps '\(between.filter { !$0.isExpect }.map { $0.scriptText(in: program) }.joined(separator: " → "))' show '\(top)' again with more on screen, and can be taken again and again")
            diagnostics[diagnostics.count - 1].path = steps(graph.path(to: node))
        }
    }

    /// F207: a result dropped on some path (the path ends with the step that drops it).
    mutating func reportDroppedResults(_ graph: StateGraph) {
        for (result, drop) in graph.droppedResults.sorted(by: { $0.value.finish < $1.value.finish }) {
            let span = drop.finish >= 0 ? program.actions[Int(drop.finish)].span : program.flows[Int(result.flow)].span
            let child = flowName(result.flow)
            report(.resultNeverHandled, span,
                   "result '\(name(result.name))' of '\(child)' is dropped: after the last step of this path no flow on the way up handles '\(child).\(name(result.name))' where the user is")
            diagnostics[diagnostics.count - 1].path = steps(graph.path(to: drop.node) + graph.steps(drop.steps))
        }
    }

    /// F208 (fails wherever dispatch picks it) and F210 (fails in some of those states).
    mutating func reportRefusals(_ graph: StateGraph) {
        for h in program.handlers.indices where graph.failed[h] > 0 {
            // A link's own actions (its gate's, `then`, `over`) refused in some states are a URL
            // that does not open there, like any refused URL: F208 only when it never opens.
            let isLink = program.isLinkHandler(HandlerID(h))
            if isLink && graph.failed[h] != graph.picked[h] { continue }
            let action = graph.failedAction[h]
            let span = action >= 0 ? program.actions[Int(action)].span : program.handlers[h].span
            let text = action >= 0 ? describe(program.actions[Int(action)]) : "the handler"
            let event = program.eventText(program.handlers[h].event)
            let reason = graph.failureReason[h] ?? "the engine refuses it"
            if isLink {
                report(.impossibleBack, span,
                       "'\(text)' can never succeed: in every reachable state where the URL of '\(event)' is opened, the step is refused (\(reason))")
            } else if graph.failed[h] == graph.picked[h] {
                report(.impossibleBack, span,
                       "'\(text)' can never succeed: in every reachable state where 'on \(event)' is the handler dispatch picks, the step is refused (\(reason))")
            } else {
                report(.sometimesRefused, span,
                       "'\(text)' fails in some reachable states where 'on \(event)' is picked: the step is refused there (\(reason))")
            }
            diagnostics[diagnostics.count - 1].path = steps(graph.path(to: graph.firstFailure[h]) + graph.steps(graph.failureSteps[h]))
        }
    }

    /// F306: a pending URL dropped although its guard held.
    mutating func reportDroppedLinks(_ graph: StateGraph) {
        for (l, drop) in graph.droppedLinks.sorted(by: { $0.key < $1.key }) {
            let link = program.links[Int(l)]
            // A link without a gate has no guard: its URL waited only for a busy screen.
            let waited = link.gate == nil ? "a URL of this link held by a busy screen is dropped" : "a pending URL of this link is dropped although its guard holds"
            report(.pendingLinkDropped, link.span,
                   "\(waited): after the last step of this path it could not be opened where the user is")
            diagnostics[diagnostics.count - 1].path = steps(graph.path(to: drop.node, substituting: drop.substitute) + graph.steps(drop.steps))
        }
    }

    func steps<S: Sequence<PathStep>>(_ path: S) -> [String] { path.map { $0.scriptText(in: program) } }
}
