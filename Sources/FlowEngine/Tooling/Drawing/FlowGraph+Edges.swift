import FlowAnalysis
import FlowModel
import FlowRuntime

/// One edge per handler, one per link, the implicit backs, and findings.
extension GraphBuilder {
    /// The edge of one handler, drawn in `host`'s cluster (its own flow's,
    /// or a gated link's for the link's `else` actions).
    ///
    /// One function of about 90 lines on purpose: split into its edge's end
    /// and its label, it cost 2.7% more instructions for `flowctl graph` on
    /// the speed gate's 20,000-route program (retains of the program's
    /// tables at each call), so its parts are marked by comments instead.
    mutating func addEdge(for id: HandlerID, _ handler: Handler, host: FlowID? = nil) {
        let flow = handler.flow
        let host = host ?? flow
        // Where it starts: the route, the child's exit (or its reference)
        // for a result, or the flow's cluster for a flow-level handler.
        var source: Int?
        var outOfCluster: FlowID = -1
        if handler.event.isResult {
            source = resultSource(handler.event.flow, host: host)
        } else if handler.route >= 0 {
            source = routeNode[Int(handler.route)]
        } else {
            source = entryNode(flow)
            outOfCluster = flow
        }
        // Where it ends: the destination of its last action.
        var target: Int?
        var kind = FlowGraph.EdgeKind.push
        var mode: StartMode?
        var intoCluster: FlowID = -1
        var transition: String?
        for a in handler.actions.range {
            if let t = program.actions[a].transition { transition = program.name(t) }
        }
        // Only the last action that goes somewhere is drawn: an earlier
        // `dismiss` of `dismiss then push thread` makes no `back` node.
        if let a = handler.actions.range.last(where: { !program.actions[$0].kind.staysPut }) {
            let action = program.actions[a]
            let targets = program.targets[action.targets.range]
            switch action.kind {
            case .push, .sheet, .cover, .replace, .set, .popTo, .alert, .dialog, .popover:
                if let last = targets.last { target = routeNode[Int(last.route)] }
                kind = FlowGraph.EdgeKind(drawing: action.kind)
            case .popToRoot:
                if case .route(let r) = program.flows[Int(flow)].start { target = routeNode[Int(r)] } else { target = back(of: flow) }
                kind = .popToRoot
            case .pop, .dismiss:
                target = back(of: flow)
                kind = action.kind == .pop ? .pop : .dismiss
            case .start, .select:
                let landing = flowTarget(action.flow, host: host)
                target = landing?.0
                kind = action.kind == .start ? .start : .select
                mode = action.kind == .start ? action.mode : nil
                intoCluster = landing?.1 ?? -1
            case .finish:
                target = exit(of: flow)
                kind = .finish
            case .stay, .assume:
                break
            }
        }
        // A handler that only stays (v1) or sets guards changes no screen: a loop on its
        // route (or, at flow level, on the flow's first screen), so that an
        // alert's `on cancel -> stay` button is seen and counted.
        if target == nil, !handler.actions.isEmpty,
           program.actions[handler.actions.range].allSatisfy({ $0.kind.staysPut }) {
            kind = .stay
            if handler.route >= 0 {
                target = routeNode[Int(handler.route)]
            } else {
                target = entryNode(flow)
                if handler.event.isResult { intoCluster = flow }
            }
        }
        guard let from = source, let to = target else { return }
        // A cluster edge whose other end is inside the same cluster is drawn as a plain edge.
        if intoCluster >= 0 && nodes[from].cluster == intoCluster { intoCluster = -1 }
        if outOfCluster >= 0 && nodes[to].cluster == outOfCluster { outOfCluster = -1 }
        if intoCluster >= 0 && nodes[to].cluster != intoCluster { intoCluster = -1 }
        let event = program.eventText(handler)
        let (head, guardText) = labelHead(of: handler)
        var label = head
        if handler.route < 0 && !handler.event.isResult { label += " (any screen)" }
        // v1 data: what a `start` passes to the child and what a `finish` carries.
        if let last = handler.actions.range.last.map({ program.actions[$0] }), !last.arguments.isEmpty,
           last.kind == .start || last.kind == .finish {
            let operand = last.kind == .start ? program.name(program.flows[Int(last.flow)].name) : last.result.map(program.name) ?? ""
            label += " → " + operand + shortArguments(last.arguments, program.scope(of: handler))
        }
        if let transition { label += " [\(transition)]" }
        edges.append(FlowGraph.Edge(from: from, to: to, kind: kind, mode: mode, label: label, event: event, guardText: guardText,
                                    transition: transition, detail: "", isResult: handler.event.isResult,
                                    intoCluster: intoCluster,
                                    outOfCluster: outOfCluster, handler: id, findings: []))
    }

    /// (`--flow`) The edge of a handler of a flow drawn as a box that
    /// starts or selects a flow drawn in full (from the box into that
    /// flow's first screen), or answers the result of one (from its exit
    /// into the box): a parent's `on reserve -> start Booking as sheet` and
    /// its `on Booking.booked -> select Trips`. What else the handler does
    /// happens inside the box; nothing for a handler that touches no flow
    /// drawn in full.
    mutating func addBoxEdge(for id: HandlerID, _ handler: Handler) {
        let box = flowNode[Int(handler.flow)]
        guard box >= 0 else { return }
        let from: Int, to: Int
        var kind = FlowGraph.EdgeKind.result
        var mode: StartMode?
        var intoCluster: FlowID = -1
        if handler.event.isResult {
            guard visibility[Int(handler.event.flow)] == 1, let exit = exit(of: handler.event.flow) else { return }
            (from, to) = (exit, box)
        } else {
            guard let a = handler.actions.range.last(where: { a in
                let action = program.actions[a]
                return (action.kind == .start || action.kind == .select) && visibility[Int(action.flow)] == 1
            }), let landing = flowTarget(program.actions[a].flow, host: handler.flow) else { return }
            let action = program.actions[a]
            (from, to) = (box, landing.0)
            kind = action.kind == .start ? .start : .select
            mode = action.kind == .start ? action.mode : nil
            intoCluster = landing.1
        }
        let (label, guardText) = labelHead(of: handler)
        edges.append(FlowGraph.Edge(from: from, to: to, kind: kind, mode: mode, label: label, event: program.eventText(handler),
                                    guardText: guardText, transition: nil, detail: "",
                                    isResult: handler.event.isResult, intoCluster: intoCluster, outOfCluster: -1,
                                    handler: id, findings: []))
    }

    /// The first part of a handler's edge label, and its guard as written
    /// (`!loggedIn`): the event with its parameters' names, without their
    /// types (the tooltip has the handler as written), `[system]` for an
    /// event the app sends (v2), and `when` its guard. Inlined into both
    /// edge builders: a call per edge cost instructions on the speed gate
    /// (see `addEdge`).
    @inline(__always)
    func labelHead(of handler: Handler) -> (label: String, guardText: String?) {
        var label = program.eventText(handler.event) + names(handler.parameters)
        if handler.isSystem { label += " [system]" }
        guard let condition = handler.guardCondition else { return (label, nil) }
        let guardText = (condition.negated ? "!" : "") + program.name(condition.name)
        return (label + " when " + guardText, guardText)
    }

    /// `(id, name)`: a parameter list's names, or nothing.
    func names(_ parameters: IndexRange) -> String {
        guard !parameters.isEmpty else { return "" }
        return "(" + program.parameters[parameters.range].map { program.name($0.name) }.joined(separator: ", ") + ")"
    }

    /// An argument list as a label shows it: `name: value`, or `name` alone
    /// when the value is a parameter of the same name (`username: username`).
    func shortArguments(_ range: IndexRange, _ scope: Program.ArgumentScope) -> String {
        guard !range.isEmpty else { return "" }
        let items: [String] = range.range.map { a in
            let argument = program.arguments[a]
            let name = program.name(argument.name)
            let parameter: (IndexRange, Int32)?
            switch argument.source {
            case .eventParameter(let p): parameter = (scope.event, p)
            case .routeParameter(let p): parameter = (scope.route, p)
            case .flowParameter(let p): parameter = (scope.flow, p)
            case .literal, .capture: parameter = nil
            }
            if let (list, p) = parameter, p >= 0, Int(p) < list.count,
               program.name(program.parameters[list.range.lowerBound + Int(p)].name) == name {
                return name
            }
            // Anything else as the whole list writes it: `(a: x)` without its parentheses.
            return String(program.argumentList(IndexRange(Int32(a), Int32(a + 1)), scope: scope).dropFirst().dropLast())
        }
        return "(" + items.joined(separator: ", ") + ")"
    }

    /// For each push or sheet from a route, the way back when the target has one.
    mutating func addImplicitBacks() {
        let forward = edges
        for edge in forward where edge.kind == .push || edge.kind == .sheet {
            guard nodes[edge.from].kind == .route, nodes[edge.to].kind == .route else { continue }
            let attributes = program.routes[Int(nodes[edge.to].route)].attributes
            let has = edge.kind == .push ? !attributes.contains(.noBack) : !attributes.contains(.locked)
            guard has else { continue }
            edges.append(FlowGraph.Edge(from: edge.to, to: edge.from, kind: .implicitBack, mode: nil,
                                        label: edge.kind == .push ? "back" : "swipe down", event: "back", guardText: nil,
                                        transition: nil, detail: "implicit back", isResult: false, intoCluster: -1, outOfCluster: -1,
                                        handler: -1, findings: []))
        }
    }

    /// Puts each finding on what it points at: a route's node, a flow's
    /// cluster, a handler's edge (its event or one of its actions), a link.
    mutating func attach(_ findings: [Diagnostic]) {
        guard !findings.isEmpty else { return }
        var places = FindingPlaces(findings)
        for n in nodes.indices {
            switch nodes[n].kind {
            case .route: nodes[n].findings = places.take(program.routes[Int(nodes[n].route)].span)
            case .link:
                if let l = Int(nodes[n].id.dropFirst()) { nodes[n].findings = places.take(program.links[l].span) }
            default: break
            }
        }
        for c in clusters.indices { clusters[c].findings = places.take(program.flows[Int(clusters[c].flow)].span) }
        for e in edges.indices where edges[e].handler >= 0 {
            let handler = program.handlers[Int(edges[e].handler)]
            var found = places.take(handler.span)
            for a in handler.actions.range { found += places.take(program.actions[a].span) }
            edges[e].findings = found
        }
    }
}

/// The findings of a program by where they start (file and offset), each
/// taken once by what it points at. A sorted array searched by halves: a
/// graph asks for every route, flow, handler and action, and most have none.
struct FindingPlaces {
    private let findings: [Diagnostic]
    /// Indices of `findings`, by place, then in the order given.
    private let order: [Int]
    private let keys: [UInt64]
    private var taken: [Bool]

    init(_ findings: [Diagnostic]) {
        self.findings = findings
        let keyOf = findings.map { Self.key($0.span) }
        order = findings.indices.sorted { keyOf[$0] != keyOf[$1] ? keyOf[$0] < keyOf[$1] : $0 < $1 }
        keys = order.map { keyOf[$0] }
        taken = [Bool](repeating: false, count: findings.count)
    }

    static func key(_ span: SourceSpan) -> UInt64 {
        UInt64(UInt32(bitPattern: span.file)) << 32 | UInt64(UInt32(bitPattern: span.start))
    }

    /// The findings that start where `span` starts, unless taken before.
    mutating func take(_ span: SourceSpan) -> [Diagnostic] {
        let key = Self.key(span)
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == key, !taken[low] else { return [] }
        taken[low] = true
        var found: [Diagnostic] = []
        var i = low
        while i < keys.count, keys[i] == key {
            found.append(findings[order[i]])
            i += 1
        }
        return found
    }
}
