import FlowModel

/// Pass 1: flows, routes, parameters, attributes; and the entry.
extension Compiler {
    mutating func declareFlows() {
        for (t, tree) in trees.enumerated() {
            for (index, decl) in tree.flows.enumerated() {
                let existing = flowBySymbol[Int(decl.name.symbol.id)]
                if existing >= 0 {
                    report(.duplicateDeclaration, decl.name.span, "duplicate flow '\(text(decl.name.symbol))'",
                           notes: [DiagnosticNote(span: program.flows[Int(existing)].span, message: "first declared here")])
                    continue
                }
                let id = FlowID(program.flows.count)
                flowBySymbol[Int(decl.name.symbol.id)] = id
                flowDecls.append((t, index))
                var isEntry = false
                for attribute in tree.attributes[decl.attributes.range] {
                    if declaresFormerName(attribute, flow: id, route: -1) {
                        continue
                    } else if attribute.name.symbol == keywords.entry, noArgument(attribute) {
                        isEntry = true
                    } else if attribute.name.symbol != keywords.entry {
                        reportBadAttribute(attribute.name, on: "a flow", allowed: "entry, was(OldName)")
                    }
                }
                let parameters = declareParameters(tree.parameters[decl.parameters.range])
                let firstRoute = RouteID(program.routes.count)
                declareRoutes(of: id, decl, in: tree)
                var flow = Flow(name: decl.name.symbol, span: decl.name.span, isMarkedEntry: isEntry,
                                start: .none, startSpan: decl.name.span, tabs: .empty,
                                routes: IndexRange(firstRoute, RouteID(program.routes.count)),
                                handlers: .empty)
                flow.parameters = parameters
                program.flows.append(flow)
            }
        }
    }

    private mutating func declareRoutes(of flow: FlowID, _ decl: FlowDecl, in tree: SyntaxTree) {
        let first = program.routes.count
        for index in decl.routes.range {
            let route = tree.routes[index]
            let symbol = Int(route.name.symbol.id)
            if routeBySymbol[symbol] >= 0 {
                report(.duplicateDeclaration, route.name.span,
                       "duplicate route '\(text(route.name.symbol))' in flow '\(text(decl.name.symbol))'",
                       notes: [DiagnosticNote(span: program.routes[Int(routeBySymbol[symbol])].span, message: "first declared here")])
                continue
            }
            routeBySymbol[symbol] = RouteID(program.routes.count)
            var attributes = RouteAttributes()
            for attribute in tree.attributes[route.attributes.range] {
                if declaresFormerName(attribute, flow: flow, route: RouteID(program.routes.count)) { continue }
                switch attribute.name.symbol {
                case keywords.final: if noArgument(attribute) { attributes.insert(.final) }
                case keywords.noBack: if noArgument(attribute) { attributes.insert(.noBack) }
                case keywords.locked: if noArgument(attribute) { attributes.insert(.locked) }
                case keywords.busy: if noArgument(attribute) { attributes.insert(.busy) }
                default: reportBadAttribute(attribute.name, on: "a route", allowed: "final, noBack, locked, busy, was(oldName)")
                }
            }
            let parameters = declareParameters(tree.parameters[route.parameters.range])
            routeDecls.append(index)
            program.titles.append(route.title)
            program.routes.append(Route(name: route.name.symbol, flow: flow, span: route.name.span,
                                        parameters: parameters, attributes: attributes, handlers: .empty))
        }
        for route in program.routes[first...] { routeBySymbol[Int(route.name.id)] = -1 }
    }

    /// Whether `attribute` is `was`, which renames (docs/language.md): then it
    /// is recorded for the flow (`route` -1) or for the route about to be
    /// declared, or F113 when it has no old name.
    mutating func declaresFormerName(_ attribute: AttributeDecl, flow: FlowID, route: RouteID) -> Bool {
        guard program.symbols[attribute.name.symbol] == "was" else { return false }
        guard let argument = attribute.argument else {
            report(.badAttribute, attribute.name.span, "attribute 'was' needs the old name: write was(OldName)")
            return true
        }
        program.formerNames.append(FormerName(flow: flow, route: route, name: program.symbols[argument.symbol], span: argument.span))
        return true
    }

    /// Whether an attribute that takes no argument has none (else F113).
    mutating func noArgument(_ attribute: AttributeDecl) -> Bool {
        guard let argument = attribute.argument else { return true }
        let name = text(attribute.name.symbol)
        report(.badAttribute, argument.span, "attribute '\(name)' takes no argument ('\(text(argument.symbol))'); write [\(name)]")
        return false
    }

    /// F103 (docs/releases.md): a `was(Old)` that names a current flow (or a
    /// route of its own flow), or an old name two declarations claim.
    mutating func checkFormerNames() {
        var flowNames = Set<String>()
        for flow in program.flows { flowNames.insert(program.symbols[flow.name]) }
        var claimed: [String: FormerName] = [:]
        for former in program.formerNames {
            let flowName = program.symbols[program.flows[Int(former.flow)].name]
            let what = former.isFlow ? "flow '\(Diagnostic.quoted(flowName))'"
                : "route '\(text(program.routes[Int(former.route)].name))' of flow '\(Diagnostic.quoted(flowName))'"
            let current = former.isFlow
                ? flowNames.contains(former.name)
                : program.routes[program.flows[Int(former.flow)].routes.range].contains { program.symbols[$0.name] == former.name }
            if current {
                report(.duplicateDeclaration, former.span,
                       "\(what) says it was '\(Diagnostic.quoted(former.name))', but that is the name of a \(former.isFlow ? "flow" : "route of the flow") now")
                continue
            }
            let key = former.isFlow ? former.name : "\(former.flow).\(former.name)"
            if let first = claimed[key] {
                report(.duplicateDeclaration, former.span,
                       "two \(former.isFlow ? "flows" : "routes") say they were '\(Diagnostic.quoted(former.name))'",
                       notes: [DiagnosticNote(span: first.span, message: "first claimed here")])
                continue
            }
            claimed[key] = former
        }
    }

    mutating func reportBadAttribute(_ attribute: Name, on what: String, allowed: String) {
        let name = text(attribute.symbol)
        let known = [keywords.entry, keywords.final, keywords.noBack, keywords.locked, keywords.busy, keywords.system]
        if known.contains(attribute.symbol) {
            report(.badAttribute, attribute.span, "attribute '\(name)' does not apply to \(what) (allowed: \(allowed))")
        } else {
            report(.badAttribute, attribute.span, "unknown attribute '\(name)' (allowed on \(what): \(allowed))\(didYouMean(attribute.symbol, known))")
        }
    }

    /// Adds typed parameters to `program.parameters` (F108 unknown type, F103 duplicate name).
    mutating func declareParameters(_ decls: ArraySlice<ParameterDecl>) -> IndexRange {
        let lower = Int32(program.parameters.count)
        // Most routes and handlers declare none: no table for them.
        guard !decls.isEmpty else { return IndexRange(lower, lower) }
        // Where each name was first declared, for long lists (short ones are scanned).
        var declared: [Symbol: Int] = [:]
        for decl in decls {
            guard let type = keywords.type(decl.type.symbol) else {
                let known = [keywords.string, keywords.int, keywords.bool, keywords.double]
                report(.typeMismatch, decl.type.span,
                       "unknown type '\(text(decl.type.symbol))'; a parameter is String, Int, Bool or Double\(didYouMean(decl.type.symbol, known))")
                continue
            }
            let earlier = decls.count > ParameterLookup.scanLimit
                ? declared[decl.name.symbol].map { program.parameters[$0] }
                : program.parameters[Int(lower)...].first(where: { $0.name == decl.name.symbol })
            if let previous = earlier {
                report(.duplicateDeclaration, decl.name.span, "duplicate parameter '\(text(decl.name.symbol))'",
                       notes: [DiagnosticNote(span: previous.span, message: "first declared here")])
                continue
            }
            if decls.count > ParameterLookup.scanLimit { declared[decl.name.symbol] = program.parameters.count }
            var parameter = Parameter(name: decl.name.symbol, type: type, span: decl.name.span)
            parameter.defaultValue = defaultValue(decl, type)
            program.parameters.append(parameter)
        }
        return IndexRange(lower, Int32(program.parameters.count))
    }

    /// The default of `decl` as a value of `type` (an integer literal is a
    /// Double's too), or nil: none written, or one of another type (F108).
    private mutating func defaultValue(_ decl: ParameterDecl, _ type: ValueType) -> Value? {
        guard let value = decl.defaultValue else { return nil }
        if case .int(let i) = value, type == .double { return .double(Double(i)) }
        guard value.type == type else {
            // Left out of argument lists all the same: no F107 on top of the F108.
            badDefaults.insert(Int32(program.parameters.count))
            report(.typeMismatch, decl.defaultSpan ?? decl.name.span,
                   "the default of parameter '\(text(decl.name.symbol))' must be \(article(type)), not \(article(value.type))",
                   notes: [DiagnosticNote(span: decl.name.span, message: "parameter declared here")])
            return nil
        }
        return value
    }

    /// docs/language.md#how-a-program-runs: the flow marked `[entry]`, or else the only flow that no
    /// other flow starts or lists as a tab; none makes the program a library.
    mutating func chooseEntry(_ topology: FlowTopology) {
        var marked: FlowID = -1
        for (f, flow) in program.flows.enumerated() where flow.isMarkedEntry {
            if marked < 0 {
                marked = FlowID(f)
                continue
            }
            let (t, index) = flowDecls[f]
            let attribute = trees[t].attributes[trees[t].flows[index].attributes.range].first { $0.name.symbol == keywords.entry }
            report(.entryConflict, attribute?.name.span ?? flow.span,
                   "more than one flow is marked [entry]",
                   notes: [DiagnosticNote(span: program.flows[Int(marked)].span, message: "'\(text(program.flows[Int(marked)].name))' is the entry")])
        }
        if marked >= 0 {
            program.entry = marked
            return
        }
        var started = [Bool](repeating: false, count: program.flows.count)
        for edge in topology.edges where edge.parent != edge.child { started[Int(edge.child)] = true }
        let roots = started.indices.filter { !started[$0] }
        if roots.count == 1 { program.entry = FlowID(roots[0]) }
    }
}
