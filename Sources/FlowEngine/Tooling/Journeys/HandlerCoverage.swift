import FlowAnalysis
import FlowModel
import FlowRuntime

/// Transition coverage: which `on` lines of a program some run fired, out
/// of those the entry can reach (what `flowctl cover` reports).
///
/// Every handler counts on its own: a route's and a flow's, a result's
/// (`on C.done`), and each guarded variant of an event apart from its
/// fallback. A link's `else` actions are no `on` line and do not count.
/// *Reachable* means that some run from the entry's start fires it: the
/// explorer found a step that does (`Explorer`), or a recorded run fired it.
package struct HandlerCoverage: Sendable {
    /// The program covered.
    public let program: Program
    /// The handlers that count, in source order.
    package let handlers: [HandlerID]
    /// For each handler id: whether a run from the start fires it.
    public private(set) var reachable: [Bool]
    /// For each handler id: whether a recorded run fired it.
    package private(set) var covered: [Bool]
    /// Whether the exploration stopped at its budget: handlers past it count
    /// as unreachable unless a run fired them.
    package let isPartial: Bool

    /// The coverage of `program` before any run is recorded. Explores the
    /// whole program once; throws what `Navigator.init` throws for a
    /// program the engine does not run.
    package init(program: Program) throws(NavigationError) {
        var explorer = try Explorer(program: program, budget: HandlerCoverage.explorationBudget(program))
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
        handlers = program.handlers.indices.map { HandlerID($0) }.filter { HandlerCoverage.counts($0, in: program) }
        reachable = explorer.handlerEdge.map { $0 >= 0 }
        covered = [Bool](repeating: false, count: program.handlers.count)
    }

    /// Adds what one run fired (`ScenarioRunner.handlersRun`).
    package mutating func record(handlersRun run: [Bool]) {
        for h in run.indices where run[h] && h < covered.count {
            covered[h] = true
            reachable[h] = true
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
}
