import FlowAnalysis
import FlowModel
import FlowRuntime

/// Building the picture from a program and its findings.
extension FlowGraph {
    /// - Complexity: O(routes + handlers + actions + links + findings), plus
    ///   the journey's steps.
    package init(_ program: Program, findings: [Diagnostic], options: Options = Options()) {
        self.program = program
        var builder = GraphBuilder(program: program, options: options)
        if options.overview {
            builder.buildOverview(findings: options.showFindings ? findings : [])
        } else {
            builder.build(findings: options.showFindings ? findings : [])
        }
        if let journey = options.journey { builder.mark(journey) }
        view = options.overview ? .overview : .routes
        hasJourney = options.journey != nil
        clusters = builder.clusters
        nodes = builder.nodes
        edges = builder.edges
    }
}

/// The mutable work of `FlowGraph.init`.
struct GraphBuilder {
    let program: Program
    let options: Options
    let topology: FlowTopology
    var clusters: [FlowGraph.Cluster] = []
    var nodes: [FlowGraph.Node] = []
    var edges: [FlowGraph.Edge] = []
    /// How each flow is drawn: 0 hidden, 1 in full, 2 collapsed to one node.
    var visibility: [UInt8]
    var clusterIndex: [Int]
    var routeNode: [Int]
    var exitNode: [Int]
    var backNode: [Int]
    var flowNode: [Int]
    /// For each flow, its place in the flow tree: the flow whose box for it
    /// leads to its cluster.
    var home: [FlowID]
    /// The flows from the entry down the flow tree: the clusters' order.
    var treeOrder: [FlowID]
    /// Reference nodes by the cluster's flow and the flow they stand for.
    var references: [BoxKey: Int] = [:]
    /// Reference nodes in the order they were made.
    var referenceOrder: [Int] = []
    /// The overview's edges by what they merge (see `buildOverview`).
    var overviewEdges: [OverviewKey: Int] = [:]
    /// For each overview edge, what it merges (empty for the route view).
    var overviewSources: [OverviewSources] = []

    typealias Options = FlowGraph.Options

    /// A flow's box in a cluster: the cluster's flow and the flow it stands for.
    struct BoxKey: Hashable {
        var host: FlowID
        var flow: FlowID
    }

    init(program: Program, options: Options) {
        self.program = program
        self.options = options
        topology = FlowTopology(program)
        let flows = program.flows.count
        visibility = [UInt8](repeating: options.focus == nil ? 1 : 0, count: flows)
        if let focus = options.focus {
            visibility[Int(focus)] = 1
            for edge in topology.children(of: focus) where edge.child != focus { visibility[Int(edge.child)] = 2 }
            for parent in topology.parents(of: focus) where parent != focus { visibility[Int(parent)] = 2 }
        }
        clusterIndex = [Int](repeating: -1, count: flows)
        routeNode = [Int](repeating: -1, count: program.routes.count)
        exitNode = [Int](repeating: -1, count: flows)
        backNode = [Int](repeating: -1, count: flows)
        flowNode = [Int](repeating: -1, count: flows)
        (treeOrder, home) = GraphBuilder.treeOrder(program, topology)
    }

    /// The flows in the order of a breadth-first walk of the flow tree from
    /// the entry (children in source order), then those it does not reach
    /// in program order; and each flow's home: the flow that first reaches
    /// it in that walk, else the first flow that starts it, else -1.
    /// - Complexity: O(flows + flow-tree edges).
    static func treeOrder(_ program: Program, _ topology: FlowTopology) -> (order: [FlowID], home: [FlowID]) {
        var home = [FlowID](repeating: -1, count: program.flows.count)
        var search = Worklist(count: program.flows.count)
        if program.entry >= 0 { search.insert(program.entry) }
        while let parent = search.next() {
            for edge in topology.children(of: parent) where search.insert(edge.child) { home[Int(edge.child)] = parent }
        }
        let seen = search.visited
        var queue = search.order
        for f in program.flows.indices where !seen[f] {
            home[f] = topology.parents(of: FlowID(f)).first { $0 != FlowID(f) } ?? -1
            queue.append(FlowID(f))
        }
        return (queue, home)
    }

    mutating func build(findings: [Diagnostic]) {
        // Clusters from the entry down the flow tree, so that the picture
        // reads from the app's start; node ids stay those of the program.
        for f in treeOrder where visibility[Int(f)] == 1 { addCluster(f) }
        for f in program.flows.indices where visibility[f] == 2 {
            flowNode[f] = addNode("c\(f)", .collapsedFlow, cluster: -1, label: program.name(program.flows[f].name))
            nodes[flowNode[f]].flow = FlowID(f)
        }
        addStructureEdges()
        for (h, handler) in program.handlers.enumerated() where visibility[Int(handler.flow)] == 1 && !program.isLinkHandler(HandlerID(h)) {
            addEdge(for: HandlerID(h), handler)
        }
        // (`--flow`) What a flow drawn as a box does with the one drawn in full: starts it, answers its results.
        for (h, handler) in program.handlers.enumerated() where visibility[Int(handler.flow)] == 2 && !program.isLinkHandler(HandlerID(h)) {
            addBoxEdge(for: HandlerID(h), handler)
        }
        for (l, link) in program.links.enumerated() {
            let node: Int
            let host: FlowID
            let gate = link.gate.map { ($0.negated ? "!" : "") + program.name($0.name) }
            if link.isOver {
                // (v2) Over whatever is shown: a node in the entry's cluster, its actions drawn from it.
                guard visibility[Int(program.entry)] == 1 else { continue }
                host = program.entry
                node = addNode("l\(l)", .link, cluster: host, label: link.pattern.isDefault ? "link default" : link.patternText)
                addLinkActions(link.actionHandler, from: node, host: host, label: gate.map { "over (when \($0))" } ?? "over")
            } else {
                guard link.route >= 0, routeNode[Int(link.route)] >= 0 else { continue }
                // Beside its target, in the target's cluster: a short edge.
                host = program.routes[Int(link.route)].flow
                node = addNode("l\(l)", .link, cluster: host, label: link.pattern.isDefault ? "link default" : link.patternText)
                edges.append(FlowGraph.Edge(from: node, to: routeNode[Int(link.route)], kind: .link, mode: nil,
                                            label: gate.map { "when " + $0 } ?? "",
                                            event: "", guardText: gate, transition: nil, detail: "link " + program.patternSource(of: link),
                                            isResult: false, intoCluster: -1, outOfCluster: -1, handler: -1, findings: []))
                // (v2) `then A`: what the link presents once the path is rebuilt, drawn from its target.
                addLinkActions(link.actionHandler, from: routeNode[Int(link.route)], host: host, label: "then (link)")
            }
            // A gated link (v1): its `else` actions, drawn from the link.
            if link.gateHandler >= 0, visibility[Int(program.entry)] == 1 {
                let before = edges.count
                addEdge(for: link.gateHandler, program.handlers[Int(link.gateHandler)], host: host)
                if edges.count > before {
                    edges[before].from = node
                    edges[before].outOfCluster = -1
                    let closed = link.gate.map { ($0.negated ? "" : "!") + program.name($0.name) } ?? ""
                    edges[before].label = "else (while \(closed))"
                    edges[before].event = ""
                }
            }
        }
        addReferenceEdges()
        if options.showBack { addImplicitBacks() }
        attach(findings)
    }

    /// The edge of a link's own actions (v2: `then A`, `over A`) from
    /// `node`, labelled `label`; nothing when the link has none.
    mutating func addLinkActions(_ handler: HandlerID, from node: Int, host: FlowID, label: String) {
        guard handler >= 0, visibility[Int(program.handlers[Int(handler)].flow)] == 1 else { return }
        let before = edges.count
        addEdge(for: handler, program.handlers[Int(handler)], host: host)
        guard edges.count > before else { return }
        edges[before].from = node
        edges[before].outOfCluster = -1
        edges[before].label = label
        edges[before].event = ""
    }

    /// From a flow's `starts X` node into X, and from a tab container's
    /// node into each tab.
    mutating func addStructureEdges() {
        for edge in topology.edges where visibility[Int(edge.parent)] == 1 && (edge.mode == .flowStart || edge.mode == .tab) {
            guard flowNode[Int(edge.parent)] >= 0, edge.child != edge.parent,
                  let (to, into) = flowTarget(edge.child, host: edge.parent, direct: true) else { continue }
            let child = program.name(program.flows[Int(edge.child)].name)
            let isTab = edge.mode == .tab
            // A guarded `start` item (v1) says when it applies.
            let item = isTab ? nil : program.startItems[program.flows[Int(edge.parent)].starts.range].first { $0.span == edge.span }
            let guardText = item?.guardCondition.map { ($0.negated ? "!" : "") + program.name($0.name) }
            edges.append(FlowGraph.Edge(from: flowNode[Int(edge.parent)], to: to, kind: isTab ? .tab : .startsInPlace, mode: nil,
                                        label: isTab ? child : guardText.map { "when " + $0 } ?? "", event: "", guardText: guardText, transition: nil,
                                        detail: isTab ? "tab \(child)" : "start \(child) in its place", isResult: false,
                                        intoCluster: into, outOfCluster: -1,
                                        handler: -1, findings: []))
        }
    }

    // MARK: - Nodes

    mutating func addCluster(_ flow: FlowID) {
        let f = program.flows[Int(flow)]
        var label = program.name(f.name) + program.parameterList(f.parameters)
        if flow == program.entry { label += " [entry]" }
        clusterIndex[Int(flow)] = clusters.count
        clusters.append(FlowGraph.Cluster(flow: flow, label: label, isEntry: flow == program.entry,
                                          isTabContainer: f.isTabContainer, nodes: [], findings: []))
        for r in f.routes.range {
            let route = program.routes[r]
            var label = program.titles[r] ?? program.name(route.name)
            let parameters = program.parameters[route.parameters.range]
            if !parameters.isEmpty {
                label += "(" + parameters.map { "\(program.name($0.name)): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
            }
            if program.titles[r] != nil { label += "\n" + program.name(route.name) }
            // Every `start` item's route is a first screen (v1: guarded ones too).
            let isStart = f.start == .route(RouteID(r)) || program.startItems[f.starts.range].contains { $0.target == .route(RouteID(r)) }
            routeNode[r] = addNode("r\(r)", .route, cluster: flow, label: label, route: RouteID(r), isStart: isStart)
        }
        if f.isTabContainer {
            let tabs = program.tabs(of: flow).map { program.name(program.flows[Int($0)].name) }.joined(separator: " | ")
            flowNode[Int(flow)] = addNode("t\(flow)", .tabs, cluster: flow, label: "tabs: " + tabs, isStart: true)
        } else if case .flow(let inner) = f.start {
            // A flow that starts another in its place, alone or as the
            // fallback of guarded `start` items naming its own routes (v1).
            flowNode[Int(flow)] = addNode("a\(flow)", .anchor, cluster: flow,
                                          label: "starts " + startsText(f, fallback: inner), isStart: true)
        }
    }

    @discardableResult
    /// `Main when loggedIn, else Guest` (v1), or the one flow started in place.
    func startsText(_ flow: Flow, fallback: FlowID) -> String {
        let items = program.startItems[flow.starts.range]
        guard items.count > 1 else { return program.name(program.flows[Int(fallback)].name) }
        return items.map { item in
            let name: String = switch item.target {
            case .flow(let g): program.name(program.flows[Int(g)].name)
            case .route(let r): program.name(program.routes[Int(r)].name)
            case .none: "?"
            }
            return item.guardCondition.map { "\(name) when \($0.negated ? "!" : "")\(program.name($0.name))" } ?? "else \(name)"
        }.joined(separator: ", ")
    }

    mutating func addNode(_ id: String, _ kind: FlowGraph.NodeKind, cluster: FlowID, label: String,
                          route: RouteID = -1, isStart: Bool = false) -> Int {
        let isFinal = route >= 0 && program.routes[Int(route)].attributes.contains(.final)
        let isBusy = route >= 0 && program.routes[Int(route)].attributes.contains(.busy)
        // A busy screen (v2) says so under its name, in every format.
        nodes.append(FlowGraph.Node(id: id, kind: kind, cluster: cluster, label: isBusy ? label + "\n[busy]" : label, route: route,
                                    isStart: isStart, isFinal: isFinal, findings: []))
        nodes[nodes.count - 1].isBusy = isBusy
        if cluster >= 0 { clusters[clusterIndex[Int(cluster)]].nodes.append(nodes.count - 1) }
        return nodes.count - 1
    }

    /// The node where an edge into `flow` lands: its first screen, its tab
    /// container, its anchor, or its collapsed node; nil if not drawn.
    func entryNode(_ flow: FlowID) -> Int? {
        var current = flow
        for _ in 0...program.flows.count {
            if visibility[Int(current)] == 2 { return flowNode[Int(current)] }
            guard visibility[Int(current)] == 1 else { return nil }
            let f = program.flows[Int(current)]
            if flowNode[Int(current)] >= 0 { return flowNode[Int(current)] }
            switch f.start {
            case .route(let r): return routeNode[Int(r)]
            case .flow(let g): current = g
            case .none: return f.routes.isEmpty ? nil : routeNode[Int(f.routes.lower)]
            }
        }
        return nil
    }

    mutating func exit(of flow: FlowID) -> Int? {
        if visibility[Int(flow)] == 2 { return flowNode[Int(flow)] }
        guard visibility[Int(flow)] == 1 else { return nil }
        if exitNode[Int(flow)] < 0 { exitNode[Int(flow)] = addNode("x\(flow)", .exit, cluster: flow, label: "exit") }
        return exitNode[Int(flow)]
    }

    /// Where an edge drawn in `host`'s cluster into `flow` lands, and the
    /// cluster it points at: a box standing for `flow` in `host`'s cluster
    /// (`reference`), so that an edge that starts a flow stays short; `flow`'s
    /// own first screen when `direct` (a tab, a flow started in place), when
    /// `host` is `flow` itself, or when either is not drawn in full; the
    /// collapsed node with `--flow`.
    mutating func flowTarget(_ flow: FlowID, host: FlowID, direct: Bool = false) -> (Int, FlowID)? {
        if visibility[Int(flow)] == 2 { return flowNode[Int(flow)] >= 0 ? (flowNode[Int(flow)], -1) : nil }
        guard visibility[Int(flow)] == 1 else { return nil }
        if direct || flow == host || host < 0 || visibility[Int(host)] != 1 {
            guard let node = entryNode(flow) else { return nil }
            return (node, flow)
        }
        return (reference(to: flow, in: host), -1)
    }

    /// Where `flow`'s results leave from, seen from `host`'s cluster: the box
    /// standing for `flow` there, or its exit when either is not drawn in full.
    mutating func resultSource(_ flow: FlowID, host: FlowID) -> Int? {
        if visibility[Int(flow)] == 1, flow != host, host >= 0, visibility[Int(host)] == 1 {
            return reference(to: flow, in: host)
        }
        return exit(of: flow)
    }

    /// The box standing for `flow` in `host`'s cluster, made once.
    mutating func reference(to flow: FlowID, in host: FlowID) -> Int {
        let key = BoxKey(host: host, flow: flow)
        if let node = references[key] { return node }
        let node = addNode("c\(flow)_\(host)", .reference, cluster: host, label: program.name(program.flows[Int(flow)].name))
        nodes[node].flow = flow
        references[key] = node
        referenceOrder.append(node)
        return node
    }

    /// One grey edge per flow that has boxes, from its box in its home's
    /// cluster (else its first box) into its own cluster: the way from the
    /// flow tree's picture to the flow's. A tab, or a flow started in
    /// another's place, already has its edge from its container or anchor.
    mutating func addReferenceEdges() {
        var chosen = [Int](repeating: -1, count: program.flows.count)
        var linked = [Bool](repeating: false, count: program.flows.count)
        for edge in edges where edge.kind == .tab || edge.kind == .startsInPlace {
            if edge.intoCluster >= 0 { linked[Int(edge.intoCluster)] = true }
        }
        for node in referenceOrder {
            let flow = Int(nodes[node].flow)
            if chosen[flow] < 0 || nodes[node].cluster == home[flow] && nodes[chosen[flow]].cluster != home[flow] { chosen[flow] = node }
        }
        for (flow, box) in chosen.enumerated() where box >= 0 && !linked[flow] {
            guard let to = entryNode(FlowID(flow)) else { continue }
            let name = program.name(program.flows[flow].name)
            edges.append(FlowGraph.Edge(from: box, to: to, kind: .reference, mode: nil, label: "", event: "", guardText: nil,
                                        transition: nil, detail: "\(name), drawn in full", isResult: false,
                                        intoCluster: FlowID(flow), outOfCluster: -1, handler: -1, findings: []))
        }
    }

    mutating func back(of flow: FlowID) -> Int {
        if backNode[Int(flow)] < 0 { backNode[Int(flow)] = addNode("b\(flow)", .back, cluster: flow, label: "back") }
        return backNode[Int(flow)]
    }
}
