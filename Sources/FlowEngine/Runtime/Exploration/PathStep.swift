import FlowModel

/// One user step of a path the explorer found: what one line of a scenario
/// script says (docs/simulate.md), by id.
public enum PathStep: Hashable, Sendable {
    /// `assume g` (true) or `assume !g` (false).
    case assume(Symbol, Bool)
    /// The event of a handler, with a sample value for each parameter
    /// (`select(id: "1")`); `back` for a handler of `back`.
    case send(HandlerID)
    /// The implicit back.
    case back
    /// `tab T`: the user taps the tab of flow T.
    case tab(FlowID)
    /// `open "…"`: the URL of the sample at this index in `Program.linkSamples` (`Program.linkSampleURL(at:)`).
    case open(Int32)
    /// `expect top Flow.route`: changes nothing; in a path it marks that the
    /// app has started, so the `assume` steps after it set guards on the
    /// running app instead of choosing its start (docs/simulate.md: only leading
    /// `assume` steps are in force when the entry starts).
    case expectTop(RouteID)
}

extension PathStep {
    /// The words a script reads as commands: an event of one of these names
    /// is written `send name`.
    static let commandWords: Set<String> = ["send", "back", "open", "assume", "tab", "expect"]

    /// The sample value of a parameter of this type: what paths send.
    public static func sampleValue(_ type: ValueType) -> Value {
        switch type {
        case .string: .string("1")
        case .int: .int(1)
        case .double: .double(1)
        case .bool: .bool(true)
        }
    }

    /// The step as a line of a scenario script: `select(id: "1")`, `back`,
    /// `tab Settings`, `assume !loggedIn`, `open "shop://product/1"`.
    public func scriptText(in program: Program) -> String {
        scriptText(in: program, sampleURL: program.linkSampleURL(at:))
    }

    /// `scriptText(in:)`, with the URL of each link sample from `sampleURL`
    /// (a caller that writes many paths looks them up in a table made once).
    public func scriptText(in program: Program, sampleURL: (Int32) -> String) -> String {
        switch self {
        case .assume(let name, let value):
            return "assume " + (value ? "" : "!") + program.name(name)
        case .send(let h):
            let handler = program.handlers[Int(h)]
            let name = program.name(handler.event.name)
            let parameters = program.parameters[handler.parameters.range]
            if name == "back" && parameters.isEmpty { return "back" }
            let prefix = PathStep.commandWords.contains(name) ? "send " : ""
            guard !parameters.isEmpty else { return prefix + name }
            let arguments = parameters.map { program.name($0.name) + ": " + Navigator.literal(PathStep.sampleValue($0.type)) }
            return prefix + name + "(" + arguments.joined(separator: ", ") + ")"
        case .back:
            return "back"
        case .tab(let flow):
            return "tab " + program.name(program.flows[Int(flow)].name)
        case .open(let sample):
            return "open " + Navigator.literal(.string(sampleURL(sample)))
        case .expectTop(let route):
            return "expect top " + program.qualifiedName(route)
        }
    }
}

extension PathStep {
    /// Whether the step is an `expect top` (a mark, not a step of the user).
    public var isExpect: Bool { if case .expectTop = self { true } else { false } }

    /// Takes this step on `navigator`, as a script line would; an `assume`
    /// sets its guard (a leading one is the caller's to apply before the start).
    public func perform(on navigator: inout Navigator) throws(NavigationError) {
        let program = navigator.program
        switch self {
        case .assume(let name, let value):
            navigator.assume(program.name(name), value)
        case .send(let h):
            let handler = program.handlers[Int(h)]
            if handler.event.name == navigator.backSymbol && handler.parameters.isEmpty {
                try navigator.back()
            } else {
                _ = try navigator.sendEvent(handler.event, program.parameters[handler.parameters.range].map { PathStep.sampleValue($0.type) })
            }
        case .back:
            try navigator.back()
        case .tab(let flow):
            try navigator.tapTab(flow)
        case .open(let sample):
            try navigator.open(program.linkSampleURL(at: sample))
        case .expectTop:
            break
        }
    }
}

extension PathStep {
    /// Whether the step is an `assume`.
    public var isAssume: Bool {
        if case .assume = self { true } else { false }
    }
}
