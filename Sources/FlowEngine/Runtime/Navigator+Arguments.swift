import FlowModel

/// Argument values at run time (v1): what a handler's arguments name (its
/// event's values, its route's, its flow instance's), binding them to a
/// route's or a flow's parameters, and ordering a result's payload.
extension Navigator {
    /// The values a handler's arguments may name (docs/language.md#flows-routes-handlers): its event's
    /// (a result's payload), and those of the route it is declared on (the
    /// active entry's arguments when it fired). A flow's own come from its
    /// instance.
    struct HandlerValues {
        var event: [Value]
        var route: [Value] = []
        /// A link's actions (v2): the text each capture of its URL took.
        var captures: [(name: Symbol, text: String)] = []

        /// The text capture `name` took, if any.
        func captured(_ name: Symbol) -> String? {
            captures.first { $0.name == name }?.text
        }
    }

    /// The arguments of the active entry if `handler` is declared on a route
    /// with parameters (it fires only while that route is active).
    func routeValues(_ handler: HandlerID) -> [Value] {
        guard readsRouteValues[Int(handler)] else { return [] }
        let route = program.handlers[Int(handler)].route
        guard route >= 0, !program.routes[Int(route)].parameters.isEmpty,
              let active = state.activeEntry, active.route == route else { return [] }
        return active.arguments
    }

    /// An entry for `target`, its arguments taken from literals and the
    /// handler's values.
    func entry(for target: Target, _ instance: Int32, _ values: HandlerValues, _ event: String) throws(NavigationError) -> Entry {
        let parameters = program.routes[Int(target.route)].parameters
        if parameters.isEmpty { return Entry(route: target.route, instance: instance) }
        guard let arguments = bound(target.arguments, to: parameters, instance, values) else {
            throw missingArgument(target.arguments, to: parameters, what: "route '\(program.name(program.routes[Int(target.route)].name))'", event)
        }
        return Entry(route: target.route, instance: instance, arguments: arguments)
    }

    /// The values of `arguments` in the order of `parameters`; throws if one
    /// is missing (a program with F107 findings). Inlined: otherwise `what`'s
    /// autoclosure would capture (copy) the whole navigator at every call.
    @inline(__always)
    func bind(_ arguments: IndexRange, to parameters: IndexRange, _ instance: Int32, _ values: HandlerValues,
              what: @autoclosure () -> String, _ event: String) throws(NavigationError) -> [Value] {
        if parameters.isEmpty { return [] }
        guard let bound = bound(arguments, to: parameters, instance, values) else {
            throw missingArgument(arguments, to: parameters, what: what(), event)
        }
        return bound
    }

    /// The values of `arguments` in the order of `parameters`, or nil if one is missing.
    @inline(__always)
    func bound(_ arguments: IndexRange, to parameters: IndexRange, _ instance: Int32, _ values: HandlerValues) -> [Value]? {
        var bound = [Value?](repeating: nil, count: parameters.count)
        var a = Int(arguments.lower)
        while a < Int(arguments.upper) {
            let argument = program.arguments[a]
            a += 1
            guard Int(argument.parameter) < bound.count else { continue }
            switch argument.source {
            case .literal(let value): bound[Int(argument.parameter)] = value
            case .eventParameter(let p) where Int(p) < values.event.count: bound[Int(argument.parameter)] = values.event[Int(p)]
            case .capture(let name):
                // A capture is text until bound: it takes the parameter's type.
                let type = program.parameters[Int(parameters.lower) + Int(argument.parameter)].type
                bound[Int(argument.parameter)] = values.captured(name).flatMap { RouteArguments.convert($0, to: type) }
            default: bound[Int(argument.parameter)] = evaluate(argument.source, instance, values)
            }
        }
        return filled(bound, parameters)
    }

    /// `bound` with each value left out given its parameter's default (v2,
    /// docs/language.md "Defaults"), or nil when one without a default is missing.
    @inline(__always)
    func filled(_ bound: [Value?], _ parameters: IndexRange) -> [Value]? {
        var complete: [Value] = []
        complete.reserveCapacity(bound.count)
        for (i, value) in bound.enumerated() {
            if let value {
                complete.append(value)
                continue
            }
            // Not `??`: its autoclosure would capture (copy) the whole navigator on this hot path.
            guard let fallback = program.parameters[Int(parameters.lower) + i].defaultValue else { return nil }
            complete.append(fallback)
        }
        return complete
    }

    /// The error for an argument list that leaves a parameter unbound.
    func missingArgument(_ arguments: IndexRange, to parameters: IndexRange, what: String, _ event: String) -> NavigationError {
        let given = Set(program.arguments[arguments.range].map(\.parameter))
        let missing = parameters.range.first { !given.contains(Int32($0 - parameters.range.lowerBound)) } ?? parameters.range.lowerBound
        return .unsupported(event: event, problem: "\(what) needs argument '\(program.name(program.parameters[missing].name))'")
    }

    /// The value an argument names: a literal, the event's, the route's or
    /// the flow instance's; nil when there is none (a link capture here).
    func evaluate(_ source: ArgumentSource, _ instance: Int32, _ values: HandlerValues) -> Value? {
        switch source {
        case .literal(let value): return value
        case .eventParameter(let p): return Int(p) < values.event.count ? values.event[Int(p)] : nil
        case .routeParameter(let p): return Int(p) < values.route.count ? values.route[Int(p)] : nil
        case .flowParameter(let p):
            guard instance >= 0, Int(instance) < state.instances.count else { return nil }
            let arguments = state.instances[Int(instance)].arguments
            return Int(p) < arguments.count ? arguments[Int(p)] : nil
        case .capture(let name): return values.captured(name).map(Value.string)
        }
    }

    /// A result's payload in the order of the receiving handler's parameters.
    func order(_ payload: [(Symbol, Value)], for handler: HandlerID, event: String) throws(NavigationError) -> [Value] {
        let parameters = program.parameters[program.handlers[Int(handler)].parameters.range]
        if parameters.isEmpty { return [] }
        var values: [Value] = []
        for parameter in parameters {
            guard var value = payload.first(where: { $0.0 == parameter.name })?.1 else {
                throw .unsupported(event: event, problem: "the result carries no '\(program.name(parameter.name))' for '\(program.eventText(program.handlers[Int(handler)].event))'")
            }
            if case .int(let i) = value, parameter.type == .double { value = .double(Double(i)) }
            values.append(value)
        }
        return values
    }
}
