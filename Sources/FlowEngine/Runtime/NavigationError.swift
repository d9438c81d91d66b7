/// Why the engine rejected a step. The state is unchanged after any of them.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No handler on the way up from the active route answers the event.
    case unhandled(event: String, route: String)
    /// The event's arguments do not fit the handler's parameters.
    case badArgument(event: String, problem: String)
    /// `pop`, `pop to`, `popToRoot` or the implicit back with nothing below.
    case nothingToPop(action: String, route: String)
    /// `pop to R` at the route R itself, with no other R below it.
    case alreadyOnTop(target: String, route: String)
    /// `pop to R` with no R below the active route `route` in its stack.
    case notBelow(target: String, route: String)
    /// `dismiss` when the top layer is the base.
    case nothingToDismiss(route: String)
    /// `select` with no tab container above, or of a flow that is not its tab.
    case noSuchTab(tab: String, flow: String)
    /// The URL is malformed or matches no link.
    case noMatchingLink(url: String, problem: String)
    /// The step would leave no screen at all.
    case emptyScreen(event: String)
    /// Anything else the program's graph cannot do (a tab container pushed,
    /// an action after its flow finished, a start route that needs arguments).
    case unsupported(event: String, problem: String)
    /// `restore` was given a state that does not fit the program.
    case invalidState(String)
    /// The engine cannot run the program at all (DSL.md §5 "What runs"): it
    /// has errors of the F0xx or F1xx families, or no entry flow.
    case invalidProgram(String)

    public var description: String {
        switch self {
        case .unhandled(let event, let route):
            return "no handler for '\(event)' at route '\(route)' or any flow above it"
        case .badArgument(let event, let problem):
            return "bad arguments for '\(event)': \(problem)"
        case .nothingToPop(let action, let route):
            return "'\(action)' at '\(route)': nothing to pop (it is the root of its stack)"
        case .alreadyOnTop(let target, let route):
            return "'pop to \(target)' at '\(route)': '\(target)' is already the top of its stack"
        case .notBelow(let target, let route):
            return "'pop to \(target)' at '\(route)': there is no '\(target)' below it in its stack"
        case .nothingToDismiss(let route):
            return "'dismiss' at '\(route)': the top layer is the app's base, not a sheet or a cover"
        case .noSuchTab(let tab, let flow):
            return "'select \(tab)' from flow '\(flow)': no tab container above it has that tab"
        case .noMatchingLink(let url, let problem):
            return "cannot open '\(url)': \(problem)"
        case .emptyScreen(let event):
            return "'\(event)' would leave no screen at all"
        case .unsupported(let event, let problem):
            return "'\(event)': \(problem)"
        case .invalidState(let problem):
            return "invalid saved state: \(problem)"
        case .invalidProgram(let problem):
            return "the program cannot run: \(problem)"
        }
    }
}

/// What a step changed, in the order it happened: what a UI would apply.
public enum NavigationEffect: Hashable, Sendable {
    case pushed(RouteID)
    case popped(RouteID)
    case replaced(old: RouteID, new: RouteID)
    case presented(LayerKind, RouteID)
    case dismissed(LayerKind)
    case stackSet([RouteID])
    case tabSelected(FlowID)
    case flowStarted(FlowID)
    case flowFinished(FlowID, result: Symbol)
    /// A flow whose screens were all removed ended without a result.
    case flowEnded(FlowID)
    case guardSet(Symbol, Bool)
    /// A custom transition named by `with`, passed through to the UI.
    case transition(Symbol)
    /// A gated link's guard did not hold: its actions ran and the URL waits (v1).
    case linkPending(String)
    /// The pending URL opened at the end of a step after which its guard held.
    case linkOpened(String)
    /// The pending URL was dropped: the user cancelled, or it can no longer open.
    case linkDropped(String)
}
