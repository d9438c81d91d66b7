import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// The differential oracle (`FlowTestSupport/Differential.swift`) over random
/// programs: `validate`'s F203/F204 and finding paths against the engine's
/// states. A smoke run in every test run; the long run is on demand:
///
///     FLOWKIT_DIFF_PROGRAMS=100000 FLOWKIT_DIFF_SECONDS=1200 swift test -c release -Xswiftc -enable-testing --filter DifferentialTests
///
/// (`FLOWKIT_DIFF_FIRST=S` starts at program seed S. A miss's `seed` is its
/// walk's, the program's seed × 1,000,003 + the walk's number: the miss of
/// walk seed 39000117 is program 39's, checked again by `FLOWKIT_DIFF_FIRST=39
/// FLOWKIT_DIFF_PROGRAMS=1`; its text is `randomProgram(seed: 39, size: 1 + 39 % 4)`.)
///
/// (`scripts/differential.sh [SECONDS]`). The misses found so far are
/// `Fixtures/differential/*.flow`, each with its steps.
@Suite("Differential: validate against the engine's states")
struct DifferentialTests {
    struct Run {
        var programs = 0
        /// Programs past the exploration's limits (validate's note says so): not judged.
        var bounded = 0
        var walks = 0
        var states = 0
        var misses: [Differential.Miss] = []
    }

    /// Checks programs of seeds from `first` until `programs` or `seconds` run out; each miss minimized, one per shape.
    static func run(first: UInt64 = 0, programs: Int, walks: Int, steps: Int, seconds: Double) -> Run {
        var run = Run()
        var shapes: Set<String> = []
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(seconds * 1000))
        for seed in first..<first + UInt64(programs) {
            if clock.now > deadline { break }
            guard let oracle = Differential(source: randomProgram(seed: seed, size: 1 + Int(seed % 4))) else { continue }
            if oracle.isBounded {
                run.bounded += 1
                continue
            }
            let outcome = oracle.check(seed: seed, walks: walks, steps: steps)
            run.programs += 1
            run.walks += outcome.walks
            run.states += outcome.states
            for miss in outcome.misses {
                // Minimizing is the expensive part: once per rough shape, then by the minimized shape.
                guard !shapes.contains("raw " + miss.shape) else { continue }
                shapes.insert("raw " + miss.shape)
                let small = Differential.minimize(miss)
                guard shapes.insert(small.shape).inserted else { continue }
                run.misses.append(small)
            }
        }
        return run
    }

    static func report(_ run: Run) -> String {
        var text = "differential: \(run.programs) programs, \(run.walks) walks, \(run.states) states checked, "
            + "\(run.bounded) past the exploration's limits (not judged), \(run.misses.count) distinct misses\n"
        for (i, miss) in run.misses.enumerated() { text += "--- miss \(i + 1): \(miss)\n" }
        return text
    }

    @Test("smoke: validate misses no stuck or trapped state the walks reach, and every finding's path replays")
    func smoke() {
        let run = Self.run(programs: 30, walks: 10, steps: 150, seconds: 60)
        print(Self.report(run))
        #expect(run.misses.isEmpty, "\(Self.report(run))")
    }

    @Test("the long run, on demand (FLOWKIT_DIFF_PROGRAMS, FLOWKIT_DIFF_FIRST, FLOWKIT_DIFF_SECONDS, FLOWKIT_DIFF_OUT)")
    func long() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let programs = environment["FLOWKIT_DIFF_PROGRAMS"].flatMap(Int.init) else { return }
        let seconds = environment["FLOWKIT_DIFF_SECONDS"].flatMap(Double.init) ?? 600
        let first = environment["FLOWKIT_DIFF_FIRST"].flatMap(UInt64.init) ?? 0
        let run = Self.run(first: first, programs: programs, walks: 20, steps: 300, seconds: seconds)
        let report = Self.report(run)
        print(report)
        if let out = environment["FLOWKIT_DIFF_OUT"] {
            try report.write(toFile: out, atomically: true, encoding: .utf8)
        }
    }

    @Test("the oracle sees what it must: a stuck route validate does not report is a miss, one it reports is none")
    func oracleSeesMisses() throws {
        // An entry-level `on logout -> set [welcome]` hides the dead end at welcome from
        // the flow graph's approximation (validate's fallback); the states show it.
        let hidden = """
            flow App [entry] {
              start home
              route home { on go -> push welcome }
              route welcome
              on logout -> set [welcome]
            }
            """
        let oracle = try #require(Differential(source: hidden, exploresStates: false))
        let outcome = oracle.check(seed: 1, walks: 4, steps: 20)
        #expect(try #require(Differential(source: hidden)).check(seed: 1, walks: 4, steps: 20).misses.isEmpty)
        #expect(outcome.states >= 2)
        #expect(outcome.misses.map(\.kind) == [.stuck] && outcome.misses.first?.place == "App.welcome",
                "\(outcome.misses)")
        let reported = hidden.replacingOccurrences(of: "  on logout -> set [welcome]\n", with: "")
        let honest = try #require(Differential(source: reported, exploresStates: false))
        #expect(honest.check(seed: 1, walks: 4, steps: 20).misses.isEmpty)
    }

    /// The long run's nine misses after random programs gained busy routes
    /// (minimized): the oracle called a route stuck whose only handler is a
    /// `[system]` event. It waits for the app (an upload), which is never a
    /// dead end (docs/diagnostics.md#findings-on-the-engines-states), as validate said.
    @Test("a route that waits for a [system] event is no dead end, for the oracle as for validate")
    func waitingForTheAppIsNotStuck() throws {
        let source = """
            flow App [entry] {
              start home
              route home { on save -> push done }
              route done [noBack, busy] { on uploaded [system] -> pop }
            }
            """
        let oracle = try #require(Differential(source: source))
        let outcome = oracle.check(seed: 1, walks: 4, steps: 20)
        #expect(outcome.states >= 2)
        #expect(outcome.misses.isEmpty, "\(outcome.misses)")
        var waiting = try navigator(source)
        walk(&waiting, "save")
        #expect(waiting.state.activeIDs.map { oracle.program.qualifiedName($0.route) } == "App.done")
        #expect(!oracle.isStuck(waiting))
    }

    /// A new user's screen whose only handler was a `[system]` event that
    /// stays: validate called it waiting for the app, though nothing the
    /// app sends moves the user either.
    @Test("a route whose [system] events lead nowhere is a dead end, for the oracle as for validate")
    func systemEventsThatStayAreADeadEnd() throws {
        let source = """
            flow App [entry] {
              start home
              route home { on wait -> push spinner }
              route spinner [noBack] { on tick [system] -> stay }
            }
            """
        let validation = Validation.run(text: source)
        #expect(validation.diagnostics.map(\.code.rawValue) == ["F203"])
        #expect(validation.diagnostics.first?.path == ["wait"])
        #expect(validation.diagnostics.first?.notes.last?.message == "'tick' is a [system] event the app sends, not a way out for the user")
        let oracle = try #require(Differential(source: source))
        var waiting = try Navigator(program: oracle.program)
        _ = try waiting.send("wait", arguments: [:])
        #expect(waiting.state.activeIDs.map { oracle.program.qualifiedName($0.route) } == "App.spinner")
        #expect(oracle.isStuck(waiting))
        #expect(oracle.check(seed: 1, walks: 4, steps: 20).misses.isEmpty)
    }

    /// The long run's two misses of this kind (program seeds 169 and 187,
    /// minimized): the oracle set only the guard of the handler it tried, so
    /// it never saw the flow-level handler that dispatch picks once the
    /// route's guarded one does not hold. validate was right (docs/diagnostics.md#findings-on-the-engines-states).
    @Test("a way out under some values of the guards is a way out: not stuck, as validate says", arguments: [
        ("""
        flow App [entry] {
          start home
          route home { on close -> alert edit }
          route edit [locked]
          route detail
          on back -> push detail
          on back when !g0 -> pop to edit
        }
        """, ["close"]),
        ("""
        flow App [entry] {
          start home
          route home { on goF1 -> start F1 }
        }
        flow F1 {
          start home
          route home { on open -> sheet info }
          route info {
            on open when !g0 -> pop to info
            on back -> alert info
          }
          on open -> dialog home
        }
        """, ["goF1", "open", "back"]),
    ])
    func wayOutUnderGuards(source: String, steps: [String]) throws {
        let oracle = try #require(Differential(source: source))
        let navigator = try #require(oracle.replay(steps))
        #expect(!oracle.isStuck(navigator))
        #expect(oracle.codes(at: navigator).isEmpty)
        // Without the guard, every step there is refused or changes nothing.
        #expect(oracle.check(seed: 1, walks: 8, steps: 40).misses.isEmpty)
    }

    @Test("each saved miss is still a miss today (the oracle agrees with its comment)")
    func fixtures() throws {
        let directory = repositoryRoot + "/Tests/FlowEngineTests/Fixtures/differential"
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".flow") }.sorted()
        for file in files {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            let lines = try #require(Differential.steps(inComment: text.prefix { $0 != "\n" }), "\(file)")
            let oracle = try #require(Differential(source: text), "\(file)")
            let navigator = try #require(oracle.replay(lines), "\(file): the steps do not replay")
            if text.prefix(while: { $0 != "\n" }).contains("expects invariant") {
                // An engine bug the walks found (the engine broke an invariant there): fixed, it stays so.
                #expect(navigator.invariantViolations() == [], "\(file): the engine breaks an invariant")
                continue
            }
            #expect(oracle.isStuck(navigator) || oracle.isTrappedHere(navigator), "\(file): not stuck after \(lines)")
        }
    }

    @Test("validate reports each saved miss with the code its comment expects")
    func fixturesReported() throws {
        let directory = repositoryRoot + "/Tests/FlowEngineTests/Fixtures/differential"
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".flow") }.sorted()
        for file in files {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            let first = text.prefix { $0 != "\n" }
            if first.contains("expects invariant") { continue }
            let lines = try #require(Differential.steps(inComment: first))
            let code = try #require(first.range(of: #"F2\d\d"#, options: .regularExpression).map { String(first[$0]) })
            let oracle = try #require(Differential(source: text))
            let navigator = try #require(oracle.replay(lines))
            #expect(oracle.codes(at: navigator).contains(code), "\(file): validate does not report \(code) there")
        }
    }
}
