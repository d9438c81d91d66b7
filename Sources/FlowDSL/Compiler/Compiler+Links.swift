import FlowModel

/// Pass 4: deep links (F106 without an entry, F301, F302, F303).
extension Compiler {
    mutating func compileLinks(_ topology: FlowTopology) {
        for tree in trees {
            for decl in tree.links { compileLink(decl, in: tree, topology) }
        }
    }

    private mutating func compileLink(_ decl: LinkDecl, in tree: SyntaxTree, _ topology: FlowTopology) {
        guard !program.isLibrary else {
            report(.entryConflict, decl.patternSpan,
                   "links need an entry flow: mark one flow [entry] (none is, and no single flow is left unstarted)")
            return
        }
        var pattern = LinkPattern.fallback
        if !decl.isDefault {
            switch LinkPattern.parse(decl.pattern, symbols: &program.symbols) {
            case .success(let parsed): pattern = parsed
            case .failure(let problem):
                report(.badLinkPattern, decl.patternSpan, "bad link pattern: \(problem.message)")
                return
            }
        }
        let captures = pattern.captureNames
        if decl.isOver {
            // `-> over A`: the actions run for the entry flow over what is shown.
            var link = Link(pattern: pattern, patternText: decl.pattern, path: [program.entry], route: -1,
                            arguments: .empty, span: decl.patternSpan, targetSpan: decl.targetSpan)
            link.name = decl.name?.symbol
            link.isOver = true
            link.flowArguments = [.empty]
            link.actionHandler = compileLinkActions(decl, decl.actions, flow: program.entry, captures: captures, in: tree)
            if let gate = decl.gateName {
                link.gate = Guard(name: gate.symbol, negated: decl.gateNegated)
                link.gateHandler = compileGate(decl, gate, in: tree)
            }
            checkCaptureBindings(link)
            program.links.append(link)
            return
        }
        guard let (path, route) = resolveLinkPath(tree.names[decl.path.range], decl.targetSpan, topology) else { return }
        // v1: any step may bind a flow's parameters; a flow with parameters must have them bound.
        var flowArguments: [IndexRange] = []
        for (i, flow) in path.enumerated() {
            let decls = i < decl.flowArguments.count ? tree.arguments[decl.flowArguments[i].range] : []
            // A flow started in its parent's place (or the entry) gets its
            // arguments from there, never from a link.
            let inPlace = i == 0 || topology.firstEdge(from: path[i - 1], to: flow)?.mode == .flowStart
            if inPlace {
                if let first = decls.first {
                    let how = i == 0 ? "it is the entry flow"
                        : "'\(text(program.flows[Int(path[i - 1])].name))' starts it in its place, and that 'start' item binds them"
                    report(.linkParameterUnbound, first.span, "a link cannot give '\(text(program.flows[Int(flow)].name))' arguments: \(how)")
                }
                flowArguments.append(.empty)
                continue
            }
            flowArguments.append(compileArguments(decls, to: target(flow: flow), target: decl.targetSpan, binding: .link(captures)))
        }
        let arguments = compileArguments(tree.arguments[decl.arguments.range], to: route, target: decl.targetSpan,
                                         binding: .link(captures))
        var link = Link(pattern: pattern, patternText: decl.pattern, path: path, route: route,
                        arguments: arguments, span: decl.patternSpan, targetSpan: decl.targetSpan)
        link.flowArguments = flowArguments
        link.name = decl.name?.symbol
        if !decl.actions.isEmpty, let last = path.last {
            link.actionHandler = compileLinkActions(decl, decl.actions, flow: last, captures: captures, in: tree)
        }
        if let gate = decl.gateName {
            link.gate = Guard(name: gate.symbol, negated: decl.gateNegated)
            link.gateHandler = compileGate(decl, gate, in: tree)
        }
        checkCaptureBindings(link)
        program.links.append(link)
    }

    /// (v2, docs/language.md) What a link's optional items and rest capture
    /// bind: a parameter bound to an optional item's capture needs a
    /// default, which it takes when the URL lacks the item (F303 at the
    /// argument); a rest capture is a String with its slashes (F108 at an
    /// argument that binds it to another type).
    private mutating func checkCaptureBindings(_ link: Link) {
        let pattern = link.pattern
        let optional = Set(pattern.query.filter(\.isOptional).map(\.capture) + pattern.fragment.filter(\.isOptional).map(\.capture))
        guard !optional.isEmpty || pattern.rest != nil else { return }
        func check(_ arguments: IndexRange, _ target: ArgumentTarget) {
            for argument in program.arguments[arguments.range] where Int(argument.parameter) < target.parameters.count {
                guard case .capture(let name) = argument.source else { continue }
                let parameter = program.parameters[target.parameters.range.lowerBound + Int(argument.parameter)]
                if optional.contains(name), parameter.defaultValue == nil {
                    let item = pattern.item(capturing: name)
                    let what = pattern.query.contains { $0.capture == name } ? "query" : "fragment"
                    report(.linkParameterUnbound, argument.span,
                           "'\(text(name))' is an optional \(what) item ('\(item?.key ?? "")=:\(text(name))?'), but parameter '\(text(parameter.name))' of \(self.what(target)) has no default to take when it is absent",
                           notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here")])
                }
                if name == pattern.rest, parameter.type != .string {
                    report(.typeMismatch, argument.span,
                           "rest capture '*\(text(name))' is a String with its slashes, but parameter '\(text(parameter.name))' of \(self.what(target)) is \(article(parameter.type))",
                           notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here")])
                }
            }
        }
        if link.route >= 0 { check(link.arguments, target(route: link.route)) }
        for (flow, arguments) in zip(link.path, link.flowArguments) { check(arguments, target(flow: flow)) }
        if link.actionHandler >= 0 {
            for action in program.actions[program.handlers[Int(link.actionHandler)].actions.range] {
                for t in program.targets[action.targets.range] { check(t.arguments, target(route: t.route)) }
                if action.kind == .start, action.flow >= 0 { check(action.arguments, target(flow: action.flow)) }
            }
        }
    }

    /// The actions of `when g else A then B`, as a handler of the entry flow
    /// outside every dispatch range: its routes are the entry's, its
    /// arguments literals (no event, route or flow parameter is in scope).
    private mutating func compileGate(_ decl: LinkDecl, _ gate: Name, in tree: SyntaxTree) -> HandlerID {
        linkHandler(decl, decl.gateActions, flow: program.entry, span: gate.span, binding: nil, in: tree)
    }

    /// The actions of `-> path then A` (for the path's last flow) or `->
    /// over A` (for the entry flow), as a handler of `flow` outside every
    /// dispatch range: its routes are the flow's, its arguments literals
    /// and the pattern's captures.
    private mutating func compileLinkActions(_ decl: LinkDecl, _ actions: IndexRange, flow: FlowID, captures: [Symbol],
                                             in tree: SyntaxTree) -> HandlerID {
        linkHandler(decl, actions, flow: flow, span: decl.targetSpan, binding: .link(captures), in: tree)
    }

    private mutating func linkHandler(_ decl: LinkDecl, _ actions: IndexRange, flow: FlowID, span: SourceSpan,
                                      binding: ArgumentBinding?, in tree: SyntaxTree) -> HandlerID {
        let routes = program.flows[Int(flow)].routes
        for r in routes.range { routeBySymbol[Int(program.routes[r].name.id)] = RouteID(r) }
        defer { for r in routes.range { routeBySymbol[Int(program.routes[r].name.id)] = -1 } }
        let event = program.symbols.intern("link \"\(decl.pattern)\"")
        var handler = Handler(flow: flow, route: -1, event: EventKey(name: event), parameters: .empty,
                              guardCondition: nil, actions: .empty, span: span)
        let lower = ActionID(program.actions.count)
        for a in actions.range {
            if let action = compileAction(tree.actions[a], in: tree, flow: flow, handler: handler, binding: binding) {
                program.actions.append(action)
            }
        }
        handler.actions = IndexRange(lower, ActionID(program.actions.count))
        program.handlers.append(handler)
        return HandlerID(program.handlers.count - 1)
    }

    /// The flows of the path (entry first) and the target route, or nil after F302.
    private mutating func resolveLinkPath(_ names: ArraySlice<Name>, _ span: SourceSpan, _ topology: FlowTopology) -> ([FlowID], RouteID)? {
        let entryName = text(program.flows[Int(program.entry)].name)
        guard names.count >= 2, let first = names.first, let last = names.last else {
            report(.linkTargetNotFound, span, "a link target is a path 'Flow/.../route' from the entry flow '\(entryName)'")
            return nil
        }
        var path: [FlowID] = []
        for name in names.dropLast() {
            let flow = flowBySymbol[Int(name.symbol.id)]
            guard flow >= 0 else {
                report(.linkTargetNotFound, span,
                       "unknown flow '\(text(name.symbol))' in the link's path\(didYouMean(name.symbol, program.flows.lazy.map(\.name)))")
                return nil
            }
            if let parent = path.last {
                guard topology.firstEdge(from: parent, to: flow) != nil else {
                    report(.linkTargetNotFound, span,
                           "the link's path steps from '\(text(program.flows[Int(parent)].name))' to '\(text(name.symbol))', but '\(text(program.flows[Int(parent)].name))' never starts '\(text(name.symbol))'")
                    return nil
                }
            } else if flow != program.entry {
                report(.linkTargetNotFound, span,
                       "the link's path starts at '\(text(first.symbol))', but links start at the entry flow '\(entryName)'")
                return nil
            }
            path.append(flow)
        }
        guard let owner = path.last else { return nil }
        let routes = program.flows[Int(owner)].routes
        guard let route = routes.range.first(where: { program.routes[$0].name == last.symbol }) else {
            report(.linkTargetNotFound, span,
                   "flow '\(text(program.flows[Int(owner)].name))' has no route '\(text(last.symbol))'\(didYouMean(last.symbol, program.routes[routes.range].lazy.map(\.name)))")
            return nil
        }
        if let container = tabContainerAlwaysShown(inPlaceOf: owner) {
            let ownerName = text(program.flows[Int(owner)].name), containerName = text(program.flows[Int(container)].name)
            report(.linkTargetNotFound, span,
                   "'\(ownerName)' shows tab container '\(containerName)' in its place, so the link cannot show its route '\(text(last.symbol))'; go through '\(containerName)' to one of its tabs")
            return nil
        }
        return (path, RouteID(route))
    }

    /// The tab container that `flow` always shows in its place: every one of
    /// its `start` items, followed through flows started in place, ends at a
    /// tab container (the first found), so no route of its own is ever shown
    /// and a link to one could never open. Nil when some start shows a route.
    private func tabContainerAlwaysShown(inPlaceOf flow: FlowID) -> FlowID? {
        var seen: Set<FlowID> = [flow]
        var pending: [FlowID] = [flow]
        var container: FlowID?
        while let next = pending.popLast() {
            let current = program.flows[Int(next)]
            if current.isTabContainer {
                if container == nil { container = next }
                continue
            }
            let items = program.startItems[current.starts.range]
            guard !items.isEmpty else { return nil }
            for item in items {
                switch item.target {
                case .route, .none: return nil
                case .flow(let started): if seen.insert(started).inserted { pending.append(started) }
                }
            }
        }
        return flow == container ? nil : container
    }
}
