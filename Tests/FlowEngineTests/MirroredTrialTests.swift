import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// A state keys its pending URL by class, so a step that tries to open it
/// runs again with each other URL of the class pending (the mirrors). The
/// exploration mirrors each point where a step tries the URL once: a second
/// step that reaches the same point would run the same code from there.
/// These tests hold the shortcut to the full search: the same graph.
@Suite("mirrored pending URLs")
struct MirroredTrialTests {
    /// A log-in cover of two busy screens over two screens of the app, three
    /// gated URLs in one class: closing the cover from either of its screens
    /// with a URL held tries it from the same point.
    static let logIn = """
        flow App [entry] {
          start home
          route home { on next -> push detail }
          route detail {}
          route about {}
          on Login.done -> set [home]
        }
        flow Login {
          start form
          route form [busy] {
            on help -> push help
            on close -> finish cancel
            on submit -> assume loggedIn then finish done
          }
          route help [busy] { on close -> finish cancel }
        }
        link "a://home" -> App/home when loggedIn else start Login as cover
        link "a://detail" -> App/detail when loggedIn else start Login as cover
        link "a://about" -> App/about when loggedIn else start Login as cover
        """

    /// What the findings are made of: every node's screen, pending URL and
    /// path, the ways out, the user edges, and what steps dropped or refused.
    static func summary(_ graph: StateGraph) -> [String] {
        let program = graph.program
        func text(_ range: IndexRange) -> String {
            graph.steps(range).map { $0.scriptText(in: program) }.joined(separator: ", ")
        }
        var navigator = try? Navigator(program: program)
        var lines = (0..<graph.count).map { node in
            navigator?.state = graph.states[node]
            let steps = graph.path(to: Int32(node)).map { $0.scriptText(in: program) }.joined(separator: ", ")
            return "\(navigator?.stackDescription ?? "?") \(graph.states[node].pendingLink?.url ?? "-") "
                + "out \(graph.hasUserWayOut[node]) \(graph.hasSystemWayOut[node]) ← \(steps)"
        }
        lines += graph.edgeFrom.indices.map { "edge \(graph.edgeFrom[$0]) → \(graph.edgeTo[$0]): \(text(graph.edgeSteps[$0]))" }
        lines += graph.droppedLinks.sorted { $0.key < $1.key }.map { "dropped link \($0.key) at \($0.value.node): \(text($0.value.steps)) \($0.value.substitute)" }
        lines += graph.droppedResults.map { "dropped result \(program.name($0.key.name)) at \($0.value.node): \(text($0.value.steps))" }.sorted()
        lines.append("picked \(graph.picked), failed \(graph.failed), first failures \(graph.firstFailure)")
        lines.append("growth \(graph.growth.map { "\($0.node)<\($0.ancestor)" }), complete \(graph.isComplete)")
        return lines
    }

    @Test("a step that tries a held URL where another already did is not mirrored again: the same graph, fewer runs")
    func mirrorsEachPointOnce() throws {
        let program = compile(Self.logIn).program
        let once = try StateGraph(program: program)
        let every = try StateGraph(program: program, mirrorsEachTrialOnce: false)
        #expect(Self.summary(once) == Self.summary(every))
        #expect(once.count == 15)
        #expect(once.runCount == 103)
        #expect(every.runCount == 125)
    }

    /// The log-in's submit reads a guard: one way it asks for a code (the
    /// URL stays held), the other it logs in (the URL is tried).
    static let twoFactor = """
        flow App [entry] {
          start home
          route home { on next -> push detail }
          route detail {}
          on Login.done -> set [home]
        }
        flow Login {
          start form
          route form [busy] {
            on submit when twoFactor -> push code
            on submit -> assume loggedIn then finish done
            on close -> finish cancel
          }
          route code [busy] { on confirm -> assume loggedIn then finish done }
        }
        link "a://home" -> App/home when loggedIn else start Login as cover
        link "a://detail" -> App/detail when loggedIn else start Login as cover
        link "a://other" -> App/home when loggedIn else start Login as cover
        """

    /// A mirror's runs that the step's own runs show do not try the URL are
    /// spared: in the log-in program, closing the cover from either screen;
    /// in the two-factor one, the submit that asks for a code.
    @Test("a mirror's runs in which its step did not try the URL are spared: the same graph, the same count",
          arguments: [(logIn, 6), (twoFactor, 6)])
    func sparesUntriedMirrorRuns(source: String, spared expected: Int) throws {
        let program = compile(source).program
        let spared = try StateGraph(program: program)
        let run = try StateGraph(program: program, mirrorsEachTrialOnce: true, sparesUntriedMirrors: false)
        #expect(Self.summary(spared) == Self.summary(run))
        #expect(spared.runCount == run.runCount)
        #expect(spared.sparedRuns == expected)
        #expect(run.sparedRuns == 0)
    }

    @Test("random programs: the same states, paths and findings with and without the shortcut", arguments: 0..<12)
    func randomProgramsAgree(seed: Int) throws {
        let source = randomProgram(seed: UInt64(seed), size: 1 + seed % 4)
        let compiled = compile(source)
        guard compiled.program.runBlockers.isEmpty, compiled.program.entry >= 0 else { return }
        let limits = StateGraph.Limits(maxStates: 500)
        let once = try StateGraph(program: compiled.program, limits: limits)
        let every = try StateGraph(program: compiled.program, limits: limits, mirrorsEachTrialOnce: false)
        #expect(Self.summary(once) == Self.summary(every), "seed \(seed)")
        #expect(once.runCount <= every.runCount)
        // Sparing seldom applies to these (the two log-in programs above hold it to 6 runs each); where
        // it does not, the graphs are those of one search twice, and the comparison still guards the rest.
        let running = try StateGraph(program: compiled.program, limits: limits, mirrorsEachTrialOnce: true, sparesUntriedMirrors: false)
        #expect(Self.summary(once) == Self.summary(running), "seed \(seed)")
        #expect(once.runCount == running.runCount, "seed \(seed)")
    }
}
