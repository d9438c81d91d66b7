/// A property stated in the file (docs/language.md#properties-check-v2), checked on the state graph.
public struct PropertyCheck: Sendable {
    public enum Kind: String, Sendable { case alwaysReach, never, reachWithin, link }
    public var kind: Kind
    /// The check's STRING label, if written.
    public var label: String?
    /// The flow the ref names (for `Flow.route`, the route's flow); -1 for `link`.
    public var flow: FlowID
    /// The route for `Flow.route` (or a bare route name that is unambiguous), or -1 when the ref names a flow.
    public var route: RouteID
    public var guardCondition: Guard?
    /// N of `within N` (0 otherwise).
    public var limit: Int
    /// The URL of a `link` check ("" otherwise).
    public var url: String
    /// The stack text after `shows`, trimmed, exactly as `expect stack` takes it ("" otherwise).
    public var stack: String
    public var span: SourceSpan   // the `check` keyword .. end of the property

    public init(kind: Kind, label: String?, flow: FlowID, route: RouteID, guardCondition: Guard?, limit: Int, url: String, stack: String, span: SourceSpan) {
        self.kind = kind
        self.label = label
        self.flow = flow
        self.route = route
        self.guardCondition = guardCondition
        self.limit = limit
        self.url = url
        self.stack = stack
        self.span = span
    }
}
