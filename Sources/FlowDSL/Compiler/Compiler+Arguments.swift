import FlowModel

/// Argument lists: binding them to a route's or a flow's parameters, and
/// resolving each value's name (docs/language.md#flows-routes-handlers, the paragraph after the grammar:
/// the event's parameters, then the route's, then the flow's; a link's
/// captures; a `start` item's flow parameters).
extension Compiler {
    /// Where identifier values of arguments come from (docs/language.md#flows-routes-handlers, the
    /// paragraph after the grammar).
    enum ArgumentBinding {
        /// A handler: the event's parameters, then its route's, then its flow's.
        case event(Handler)
        /// A link: the pattern's captures.
        case link([Symbol])
        /// A `start` item of a flow: that flow's parameters.
        case startItem(FlowID)
    }

    /// What an argument list is bound to, for messages and checks. Its
    /// texts are made only when a finding needs them (compiling a large
    /// program binds hundreds of thousands of argument lists).
    struct ArgumentTarget {
        var isFlow: Bool
        var symbol: Symbol
        var parameters: IndexRange
        /// Where the route or flow is declared (for notes).
        var declaration: SourceSpan
    }

    /// "route 'product'" or "flow 'Profile'".
    func what(_ target: ArgumentTarget) -> String { "\(target.isFlow ? "flow" : "route") '\(text(target.symbol))'" }

    /// The parameters of `route` as an argument target.
    func target(route: RouteID) -> ArgumentTarget {
        let r = program.routes[Int(route)]
        return ArgumentTarget(isFlow: false, symbol: r.name, parameters: r.parameters, declaration: r.span)
    }

    /// The parameters of `flow` as an argument target.
    func target(flow: FlowID) -> ArgumentTarget {
        let f = program.flows[Int(flow)]
        return ArgumentTarget(isFlow: true, symbol: f.name, parameters: f.parameters, declaration: f.span)
    }

    /// Checks `decls` against a route's parameters (F107, F108, F303) and
    /// adds the arguments that resolve.
    mutating func compileArguments(_ decls: ArraySlice<ArgumentDecl>, to route: RouteID, target span: SourceSpan,
                                   binding: @autoclosure () -> ArgumentBinding) -> IndexRange {
        compileArguments(decls, to: target(route: route), target: span, binding: binding())
    }

    /// Checks `decls` against `target`'s parameters (F107, F108, F303) and
    /// adds the arguments that resolve. The binding is made only when there
    /// is something to bind (it copies a handler, for most of the hundreds
    /// of thousands of targets of a large program, which have none).
    mutating func compileArguments(_ decls: ArraySlice<ArgumentDecl>, to target: ArgumentTarget, target span: SourceSpan,
                                   binding makeBinding: @autoclosure () -> ArgumentBinding) -> IndexRange {
        let params = program.parameters[target.parameters.range]
        let lower = Int32(program.arguments.count)
        // Most targets take no arguments and have no parameters: nothing to bind or miss.
        if decls.isEmpty && params.isEmpty { return IndexRange(lower, lower) }
        let binding = makeBinding()
        var bound = Set<Int32>()
        let lookup = ParameterLookup(params.map(\.name))
        for decl in decls {
            guard let index = lookup.offset(of: decl.name.symbol).map({ params.startIndex + $0 }) else {
                let mismatch: DiagnosticCode = if case .link = binding { .linkParameterUnbound } else { .argumentMismatch }
                report(mismatch, span,
                       "\(what(target)) has no parameter '\(text(decl.name.symbol))'\(didYouMean(decl.name.symbol, params.map(\.name)))",
                       notes: [DiagnosticNote(span: target.declaration, message: "'\(text(target.symbol))' declared here")])
                continue
            }
            let parameter = program.parameters[index]
            let position = Int32(index - target.parameters.range.lowerBound)
            guard bound.insert(position).inserted else {
                report(.argumentMismatch, span, "argument '\(text(decl.name.symbol))' is given more than once")
                continue
            }
            guard let (source, type, declared) = resolveValue(decl, binding: binding, target: span) else { continue }
            var finalSource = source
            if case .literal(.int(let i)) = source, parameter.type == .double {
                finalSource = .literal(.double(Double(i)))
            } else if case .capture = source {
                // A capture is converted to the parameter's type when a URL opens.
            } else if type != parameter.type {
                let message = "argument '\(text(decl.name.symbol))' of '\(text(target.symbol))' must be \(article(parameter.type)), "
                    + (declared.map { "but \($0.what) '\(text($0.name))' is \(article(type))" } ?? "not \(article(type))")
                report(.typeMismatch, decl.span, message,
                       notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here")]
                           + (declared.map { [DiagnosticNote(span: $0.span, message: "\($0.what) declared here")] } ?? []))
                continue
            }
            program.arguments.append(Argument(name: decl.name.symbol, parameter: position, source: finalSource, span: decl.span))
        }
        let given = ParameterLookup(decls.map(\.name.symbol))
        // (v2) A parameter with a default may be left out: the engine fills it.
        for (offset, parameter) in params.enumerated() where !bound.contains(Int32(offset)) && parameter.defaultValue == nil
            && !badDefaults.contains(target.parameters.lower + Int32(offset)) {
            if given.offset(of: parameter.name) != nil { continue }
            let message = "missing argument '\(text(parameter.name)): \(parameter.type.rawValue)' for \(what(target))"
            switch binding {
            case .event, .startItem:
                report(.argumentMismatch, span, message, notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here")])
            case .link:
                report(.linkParameterUnbound, span, message + ": the link must bind it to a capture of its pattern",
                       notes: [DiagnosticNote(span: parameter.span, message: "parameter declared here")])
            }
        }
        return IndexRange(lower, Int32(program.arguments.count))
    }

    /// A named value an argument refers to, for messages.
    struct Referent {
        var what: String
        var name: Symbol
        var span: SourceSpan
    }

    /// Resolves an argument's value: a literal, or a name looked up in the
    /// order of docs/language.md#flows-routes-handlers (the first that has it wins, without a finding).
    /// Nil after reporting a name that is none of them (F107; F303 in a link).
    mutating func resolveValue(_ decl: ArgumentDecl, binding: ArgumentBinding, target span: SourceSpan) -> (ArgumentSource, ValueType, Referent?)? {
        switch decl.value {
        case .invalid:
            return nil
        case .literal(let value):
            return (.literal(value), value.type, nil)
        case .identifier(let name):
            switch binding {
            case .event(let handler):
                let eventParams = program.parameters[handler.parameters.range]
                if let e = eventParams.firstIndex(where: { $0.name == name.symbol }) {
                    let p = program.parameters[e]
                    return (.eventParameter(Int32(e - handler.parameters.range.lowerBound)), p.type,
                            Referent(what: "event parameter", name: name.symbol, span: p.span))
                }
                var candidates = eventParams.map(\.name)
                var scopes = ["event '\(eventText(handler.event))'"]
                if handler.route >= 0 {
                    let routeParams = program.routes[Int(handler.route)].parameters
                    if let r = program.parameters[routeParams.range].firstIndex(where: { $0.name == name.symbol }) {
                        let p = program.parameters[r]
                        return (.routeParameter(Int32(r - routeParams.range.lowerBound)), p.type,
                                Referent(what: "route parameter", name: name.symbol, span: p.span))
                    }
                    candidates += program.parameters[routeParams.range].map(\.name)
                    if !routeParams.isEmpty { scopes.append("route '\(text(program.routes[Int(handler.route)].name))'") }
                }
                let flowParams = program.flows[Int(handler.flow)].parameters
                if let f = program.parameters[flowParams.range].firstIndex(where: { $0.name == name.symbol }) {
                    let p = program.parameters[f]
                    return (.flowParameter(Int32(f - flowParams.range.lowerBound)), p.type,
                            Referent(what: "flow parameter", name: name.symbol, span: p.span))
                }
                candidates += program.parameters[flowParams.range].map(\.name)
                if !flowParams.isEmpty { scopes.append("flow '\(text(program.flows[Int(handler.flow)].name))'") }
                let scope = scopes.count == 1 ? scopes[0] : scopes.dropLast().joined(separator: ", ") + " or " + (scopes.last ?? "")
                report(.argumentMismatch, span, "'\(text(name.symbol))' is not a parameter of \(scope)\(didYouMean(name.symbol, candidates))")
                return nil
            case .startItem(let flow):
                let flowParams = program.flows[Int(flow)].parameters
                if let f = program.parameters[flowParams.range].firstIndex(where: { $0.name == name.symbol }) {
                    let p = program.parameters[f]
                    return (.flowParameter(Int32(f - flowParams.range.lowerBound)), p.type,
                            Referent(what: "flow parameter", name: name.symbol, span: p.span))
                }
                report(.argumentMismatch, span,
                       "'\(text(name.symbol))' is not a parameter of flow '\(text(program.flows[Int(flow)].name))'\(didYouMean(name.symbol, program.parameters[flowParams.range].map(\.name)))")
                return nil
            case .link(let captures):
                guard captures.contains(name.symbol) else {
                    report(.linkParameterUnbound, decl.span,
                           "'\(text(name.symbol))' is not captured by the link's pattern\(didYouMean(name.symbol, captures))")
                    return nil
                }
                // A capture is text until bound: it takes the parameter's type.
                return (.capture(name.symbol), .string, nil)
            }
        }
    }
}
