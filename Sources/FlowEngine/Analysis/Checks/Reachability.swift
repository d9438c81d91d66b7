import FlowModel
import FlowRuntime

/// F201 unreachable routes, F202 flows never started, F305 unreachable links.
extension Analyzer {
    /// Reports F201, F202 and F305; returns which routes are reachable from
    /// their own flow's start (used by the trap check).
    mutating func checkReachability() -> [Bool] {
        let routeCount = program.routes.count
        // Within each flow: from the start route and from flow-level handler
        // targets (flow-level handlers fire whenever the flow is running).
        var local = Digraph.Builder(expectedEdges: program.expectedFlowGraphEdges, labeled: false)
        var seeds: [Int32] = []
        for flow in program.flows {
            if case .route(let r) = flow.start { seeds.append(r) }
            for item in program.startItems[flow.starts.range] {
                if case .route(let r) = item.target { seeds.append(r) }
            }
            for handler in program.handlers[flow.handlers.range] {
                forEachShownRoute(handler) { seeds.append($0) }
            }
        }
        for (r, route) in program.routes.enumerated() {
            for handler in program.handlers[route.handlers.range] {
                forEachShownRoute(handler) { local.add(Int32(r), $0) }
            }
        }
        let reachable = Digraph(nodeCount: routeCount, taking: consume local).reachable(from: seeds)
        for (r, route) in program.routes.enumerated() where !reachable[r] {
            let flow = program.flows[Int(route.flow)]
            // Without a start (F104 said so) reachability in the flow means nothing.
            if case .none = flow.start { continue }
            report(.unreachableRoute, route.span,
                   "route '\(name(route.name))' is unreachable: no path leads to it from the start of flow '\(name(flow.name))'",
                   notes: [DiagnosticNote(span: flow.startSpan, message: "flow '\(name(flow.name))' starts here")])
        }
        guard !program.isLibrary else { return reachable }

        // From the app's start: flows as nodes after the routes.
        var global = Digraph.Builder(expectedEdges: program.expectedFlowGraphEdges, labeled: false)
        let flowNode = { (f: FlowID) in Int32(routeCount) + f }
        for (f, flow) in program.flows.enumerated() {
            switch flow.start {
            case .route(let r): global.add(flowNode(FlowID(f)), r)
            case .flow(let g): global.add(flowNode(FlowID(f)), flowNode(g))
            case .none: break
            }
            for item in program.startItems[flow.starts.range] {
                switch item.target {
                case .route(let r): global.add(flowNode(FlowID(f)), r)
                case .flow(let g): global.add(flowNode(FlowID(f)), flowNode(g))
                case .none: break
                }
            }
            for tab in program.tabs(of: FlowID(f)) { global.add(flowNode(FlowID(f)), flowNode(tab)) }
        }
        for handler in program.handlers {
            let source = handler.route >= 0 ? handler.route : flowNode(handler.flow)
            forEachShownRoute(handler) { global.add(source, $0) }
            for a in handler.actions.range where program.actions[a].kind == .start {
                global.add(source, flowNode(program.actions[a].flow))
            }
        }
        let fromEntry = Digraph(nodeCount: routeCount + program.flows.count, taking: consume global)
            .reachable(from: [flowNode(program.entry)])
        for (f, flow) in program.flows.enumerated() where !fromEntry[Int(flowNode(FlowID(f)))] {
            report(.flowNeverStarted, flow.span,
                   "flow '\(name(flow.name))' is never started: no reachable screen of the app starts it, and it is not the entry")
        }
        for link in program.links where link.route >= 0 && !fromEntry[Int(link.route)] {
            report(.linkUnreachable, link.span,
                   "link target '\(Diagnostic.quoted(program.qualifiedName(link.route)))' cannot be reached by navigating from the entry flow '\(flowName(program.entry))': the link is the only way there",
                   notes: [DiagnosticNote(span: program.routes[Int(link.route)].span, message: "'\(routeName(link.route))' declared here")])
        }
        return reachable
    }

    /// Calls `body` with every route a handler's actions put on screen.
    func forEachShownRoute(_ handler: Handler, _ body: (RouteID) -> Void) {
        for a in handler.actions.range {
            let action = program.actions[a]
            switch action.kind {
            case .push, .sheet, .cover, .replace, .set, .alert, .dialog, .popover:
                for t in program.targets[action.targets.range] { body(t.route) }
            default:
                break
            }
        }
    }
}
