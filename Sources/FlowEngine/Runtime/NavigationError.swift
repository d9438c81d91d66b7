import FlowModel

/// Why the engine rejected a step. The state is unchanged after any of them.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No handler on the way up from the active route answers the event.
    case unhandled(event: String, route: String)
    /// The event's arguments do not fit the handler's parameters.
    case badArgument(event: String, problem: String)
    /// `pop` or `popToRoot` at the root of a stack: `place` says which
    /// (`the app's base stack`, `its sheet`, `tab 'Search'`).
    case nothingToPop(action: String, route: String, place: String)
    /// `pop to R` at the route R itself, with no other R below it.
    case alreadyOnTop(target: String, route: String)
    /// `pop to R` with no R below the active route `route` in its stack.
    case notBelow(target: String, route: String)
    /// `dismiss` when the top layer is the base.
    case nothingToDismiss(route: String)
    /// `dismiss` in the handler of the result `result` (`Login.done`) when
    /// the finished flow's own layers are gone and the base is on top.
    case nothingLeftToDismiss(result: String, route: String)
    /// `select tab` from flow `flow`: the nearest tab container above it,
    /// `container`, has no such tab.
    case noSuchTab(tab: String, flow: String, container: String)
    /// `select tab` from flow `flow`, with no tab container above it.
    case noTabContainer(tab: String, flow: String)
    /// The user's tap on tab `tab`, which the tab container on top,
    /// `container`, does not have.
    case notATab(tab: String, container: String)
    /// `back` at `route` with no implicit back and no handler: `reason`
    /// says why there is no implicit back.
    case noWayBack(route: String, reason: String)
    /// The URL is malformed or matches no link.
    case noMatchingLink(url: String, problem: String)
    /// The step would leave no screen at all.
    case emptyScreen(event: String)
    /// Anything else the program's graph cannot do (a tab container pushed,
    /// an action after its flow finished, a start route that needs arguments).
    case unsupported(event: String, problem: String)
    /// `restore` was given a state that does not fit the program.
    case invalidState(String)
    /// The engine cannot run the program at all (docs/language.md#how-a-program-runs "What runs"): it
    /// has errors of the F0xx or F1xx families, or no entry flow.
    case invalidProgram(String)

    public var description: String {
        switch self {
        case .unhandled(let event, let route):
            return "no handler for '\(event)' at route '\(route)' or any flow above it"
        case .badArgument(let event, let problem):
            return "bad arguments for '\(event)': \(problem)"
        case .nothingToPop(let action, let route, let place):
            if action == "popToRoot" { return "'popToRoot' at '\(route)': '\(route)' is already the root of \(place)" }
            let hint = place.hasPrefix("its ") ? " ('dismiss' removes \(place))" : ""
            return "'\(action)' at '\(route)': '\(route)' is the root of \(place), there is nothing below it to pop\(hint)"
        case .alreadyOnTop(let target, let route):
            return "'pop to \(target)' at '\(route)': '\(target)' is already the top of its stack"
        case .notBelow(let target, let route):
            return "'pop to \(target)' at '\(route)': there is no '\(target)' below it in its stack"
        case .nothingToDismiss(let route):
            return "'dismiss' at '\(route)': '\(route)' is on the app's base layer; there is no sheet, cover, alert, dialog or popover to dismiss"
        case .nothingLeftToDismiss(let result, let route):
            let flow = result.split(separator: ".").first.map(String.init) ?? result
            return "'dismiss' in 'on \(result)' at '\(route)': finishing '\(flow)' already removed its screens and layers, and '\(route)' is on the app's base layer; there is nothing left to dismiss"
        case .noSuchTab(let tab, let flow, let container):
            return "'select \(tab)' from flow '\(flow)': the nearest tab container above it, '\(container)', has no tab '\(tab)'"
        case .noTabContainer(let tab, let flow):
            return "'select \(tab)' from flow '\(flow)': no tab container runs above '\(flow)'"
        case .notATab(let tab, let container):
            return "'tab \(tab)': the tab container on top, '\(container)', has no tab '\(tab)'"
        case .noWayBack(let route, let reason):
            return "'back' at '\(route)': \(reason)"
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

/// What a step did, in the order it happened: the story a trace tells and
/// an animation follows. Each names the entries it added or removed (with
/// their arguments; a new entry's `identity` is given at the end of the
/// step, so it is 0 here). The complete change log a UI rebuilds its screen
/// from is `ScreenChange.changes(from:to:)`.
public enum NavigationEffect: Hashable, Sendable {
    case pushed(Entry)
    case popped(Entry)
    case replaced(old: Entry, new: Entry)
    /// A layer of this kind was presented, showing this entry (a tab
    /// container's: its selected tab's root).
    case presented(LayerKind, Entry)
    case dismissed(LayerKind)
    /// A stack (or the tabs of a container) was set to these roots.
    case stackSet([Entry])
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
