import FlowEngine
import FlowGenerator

/// Two releases of one program, with the old release's flows and routes
/// matched to the new one's by name once (`newFlow`, `newRoute`: -1 when
/// gone), so that every comparison after it works on ids.
struct ProgramComparison {
    let old: Release.Member
    let new: Release.Member
    /// For each old flow id, the new flow of that name, or -1.
    let newFlow: [FlowID]
    /// For each old route id, the new route of that `Flow.route`, or -1.
    let newRoute: [RouteID]
    /// For each new flow / route id, whether the old release has it.
    let flowExisted: [Bool]
    let routeExisted: [Bool]
    var changes: [ReleaseChange] = []
    var oldPlaces: Places
    var newPlaces: Places

    init(old: Release.Member, new: Release.Member) {
        self.old = old
        self.new = new
        let (o, n) = (old.program, new.program)
        var flowsByName: [String: FlowID] = [:]
        for (f, flow) in n.flows.enumerated() where flowsByName[n.name(flow.name)] == nil { flowsByName[n.name(flow.name)] = FlowID(f) }
        newFlow = o.flows.map { flowsByName[o.name($0.name)] ?? -1 }
        var existed = [Bool](repeating: false, count: n.flows.count)
        for f in newFlow where f >= 0 { existed[Int(f)] = true }
        flowExisted = existed
        var routes = [RouteID](repeating: -1, count: o.routes.count)
        var routeExisted = [Bool](repeating: false, count: n.routes.count)
        for (f, flow) in o.flows.enumerated() where newFlow[f] >= 0 {
            let target = n.flows[Int(newFlow[f])]
            // Symbols differ between programs: match by text, once per flow.
            var byName: [String: RouteID] = [:]
            for r in target.routes.range { byName[n.name(n.routes[r].name)] = RouteID(r) }
            for r in flow.routes.range {
                if let match = byName[o.name(o.routes[r].name)] {
                    routes[r] = match
                    routeExisted[Int(match)] = true
                }
            }
        }
        newRoute = routes
        self.routeExisted = routeExisted
        oldPlaces = Places(o, isNew: false)
        newPlaces = Places(n, isNew: true)
    }

    mutating func run() {
        compareFlows()
        compareTabs()
        compareRoutes()
        compareEvents()
        compareResults()
        compareLinks()
        compareDeclarations()
        compareFindings()
    }

    /// Adds a change of this program.
    mutating func add(_ change: ReleaseChange) {
        var change = change
        change.program = new.name
        changes.append(change)
    }

    // MARK: - Flows and tabs

    mutating func compareFlows() {
        let (o, n) = (old.program, new.program)
        for (f, flow) in o.flows.enumerated() where newFlow[f] < 0 {
            let name = o.name(flow.name)
            let routes = o.routes[flow.routes.range].map { o.name($0.name) }
            // The removed flow's place in the new release: the root file.
            add(ReleaseChange(kind: .removed, subject: .flow, name: name, summary: "flow \(name) removed",
                              example: routes.isEmpty ? "a flow without routes" : "its routes: " + routes.joined(separator: ", "),
                              place: Places.root(of: n, isNew: true)))
        }
        var tabOf: [FlowID: FlowID] = [:]
        for (c, container) in n.flows.enumerated() {
            for tab in n.tabFlows[container.tabs.range] where tabOf[tab] == nil { tabOf[tab] = FlowID(c) }
        }
        for (f, flow) in n.flows.enumerated() where !flowExisted[f] {
            let name = n.name(flow.name)
            var summary = "flow \(name) added"
            if let container = tabOf[FlowID(f)] { summary += " as a tab of \(n.name(n.flows[Int(container)].name))" }
            let routes = n.routes[flow.routes.range].map { n.name($0.name) }
            add(ReleaseChange(kind: .added, subject: .flow, name: name, summary: summary,
                              example: routes.isEmpty ? "a flow without routes" : "its routes: " + routes.joined(separator: ", "),
                              place: newPlaces.place(of: flow.span)))
        }
    }

    /// Tab containers in both releases whose tabs (of flows both have)
    /// changed: reordered, or a tab added or removed. A tab that is a new
    /// flow is told by the flow's addition.
    mutating func compareTabs() {
        let (o, n) = (old.program, new.program)
        for (f, flow) in o.flows.enumerated() where flow.isTabContainer && newFlow[f] >= 0 {
            let container = n.flows[Int(newFlow[f])]
            let before = o.tabFlows[flow.tabs.range].map { o.name(o.flows[Int($0)].name) }
            let after = n.tabFlows[container.tabs.range].map { n.name(n.flows[Int($0)].name) }
            let name = o.name(flow.name)
            let kept = Set(after).intersection(before)
            let removed = before.filter { !after.contains($0) }
            let movedIn = n.tabFlows[container.tabs.range].filter { flowExisted[Int($0)] }.map { n.name(n.flows[Int($0)].name) }
                .filter { !before.contains($0) }
            let keptBefore = before.filter(kept.contains)
            let keptAfter = after.filter(kept.contains)
            var parts: [String] = []
            if keptBefore != keptAfter { parts.append("reordered") }
            if !removed.isEmpty { parts.append("removed " + removed.joined(separator: ", ")) }
            if !movedIn.isEmpty { parts.append("added " + movedIn.joined(separator: ", ")) }
            guard !parts.isEmpty else { continue }
            add(ReleaseChange(kind: .changed, subject: .tabs, name: name, summary: "tabs of \(name) " + parts.joined(separator: "; "),
                              example: before.joined(separator: ", ") + " → " + after.joined(separator: ", "),
                              place: newPlaces.place(of: container.span)))
        }
    }
}
