import FlowEngine
import FlowTestSupport
import Testing

@Suite("Journeys and coverage (issue 9 items 2 and 3)")
struct JourneyTests {
    /// Runs every journey of `program` as a script and returns the coverage
    /// they reach, and how many journeys failed.
    static func coverage(_ program: Program) throws -> (Coverage, failures: [String]) {
        var explorer = try Explorer(program: program)
        explorer.explore()
        var coverage = Coverage(program: program, explored: explorer)
        var failures: [String] = []
        let journeys = try Journeys(exploring: explorer)
        for journey in journeys.scripts {
            let text = Journeys.text(of: journey, program: program, source: "test.flow")
            let (script, errors) = ScenarioScript.parse(text)
            #expect(errors.isEmpty)
            var runner = ScenarioRunner(navigator: try Navigator(program: program, assuming: ScenarioScript.leadingGuards(script.lines)))
            runner.recordCoverage()
            if !runner.run(script.lines) { failures.append("\(journey.name): \(runner.failure?.message ?? "")") }
            coverage.record(handlersRun: runner.handlersRun ?? [], routesShown: runner.routesShown ?? [])
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
        let program = program(generatedProgram(seed: seed))
        let (coverage, failures) = try Self.coverage(program)
        #expect(failures.isEmpty, "seed \(seed): \(failures)")
        #expect(coverage.uncovered.isEmpty, "seed \(seed)")
        #expect(coverage.coveredCount == coverage.reachableCount)
        #expect(coverage.reachableCount > 0)
        // A journey shows no route the search did not find, and every start is shown.
        #expect(coverage.reachableRouteCount == (try Self.explored(program)).reachableRouteCount, "seed \(seed)")
        #expect(coverage.shownRouteCount > 0)
    }

    static func explored(_ program: Program) throws -> Coverage {
        var explorer = try Explorer(program: program)
        explorer.explore()
        return Coverage(program: program, explored: explorer)
    }

    @Test("a handler a recorded run fired counts as reachable, even one the search missed")
    func recordedRunsAreReachable() throws {
        let (program, _) = compile("flow App [entry] { start home  route home { on go -> push next }  route next }")
        var explorer = try Explorer(program: program)
        // Not explored: nothing is reachable yet.
        var coverage = Coverage(program: program, explored: explorer)
        #expect(coverage.reachableCount == 0)
        #expect(coverage.reachableRouteCount == 0 && coverage.unreachableRoutes == [0, 1])
        coverage.record(handlersRun: [true], routesShown: [true, false])
        #expect(coverage.reachableCount == 1 && coverage.coveredCount == 1 && coverage.uncovered.isEmpty)
        #expect(coverage.reachableRouteCount == 1 && coverage.shownRouteCount == 1)
        #expect(coverage.notShown.isEmpty && coverage.unreachableRoutes == [1])
        explorer.explore()
        let explored = Coverage(program: program, explored: explorer)
        #expect(explored.reachableCount == 1)
        #expect(explored.reachableRouteCount == 2 && explored.notShown == [0, 1] && explored.unreachableRoutes.isEmpty)
    }

    @Test("the runner records the handlers of steps that succeed only (a result handler yes, a rejected step no), and the routes shown")
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
        runner.recordCoverage()
        let held = runner.run(script.lines)
        #expect(held)
        let names = (runner.handlersRun ?? []).indices.filter { runner.handlersRun?[$0] == true }
            .map { program.eventText(program.handlers[$0]) }
        #expect(names == ["login", "Login.done", "submit"])
        // The start's route, the form the sheet shows; home again after submit.
        let shown = (runner.routesShown ?? []).indices.filter { runner.routesShown?[$0] == true }
            .map { program.qualifiedName(RouteID($0)) }
        #expect(shown == ["App.home", "Login.form"])
    }
}
