/// Attributes a route may carry.
public struct RouteAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// An intended end: never a dead end.
    @inlinable public static var final: RouteAttributes { RouteAttributes(rawValue: 1) }
    /// No system back button when pushed.
    @inlinable public static var noBack: RouteAttributes { RouteAttributes(rawValue: 2) }
    /// A sheet that cannot be swiped down.
    @inlinable public static var locked: RouteAttributes { RouteAttributes(rawValue: 4) }
    /// (v2) Busy: while it is the active route, an opened URL waits
    /// (docs/language.md "Busy routes").
    @inlinable public static var busy: RouteAttributes { RouteAttributes(rawValue: 8) }
}

/// A route (a screen) of a flow.
public struct Route: Sendable {
    public var name: Symbol
    public var flow: FlowID
    /// The span of the route's name.
    public var span: SourceSpan
    public var parameters: IndexRange
    public var attributes: RouteAttributes
    public var handlers: IndexRange

    public init(name: Symbol, flow: FlowID, span: SourceSpan, parameters: IndexRange, attributes: RouteAttributes, handlers: IndexRange) {
        self.name = name
        self.flow = flow
        self.span = span
        self.parameters = parameters
        self.attributes = attributes
        self.handlers = handlers
    }
}
