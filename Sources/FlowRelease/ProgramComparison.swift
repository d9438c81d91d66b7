import FlowEngine
import FlowGenerator

/// Two releases of one program, with the old release's flows and routes
/// matched to the new one's by name once (`newFlow`, `newRoute`: -1 when
/// gone), so that every comparison after it works on ids.
struct ProgramComparison {
    let old: Release.Member
    let new: Release.Member
    /// For each old flow id, the new flow of that name (or that says it
    /// was called so: `was(Old)`), or -1.
    let newFlow: [FlowID]
    /// For each old route id, the new route of that name in the new flow
    /// (or that says it was called so), or -1.
    let newRoute: [RouteID]
    /// For each new flow / route id, whether the old release has it.
    let flowExisted: [Bool]
    let routeExisted: [Bool]
    /// For each new flow / route id, the span of its `was(Old)` when it
    /// matched an old one by it.
    let flowRenamedAt: [SourceSpan?]
    let routeRenamedAt: [SourceSpan?]
    var changes: [ReleaseChange] = []
    /// The new release's routes reported as no longer reachable: their
    /// F201 is that change, not a finding of its own.
    var unreachableNow = Set<SourceSpan>()
    /// The old release's states, once explored (`oldStates()`).
    var oldGraph: StateGraph??
    /// For each old route id, the old states whose active route it is.
    var oldStatesByRoute: [[Int32]] = []
    /// Old routes whose saved screens a change already tells about (removed,
    /// unreachable, shown another way): `compareSavedStates` skips them.
    var toldSavedStates = Set<RouteID>()
    /// The old release at its launch with every guard false (nil when it cannot start).
    let oldLaunch: Navigator?
    var oldPlaces: Places
    var newPlaces: Places

    init(old: Release.Member, new: Release.Member) {
        self.old = old
        self.new = new
        let (o, n) = (old.program, new.program)
        // Names first, then `was` for what names left unmatched: a name never loses to a rename.
        var flowsByName: [String: FlowID] = [:]
        for (f, flow) in n.flows.enumerated() where flowsByName[n.name(flow.name)] == nil { flowsByName[n.name(flow.name)] = FlowID(f) }
        var flowsByFormer: [String: FormerName] = [:]
        var routesByFormer: [String: FormerName] = [:]
        for former in n.formerNames {
            if former.isFlow { flowsByFormer[former.name] = former } else { routesByFormer["\(former.flow).\(former.name)"] = former }
        }
        var flows = o.flows.map { flowsByName[o.name($0.name)] ?? -1 }
        var existed = [Bool](repeating: false, count: n.flows.count)
        for f in flows where f >= 0 { existed[Int(f)] = true }
        var flowRenamedAt = [SourceSpan?](repeating: nil, count: n.flows.count)
        for (f, flow) in o.flows.enumerated() where flows[f] < 0 {
            guard let former = flowsByFormer[o.name(flow.name)], !existed[Int(former.flow)] else { continue }
            flows[f] = former.flow
            existed[Int(former.flow)] = true
            flowRenamedAt[Int(former.flow)] = former.span
        }
        newFlow = flows
        flowExisted = existed
        var routes = [RouteID](repeating: -1, count: o.routes.count)
        var routeExisted = [Bool](repeating: false, count: n.routes.count)
        var routeRenamedAt = [SourceSpan?](repeating: nil, count: n.routes.count)
        for (f, flow) in o.flows.enumerated() where flows[f] >= 0 {
            let target = n.flows[Int(flows[f])]
            // Symbols differ between programs: match by text, once per flow.
            var byName: [String: RouteID] = [:]
            for r in target.routes.range { byName[n.name(n.routes[r].name)] = RouteID(r) }
            for r in flow.routes.range {
                if let match = byName[o.name(o.routes[r].name)] {
                    routes[r] = match
                    routeExisted[Int(match)] = true
                }
            }
            for r in flow.routes.range where routes[r] < 0 {
                guard let former = routesByFormer["\(flows[f]).\(o.name(o.routes[r].name))"], !routeExisted[Int(former.route)] else { continue }
                routes[r] = former.route
                routeExisted[Int(former.route)] = true
                routeRenamedAt[Int(former.route)] = former.span
            }
        }
        newRoute = routes
        self.routeExisted = routeExisted
        self.flowRenamedAt = flowRenamedAt
        self.routeRenamedAt = routeRenamedAt
        oldPlaces = Places(o, isNew: false)
        newPlaces = Places(n, isNew: true)
        oldLaunch = try? Navigator(program: o)
    }

    mutating func run() {
        compareFlows()
        compareTabs()
        compareRoutes()
        compareEvents()
        compareResults()
        compareLinks()
        compareDeclarations()
        // After the events and declarations: a refusal an event's change caused is told with it.
        compareSavedStates()
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
        let oldUnreachable = ProgramComparison.unreachableRoutes(old.validation)
        for (f, flow) in o.flows.enumerated() where newFlow[f] < 0 {
            let name = o.name(flow.name)
            for r in flow.routes.range { toldSavedStates.insert(RouteID(r)) }
            let routes = o.routes[flow.routes.range].map { o.name($0.name) }
            var breaks: [String] = []
            for r in flow.routes.range where !oldUnreachable[r] {
                guard let example = oldExample(showing: RouteID(r)) else { continue }
                breaks.append("a saved state that shows \(o.qualifiedName(RouteID(r))) (or any screen of \(name)) no longer restores (\(example))")
                break
            }
            // The removed flow's place in the new release: the root file.
            add(ReleaseChange(kind: .removed, subject: .flow, name: name, summary: "flow \(name) removed", breaks: breaks,
                              example: routes.isEmpty ? "a flow without routes" : "its routes: " + routes.joined(separator: ", "),
                              place: Places.root(of: n, isNew: true)))
        }
        for (f, flow) in o.flows.enumerated() where newFlow[f] >= 0 {
            guard let span = flowRenamedAt[Int(newFlow[f])] else { continue }
            let (before, after) = (o.name(flow.name), n.name(n.flows[Int(newFlow[f])].name))
            add(ReleaseChange(kind: .renamed, subject: .flow, name: before, summary: "flow \(before) renamed \(after)",
                              example: "flow \(after) [was(\(before))]", place: newPlaces.place(of: span)))
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
            // Both lists as new flow ids; an old tab the new release does not have is negative.
            let before = o.tabFlows[flow.tabs.range].map { newFlow[Int($0)] >= 0 ? newFlow[Int($0)] : -1 - $0 }
            let after = Array(n.tabFlows[container.tabs.range])
            let kept = Set(after).intersection(before)
            let removed = before.filter { !after.contains($0) }.map { $0 >= 0 ? n.name(n.flows[Int($0)].name) : o.name(o.flows[Int(-1 - $0)].name) }
            let movedIn = after.filter { flowExisted[Int($0)] && !before.contains($0) }.map { n.name(n.flows[Int($0)].name) }
            var parts: [String] = []
            if before.filter(kept.contains) != after.filter(kept.contains) { parts.append("reordered") }
            if !removed.isEmpty { parts.append("removed " + removed.joined(separator: ", ")) }
            if !movedIn.isEmpty { parts.append("added " + movedIn.joined(separator: ", ")) }
            guard !parts.isEmpty else { continue }
            let name = o.name(flow.name)
            let beforeNames = o.tabFlows[flow.tabs.range].map { o.name(o.flows[Int($0)].name) }
            let afterNames = after.map { n.name(n.flows[Int($0)].name) }
            add(ReleaseChange(kind: .changed, subject: .tabs, name: name, summary: "tabs of \(name) " + parts.joined(separator: "; "),
                              example: beforeNames.joined(separator: ", ") + " → " + afterNames.joined(separator: ", "),
                              place: newPlaces.place(of: container.span)))
        }
    }
}
