import FlowDSL
import FlowGenerator
import FlowEngine

/// `flow`: the bytes as one `.flow` file through validation; a program the
/// engine may run (no F0xx/F1xx error, DSL.md §5 "What runs") then takes a
/// short walk chosen by the same bytes.
public enum FlowTarget {
    public static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let data = Array(bytes)
        // A small exploration budget: an input that passes it costs milliseconds, not seconds.
        let validation = Validation.run(text: String(decoding: data, as: UTF8.self), path: "fuzz.flow", explorationWork: 2_000_000)
        guard !validation.program.isLibrary else { return }
        // F0xx and F1xx: a program the engine does not run; F2xx and F3xx say how it behaves.
        let runnable = !validation.diagnostics.contains {
            $0.severity == .error && ($0.code.rawValue.hasPrefix("F0") || $0.code.rawValue.hasPrefix("F1"))
        }
        guard runnable, let navigator = try? Navigator(program: validation.program) else { return }
        // The states a small exploration finds: every state the walk reaches must then restore.
        let graph = try? StateGraph(program: validation.program, limits: StateGraph.Limits(maxWork: 2_000_000))
        var driver = EngineDriver(navigator, shapes: graph.map(ReachableShapes.init(graph:)) ?? .unexplored)
        var input = FuzzInput(data)
        driver.walk(&input, limit: 32)
        checkPaths(validation)
    }

    /// The paths of findings replay as `simulate -e` runs them, and so does
    /// every journey of a bounded exploration, with its screens.
    static func checkPaths(_ validation: Validation) {
        let program = validation.program
        func replay(_ lines: [String], _ what: String) {
            let (script, errors) = ScenarioScript.parse(lines.joined(separator: "\n"))
            if !errors.isEmpty { fuzzFailure("\(what) does not parse: \(errors)") }
            guard let start = try? Navigator(program: program, assuming: ScenarioScript.leadingGuards(script.lines)) else {
                fuzzFailure("\(what): the program does not start")
            }
            var runner = ScenarioRunner(navigator: start)
            if !runner.run(script.lines) { fuzzFailure("\(what) fails: \(runner.failure?.message ?? "")") }
        }
        for finding in validation.diagnostics {
            if let path = finding.path { replay(path, "the path of \(finding.code.rawValue)") }
        }
        guard var explorer = try? Explorer(program: program, budget: 50_000) else { return }
        explorer.explore()
        do throws(NavigationError) {
            let journeys = try Journeys(exploring: explorer)
            for journey in journeys.scripts.prefix(16) {
                let text = Journeys.text(of: journey, program: program, source: "fuzz.flow")
                replay(text.split(separator: "\n").map(String.init), "journey \(journey.name)")
            }
        } catch {
            fuzzFailure("a journey failed as it was built: \(error)")
        }
    }
}

/// `script`: the bytes as a scenario script, run against every bundled app.
public enum ScriptTarget {
    public static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let (script, _) = ScenarioScript.parse(String(decoding: Array(bytes), as: UTF8.self))
        guard !script.lines.isEmpty else { return }
        for app in BundledApps.programs {
            let guards = ScenarioScript.leadingGuards(script.lines)
            guard let navigator = try? Navigator(program: app.program, assuming: guards) else { continue }
            var runner = ScenarioRunner(navigator: navigator)
            _ = runner.run(script.lines)
            let problems = runner.navigator.invariantViolations()
            if !problems.isEmpty { fuzzFailure("\(app.path): after the script: \(problems.joined(separator: "; "))") }
        }
    }
}

/// `state`: the bytes as a saved state, restored into every bundled app; a
/// refused state changes nothing, an accepted one keeps the invariants, saves
/// back to itself and runs.
public enum StateTarget {
    public static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let data = Array(bytes)
        for (app, shapes) in zip(BundledApps.programs, BundledApps.shapes) {
            guard var navigator = try? Navigator(program: app.program) else { continue }
            let before = navigator.state
            do {
                try navigator.restore(from: data, options: .exact, shapes: shapes)
            } catch {
                if navigator.state != before { fuzzFailure("\(app.path): a refused state (\(error)) changed the state") }
                continue
            }
            var driver = EngineDriver(navigator, shapes: shapes)
            var input = FuzzInput(data)
            driver.walk(&input, limit: 8)
        }
    }
}

/// `url`: the bytes as a URL, opened in every bundled app at its start and
/// again where the first open left it.
public enum URLTarget {
    public static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let url = String(decoding: Array(bytes), as: UTF8.self)
        for app in BundledApps.programs {
            guard let navigator = try? Navigator(program: app.program) else { continue }
            var driver = EngineDriver(navigator)
            for _ in 0..<2 {
                driver.step("open \(url)") { (navigator: inout Navigator) throws(NavigationError) in try navigator.open(url) }
            }
        }
    }
}

/// `generate`: a valid program made from the bytes (see `ProgramBuilder`)
/// through `generate swift`, twice: the output must be the same bytes. With
/// `FLOWKIT_FUZZ_EMIT=DIR` each output is also written there, for
/// `scripts/fuzz.sh` to type-check a sample with the Swift compiler.
public enum GenerateTarget {
    public static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = ProgramBuilder.program(from: Array(bytes))
        let validation = Validation.run(text: text, path: "Fuzz.flow", explorationWork: 2_000_000)
        guard validation.errorCount == 0 else { return }
        let first: String
        do {
            first = try SwiftGenerator.generate(validation.program)
        } catch {
            return  // a refusal of `generate` (say, one event with two types): a diagnostic, not a crash
        }
        guard let second = try? SwiftGenerator.generate(Validation.run(text: text, path: "Fuzz.flow", exploresStates: false).program), second == first else {
            fuzzFailure("generate swift is not deterministic for:\n\(text)")
        }
        GeneratedSample.write(first, source: text)
    }
}
