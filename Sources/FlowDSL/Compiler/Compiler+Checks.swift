import FlowModel

/// Pass 5 (v2, docs/language.md#properties-check-v2): `check` properties, whose names are resolved
/// here and whose truth is decided on the state graph (F501).
extension Compiler {
    /// Compiles every file's checks, file by file in source order. A check
    /// whose names do not resolve is reported and left out.
    mutating func compileChecks() {
        guard trees.contains(where: { !$0.checks.isEmpty }) else { return }
        // Route name → every route of that name, for bare names (any flow).
        var routesByName: [Symbol: [RouteID]] = [:]
        for (r, route) in program.routes.enumerated() { routesByName[route.name, default: []].append(RouteID(r)) }
        for tree in trees {
            for decl in tree.checks {
                if let check = compileCheck(decl, in: tree, routesByName) { program.checks.append(check) }
            }
        }
    }

    private mutating func compileCheck(_ decl: CheckDecl, in tree: SyntaxTree, _ routesByName: [Symbol: [RouteID]]) -> PropertyCheck? {
        var check = PropertyCheck(kind: decl.kind, label: decl.label, flow: -1, route: -1,
                                  guardCondition: decl.guardName.map { Guard(name: $0.symbol, negated: decl.guardNegated) },
                                  limit: decl.limit, url: decl.url, stack: decl.stack, span: decl.span)
        if let first = decl.refFirst {
            guard let (flow, route) = resolveRef(first, decl.refSecond, routesByName) else { return nil }
            check.flow = flow
            check.route = route
        }
        var resolved = true
        for name in tree.stackNames[decl.stackNames.range] where !resolveStackName(name, routesByName) {
            resolved = false
        }
        return resolved ? check : nil
    }

    /// `Flow.route`, `Flow`, or a bare route name that one flow has.
    private mutating func resolveRef(_ first: Name, _ second: Name?, _ routesByName: [Symbol: [RouteID]]) -> (FlowID, RouteID)? {
        if let second {
            guard let flow = resolveFlow(first) else { return nil }
            guard let route = route(second, of: flow) else { return nil }
            return (flow, route)
        }
        let flow = flowBySymbol[Int(first.symbol.id)]
        if flow >= 0 { return (flow, -1) }
        let candidates = routesByName[first.symbol] ?? []
        if candidates.count == 1 { return (program.routes[Int(candidates[0])].flow, candidates[0]) }
        if candidates.isEmpty {
            reportUnknownName(first, routesByName)
            return nil
        }
        let name = text(first.symbol)
        report(.unknownRoute, first.span,
               "'\(name)' is a route of \(candidates.count) flows: write 'Flow.\(name)' to say which",
               notes: candidates.map { DiagnosticNote(span: program.routes[Int($0)].span, message: "'\(program.qualifiedName($0))' declared here") })
        return nil
    }

    /// A name that is neither a flow nor a route: F102 when it is spelled
    /// like a flow (UpperCamel, docs/language.md#lexical-structure's convention), else F101.
    private mutating func reportUnknownName(_ name: Name, _ routesByName: [Symbol: [RouteID]]) {
        let word = program.symbols[name.symbol]
        let looksLikeFlow = word.utf8.first.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ?? false
        let candidates = program.flows.map(\.name) + routesByName.keys.sorted()
        report(looksLikeFlow ? .unknownFlow : .unknownRoute, name.span,
               "'\(text(name.symbol))' names neither a flow nor a route\(didYouMean(name.symbol, candidates))")
    }

    /// The route `name` of `flow`, or nil after reporting F101.
    private mutating func route(_ name: Name, of flow: FlowID) -> RouteID? {
        let routes = program.flows[Int(flow)].routes
        if let r = program.routes[routes.range].firstIndex(where: { $0.name == name.symbol }) { return RouteID(r) }
        report(.unknownRoute, name.span,
               "unknown route '\(text(name.symbol))' in flow '\(text(program.flows[Int(flow)].name))'\(didYouMean(name.symbol, program.routes[routes.range].lazy.map(\.name)))")
        return nil
    }

    /// A route name of a `shows` stack: `Flow.route`, or a route of any flow.
    private mutating func resolveStackName(_ name: StackNameDecl, _ routesByName: [Symbol: [RouteID]]) -> Bool {
        if let flowName = name.flow {
            guard let flow = resolveFlow(flowName) else { return false }
            return route(name.route, of: flow) != nil
        }
        if routesByName[name.route.symbol] != nil { return true }
        report(.unknownRoute, name.route.span,
               "unknown route '\(text(name.route.symbol))' in the stack\(didYouMean(name.route.symbol, routesByName.keys.sorted()))")
        return false
    }
}
