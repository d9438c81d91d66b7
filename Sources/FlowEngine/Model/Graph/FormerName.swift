/// `[was(OldName)]` on a route or a flow (docs/language.md): it was called
/// OldName in an earlier release, and saved states and `flowctl diff`
/// treat that name as this one.
public struct FormerName: Hashable, Sendable {
    /// The renamed flow, or the flow of the renamed route.
    public var flow: FlowID
    /// The renamed route, or -1 when the flow is renamed.
    public var route: RouteID
    /// The old name: a flow's, or a route's within its flow.
    public var name: String
    /// The old name in `was(...)`.
    public var span: SourceSpan

    public init(flow: FlowID, route: RouteID, name: String, span: SourceSpan) {
        self.flow = flow
        self.route = route
        self.name = name
        self.span = span
    }

    /// Whether this renames a flow (not a route).
    public var isFlow: Bool { route < 0 }
}

extension Program {
    /// For each route id, the old name its `was` gives (nil when none); and
    /// for each flow id, likewise.
    public func formerNameTable() -> (routes: [String?], flows: [String?]) {
        var routes = [String?](repeating: nil, count: self.routes.count)
        var flows = [String?](repeating: nil, count: self.flows.count)
        for former in formerNames {
            if former.isFlow { flows[Int(former.flow)] = former.name } else { routes[Int(former.route)] = former.name }
        }
        return (routes, flows)
    }
}
