import FlowModel
import FlowRuntime

/// Counterexample paths: the shortest way a user reaches the place a
/// finding is about, found by one search (`Explorer`) for all findings.
extension Analyzer {
    /// The place a finding is about.
    enum PathGoal {
        /// The route active, standing in one of these ways.
        case route(RouteID, Placement)
        /// A place from which a user step runs this handler.
        case handler(HandlerID)
        /// A place where this flow runs.
        case flow(FlowID)

        /// Every way a route can stand.
        static let anyWay = Placement.ways.reduce(into: Placement()) { $0.formUnion($1) }
    }

    /// How many entries and instances the search may copy: proportional to
    /// the program, so that `validate` stays linear whatever its shape.
    var pathBudget: Int {
        256 * (program.declarationCount + 64)
    }

    /// Gives each finding that asked for one its path; none when the engine
    /// would not run the program (F0xx/F1xx errors, no entry), nor when its
    /// start alone would exceed the search's budget, and none for findings
    /// the budgeted search does not reach (a chain of thousands of flows
    /// pushed on each other: every step copies the whole deep state).
    mutating func attachPaths() {
        guard !pathGoals.isEmpty, program.runBlockers.isEmpty, program.entry >= 0,
              Explorer.startSize(program) * 4 < pathBudget,
              var explorer = try? Explorer(program: program, topology: topology, budget: pathBudget) else { return }
        var goal = Explorer.Goal(program)
        for (_, wanted) in pathGoals {
            switch wanted {
            case .route(let r, let ways): goal.routes[Int(r)].formUnion(ways)
            case .handler(let h): goal.handlers[Int(h)] = true
            case .flow(let f): goal.flows[Int(f)] = true
            }
        }
        explorer.explore(until: goal)
        for (d, wanted) in pathGoals {
            let node: Int32
            switch wanted {
            case .route(let r, _): node = explorer.routeNode[Int(r)]
            case .handler(let h): node = explorer.handlerNode[Int(h)]
            case .flow(let f): node = explorer.flowNode[Int(f)]
            }
            guard node >= 0 else { continue }
            // An `open` step names a URL the search opened from the start.
            diagnostics[d].path = explorer.path(to: node).map { $0.scriptText(in: program) { explorer.linkSamples[Int($0)].url } }
        }
    }

    /// The handler whose chain holds `action`.
    func handler(of action: ActionID) -> HandlerID {
        actionHandlers[Int(action)]
    }
}
