import FlowModel
import FlowRuntime

/// Properties stated in the file (docs/language.md#properties-check-v2), checked on the state graph:
/// each violation is F501 at its `check`, with the shortest path to a state
/// that breaks it (a counterexample `flowctl simulate` replays).
extension Analyzer {
    /// Checks every `check` of the program on `graph`.
    mutating func checkProperties(_ graph: StateGraph) {
        for (i, property) in program.checks.enumerated() {
            switch property.kind {
            case .alwaysReach: checkAlwaysReach(property, graph)
            case .never: checkNever(property, index: i, graph)
            case .reachWithin: checkWithin(property, graph)
            case .link: checkLink(property, graph)
            }
        }
    }

    /// Whether a state shows the property's ref: its active route is the
    /// route, or belongs to the flow.
    package func shows(_ property: PropertyCheck, _ state: NavigationState) -> Bool {
        guard let active = state.activeIDs else { return false }
        if property.route >= 0 { return active.route == property.route }
        return program.routes[Int(active.route)].flow == property.flow
    }

    /// Whether a guard condition holds in a state (no condition: always).
    func holds(_ condition: Guard?, _ state: NavigationState) -> Bool {
        guard let condition else { return true }
        return state.guards.contains(condition.name) != condition.negated
    }

    /// The property as written, for messages.
    func describe(_ property: PropertyCheck) -> String {
        let ref = property.route >= 0 ? program.qualifiedName(property.route)
            : property.flow >= 0 ? flowName(property.flow) : ""
        let condition = property.guardCondition.map { " when \($0.negated ? "!" : "")\(program.name($0.name))" } ?? ""
        let text: String
        switch property.kind {
        case .alwaysReach: text = "always reach \(ref)"
        case .never: text = "never \(ref)\(condition)"
        case .reachWithin: text = "reach \(ref) within \(property.limit)"
        case .link: text = "link \"\(property.url)\"\(condition) shows \(property.stack)"
        }
        return property.label.map { "'\($0)' (\(text))" } ?? "'\(text)'"
    }

    mutating func violation(_ property: PropertyCheck, _ message: String, path: [PathStep]?) {
        report(.propertyViolated, property.span, "check \(describe(property)) does not hold: \(message)")
        diagnostics[diagnostics.count - 1].path = path.map(steps)
    }

    /// `always reach ref`: from every reachable state some user steps lead to
    /// a state that shows ref. A backward search from those states over the
    /// user steps; the first state it misses, in breadth-first order, is the
    /// shortest counterexample. A state the exploration cut has no steps of
    /// its own in the graph: one cut for repeating growth (F205) shows what
    /// the state it grew from shows, with more on top, and reaches ref when
    /// that one does; one cut for its size claims nothing and counts as
    /// reaching (validate's note says the exploration stopped there).
    mutating func checkAlwaysReach(_ property: PropertyCheck, _ graph: StateGraph) {
        var search = Worklist(count: graph.count)
        for n in 0..<graph.count where shows(property, graph.states[n]) { search.insert(Int32(n)) }
        for node in graph.oversized { search.insert(node) }
        // Per state, the cut states that grew from it.
        var grownFrom: [Int32: [Int32]] = [:]
        for (node, ancestor) in graph.growth { grownFrom[ancestor, default: []].append(node) }
        let reverse = graph.adjacency(reversed: true)
        while let t = search.next() {
            for (source, _) in reverse.neighbours(of: Int(t)) { search.insert(source) }
            for grown in grownFrom[t] ?? [] { search.insert(grown) }
        }
        guard let first = search.visited.firstIndex(of: false) else { return }
        let at = graph.states[first].activeIDs.map { routeName($0.route) } ?? "?"
        violation(property, "from '\(at)', reached by this path, no user steps lead there", path: graph.path(to: Int32(first)))
    }

    /// `never ref [when g]`: no step shows ref while g can hold (found while
    /// exploring: a guard the step does not read can hold, the app sets it).
    mutating func checkNever(_ property: PropertyCheck, index: Int, _ graph: StateGraph) {
        if let start = (0..<graph.count).first(where: { graph.parents[$0] < 0 && shows(property, graph.states[$0]) }),
           property.guardCondition.map({ holds($0, graph.states[start]) || !startReads($0) }) ?? true {
            // A guard the start does not read, and that does not hold there, the app sets on it.
            let setting = property.guardCondition.flatMap { holds($0, graph.states[start]) ? nil : PathStep.assume($0.name, !$0.negated) }
            violation(property, "the app starts on it", path: graph.path(to: Int32(start)) + (setting.map { [$0] } ?? []))
            return
        }
        guard let found = graph.neverViolations[index] else { return }
        violation(property, "a step shows it", path: graph.path(to: found.node) + graph.steps(found.steps))
    }

    /// Whether a `start` item reads the guard of `condition`.
    func startReads(_ condition: Guard) -> Bool {
        program.startItems.contains { $0.guardCondition?.name == condition.name }
    }

    /// `reach ref within N`: the shortest way from the launch with every
    /// guard false, counting user steps and `assume` steps (not URLs), has at
    /// most N steps. A breadth-first search over the user steps from that start.
    mutating func checkWithin(_ property: PropertyCheck, _ graph: StateGraph) {
        guard let root = (0..<graph.count).first(where: { graph.parents[$0] < 0 && graph.stepRanges[$0].isEmpty }) else { return }
        var parent = [Int32](repeating: -1, count: graph.count)
        var via = [Int32](repeating: -1, count: graph.count)
        let forward = graph.adjacency(reversed: false)
        var search = Worklist(count: graph.count)
        search.insert(Int32(root))
        var found: Int32 = -1
        while let n = search.next() {
            if shows(property, graph.states[Int(n)]) { found = n; break }
            for (target, edge) in forward.neighbours(of: Int(n)) where search.insert(target) {
                parent[Int(target)] = n
                via[Int(target)] = edge
            }
        }
        guard found >= 0 else {
            violation(property, "no path of user steps from the launch reaches it", path: nil)
            return
        }
        var path: [PathStep] = []
        var n = found
        while parent[Int(n)] >= 0 {
            path.insert(contentsOf: graph.steps(graph.edgeSteps[Int(via[Int(n)])]), at: 0)
            n = parent[Int(n)]
        }
        let count = path.count { !$0.isExpect }
        guard count > property.limit else { return }
        violation(property, "the shortest way there takes \(count) steps", path: path)
    }

    /// `link URL [when g] shows stack`: from every reachable state (where g
    /// can hold), opening the URL shows the stack, under every valuation of
    /// the guards the opening reads.
    mutating func checkLink(_ property: PropertyCheck, _ graph: StateGraph) {
        guard case .success(let expected) = ExpectedStack.parse(Substring(property.stack)),
              var navigator = try? Navigator(program: program) else { return }
        navigator.recordsEffects = false
        for n in 0..<graph.count {
            let state = graph.states[n]
            var problem: (String, GuardBranching.Assignment)?
            _ = GuardBranching.forEachRun(&navigator, from: state, maxRuns: 64, { (nav: inout Navigator) throws(NavigationError) in
                _ = try nav.open(property.url)
            }, { (nav: inout Navigator, failure: NavigationError?, valuation: GuardBranching.Assignment, _: GuardBranching.Assignment) in
                guard problem == nil else { return }
                if let condition = property.guardCondition, let read = valuation.first(where: { $0.symbol == condition.name }),
                   read.value == condition.negated { return }
                if let failure {
                    problem = ("it is refused (\(failure.description))", valuation)
                } else if !expected.isShown(by: nav) {
                    problem = ("it shows \(nav.stackDescription) instead", valuation)
                }
            })
            guard let (shown, valuation) = problem else { continue }
            var path = graph.path(to: Int32(n))
            for (symbol, value) in valuation where state.guards.contains(symbol) != value { path.append(.assume(symbol, value)) }
            violation(property, "opened after this path, \(shown)", path: path)
            diagnostics[diagnostics.count - 1].path?.append("open " + Navigator.literal(.string(property.url)))
            return
        }
    }
}

extension StateGraph {
    /// The user-step edges in compressed rows: by source (each node's
    /// targets) or, `reversed`, by target (each node's sources), each with its edge.
    struct Adjacency {
        var rowStart: [Int32]
        var column: [Int32]
        var edge: [Int32]

        func neighbours(of node: Int) -> Zip2Sequence<ArraySlice<Int32>, ArraySlice<Int32>> {
            let range = Int(rowStart[node])..<Int(rowStart[node + 1])
            return zip(column[range], edge[range])
        }
    }

    func adjacency(reversed: Bool) -> Adjacency {
        let rows = reversed ? edgeTo : edgeFrom
        let columns = reversed ? edgeFrom : edgeTo
        var rowStart = [Int32](repeating: 0, count: count + 1)
        for r in rows { rowStart[Int(r) + 1] += 1 }
        for i in 0..<count { rowStart[i + 1] += rowStart[i] }
        var fill = rowStart
        var column = [Int32](repeating: 0, count: rows.count)
        var edge = column
        for e in rows.indices {
            let slot = Int(fill[Int(rows[e])])
            column[slot] = columns[e]
            edge[slot] = Int32(e)
            fill[Int(rows[e])] += 1
        }
        return Adjacency(rowStart: rowStart, column: column, edge: edge)
    }
}
