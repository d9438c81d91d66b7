import FlowModel

/// Pass 2: a flow's `start`, `tabs` and handlers.
extension Compiler {
    mutating func compileBody(of flow: FlowID) {
        let (t, index) = flowDecls[Int(flow)]
        let tree = trees[t]
        let decl = tree.flows[index]
        let routes = program.flows[Int(flow)].routes
        for r in routes.range { routeBySymbol[Int(program.routes[r].name.id)] = RouteID(r) }
        defer { for r in routes.range { routeBySymbol[Int(program.routes[r].name.id)] = -1 } }

        compileStartAndTabs(of: flow, decl, tree)
        for r in routes.range {
            let routeDecl = tree.routes[routeDecls[r]]
            let lower = HandlerID(program.handlers.count)
            seenHandlers.removeAll()
            for h in routeDecl.handlers.range {
                compileHandler(tree.handlers[h], in: tree, flow: flow, route: RouteID(r))
            }
            program.routes[r].handlers = IndexRange(lower, HandlerID(program.handlers.count))
        }
        let lower = HandlerID(program.handlers.count)
        seenHandlers.removeAll()
        for h in decl.handlers.range where tree.handlers[h].route < 0 {
            compileHandler(tree.handlers[h], in: tree, flow: flow, route: -1)
        }
        program.flows[Int(flow)].handlers = IndexRange(lower, HandlerID(program.handlers.count))
    }

    /// After the last flow of its tree: the tree's routes, handlers,
    /// actions, targets, arguments, parameters, starts and names are no
    /// longer read, unless the tree has links or checks (compiled later,
    /// from its actions, arguments and names), so they are let go. For a
    /// file parsed in pieces, each piece's go before the next one's flows
    /// compile (a million routes: a peak of 874 MiB instead of 1,036 with
    /// two pieces).
    mutating func releaseBodies(after flow: FlowID) {
        let t = flowDecls[Int(flow)].tree
        let isLast = Int(flow) + 1 == flowDecls.count || flowDecls[Int(flow) + 1].tree != t
        guard isLast, trees[t].links.isEmpty, trees[t].checks.isEmpty else { return }
        trees[t].routes = []
        trees[t].handlers = []
        trees[t].handlerDetails = []
        trees[t].actions = []
        trees[t].actionDetails = []
        trees[t].targets = []
        trees[t].arguments = []
        trees[t].parameters = []
        trees[t].starts = []
        trees[t].names = []
    }

    private mutating func compileStartAndTabs(of flow: FlowID, _ decl: FlowDecl, _ tree: SyntaxTree) {
        if let tabsSpan = decl.tabsSpan {
            compileTabs(of: flow, decl, tree, tabsSpan: tabsSpan)
        } else {
            compileStarts(of: flow, decl, tree)
        }
    }

    /// A tab container's `tabs A, B`: no `start`, no routes, each tab once.
    private mutating func compileTabs(of flow: FlowID, _ decl: FlowDecl, _ tree: SyntaxTree, tabsSpan: SourceSpan) {
        let name = text(decl.name.symbol)
        if let start = tree.starts[decl.starts.range].first {
            report(.malformedTabContainer, start.name.span, "tab container '\(name)' cannot have a 'start': its first tab is shown first",
                   notes: [DiagnosticNote(span: tabsSpan, message: "tabs declared here")])
        }
        if !decl.routes.isEmpty {
            let route = tree.routes[decl.routes.range.lowerBound]
            report(.malformedTabContainer, route.name.span, "tab container '\(name)' cannot have routes: each tab is a flow",
                   notes: [DiagnosticNote(span: tabsSpan, message: "tabs declared here")])
        }
        let lower = Int32(program.tabFlows.count)
        var listed = Set<FlowID>()
        for tab in tree.names[decl.tabs.range] {
            guard let child = resolveFlow(tab) else { continue }
            if !listed.insert(child).inserted {
                report(.duplicateDeclaration, tab.span, "tab '\(text(tab.symbol))' is listed twice")
                continue
            }
            program.tabFlows.append(child)
            tabSpans.append(tab.span)
        }
        program.flows[Int(flow)].tabs = IndexRange(lower, Int32(program.tabFlows.count))
    }

    /// A flow's `start` items: the guarded ones in source order, then the
    /// fallback (docs/language.md#flows-routes-handlers).
    private mutating func compileStarts(of flow: FlowID, _ decl: FlowDecl, _ tree: SyntaxTree) {
        let name = text(decl.name.symbol)
        let starts = tree.starts[decl.starts.range]
        guard !starts.isEmpty else {
            report(.missingStart, decl.name.span, "flow '\(name)' has no 'start': name its first route or a flow to start in its place")
            return
        }
        var guarded: [StartItem] = []
        var fallback: StartItem?
        var seen: [Guard?: SourceSpan] = [:]
        for start in starts {
            let condition = start.guardName.map { Guard(name: $0.symbol, negated: start.guardNegated) }
            if let first = seen[condition] {
                let message = if let condition {
                    "flow '\(name)' already has a 'start' when \(condition.negated ? "!" : "")\(text(condition.name))"
                } else {
                    "flow '\(name)' has more than one unguarded 'start': the guarded ones come first, then one fallback"
                }
                report(.duplicateDeclaration, start.name.span, message,
                       notes: [DiagnosticNote(span: first, message: "first 'start' here")])
                continue
            }
            seen[condition] = start.name.span
            guard let item = startItem(start, of: flow, named: name, condition: condition, tree) else { continue }
            if condition == nil { fallback = item } else { guarded.append(item) }
        }
        if fallback == nil, let first = starts.first, !guarded.isEmpty {
            report(.missingStart, decl.name.span,
                   "flow '\(name)' has only guarded 'start' items: add an unguarded one, the fallback, after them",
                   notes: [DiagnosticNote(span: first.name.span, message: "first guarded 'start' here")])
        }
        let lower = Int32(program.startItems.count)
        program.startItems.append(contentsOf: guarded)
        if let fallback { program.startItems.append(fallback) }
        program.flows[Int(flow)].starts = IndexRange(lower, Int32(program.startItems.count))
        if let shown = fallback ?? guarded.first {
            program.flows[Int(flow)].start = shown.target
            program.flows[Int(flow)].startSpan = shown.span
        }
    }

    /// One `start` item: a route of the flow or a flow to start in its
    /// place, with its arguments; nil after reporting what it names wrongly.
    private mutating func startItem(_ start: StartDecl, of flow: FlowID, named name: String, condition: Guard?,
                                    _ tree: SyntaxTree) -> StartItem? {
        let target: FlowStart
        let arguments: ArgumentTarget
        let route = routeBySymbol[Int(start.name.symbol.id)]
        if route >= 0 {
            target = .route(route)
            arguments = self.target(route: route)
        } else if flowBySymbol[Int(start.name.symbol.id)] >= 0 {
            let child = flowBySymbol[Int(start.name.symbol.id)]
            target = .flow(child)
            arguments = self.target(flow: child)
        } else {
            let candidates = program.routes[program.flows[Int(flow)].routes.range].map(\.name)
            report(.missingStart, start.name.span,
                   "'start \(text(start.name.symbol))' names neither a route of '\(name)' nor a flow\(didYouMean(start.name.symbol, candidates))")
            return nil
        }
        let bound = compileArguments(tree.arguments[start.arguments.range], to: arguments, target: start.span,
                                     binding: .startItem(flow))
        return StartItem(target: target, guardCondition: condition, arguments: bound, span: start.name.span)
    }

    /// The flow named `name`, or nil after reporting F102.
    mutating func resolveFlow(_ name: Name) -> FlowID? {
        let id = flowBySymbol[Int(name.symbol.id)]
        if id >= 0 { return id }
        report(.unknownFlow, name.span, "unknown flow '\(text(name.symbol))'\(didYouMean(name.symbol, program.flows.lazy.map(\.name)))")
        return nil
    }

    /// The route `name` of the flow being compiled, or nil after reporting F101.
    mutating func resolveRoute(_ name: Name, in flow: FlowID) -> RouteID? {
        let id = routeBySymbol[Int(name.symbol.id)]
        if id >= 0 { return id }
        let routes = program.flows[Int(flow)].routes
        report(.unknownRoute, name.span,
               "unknown route '\(text(name.symbol))' in flow '\(text(program.flows[Int(flow)].name))'\(didYouMean(name.symbol, program.routes[routes.range].lazy.map(\.name)))")
        return nil
    }
}

/// What makes two handlers of one owner the same (F109).
struct HandlerSignature: Hashable {
    var event: EventKey
    var guardCondition: Guard?
    /// `from F` (v2): F109 is per event, guard and scope.
    var scope: FlowID = -1
}

/// The handler signatures of one owner (F109): a list searched in order
/// while it is short, a hash set once it is not. An owner has one or two
/// handlers, where hashing each signature cost more than comparing it with
/// the others; past `listLimit` every insertion is O(1) expected, so an
/// owner of thousands of handlers stays linear.
struct HandlerSignatures {
    static let listLimit = 16
    private var list: [HandlerSignature] = []
    private var hashed: Set<HandlerSignature> = []

    /// Adds `signature` unless it is there; whether it was added.
    mutating func insert(_ signature: HandlerSignature) -> Bool {
        if hashed.isEmpty {
            if list.contains(signature) { return false }
            if list.count < Self.listLimit {
                list.append(signature)
                return true
            }
            hashed.formUnion(list)
        }
        return hashed.insert(signature).inserted
    }

    /// Empties the set for the next owner, keeping the list's storage.
    mutating func removeAll() {
        list.removeAll(keepingCapacity: true)
        if !hashed.isEmpty { hashed.removeAll() }
    }
}
