import FlowDSL
import FlowEngine
import Foundation

/// `flowctl simulate FILE [-e STEP]... [--script FILE] [--random N --seed S]`
/// (docs/simulate.md), with a JSON trace, saved states and an interactive mode.
enum SimulateCommand {
    static let command = FlowCtl.Command(
        name: "simulate",
        summary: "Run the engine: events, back, deep links, scripts, random walks",
        help: """
        OVERVIEW: Run a program's navigation from the entry flow's start.

        USAGE: flowctl simulate <file> [-e <step>]... [--script <file>] [--assume <guard>]...
                                [--random <n> --seed <s> [--links] [--guards] [--system-events]] [--format text|json]
                                [--save <state.json>] [--restore <state.json>]

        Steps, one a line in a script (# starts a comment):
          getStarted                 send an event (send back: an event named like a command)
          select(id: "42")           an event with arguments
          back                       the implicit back (back button, sheet swipe-down)
          open "shop://product/42"   a deep link
          assume loggedIn            set a guard (assume !loggedIn clears it); assume steps
                                     before every other step are in force when the entry starts
          expect top login           the active route (Flow.route also accepted)
          expect stack a > b | sheet: c
          expect tab Search          the selected tab of the nearest tab container
          expect error               the previous step was rejected

        With no steps and a terminal on standard input (or with --interactive),
        simulate is interactive; on a terminal, lines are edited in place
        (arrows, Home/End, Ctrl-U/K/W, Up/Down for the session's history,
        Ctrl-C abandons a line, Ctrl-D on an empty line leaves).

        OPTIONS:
          -e, --event <step>     A step (repeatable); runs after --script
          --script <file>        A file of steps
          --assume <guard>       Set a guard before the entry starts (repeatable)
          --random <n>           Fire n random enabled events (back and tab taps included);
                                 the summary lists the routes and handlers the walk never reached;
                                 not with steps (-e, --script, --interactive)
          --seed <s>             The random walk's seed (default 1)
          --links                A random step may also open a sample URL of one of the
                                 program's links (traced as open "app://…")
          --guards               A random step may also set or clear one of the program's
                                 guards (traced as assume g / assume !g)
          --max-depth <n>        Restart a random walk whose screens exceed n (default 1000)
          --system-events        Let a random walk fire [system] events too (sent by the app,
                                 not tapped: left out by default; steps send them always)
          --trace                Print every step of a random walk
          --format <format>      text (default) or json: the trace as one object
          --save <file>          Write the final state as JSON
          --restore <file>       Start from a saved state instead of the entry's start; a
                                 state this program cannot reach is refused, saying why
          --repair               With --restore: keep, layer by layer, what this program can
                                 reach, and print what was dropped (on standard error)
          --interactive          Read steps from standard input even if it is not a terminal
          -h, --help             Show this help

        A program with errors of the F0xx or F1xx families is not run; one whose
        errors are F2xx or F3xx findings (a dead end, a trap) runs, with a note.

        EXIT STATUS: 0 every step and expectation held, 1 a step was rejected
        (without a following 'expect error'), an expectation failed, an invariant
        broke or the program has F0xx/F1xx errors, 2 bad usage or unreadable input.
        An interactive session exits 1 when one of its expect lines failed.

        """,
        options: [
            OptionSpec(name: "--event", alias: "-e", takesValue: true),
            OptionSpec(name: "--script", takesValue: true),
            OptionSpec(name: "--assume", takesValue: true),
            OptionSpec(name: "--random", takesValue: true),
            OptionSpec(name: "--seed", takesValue: true),
            OptionSpec(name: "--max-depth", takesValue: true),
            OptionSpec(name: "--system-events"),
            OptionSpec(name: "--links"),
            OptionSpec(name: "--guards"),
            OptionSpec(name: "--trace"),
            OptionSpec(name: "--format", takesValue: true, choices: ["text", "json"]),
            OptionSpec(name: "--save", takesValue: true),
            OptionSpec(name: "--restore", takesValue: true),
            OptionSpec(name: "--repair"),
            OptionSpec(name: "--interactive"),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing the .flow file to simulate" : "simulate takes one file")
        }
        let walk = try randomWalkOptions(arguments)
        let json = arguments.value("--format") == "json"
        if arguments.has("--repair") && arguments.value("--restore") == nil {
            console.err("flowctl simulate: --repair needs --restore FILE\n")
            return .usage
        }
        guard let lines = try steps(arguments, &console) else { return .usage }
        // The program: docs/language.md#how-a-program-runs "What runs": F0xx and F1xx errors stop the engine; F2xx
        // and F3xx findings say how the program behaves, so it runs (a dead end can be walked into).
        let validation: Validation
        switch RunnableProgram.load(path, command: "simulate", console: &console) {
        case .success(let loaded): validation = loaded
        case .failure(let status): return status
        }
        var navigator: Navigator
        switch try startingNavigator(validation.program, lines, arguments, &console) {
        case .success(let started): navigator = started
        case .failure(let status): return status
        }
        var status = ExitCode.success
        if let walk {
            status = RandomWalkOutput.run(&navigator, steps: walk.steps, seed: UInt64(truncatingIfNeeded: walk.seed),
                                          maxDepth: walk.maxDepth, systemEvents: arguments.has("--system-events"),
                                          links: arguments.has("--links"), guards: arguments.has("--guards"),
                                          trace: arguments.has("--trace"), json: json, console: &console)
        } else if arguments.has("--interactive") || (lines.isEmpty && console.interactiveInput && !json) {
            status = Interactive.run(&navigator, console: &console)
        } else {
            status = runScript(lines, on: &navigator, place: arguments.value("--script") ?? path, json: json, &console)
        }
        if let savePath = arguments.value("--save") {
            let text = navigator.savedState()
            guard FileManager.default.createFile(atPath: savePath, contents: Data(text.utf8)) else {
                console.err("flowctl simulate: cannot write '\(savePath)'\n")
                return .usage
            }
        }
        return status
    }

    /// `--random N` with its seed and depth bound (nil without it), after
    /// checking that the options that only a random walk takes come with it.
    static func randomWalkOptions(_ arguments: ParsedArguments) throws(UsageError) -> (steps: Int, seed: Int, maxDepth: Int)? {
        let randomSteps = try arguments.integer("--random")
        let seed = try arguments.integer("--seed") ?? 1
        let maxDepth = try arguments.integer("--max-depth", atLeast: 1) ?? 1_000
        if arguments.value("--seed") != nil && randomSteps == nil { throw UsageError(message: "--seed goes with --random") }
        if arguments.has("--system-events") && randomSteps == nil { throw UsageError(message: "--system-events goes with --random") }
        for flag in ["--links", "--guards"] where arguments.has(flag) && randomSteps == nil {
            throw UsageError(message: "\(flag) goes with --random (it adds steps to a random walk)")
        }
        // A walk takes no steps of the user's: silently skipping a script's expectations would pass.
        for flag in ["--script", "--event", "--interactive"] where randomSteps != nil && (arguments.has(flag) || arguments.value(flag) != nil) {
            throw UsageError(message: "--random walks from the start (or --restore's state) alone: "
                             + "it takes no \(flag == "--event" ? "-e steps" : flag) (set guards with --assume)")
        }
        return randomSteps.map { ($0, seed, maxDepth) }
    }

    /// The steps to run: the script's, then each `-e`; nil when the script
    /// cannot be read (said on the console).
    static func steps(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> [ScenarioScript.Line]? {
        var lines: [ScenarioScript.Line] = []
        if let scriptPath = arguments.value("--script") {
            guard let script = RunnableProgram.script(scriptPath, command: "simulate", console: &console) else { return nil }
            lines = script
        }
        for (index, step) in (arguments.values["--event"] ?? []).enumerated() {
            switch ScenarioScript.parseStep(Substring(step)) {
            case .success(let parsed): lines.append(ScenarioScript.Line(number: -(index + 1), text: step, step: parsed))
            case .failure(let message): throw UsageError(message: "bad step '\(step)': \(message.text)")
            }
        }
        return lines
    }

    /// The navigator the steps start from: the entry started under the
    /// guards of `--assume` and the script's leading `assume` lines, or the
    /// state of `--restore`.
    static func startingNavigator(_ program: Program, _ lines: [ScenarioScript.Line], _ arguments: ParsedArguments,
                                  _ console: inout Console) throws(UsageError) -> Result<Navigator, ExitCode> {
        var assumed: [String] = []
        let known = program.guardSymbols
        for name in arguments.values["--assume"] ?? [] {
            guard known[name] != nil else {
                let names = known.keys.sorted()
                throw UsageError(message: "--assume \(name): the program has no guard '\(name)'"
                                 + (names.isEmpty ? " (it uses none)" : " (its guards: \(names.joined(separator: ", ")))"))
            }
            assumed.append(name)
        }
        if arguments.value("--restore") == nil { assumed += ScenarioScript.leadingGuards(lines) }
        var navigator: Navigator
        do throws(NavigationError) {
            navigator = try Navigator(program: program, assuming: assumed)
        } catch {
            console.err("flowctl simulate: \(error.description)\n")
            return .failure(.failure)
        }
        guard let restorePath = arguments.value("--restore") else { return .success(navigator) }
        guard let data = FileManager.default.contents(atPath: restorePath) else {
            console.err("flowctl simulate: cannot read state '\(restorePath)'\n")
            return .failure(.usage)
        }
        do throws(NavigationError) {
            let report = try navigator.restore(from: [UInt8](data), options: arguments.has("--repair") ? .repairing : .exact)
            for dropped in report.dropped { console.err("flowctl simulate: '\(restorePath)': dropped \(dropped)\n") }
            if let reason = report.reason { console.err("note: the state was not checked against the reachable states: \(reason)\n") }
        } catch {
            console.err("flowctl simulate: '\(restorePath)': \(error.description)\n")
            return .failure(.failure)
        }
        return .success(navigator)
    }

    /// Runs the steps and prints the trace; a rejected step or a failed
    /// expectation is reported at its line (`place`, or `-e #N`).
    static func runScript(_ lines: [ScenarioScript.Line], on navigator: inout Navigator, place path: String, json: Bool,
                          _ console: inout Console) -> ExitCode {
        var runner = ScenarioRunner(navigator: navigator)
        let ok = runner.run(lines)
        navigator = runner.navigator
        console.out(json ? TraceOutput.json(runner) : TraceOutput.text(runner, initial: lines.isEmpty ? navigator.stackDescription : nil))
        var status = ExitCode.success
        if let failure = runner.failure {
            let place = failure.line > 0 ? "\(path):\(failure.line)" : "-e #\(-failure.line)"
            // A rejected step stops the run where it was rejected: the screen it offered is still there.
            var hint = ""
            if let last = runner.trace.last, last.rejected, last.line == failure.line,
               let step = lines.first(where: { $0.number == failure.line })?.step {
                hint = StepHint.didYouMean(step, runner.navigator).map { "; \($0)" } ?? ""
            }
            console.err("\(place): \(failure.message)\(hint)\n")
            status = .failure
        }
        if ok, !json { console.out(ScreenText.wrapped("all steps passed: ", navigator, width: console.width) + "\n") }
        return status
    }
}
