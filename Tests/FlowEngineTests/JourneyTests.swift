import FlowEngine
import FlowTestSupport
import Testing

@Suite("Journeys and handler coverage (issue 9 items 2 and 3)")
struct JourneyTests {
    /// Runs every journey of `program` as a script and returns the coverage
    /// they reach, and how many journeys failed.
    static func coverage(_ program: Program) throws -> (HandlerCoverage, failures: [String]) {
        var explorer = try Explorer(program: program)
        explorer.explore()
        var coverage = HandlerCoverage(program: program, explored: explorer)
        var failures: [String] = []
        let journeys = try Journeys(exploring: explorer)
        for journey in journeys.scripts {
            let text = Journeys.text(of: journey, program: program, source: "test.flow")
            let (script, errors) = ScenarioScript.parse(text)
            #expect(errors.isEmpty)
            var runner = ScenarioRunner(navigator: try Navigator(program: program, assuming: ScenarioScript.leadingGuards(script.lines)))
            runner.recordHandlers()
            if !runner.run(script.lines) { failures.append("\(journey.name): \(runner.failure?.message ?? "")") }
            coverage.record(handlersRun: runner.handlersRun ?? [])
        }
        // Every implicit back and tab tap the search took is on some journey.
        let taken = Set(journeys.scripts.flatMap(\.steps))
        if explorer.backEdge.contains(where: { $0 >= 0 }) { #expect(taken.contains(.back)) }
        for (f, edge) in explorer.tabEdge.enumerated() where edge >= 0 {
            #expect(taken.contains(.tab(FlowID(f))), "tab \(f)")
        }
        return (coverage, failures)
    }

    @Test("generated programs: the journeys replay, with their expectations, and cover every reachable handler", arguments: 0..<30)
    func generatedPrograms(seed: UInt64) throws {
        let (program, _) = compile(generatedProgram(seed: seed))
        let (coverage, failures) = try Self.coverage(program)
        #expect(failures.isEmpty, "seed \(seed): \(failures)")
        #expect(coverage.uncovered.isEmpty, "seed \(seed)")
        #expect(coverage.coveredCount == coverage.reachableCount)
        #expect(coverage.reachableCount > 0)
    }

    @Test("a handler a recorded run fired counts as reachable, even one the search missed")
    func recordedRunsAreReachable() throws {
        let (program, _) = compile("flow App [entry] { start home  route home { on go -> push next }  route next }")
        var explorer = try Explorer(program: program)
        // Not explored: nothing is reachable yet.
        var coverage = HandlerCoverage(program: program, explored: explorer)
        #expect(coverage.reachableCount == 0)
        coverage.record(handlersRun: [true])
        #expect(coverage.reachableCount == 1 && coverage.coveredCount == 1 && coverage.uncovered.isEmpty)
        explorer.explore()
        #expect(HandlerCoverage(program: program, explored: explorer).reachableCount == 1)
    }

    @Test("the runner records the handlers of steps that succeed only: a result handler yes, a rejected step no")
    func runnerRecords() throws {
        let (program, _) = compile("""
            flow App [entry] {
              start home
              route home { on login -> start Login as sheet  on bad -> pop }
              on Login.done -> stay
            }
            flow Login { start form  route form { on submit -> finish done } }
            """)
        let (script, _) = ScenarioScript.parse("bad\nexpect error\nlogin\nsubmit\n")
        var runner = ScenarioRunner(navigator: try Navigator(program: program))
        runner.recordHandlers()
        let held = runner.run(script.lines)
        #expect(held)
        let names = (runner.handlersRun ?? []).indices.filter { runner.handlersRun?[$0] == true }
            .map { program.eventText(program.handlers[$0]) }
        #expect(names == ["login", "Login.done", "submit"])
    }
}
