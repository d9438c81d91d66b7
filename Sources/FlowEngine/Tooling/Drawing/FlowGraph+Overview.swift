import FlowAnalysis
import FlowModel
import FlowRuntime

/// `flowctl graph --overview`: one node per flow, and one edge per way a
/// flow shows or answers another, however many handlers do it.
///
/// - A start, labelled how: `pushed`, `sheet`, `cover` or `root`; `in place`
///   for a flow's own `start` naming another flow (`in place when g` when
///   guarded); `tab` from a tab container to each tab; `select` for a tab
///   chosen from elsewhere.
/// - A result, from the child to the flow that handles it, labelled with
///   the result and its payload, `picked(assetId: String)`, one line each.
/// - Deep links, from one `deep links` node into the flow of each link's
///   target (an `over` link's: the entry, whose actions it runs over what
///   is shown, `shutter://switch (over)`), labelled with the patterns; a
///   gated link's `else` start from the same node, `cover (while !loggedIn)`.
///
/// Edges of the same two flows, kind and mode are one edge; its tooltip
/// lists the handlers. Findings go to the edge of the handler or action
/// they point at (a start cycle's `start`, a result nobody sends), and
/// every other one to the flow that holds what it points at.
extension GraphBuilder {
    /// What makes two overview edges one.
    struct OverviewKey: Hashable {
        var from: Int
        var to: Int
        var kind: FlowGraph.EdgeKind
        var mode: StartMode?
        var label: String?
    }

    /// What an overview edge stands for, for findings and the journey.
    struct OverviewSources {
        var handlers: [HandlerID] = []
        var links: [Int] = []
        /// Where findings that belong on the edge point.
        var spans: [SourceSpan] = []
        /// How many handlers and links it merges (its tooltip lists the first few).
        var count = 0
        /// The lines of its label, to add each once.
        var lines = Set<String>()
    }

    /// - Complexity: O(flows + handlers + actions + links + findings).
    mutating func buildOverview(findings: [Diagnostic]) {
        for (f, flow) in program.flows.enumerated() {
            var label = program.name(flow.name) + program.parameterList(flow.parameters)
            if flow.isTabContainer {
                label += "\n" + program.tabs(of: FlowID(f)).map { program.name(program.flows[Int($0)].name) }.joined(separator: " | ")
            } else if flow.routes.count > 0 {
                label += flow.routes.count == 1 ? "\n1 route" : "\n\(flow.routes.count) routes"
            }
            let node = addNode("f\(f)", .flow, cluster: -1, label: label, isStart: FlowID(f) == program.entry)
            nodes[node].flow = FlowID(f)
            flowNode[f] = node
        }
        let linksNode = program.links.isEmpty || program.entry < 0 ? -1 : addNode("links", .links, cluster: -1, label: "deep links")
        var sources: [OverviewSources] = []

        // The flow tree's own edges: tabs, and flows started in another's place.
        for edge in topology.edges where edge.parent != edge.child && (edge.mode == .flowStart || edge.mode == .tab) {
            let isTab = edge.mode == .tab
            let child = program.name(program.flows[Int(edge.child)].name)
            let item = isTab ? nil : program.startItems[program.flows[Int(edge.parent)].starts.range].first { $0.span == edge.span }
            let guardText = item?.guardCondition.map { ($0.negated ? "!" : "") + program.name($0.name) }
            let label = isTab ? "tab" : "in place" + (guardText.map { " when " + $0 } ?? "")
            addOverviewEdge(from: flowNode[Int(edge.parent)], to: flowNode[Int(edge.child)], kind: isTab ? .tab : .startsInPlace,
                            mode: nil, label: label, detail: isTab ? "tab \(child)" : "start \(child) in its place",
                            handler: -1, link: -1, spans: [], &sources)
        }
        // Handlers: the starts and selects of their actions, and the results they answer.
        for (h, handler) in program.handlers.enumerated() {
            let id = HandlerID(h)
            let isGate = program.isLinkHandler(id)
            let source = isGate ? linksNode : flowNode[Int(handler.flow)]
            guard source >= 0 else { continue }
            let text = program.handlerText(handler)
            if handler.event.isResult && !isGate {
                let label = program.name(handler.event.name) + program.parameterList(handler.parameters)
                addOverviewEdge(from: flowNode[Int(handler.event.flow)], to: source, kind: .result, mode: nil, label: nil,
                                lines: label, detail: text, handler: id, link: -1, spans: [handler.span], &sources)
            }
            let gate = isGate ? program.links.first { $0.gateHandler == id }?.gate : nil
            for a in handler.actions.range {
                let action = program.actions[a]
                guard action.kind == .start || action.kind == .select, action.flow >= 0 else { continue }
                var how: String
                if action.kind == .select {
                    how = "select"
                } else {
                    switch action.mode {
                    case .push: how = "pushed"
                    case .sheet: how = "sheet"
                    case .cover: how = "cover"
                    case .root: how = "root"
                    }
                }
                if let gate { how += " (while \(gate.negated ? "" : "!")\(program.name(gate.name)))" }
                addOverviewEdge(from: source, to: flowNode[Int(action.flow)], kind: action.kind == .select ? .select : .start,
                                mode: action.kind == .start ? action.mode : nil, label: how, detail: text, handler: id, link: -1,
                                spans: [action.span], &sources)
            }
        }
        // Deep links, into the flow that holds each target; an `over` link into the entry, whose actions it runs.
        if linksNode >= 0 {
            for (l, link) in program.links.enumerated() where link.route >= 0 || link.isOver {
                let flow = link.isOver ? program.entry : program.routes[Int(link.route)].flow
                let gate = link.gate.map { " when \($0.negated ? "!" : "")\(program.name($0.name))" } ?? ""
                let pattern = (link.pattern.isDefault ? "link default" : link.patternText) + (link.isOver ? " (over)" : "")
                addOverviewEdge(from: linksNode, to: flowNode[Int(flow)], kind: .link, mode: nil, label: nil,
                                lines: pattern, detail: "link \(program.patternSource(of: link))\(gate)", handler: -1, link: l,
                                spans: [link.span, link.targetSpan], &sources)
            }
        }
        overviewSources = sources
        attachOverview(findings, sources)
    }

    /// Adds an edge, or merges into the one with the same ends, kind, mode
    /// and label: its handlers and spans join, and `lines` (when given)
    /// joins the label, one per line, each once.
    mutating func addOverviewEdge(from: Int, to: Int, kind: FlowGraph.EdgeKind, mode: StartMode?, label: String?,
                                  lines: String? = nil, detail: String, handler: HandlerID, link: Int, spans: [SourceSpan],
                                  _ sources: inout [OverviewSources]) {
        let key = OverviewKey(from: from, to: to, kind: kind, mode: mode, label: label)
        let e: Int
        if let existing = overviewEdges[key] {
            e = existing
        } else {
            e = edges.count
            overviewEdges[key] = e
            edges.append(FlowGraph.Edge(from: from, to: to, kind: kind, mode: mode, label: label ?? "", event: "", guardText: nil,
                                        transition: nil, detail: "", isResult: kind == .result, intoCluster: -1, outOfCluster: -1,
                                        handler: handler, findings: []))
            sources.append(OverviewSources())
        }
        if let lines, sources[e].lines.insert(lines).inserted {
            edges[e].label += edges[e].label.isEmpty ? lines : "\n" + lines
        }
        if handler >= 0, sources[e].handlers.last != handler { sources[e].handlers.append(handler) }
        if link >= 0 { sources[e].links.append(link) }
        sources[e].spans += spans
        sources[e].count += 1
        // The tooltip: the first handlers as written, then how many more.
        if sources[e].count <= Self.tooltipLines {
            edges[e].detail += (edges[e].detail.isEmpty ? "" : "\n") + detail
        } else if sources[e].count == Self.tooltipLines + 1 {
            edges[e].detail += "\n…"
        }
    }

    /// How many handlers or links an overview edge's tooltip lists.
    static var tooltipLines: Int { 12 }

    /// Findings on the edges they point at, the rest on the flow that holds
    /// their place (or the links node, for a link's).
    mutating func attachOverview(_ findings: [Diagnostic], _ sources: [OverviewSources]) {
        guard !findings.isEmpty else { return }
        var byPlace: [SourceSpan: [Diagnostic]] = [:]
        for finding in findings { byPlace[SourceSpan(file: finding.span.file, start: finding.span.start, end: 0), default: []].append(finding) }
        func take(_ span: SourceSpan) -> [Diagnostic] {
            byPlace.removeValue(forKey: SourceSpan(file: span.file, start: span.start, end: 0)) ?? []
        }
        for e in edges.indices { for span in sources[e].spans { edges[e].findings += take(span) } }
        var found = [[Diagnostic]](repeating: [], count: nodes.count)
        let linksNode = nodes.indices.first { nodes[$0].kind == .links } ?? -1
        for (f, flow) in program.flows.enumerated() {
            found[flowNode[f]] += take(flow.span)
            for r in flow.routes.range { found[flowNode[f]] += take(program.routes[r].span) }
        }
        for (h, handler) in program.handlers.enumerated() {
            let isGate = program.isLinkHandler(HandlerID(h))
            let node = isGate ? linksNode : flowNode[Int(handler.flow)]
            guard node >= 0 else { continue }
            found[node] += take(handler.span)
            for a in handler.actions.range { found[node] += take(program.actions[a].span) }
        }
        if linksNode >= 0 {
            for link in program.links { found[linksNode] += take(link.span) }
        }
        for n in nodes.indices where !found[n].isEmpty { nodes[n].findings = found[n].sorted(by: Diagnostic.sourceOrder) }
    }
}
