import FlowEngine

/// "Did you mean" for what the simulator could not take: the closest name
/// the screen offers (`Suggestion`, by edit distance), added to flowctl's
/// output; the engine's own messages stay as they are.
enum StepHint {
    /// `did you mean 'getStarted'?` when `step` sends an event that nothing
    /// on the screen answers, or taps a tab the tab container on top does
    /// not have, and one that is there is close; nil otherwise. `navigator`
    /// is the state the step was rejected in (a rejection changes nothing).
    static func didYouMean(_ step: ScenarioScript.Step, _ navigator: Navigator) -> String? {
        let offered: [String]
        let name: String
        switch step {
        case .send(let event, _):
            (name, offered) = (event, navigator.availableEvents.map(\.name))
        case .tab(let tab):
            (name, offered) = (tab, tapsOffered(navigator))
        default:
            return nil
        }
        guard !offered.contains(name) else { return nil }
        return Suggestion.closest(to: name, among: offered).map { "did you mean '\($0)'?" }
    }

    /// `did you mean ':events'?` for a line that starts like a command of the interactive mode.
    static func didYouMean(command: Substring, among commands: [String]) -> String? {
        guard command.hasPrefix(":") else { return nil }
        return Suggestion.closest(to: String(command), among: commands).map { "did you mean '\($0)'?" }
    }

    /// The tabs a `tab T` step can tap now: those of the tab container filling the top layer.
    static func tapsOffered(_ navigator: Navigator) -> [String] {
        guard let top = navigator.state.layers.last, top.isTabContainer else { return [] }
        let program = navigator.program
        return program.tabs(of: navigator.state.instances[Int(top.container)].flow).map { program.name(program.flows[Int($0)].name) }
    }
}
