/// What a flow shows first.
public enum FlowStart: Hashable, Sendable {
    /// No valid `start` (reported as F104), or a tab container.
    case none
    /// The flow's first screen.
    case route(RouteID)
    /// A flow started in this flow's place (a coordinator that only manages children).
    case flow(FlowID)
}

/// A flow (a coordinator): its routes, its flow-level handlers, its start.
public struct Flow: Sendable {
    public var name: Symbol
    /// The span of the flow's name in its declaration.
    public var span: SourceSpan
    /// Marked `[entry]`.
    public var isMarkedEntry: Bool
    /// The unguarded `start` (the fallback), what the analyses follow.
    public var start: FlowStart
    /// The span of the name after `start`, or of the flow's name if there is none.
    public var startSpan: SourceSpan
    /// Every `start` item in `Program.startItems`: the guarded ones in source
    /// order, then the fallback (v1). Empty for a tab container.
    public var starts: IndexRange = .empty
    /// The flow's parameters (v1), visible to all its routes and handlers.
    public var parameters: IndexRange = .empty
    /// For a tab container: its tabs in `Program.tabFlows`, first selected.
    public var tabs: IndexRange
    public var routes: IndexRange
    /// Flow-level handlers: they apply to any route of this flow and bubble from children.
    public var handlers: IndexRange

    /// Whether the flow is a tab container.
    public var isTabContainer: Bool { !tabs.isEmpty }

    public init(name: Symbol, span: SourceSpan, isMarkedEntry: Bool, start: FlowStart, startSpan: SourceSpan, tabs: IndexRange, routes: IndexRange, handlers: IndexRange) {
        self.name = name
        self.span = span
        self.isMarkedEntry = isMarkedEntry
        self.start = start
        self.startSpan = startSpan
        self.tabs = tabs
        self.routes = routes
        self.handlers = handlers
    }
}

/// One `start` item: what a flow shows first, under a guard or as the
/// fallback, with the arguments that bind the start route's (or started
/// flow's) parameters from the flow's own.
public struct StartItem: Hashable, Sendable {
    public var target: FlowStart
    public var guardCondition: Guard?
    /// Bound to the target's parameters; values are `.flowParameter` or literals.
    public var arguments: IndexRange
    /// The span of the target's name.
    public var span: SourceSpan

    public init(target: FlowStart, guardCondition: Guard?, arguments: IndexRange, span: SourceSpan) {
        self.target = target
        self.guardCondition = guardCondition
        self.arguments = arguments
        self.span = span
    }
}
