import FlowEngine
import FlowTestSupport
import Testing

/// `GuardBranching.forEachRun` runs a step once per way the guards it reads
/// can be set; a run it is told to skip is neither run nor visited, but
/// branches and counts as if it had run.
@Suite("guard branching")
struct GuardBranchingTests {
    /// `go` reads `a`, then `b` when `a` does not hold: three outcomes.
    static let source = """
        flow App [entry] {
          start home
          route home {
            on go when a -> push x
            on go when b -> push y
            on go -> push z
          }
          route x {}
          route y {}
          route z {}
        }
        """

    /// One run as the visit saw it: the screen reached and the guards it read.
    struct Run: Equatable {
        var route: String
        var valuation: String
    }

    static func text(_ assignment: GuardBranching.Assignment, _ program: Program) -> String {
        assignment.map { "\(program.name($0.symbol))=\($0.value)" }.joined(separator: " ")
    }

    /// Runs `go` from the start under every valuation, skipping as `skip` says.
    static func runs(skip: (GuardBranching.Assignment) -> (symbols: [Symbol], values: [Bool])? = { _ in nil },
                     maxRuns: Int = 8) throws -> (runs: [Run], complete: Bool, reads: [String: ([Symbol], [Bool])]) {
        let program = compile(source).program
        var navigator = try Navigator(program: program)
        navigator.recordsEffects = false
        let start = navigator.state
        let go = try #require(program.symbols.lookup("go"))
        var runs: [Run] = []
        var reads: [String: ([Symbol], [Bool])] = [:]
        let complete = GuardBranching.forEachRun(&navigator, from: start, maxRuns: maxRuns, skip: skip, { (n: inout Navigator) throws(NavigationError) in
            _ = try n.sendEvent(EventKey(name: go), [])
        }, { (n: inout Navigator, failure: NavigationError?, valuation: GuardBranching.Assignment, fixed: GuardBranching.Assignment) in
            runs.append(Run(route: failure == nil ? n.activeRouteName : "failed", valuation: text(valuation, program)))
            if let log = n.guardReads { reads[text(fixed, program)] = (log.symbols, log.values) }
        })
        return (runs, complete, reads)
    }

    @Test("every outcome once, the last guard read flipped first")
    func everyOutcome() throws {
        let all = try Self.runs()
        #expect(all.complete)
        #expect(all.runs == [Run(route: "z", valuation: "a=false b=false"),
                             Run(route: "y", valuation: "a=false b=true"),
                             Run(route: "x", valuation: "a=true")])
    }

    @Test("a skipped run is not visited, and the runs after it are the same")
    func skippedRunBranchesAsIfRun() throws {
        let all = try Self.runs()
        // The first run starts with nothing fixed: skip it with what it read.
        let first = try #require(all.reads[""])
        let skipped = try Self.runs(skip: { $0.isEmpty ? (first.0, first.1) : nil })
        #expect(skipped.complete)
        #expect(skipped.runs == Array(all.runs.dropFirst()))
    }

    @Test("a skipped run counts towards the limit of runs")
    func skippedRunCounts() throws {
        let first = try #require(try Self.runs().reads[""])
        let limited = try Self.runs(skip: { $0.isEmpty ? (first.0, first.1) : nil }, maxRuns: 2)
        #expect(!limited.complete)
        #expect(limited.runs == [Run(route: "y", valuation: "a=false b=true")])
    }
}
