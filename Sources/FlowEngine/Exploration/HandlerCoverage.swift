/// Transition coverage: which `on` lines of a program some run fired, out
/// of those the entry can reach (what `flowctl cover` reports).
///
/// Every handler counts on its own: a route's and a flow's, a result's
/// (`on C.done`), and each guarded variant of an event apart from its
/// fallback. A link's `else` actions are no `on` line and do not count.
/// *Reachable* means that some run from the entry's start fires it: the
/// explorer found a step that does (`Explorer`), or a recorded run fired it.
public struct HandlerCoverage: Sendable {
    public let program: Program
    /// The handlers that count, in source order.
    public let handlers: [HandlerID]
    /// For each handler id: whether a run from the start fires it.
    public private(set) var reachable: [Bool]
    /// For each handler id: whether a recorded run fired it.
    public private(set) var covered: [Bool]

    /// The coverage of `program` before any run is recorded. Explores the
    /// whole program once; throws what `Navigator.init` throws for a
    /// program the engine does not run.
    public init(program: Program) throws(NavigationError) {
        var explorer = try Explorer(program: program)
        explorer.explore()
        self.init(program: program, explored: explorer)
    }

    /// The coverage of a program `explorer` has explored everywhere.
    public init(program: Program, explored explorer: Explorer) {
        self.program = program
        handlers = program.handlers.indices.map { HandlerID($0) }.filter { !program.isLinkGate($0) }
        reachable = explorer.handlerEdge.map { $0 >= 0 }
        covered = [Bool](repeating: false, count: program.handlers.count)
    }

    /// Adds what one run fired (`ScenarioRunner.handlersRun`).
    public mutating func record(_ run: [Bool]) {
        for h in run.indices where run[h] && h < covered.count {
            covered[h] = true
            reachable[h] = true
        }
    }

    public var reachableCount: Int { handlers.count { reachable[Int($0)] } }
    public var coveredCount: Int { handlers.count { covered[Int($0)] } }
    /// Reachable handlers no run fired, in source order.
    public var uncovered: [HandlerID] { handlers.filter { reachable[Int($0)] && !covered[Int($0)] } }
    /// Handlers no run from the start can fire, in source order.
    public var unreachable: [HandlerID] { handlers.filter { !reachable[Int($0)] } }
}
