import FlowModel
import FlowRuntime

/// Runs a generated program with typed screens, events, guards and tabs
/// (docs/generated-api.md): the engine's `Navigator`, spoken to in the program's own
/// Swift types.
///
/// A value type, `Sendable`: copy it freely. Every mutating operation is
/// one atomic step: it returns the step's effects, or throws a `FlowError`
/// and leaves the state exactly as it was.
public struct FlowNavigator<P: FlowProgram>: Sendable {
    /// The untyped engine underneath (read-only): for tools, tracing and tests.
    public internal(set) var engine: Navigator
    let loaded: FlowDefinition.Loaded
    /// What the last restore of a saved state left out (nil when the
    /// navigator was not restored): see `init(restoring:repairing:restoringGuards:)`.
    public internal(set) var restoreReport: FlowRestoreReport?

    /// Starts the entry flow with `guards` set (they choose among guarded
    /// `start` items). Throws when the embedded program cannot run.
    public init(assuming guards: [P.Guard] = []) throws(FlowError) {
        loaded = try P.definition.loaded()
        do {
            engine = try Navigator(program: loaded.program, assuming: guards.map(\.rawValue))
        } catch {
            throw .rejected(error)
        }
    }

    // MARK: - Steps

    /// Sends a user event.
    @discardableResult
    public mutating func send(_ event: P.Event) throws(FlowError) -> [FlowEffect<P>] {
        try send(P.code(for: event), event)
    }

    /// Sends an event of one screen, or a system event (`FlowEvents`).
    @discardableResult
    public mutating func send<E: FlowEvents>(_ event: E) throws(FlowError) -> [FlowEffect<P>] where E.Program == P {
        try send(event.code, event)
    }

    private mutating func send(_ code: FlowCode, _ event: Any) throws(FlowError) -> [FlowEffect<P>] {
        guard code.id >= 0, code.id < loaded.eventSymbols.count else {
            throw .invalidProgram("event \(event) has no index in the embedded program; regenerate the code")
        }
        do {
            let effects = try engine.send(loaded.eventSymbols[code.id], labels: loaded.eventLabels[code.id], values: code.arguments.values)
            return typed(effects)
        } catch {
            throw .rejected(error)
        }
    }

    /// The system back button, or a swipe-down of a sheet.
    @discardableResult
    public mutating func back() throws(FlowError) -> [FlowEffect<P>] {
        do {
            let effects = try engine.back()
            return typed(effects)
        } catch {
            throw .rejected(error)
        }
    }

    /// Opens a deep link: rebuilds the navigation to its target.
    @discardableResult
    public mutating func open(_ url: String) throws(FlowError) -> [FlowEffect<P>] {
        do {
            let effects = try engine.open(url)
            return typed(effects)
        } catch {
            throw .rejected(error)
        }
    }

    /// The user tapped a tab of the tab container on top of the screen: it
    /// is selected, every tab keeping its stack; tapping the selected tab
    /// pops it to its root. Throws when no tab container is on top or it has
    /// no such tab.
    @discardableResult
    public mutating func selectTab(_ tab: P.Tab) throws(FlowError) -> [FlowEffect<P>] {
        guard let flow = loaded.tabFlows[tab.rawValue] else {
            throw .invalidProgram("tab \(tab.rawValue) is not a tab of the embedded program; regenerate the code")
        }
        do {
            let effects = try engine.tapTab(flow)
            return typed(effects)
        } catch {
            throw .rejected(error)
        }
    }

    /// Sets or clears a guard. A step: a pending gated link may open (or be
    /// dropped) at its end, which the effects report.
    @discardableResult
    public mutating func assume(_ guardCase: P.Guard, _ value: Bool = true) -> [FlowEffect<P>] {
        let effects = engine.assume(guardCase.rawValue, value)
        return typed(effects)
    }

    /// Whether a guard is set.
    public func isAssumed(_ guardCase: P.Guard) -> Bool {
        guard let symbol = loaded.guardSymbols[guardCase.rawValue] else { return false }
        return engine.state.guards.contains(symbol)
    }

    /// Returns to the entry flow's start, keeping the guards.
    @discardableResult
    public mutating func reset() throws(FlowError) -> [FlowEffect<P>] {
        var copy = engine
        do {
            try copy.reset()
        } catch {
            throw .rejected(error)
        }
        engine = copy
        return []
    }

    // MARK: - What is on screen

    /// The active route: the top of the visible stack of the top layer.
    public var top: P.Screen {
        // The engine refuses every step that would leave no screen.
        guard let entry = engine.state.activeEntry else { preconditionFailure("the navigator shows no screen") }
        return screen(entry)
    }

    /// Every layer, bottom first.
    public var layers: [FlowLayer<P>] {
        var result: [FlowLayer<P>] = []
        result.reserveCapacity(engine.state.layers.count)
        for layer in engine.state.layers { result.append(self.layer(layer)) }
        return result
    }

    /// The selected tab of the topmost tab container, if any.
    public var selectedTab: P.Tab? {
        layers.last(where: \.isTabContainer)?.selectedTab
    }

    /// The user events the active screen would handle now, as the program names them
    /// (`select(id: String)`), for debugging and tools.
    public var availableEvents: [String] { engine.availableEvents.map(\.signature) }

    // MARK: - Conversions

    func screen(_ entry: Entry) -> P.Screen {
        guard let screen = P.screen(for: FlowCode(Int(entry.route), FlowArguments(engine: entry.arguments))) else {
            // `init` checked that the generated ids and the embedded program agree.
            preconditionFailure("route #\(entry.route) is not a case of \(P.self).Screen")
        }
        return screen
    }

    /// A screen as the flow language writes it, for messages: `product(id: "42")`.
    func describe(_ screen: P.Screen) -> String {
        let code = P.code(for: screen)
        guard engine.program.routes.indices.contains(code.id) else { return "\(screen)" }
        return engine.describe(Entry(route: RouteID(code.id), instance: -1, arguments: code.arguments.values))
    }

    func screens(_ stack: [Entry]) -> [P.Screen] {
        var result: [P.Screen] = []
        result.reserveCapacity(stack.count)
        for entry in stack { result.append(screen(entry)) }
        return result
    }

    func layer(_ layer: Layer) -> FlowLayer<P> {
        let kind = FlowLayerKind(rawValue: layer.kind.rawValue) ?? .sheet
        guard layer.isTabContainer, Int(layer.container) < engine.state.instances.count else {
            return FlowLayer(kind: kind, stack: screens(layer.stack))
        }
        let container = engine.state.instances[Int(layer.container)].flow
        var tabs: [P.Tab] = []
        var stacks: [[P.Screen]] = []
        var selected: P.Tab?
        for (index, (flow, stack)) in zip(engine.program.tabs(of: container), layer.stacks).enumerated() {
            guard let tab = tab(flow) else { continue }
            tabs.append(tab)
            stacks.append(screens(stack))
            if index == layer.selected { selected = tab }
        }
        return FlowLayer(kind: kind, stack: screens(layer.stack), selectedTab: selected, tabs: tabs, tabStacks: stacks)
    }

    func tab(_ flow: FlowID) -> P.Tab? {
        guard Int(flow) < loaded.flowNames.count else { return nil }
        return P.Tab(rawValue: loaded.flowNames[Int(flow)])
    }

    func flowName(_ flow: FlowID) -> String {
        Int(flow) < loaded.flowNames.count && flow >= 0 ? loaded.flowNames[Int(flow)] : "?"
    }

    /// The engine's effects in typed form: each names the entries it added
    /// or removed, with their arguments.
    func typed(_ effects: [NavigationEffect]) -> [FlowEffect<P>] {
        guard !effects.isEmpty else { return [] }
        let program = engine.program
        var result: [FlowEffect<P>] = []
        result.reserveCapacity(effects.count)
        for effect in effects {
            switch effect {
            case .pushed(let entry): result.append(.pushed(screen(entry)))
            case .popped(let entry): result.append(.popped(screen(entry)))
            case .replaced(let old, let new):
                result.append(.replaced(old: screen(old), new: screen(new)))
            case .presented(let kind, let entry):
                result.append(.presented(FlowLayerKind(rawValue: kind.rawValue) ?? .sheet, screen(entry)))
            case .stackSet(let entries): result.append(.stackSet(entries.map(screen)))
            case .dismissed(let kind): result.append(.dismissed(FlowLayerKind(rawValue: kind.rawValue) ?? .sheet))
            case .tabSelected(let flow): if let tab = tab(flow) { result.append(.tabSelected(tab)) }
            case .flowStarted(let flow): result.append(.flowStarted(flowName(flow)))
            case .flowFinished(let flow, let symbol): result.append(.flowFinished(flowName(flow), result: program.name(symbol)))
            case .flowEnded(let flow): result.append(.flowEnded(flowName(flow)))
            case .guardSet(let symbol, let value):
                if let g = P.Guard(rawValue: program.name(symbol)) { result.append(.guardSet(g, value)) }
            case .transition(let symbol): result.append(.transition(program.name(symbol)))
            case .linkPending(let url): result.append(.linkPending(url))
            case .linkOpened(let url): result.append(.linkOpened(url))
            case .linkDropped(let url): result.append(.linkDropped(url))
            }
        }
        return result
    }
}
