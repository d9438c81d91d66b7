/// The type of a parameter.
public enum ValueType: String, Hashable, Sendable, CaseIterable {
    case string = "String"
    case int = "Int"
    case bool = "Bool"
    case double = "Double"
}

/// A typed parameter of a route, a flow or an event.
public struct Parameter: Hashable, Sendable {
    public var name: Symbol
    public var type: ValueType
    public var span: SourceSpan
    /// `name: Type = literal` (v2, docs/language.md "Defaults"), on a route's or
    /// a flow's parameter: the value the engine gives it when an argument
    /// list leaves it out (or an optional query item of a link is absent).
    public var defaultValue: Value? = nil

    public init(name: Symbol, type: ValueType, span: SourceSpan) {
        self.name = name
        self.type = type
        self.span = span
    }
}

/// A runtime value of a parameter.
public enum Value: Hashable, Sendable, Codable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case double(Double)

    public var type: ValueType {
        switch self {
        case .string: .string
        case .int: .int
        case .bool: .bool
        case .double: .double
        }
    }
}

/// Where an argument's value comes from.
public enum ArgumentSource: Hashable, Sendable {
    case literal(Value)
    /// The handler event's parameter with this index in `Handler.parameters`.
    case eventParameter(Int32)
    /// A parameter of the route the handler is declared on, by its index in
    /// `Route.parameters` (v1): the active entry's argument when it fired.
    case routeParameter(Int32)
    /// A parameter of the handling flow (or, in a `start` item, of the flow
    /// being started), by its index in `Flow.parameters` (v1).
    case flowParameter(Int32)
    /// A value captured by a link pattern (`:name`).
    case capture(Symbol)
}

/// `name: value` bound to the target's parameter `parameter`: a route's, a
/// started flow's, or, for a `finish` payload, its position in the payload.
public struct Argument: Hashable, Sendable {
    public var name: Symbol
    /// Index of the bound parameter within the target route's parameters.
    public var parameter: Int32
    public var source: ArgumentSource
    public var span: SourceSpan

    public init(name: Symbol, parameter: Int32, source: ArgumentSource, span: SourceSpan) {
        self.name = name
        self.parameter = parameter
        self.source = source
        self.span = span
    }
}
