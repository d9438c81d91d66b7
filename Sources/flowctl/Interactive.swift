import FlowEngine

/// `simulate` on a terminal with no steps: a small REPL that shows the
/// screen, offers the available events, and takes steps. With a terminal
/// on standard input and output, lines are edited (`LineEditor`: arrows,
/// history, Ctrl-D to leave); otherwise they are read as they come.
enum Interactive {
    static let help = """
    Type an event (select(id: "42")), back, open "url", tab T, assume name,
    assume !name, or an expect line. Commands: :events, :state (the state as JSON),
    :reset, :help, :quit.

    """

    /// The commands, for "did you mean".
    static let commands = [":events", ":state", ":reset", ":help", ":quit"]

    /// Runs the session on the process's standard input and output, until
    /// `:quit` or the end of input; `navigator` ends in the session's state.
    /// Returns failure when an `expect` line of the session failed (a
    /// rejected step is shown and the session goes on: it does not count).
    static func run(_ navigator: inout Navigator, console: inout Console) -> ExitCode {
        if console.interactiveInput && console.terminalOutput {
            var input = TerminalLineReader()
            return run(&navigator, console: &console, input: &input)
        } else {
            var input = PlainLineInput()
            return run(&navigator, console: &console, input: &input)
        }
    }

    /// The session, with lines from `input`.
    static func run<Input: LineInput>(_ navigator: inout Navigator, console: inout Console, input: inout Input) -> ExitCode {
        console.out(help)
        show(navigator, &console)
        var runner = ScenarioRunner(navigator: navigator)
        var number = 0
        var status = ExitCode.success
        while true {
            guard let line = input.readLine(prompt: "> ", console: &console) else { break }
            let text = Substring(line).trimmingSpaces
            number += 1
            switch text {
            case "": continue
            case ":quit", ":q": navigator = runner.navigator; return status
            case ":help": console.out(help); continue
            case ":events": show(runner.navigator, &console); continue
            case ":state": console.out(runner.navigator.savedState()); continue
            case ":reset":
                var fresh = runner.navigator
                try? fresh.reset()
                runner = ScenarioRunner(navigator: fresh)
                show(fresh, &console)
                continue
            default: break
            }
            switch ScenarioScript.parseStep(text) {
            case .failure(let message):
                let hint = StepHint.didYouMean(command: text, among: commands).map { "; \($0)" } ?? ""
                console.out("? \(message.text)\(hint)\n")
            case .success(let step):
                let before = runner.trace.count
                runner.perform(ScenarioScript.Line(number: number, text: String(text), step: step))
                if let last = runner.trace.last, runner.trace.count > before {
                    let hint = last.rejected ? StepHint.didYouMean(step, runner.navigator).map { "; \($0)" } ?? "" : ""
                    console.out(last.rejected ? "rejected: \(last.outcome)\(hint)\n" : "\(last.outcome)\n")
                    show(runner.navigator, &console)
                } else if let failure = runner.failure {
                    console.out("✗ \(failure.message)\n")
                    runner = ScenarioRunner(navigator: runner.navigator)
                    status = .failure
                } else {
                    console.out("✓\n")
                }
            }
        }
        navigator = runner.navigator
        return status
    }

    /// The screen line and the events line.
    static func show(_ navigator: Navigator, _ console: inout Console) {
        console.out("screen: \(screen(navigator))\n")
        let events = navigator.availableEvents.map(\.signature)
        console.out("events: \(events.isEmpty ? "(none)" : events.joined(separator: "  "))\n")
    }

    /// The screen as `expect stack` writes it and, while a tab container is
    /// on screen (the topmost, as `expect tab` reads it), its selected tab
    /// and all its tabs: `search > results  (tab Search of Search, Settings)`.
    static func screen(_ navigator: Navigator) -> String {
        guard let layer = navigator.state.layers.last(where: \.isTabContainer), let selected = navigator.selectedTab else {
            return navigator.stackDescription
        }
        let program = navigator.program
        let tabs = program.tabs(of: navigator.state.instances[Int(layer.container)].flow).map { program.name(program.flows[Int($0)].name) }
        return "\(navigator.stackDescription)  (tab \(selected) of \(tabs.joined(separator: ", ")))"
    }
}
