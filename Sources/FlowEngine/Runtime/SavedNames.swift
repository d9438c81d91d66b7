import FlowModel

/// The names a saved state may use for the program's flows, routes and
/// guards: today's names, and the old ones that `was(OldName)` carries over
/// (an old name that a declaration has today means that declaration).
/// Restoring is rare and off the hot path, so names are looked up in
/// dictionaries.
struct SavedNames {
    private var flows: [String: FlowID] = [:]
    /// Per flow, its routes by name (today's and old).
    private var routes: [[String: RouteID]]
    let guards: [String: Symbol]

    init(_ program: Program) {
        for (f, flow) in program.flows.enumerated() { flows[program.name(flow.name)] = FlowID(f) }
        routes = [[String: RouteID]](repeating: [:], count: program.flows.count)
        for (r, route) in program.routes.enumerated() { routes[Int(route.flow)][program.name(route.name)] = RouteID(r) }
        for former in program.formerNames {
            if former.isFlow {
                if flows[former.name] == nil { flows[former.name] = former.flow }
            } else if routes[Int(former.flow)][former.name] == nil {
                routes[Int(former.flow)][former.name] = former.route
            }
        }
        guards = program.guardSymbols
    }

    /// The flow a saved name means, or nil.
    func flow(_ name: String) -> FlowID? { flows[name] }

    /// The route a saved `Flow.route` means, or nil.
    func route(_ qualified: String) -> RouteID? {
        guard let dot = qualified.firstIndex(of: "."), let flow = flows[String(qualified[..<dot])] else { return nil }
        return routes[Int(flow)][String(qualified[qualified.index(after: dot)...])]
    }
}
