import Dispatch
import FlowModel

/// The checks of the flow graph, in one fixed order, on two cores when the
/// program is large enough for that to pay.
extension Analyzer {
    /// Declarations from which the checks run on two threads by default;
    /// below, the threads' start costs more than they save.
    static let defaultParallelFrom = 20_000

    mutating func run() {
        guard program.declarationCount >= parallelFrom else {
            let reach = checkReachability()
            let deadEnds = checkDeadEnds()
            checkImpossibleBacks()
            checkTraps(reachable: reach, deadEnds: deadEnds)
            runRest()
            return
        }
        // Two halves that share nothing but the program, each on its own
        // copy: reachability, dead ends and the traps built on them; and the
        // rest. Their findings are then put in the order a single thread
        // reports them, so the output does not depend on the threads.
        let start = self
        let sides = Both.run({ () -> (Analyzer, deadEndsEnd: Int) in
            var side = start
            let reach = side.checkReachability()
            let deadEnds = side.checkDeadEnds()
            let deadEndsEnd = side.diagnostics.count
            side.checkTraps(reachable: reach, deadEnds: deadEnds)
            return (side, deadEndsEnd)
        }, { () -> (Analyzer, backsEnd: Int) in
            var side = start
            side.checkImpossibleBacks()
            let backsEnd = side.diagnostics.count
            side.runRest()
            return (side, backsEnd)
        })
        let (graph, deadEndsEnd) = sides.0
        let (rest, backsEnd) = sides.1
        append(graph, 0..<deadEndsEnd)
        append(rest, 0..<backsEnd)
        append(graph, deadEndsEnd..<graph.diagnostics.count)
        append(rest, backsEnd..<rest.diagnostics.count)
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

/// Runs two closures at the same time and returns both results; the
/// calling thread runs one of them.
enum Both {
    /// The closures escape: the worker thread holds them in an object, and
    /// an escaping closure's context is a heap object whatever holds it.
    static func run<A, B>(_ first: @escaping () -> A, _ second: @escaping () -> B) -> (A, B) {
        let results = Results<A, B>(first, second)
        DispatchQueue.concurrentPerform(iterations: 2) { results.run($0) }
        return results.both()
    }

    /// The two closures and their results. Sendable because each result is
    /// written by one thread, and read only after `concurrentPerform` has
    /// returned, which waits for both.
    private final class Results<A, B>: @unchecked Sendable {
        let first: () -> A
        let second: () -> B
        var a: A?
        var b: B?

        init(_ first: @escaping () -> A, _ second: @escaping () -> B) {
            self.first = first
            self.second = second
        }

        func run(_ index: Int) {
            if index == 0 { a = first() } else { b = second() }
        }

        func both() -> (A, B) {
            guard let a, let b else { preconditionFailure("concurrentPerform returned before both closures ran") }
            return (a, b)
        }
    }
}
