/// Properties stated in the file (DSL.md §9.2), checked on the state graph:
/// each violation is F501 at its `check`, with the shortest path to a state
/// that breaks it (a counterexample `flowctl simulate` replays).
extension Analyzer {
    /// Checks every `check` of the program on `graph`.
    mutating func checkProperties(_ graph: StateGraph) {
        for property in program.checks {
            switch property.kind {
            case .alwaysReach: checkAlwaysReach(property, graph)
            case .never: checkNever(property, graph)
            case .reachWithin: checkWithin(property, graph)
            case .link: checkLink(property, graph)
            }
        }
    }

    /// Whether a state shows the property's ref: its active route is the
    /// route, or belongs to the flow.
    func shows(_ property: PropertyCheck, _ state: NavigationState) -> Bool {
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
        let ref = property.route >= 0 ? program.qualifiedName(property.route) : flowName(property.flow)
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
    /// shortest counterexample.
    mutating func checkAlwaysReach(_ property: PropertyCheck, _ graph: StateGraph) {
        var reaches = [Bool](repeating: false, count: graph.count)
        var queue: [Int32] = []
        for n in 0..<graph.count where shows(property, graph.states[n]) {
            reaches[n] = true
            queue.append(Int32(n))
        }
        let reverse = graph.reverseEdges { $0 == .user }
        var head = 0
        while head < queue.count {
            let t = Int(queue[head])
            head += 1
            for source in reverse.sources(of: t) where !reaches[Int(source)] {
                reaches[Int(source)] = true
                queue.append(source)
            }
        }
        guard let first = reaches.firstIndex(of: false) else { return }
        let at = graph.states[first].activeIDs.map { routeName($0.route) } ?? "?"
        violation(property, "from '\(at)', reached by this path, no user steps lead there", path: graph.path(to: Int32(first)))
    }

    /// `never ref [when g]`: no reachable state shows ref while g holds.
    mutating func checkNever(_ property: PropertyCheck, _ graph: StateGraph) {
        for n in 0..<graph.count where shows(property, graph.states[n]) && holds(property.guardCondition, graph.states[n]) {
            violation(property, "a reachable state shows it", path: graph.path(to: Int32(n)))
            return
        }
    }

    /// `reach ref within N`: the shortest path from the launch with every
    /// guard false, over user steps and `assume` steps, has at most N steps.
    mutating func checkWithin(_ property: PropertyCheck, _ graph: StateGraph) {
        var distance = [Int32](repeating: -1, count: graph.count)
        var parent = [Int32](repeating: -1, count: graph.count)
        var via = [Int32](repeating: -1, count: graph.count)
        let forward = graph.forwardEdges { _ in true }
        distance[0] = 0
        var queue: [Int32] = [0]
        var head = 0
        var found: Int32 = -1
        while head < queue.count {
            let n = queue[head]
            head += 1
            if shows(property, graph.states[Int(n)]) { found = n; break }
            for (target, edge) in forward.targets(of: Int(n)) where distance[Int(target)] < 0 {
                distance[Int(target)] = distance[Int(n)] + 1
                parent[Int(target)] = n
                via[Int(target)] = edge
                queue.append(target)
            }
        }
        guard found >= 0 else {
            violation(property, "no path of user and assume steps from the launch reaches it", path: nil)
            return
        }
        guard Int(distance[Int(found)]) > property.limit else { return }
        // The shortest way, edge by edge.
        var path: [PathStep] = []
        var n = found
        while n > 0 {
            let edge = Int(via[Int(n)])
            path.append(graph.edgeSteps[edge])
            if graph.edgePrefix[edge] >= 0 { path.append(.expectTop(graph.edgePrefix[edge])) }
            n = parent[Int(n)]
        }
        path.reverse()
        violation(property, "the shortest way there takes \(distance[Int(found)]) steps", path: path)
    }

    /// `link URL [when g] shows stack`: from every reachable state (where g
    /// holds), opening the URL shows the stack.
    mutating func checkLink(_ property: PropertyCheck, _ graph: StateGraph) {
        guard case .success(let expected) = ExpectedStack.parse(Substring(property.stack)),
              var navigator = try? Navigator(program: program) else { return }
        navigator.recordsEffects = false
        for n in 0..<graph.count where holds(property.guardCondition, graph.states[n]) {
            navigator.state = graph.states[n]
            let shown: String
            do throws(NavigationError) {
                _ = try navigator.open(property.url)
                if ScenarioRunner.matches(expected, navigator) { continue }
                shown = "it shows \(navigator.stackDescription) instead"
            } catch {
                shown = "it is refused (\(error.description))"
            }
            let path = graph.path(to: Int32(n))
            violation(property, "opened after this path, \(shown)", path: path)
            // The counterexample's last step opens the URL (a script line).
            diagnostics[diagnostics.count - 1].path?.append("open " + Navigator.literal(.string(property.url)))
            return
        }
    }
}

extension StateGraph {
    /// The graph's recorded edges (user steps and `assume`) in compressed rows.
    struct Adjacency {
        var rowStart: [Int32]
        var column: [Int32]
        var edge: [Int32]

        func sources(of node: Int) -> ArraySlice<Int32> { column[Int(rowStart[node])..<Int(rowStart[node + 1])] }

        func targets(of node: Int) -> Zip2Sequence<ArraySlice<Int32>, ArraySlice<Int32>> {
            let range = Int(rowStart[node])..<Int(rowStart[node + 1])
            return zip(column[range], edge[range])
        }
    }

    /// Edges whose kind passes `keep`, grouped by target: each target's sources.
    func reverseEdges(_ keep: (StepKind) -> Bool) -> Adjacency {
        adjacency(keep, from: edgeTo, to: edgeFrom)
    }

    /// Edges whose kind passes `keep`, grouped by source: each source's targets.
    func forwardEdges(_ keep: (StepKind) -> Bool) -> Adjacency {
        adjacency(keep, from: edgeFrom, to: edgeTo)
    }

    private func adjacency(_ keep: (StepKind) -> Bool, from rows: [Int32], to columns: [Int32]) -> Adjacency {
        var rowStart = [Int32](repeating: 0, count: count + 1)
        for e in rows.indices where keep(edgeKinds[e]) { rowStart[Int(rows[e]) + 1] += 1 }
        for i in 0..<count { rowStart[i + 1] += rowStart[i] }
        var fill = rowStart
        var column = [Int32](repeating: 0, count: Int(rowStart[count]))
        var edge = column
        for e in rows.indices where keep(edgeKinds[e]) {
            let slot = Int(fill[Int(rows[e])])
            column[slot] = columns[e]
            edge[slot] = Int32(e)
            fill[Int(rows[e])] += 1
        }
        return Adjacency(rowStart: rowStart, column: column, edge: edge)
    }
}
