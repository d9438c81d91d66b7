import FlowModel

/// The checks of the flow graph, in one fixed order, on two cores when the
/// program is large enough for that to pay.
extension Analyzer {
    /// Declarations from which the checks run on two threads by default;
    /// below, the threads' start costs more than they save.
    static let defaultParallelFrom = 20_000

    /// The checks of the flow graph in order, on one thread.
    static func checked(_ program: Program) -> Analyzer {
        var analyzer = Analyzer(program)
        let reach = analyzer.checkReachability()
        let deadEnds = analyzer.checkDeadEnds()
        analyzer.checkImpossibleBacks()
        analyzer.checkTraps(reachable: reach, deadEnds: deadEnds)
        analyzer.runRest()
        return analyzer
    }

    /// The same checks on two threads, in two rounds that share nothing
    /// but the program: the placements then reachability, beside the stack
    /// depths F208 needs; then dead ends and the traps built on them, beside
    /// F208 and the rest. Each round's two sides take about as long on a
    /// large program. The findings are then put in the order one thread
    /// reports them, so the output does not depend on the threads. The
    /// stack depths go to the side that checks F208 and are let go of once
    /// it has (`Handover`).
    static func checkedOnTwoCores(_ program: Program) -> Analyzer {
        let topology = FlowTopology(program)
        let round1 = Both.run({ () -> (Analyzer, reach: [Bool]) in
            var analyzer = Analyzer(program, topology, PlacementAnalysis(program, topology))
            let reach = analyzer.checkReachability()
            return (analyzer, reach)
        }, { Handover(StackDepths(program, topology)) })
        // The first round's builders and worklists are free now, but glibc
        // holds much of them, and the second round's graphs would come on
        // top: at a million routes, 55 MiB given back before it.
        FreeMemory.returnToSystem()
        let (reached, reach) = round1.0
        let depths = round1.1
        // The other side starts with no findings: reachability's are the first side's.
        var empty = reached
        empty.diagnostics = []
        empty.pathGoals = []
        let round2 = Both.run({ () -> (Analyzer, deadEndsEnd: Int) in
            var side = reached
            let deadEnds = side.checkDeadEnds()
            let deadEndsEnd = side.diagnostics.count
            side.checkTraps(reachable: reach, deadEnds: deadEnds)
            return (side, deadEndsEnd)
        }, { [empty] () -> (Analyzer, backsEnd: Int) in
            var side = empty
            side.checkImpossibleBacks(depths: depths.take())
            let backsEnd = side.diagnostics.count
            side.runRest()
            return (side, backsEnd)
        })
        let (graph, deadEndsEnd) = round2.0
        let (rest, backsEnd) = round2.1
        var merged = empty
        merged.append(graph, 0..<deadEndsEnd)
        merged.append(rest, 0..<backsEnd)
        merged.append(graph, deadEndsEnd..<graph.diagnostics.count)
        merged.append(rest, backsEnd..<rest.diagnostics.count)
        return merged
    }

    /// The checks after the traps, in order.
    private mutating func runRest() {
        checkGrowthCycles()
        checkRecursiveFlows()
        checkResults()
        checkLinkOverlaps()
    }

    /// Appends `side`'s findings in `range`, with the path goals that name them.
    private mutating func append(_ side: Analyzer, _ range: Range<Int>) {
        let offset = diagnostics.count - range.lowerBound
        diagnostics += side.diagnostics[range]
        for (d, goal) in side.pathGoals where range.contains(d) { pathGoals.append((d + offset, goal)) }
    }
}

/// A value one side of a round takes and lets go of when it is done with
/// it, instead of holding it to the end: the stack depths, which only F208
/// reads, are not held beside the traps' and the growth cycles' graphs.
private final class Handover<Value> {
    private var value: Value?
    init(_ value: Value) { self.value = value }
    /// The value, once; nil after.
    func take() -> Value? {
        defer { value = nil }
        return value
    }
}
