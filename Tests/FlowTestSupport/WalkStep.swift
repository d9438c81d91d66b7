import FlowEngine

/// A step a navigator can take, as a test drives it.
public protocol NavigatorStep: CustomStringConvertible {
    func perform(on navigator: inout Navigator) throws(NavigationError)
}

extension PathStep: NavigatorStep {
    /// The step by ids (`send #3`, `tab #2`, `open sample #0`), for a test's messages.
    public var description: String {
        switch self {
        case .assume(let symbol, let value): "assume \(value ? "" : "!")#\(symbol.id)"
        case .send(let handler): "send #\(handler)"
        case .back: "back"
        case .tab(let flow): "tab #\(flow)"
        case .open(let sample): "open sample #\(sample)"
        case .expectTop(let route): "expect top #\(route)"
        }
    }
}

/// A step a user (or the app) could take now, found with the engine's
/// public API only: an event the active screen handles (sample arguments),
/// `back`, a tab of the tab bar on top, a link's sample URL, a guard flipped.
public enum WalkStep: NavigatorStep, Hashable {
    case event(String, [String: Value])
    case tab(FlowID)
    case open(String)
    case assume(String, Bool)

    public var description: String {
        switch self {
        case .event(let name, let arguments): arguments.isEmpty ? name : "\(name)\(arguments.sorted { $0.key < $1.key })"
        case .tab(let flow): "tab #\(flow)"
        case .open(let url): "open \(url)"
        case .assume(let name, let value): "assume \(value ? "" : "!")\(name)"
        }
    }

    public func perform(on navigator: inout Navigator) throws(NavigationError) {
        switch self {
        case .event(let name, let arguments): _ = try navigator.send(name, arguments: arguments)
        case .tab(let flow): _ = try navigator.tapTab(flow)
        case .open(let url): _ = try navigator.open(url)
        case .assume(let name, let value): _ = navigator.assume(name, value)
        }
    }

    /// Every step that could be taken now, in a fixed order.
    public static func choices(_ navigator: Navigator) -> [WalkStep] {
        let program = navigator.program
        var steps: [WalkStep] = navigator.availableEvents.map { event in
            .event(event.name, Dictionary(uniqueKeysWithValues: event.parameters.map { ($0.0, PathStep.sampleValue($0.1)) }))
        }
        if let top = navigator.state.layers.last, top.isTabContainer {
            for tab in program.tabs(of: navigator.state.instances[Int(top.container)].flow) { steps.append(.tab(tab)) }
        }
        for sample in program.linkSamples { steps.append(.open(sample.url)) }
        for name in program.guardSymbols.keys.sorted() {
            let symbol = program.guardSymbols[name]!
            steps.append(.assume(name, !navigator.state.guards.contains(symbol)))
        }
        return steps
    }
}
