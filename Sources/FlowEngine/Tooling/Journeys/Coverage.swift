import FlowAnalysis
import FlowModel
import FlowRuntime

/// What runs of a program reached, out of what the entry can reach: the
/// routes they showed and the `on` lines they fired (what `flowctl cover`
/// reports, and what a random walk's summary counts).
///
/// A route is *shown* when it is the active screen at the start of a run or
/// after one of its steps that succeeded. Every handler counts on its own:
/// a route's and a flow's, a result's (`on C.done`), and each guarded
/// variant of an event apart from its fallback. A link's `else` actions are
/// no `on` line and do not count. *Reachable* means that some run from the
/// entry's start shows the route or fires the handler: the explorer found
/// a place or a step that does (`Explorer`), or a recorded run did.
package struct Coverage: Sendable {
    /// The program covered.
    public let program: Program
    /// The handlers that count, in source order.
    package let handlers: [HandlerID]
    /// For each handler id: whether a run from the start fires it.
    public private(set) var reachable: [Bool]
    /// For each handler id: whether a recorded run fired it.
    package private(set) var covered: [Bool]
    /// For each route id: whether a run from the start shows it.
    package private(set) var reachableRoutes: [Bool]
    /// For each route id: whether a recorded run showed it.
    package private(set) var shownRoutes: [Bool]
    /// Whether the exploration stopped at its budget: handlers and routes
    /// past it count as unreachable unless a run reached them.
    package let isPartial: Bool

    /// The coverage of `program` before any run is recorded. Explores the
    /// whole program once; throws what `Navigator.init` throws for a
    /// program the engine does not run.
    package init(program: Program) throws(NavigationError) {
        var explorer = try Explorer(program: program, budget: Coverage.explorationBudget(program))
        explorer.explore()
        self.init(program: program, explored: explorer)
    }

    /// What `cover` and `generate scripts` let the exploration copy: 4,096
    /// screen entries and flow instances per declaration, sixteen times what
    /// `validate` allows its paths. A program past it (tens of thousands of
    /// flows pushed on each other) gets what was found until then, said so.
    package static func explorationBudget(_ program: Program) -> Int {
        4_096 * (program.declarationCount + 64)
    }

    /// Whether `handler` counts for coverage, here and in a random walk's
    /// report: every `on` line does (a route's, a flow's, a result's, each
    /// guarded variant); a link's `else` actions, compiled as a handler of
    /// the entry flow, are no `on` line and do not.
    package static func counts(_ handler: HandlerID, in program: Program) -> Bool {
        !program.isLinkHandler(handler)
    }

    /// The coverage of a program `explorer` has explored everywhere.
    package init(program: Program, explored explorer: Explorer) {
        self.program = program
        isPartial = explorer.exhausted
        handlers = program.handlers.indices.map { HandlerID($0) }.filter { Coverage.counts($0, in: program) }
        reachable = explorer.handlerEdge.map { $0 >= 0 }
        covered = [Bool](repeating: false, count: program.handlers.count)
        // Each place the search found is a route active there.
        var routes = [Bool](repeating: false, count: program.routes.count)
        for node in explorer.nodes { routes[Int(node.route)] = true }
        reachableRoutes = routes
        shownRoutes = [Bool](repeating: false, count: program.routes.count)
    }

    /// Adds what one run fired and showed (`ScenarioRunner.handlersRun`,
    /// `ScenarioRunner.routesShown`).
    package mutating func record(handlersRun run: [Bool], routesShown shown: [Bool] = []) {
        for h in run.indices where run[h] && h < covered.count {
            covered[h] = true
            reachable[h] = true
        }
        for r in shown.indices where shown[r] && r < shownRoutes.count {
            shownRoutes[r] = true
            reachableRoutes[r] = true
        }
    }

    /// How many handlers a run from the start fires.
    package var reachableCount: Int { handlers.count { reachable[Int($0)] } }
    /// How many handlers a recorded run fired.
    package var coveredCount: Int { handlers.count { covered[Int($0)] } }
    /// Reachable handlers no run fired, in source order.
    package var uncovered: [HandlerID] { handlers.filter { reachable[Int($0)] && !covered[Int($0)] } }
    /// Handlers no run from the start can fire, in source order.
    package var unreachable: [HandlerID] { handlers.filter { !reachable[Int($0)] } }

    /// How many routes a run from the start shows.
    package var reachableRouteCount: Int { reachableRoutes.count { $0 } }
    /// How many routes a recorded run showed.
    package var shownRouteCount: Int { shownRoutes.count { $0 } }
    /// Reachable routes no run showed, in program order.
    package var notShown: [RouteID] { reachableRoutes.indices.filter { reachableRoutes[$0] && !shownRoutes[$0] }.map { RouteID($0) } }
    /// Routes no run from the start shows, in program order.
    package var unreachableRoutes: [RouteID] { reachableRoutes.indices.filter { !reachableRoutes[$0] }.map { RouteID($0) } }
}
