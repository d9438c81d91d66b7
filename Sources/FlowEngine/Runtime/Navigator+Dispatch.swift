import FlowModel

/// Finding the handler for an event (docs/language.md#how-a-program-runs "Dispatch").
extension Navigator {
    /// The handler for `event` and the instance it runs for: first the
    /// handlers of `route` (if ≥ 0), then the flow-level handlers of
    /// `instance` and of each instance above it. At each level the guarded
    /// handlers whose guard holds, in source order, then the unguarded one.
    package func findHandler(_ event: EventKey, from instance: Int32, route: RouteID) -> (HandlerID, Int32)? {
        if route >= 0, let h = match(event, in: program.routes[Int(route)].handlers) {
            return (h, state.instances.indices.contains(Int(instance)) ? instance : -1)
        }
        var current = instance
        var steps = 0
        while current >= 0, steps <= state.instances.count {
            let f = state.instances[Int(current)].flow
            let flow = program.flows[Int(f)]
            if hasScopedHandlers[Int(f)] {
                // (v2) At one level, the scoped handlers that apply come before the others.
                if let h = match(event, in: flow.handlers, scopedFrom: instance, to: current) { return (h, current) }
            } else if let h = match(event, in: flow.handlers) {
                return (h, current)
            }
            current = state.instances[Int(current)].parent
            steps += 1
        }
        return nil
    }

    /// The winning handler for `event` among `range`.
    func match(_ event: EventKey, in range: IndexRange) -> HandlerID? {
        var fallback: HandlerID?
        var h = Int(range.lower)
        let end = Int(range.upper)
        while h < end {
            let handler = program.handlers[h]
            if handler.event == event {
                if let condition = handler.guardCondition {
                    if guardIsSet(condition.name) != condition.negated { return HandlerID(h) }
                } else if fallback == nil {
                    fallback = HandlerID(h)
                }
            }
            h += 1
        }
        return fallback
    }

    /// `match` at a level with scoped handlers (`on E from F`,
    /// docs/language.md#scoped-handlers-from-v2): first among those whose flow F shows the active route (F is
    /// the flow of `active` or of an instance between it and `level`), then
    /// among the unscoped ones.
    func match(_ event: EventKey, in range: IndexRange, scopedFrom active: Int32, to level: Int32) -> HandlerID? {
        var fallback: HandlerID?
        for h in range.range {
            let handler = program.handlers[h]
            guard handler.event == event, handler.scope >= 0, applies(handler.scope, from: active, to: level) else { continue }
            if let condition = handler.guardCondition {
                if guardIsSet(condition.name) != condition.negated { return HandlerID(h) }
            } else if fallback == nil {
                fallback = HandlerID(h)
            }
        }
        if let fallback { return fallback }
        for h in range.range {
            let handler = program.handlers[h]
            guard handler.event == event, handler.scope < 0 else { continue }
            if let condition = handler.guardCondition {
                if guardIsSet(condition.name) != condition.negated { return HandlerID(h) }
            } else if fallback == nil {
                fallback = HandlerID(h)
            }
        }
        return fallback
    }

    /// Whether flow `scope` is the flow of `active` or of an instance on
    /// the way up from it to `level` (inclusive).
    func applies(_ scope: FlowID, from active: Int32, to level: Int32) -> Bool {
        var current = active
        var steps = 0
        while current >= 0, steps <= state.instances.count {
            if state.instances[Int(current)].flow == scope { return true }
            if current == level { return false }
            current = state.instances[Int(current)].parent
            steps += 1
        }
        return false
    }

    /// The event's arguments in the order of the handler's parameters.
    func eventArguments(_ handler: HandlerID, _ arguments: [String: Value], event: String) throws(NavigationError) -> [Value] {
        let parameters = program.parameters[program.handlers[Int(handler)].parameters.range]
        if parameters.isEmpty && arguments.isEmpty { return [] }
        var values: [Value] = []
        values.reserveCapacity(parameters.count)
        for parameter in parameters {
            let name = program.name(parameter.name)
            guard var value = arguments[name] else {
                throw .badArgument(event: event, problem: "missing '\(name): \(parameter.type.rawValue)'")
            }
            if case .int(let i) = value, parameter.type == .double { value = .double(Double(i)) }
            guard value.type == parameter.type else {
                throw .badArgument(event: event, problem: "'\(name)' must be \(parameter.type.rawValue), not \(value.type.rawValue)")
            }
            values.append(value)
        }
        let known = Set(parameters.map { program.name($0.name) })
        if let extra = arguments.keys.sorted().first(where: { !known.contains($0) }) {
            throw .badArgument(event: event, problem: "unknown argument '\(extra)'")
        }
        return values
    }

    /// What the implicit back would do at `entry`, if anything: pop it when
    /// it is not its stack's root and not [noBack]; dismiss the top layer
    /// when it is the root of a sheet that is not [locked].
    package func implicitBack(for entry: Entry) -> ImplicitBack? { implicitBack(at: entry.route) }

    /// The implicit back at the active route `route` (none when the route
    /// has a `back` handler of its own). Always inlined: a call passes a copy
    /// of the whole navigator, and the random walk asks at every step.
    @inline(__always)
    package func implicitBack(at route: RouteID) -> ImplicitBack? {
        let top = state.layers.count - 1
        guard top >= 0, !hasOwnBack[Int(route)] else { return nil }
        let attributes = program.routes[Int(route)].attributes
        if state.activeStackCount > 1 {
            return attributes.contains(.noBack) ? nil : .pop
        }
        // The root of a sheet, dialog or popover (not [locked]) dismisses its
        // layer; a cover's root and an alert have no implicit back.
        let kind = state.layers[top].kind
        if (kind == .sheet || kind == .dialog || kind == .popover) && !attributes.contains(.locked) && top > 0 { return .dismiss }
        return nil
    }

    /// The two shapes of the implicit back.
    package enum ImplicitBack { case pop, dismiss }

    /// The events that would be handled now, each once, in dispatch order:
    /// the active route's, its flow's, each flow's above it, then `back`
    /// when the implicit back applies. Result events are not offered.
    public var availableEvents: [AvailableEvent] {
        guard let active = state.activeEntry else { return [] }
        var seen = Set<Symbol>()
        var events: [AvailableEvent] = []
        forEachApplicableHandler(active) { handler in
            let h = program.handlers[Int(handler)]
            guard seen.insert(h.event.name).inserted else { return }
            let parameters = program.parameters[h.parameters.range].map { (program.name($0.name), $0.type) }
            events.append(AvailableEvent(name: program.name(h.event.name), parameters: parameters))
        }
        if !seen.contains(backSymbol), implicitBack(for: active) != nil {
            events.append(AvailableEvent(name: "back", parameters: []))
        }
        return events
    }

    /// Calls `body` with every user-event handler that could answer at
    /// `active` (guards that hold only), route level first.
    package func forEachApplicableHandler(_ active: Entry, _ body: (HandlerID) -> Void) {
        forEachApplicableHandler(route: active.route, instance: active.instance, body)
    }

    /// The same, from the ids of the active route and its flow instance.
    /// Always inlined: a call passes a copy of the whole navigator, and the
    /// random walk asks at every step.
    @inline(__always)
    package func forEachApplicableHandler(route: RouteID, instance: Int32, _ body: (HandlerID) -> Void) {
        forEachApplicableRouteHandler(route: route, body)
        forEachApplicableFlowHandler(instance: instance, body)
    }

    /// The first part of that: the route's own handlers of user events whose guards hold.
    @inline(__always)
    package func forEachApplicableRouteHandler(route: RouteID, _ body: (HandlerID) -> Void) {
        for h in program.routes[Int(route)].handlers.range where !program.handlers[h].event.isResult && holds(h) {
            body(HandlerID(h))
        }
    }

    /// The second: the flow-level handlers of `instance`'s flow and of each
    /// flow above it, in that order. What they are depends on the flow tree
    /// and the guards, not on the route: the random walk keeps them while
    /// its steps change neither (`WalkChoices`).
    @inline(__always)
    package func forEachApplicableFlowHandler(instance: Int32, _ body: (HandlerID) -> Void) {
        var current = instance
        var steps = 0
        while current >= 0, steps <= state.instances.count {
            for h in userFlowHandlerList[userFlowHandlers[Int(state.instances[Int(current)].flow)].range] where holds(Int(h)) {
                // (v2) A scoped handler applies only below its flow.
                let scope = program.handlers[Int(h)].scope
                if scope >= 0 && !applies(scope, from: instance, to: current) { continue }
                body(h)
            }
            current = state.instances[Int(current)].parent
            steps += 1
        }
    }

    /// Whether handler `h`'s guard, if it has one, holds.
    @inline(__always)
    func holds(_ h: Int) -> Bool {
        guard let condition = program.handlers[h].guardCondition else { return true }
        return state.guards.contains(condition.name) != condition.negated
    }
}

/// An event the active screen would handle, with its typed parameters.
public struct AvailableEvent: Hashable, Sendable {
    public var name: String
    public var parameters: [(String, ValueType)]

    public static func == (a: AvailableEvent, b: AvailableEvent) -> Bool {
        a.name == b.name && a.parameters.map(\.0) == b.parameters.map(\.0) && a.parameters.map(\.1) == b.parameters.map(\.1)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// `select(id: String)`.
    public var signature: String {
        parameters.isEmpty ? name : name + "(" + parameters.map { "\($0.0): \($0.1.rawValue)" }.joined(separator: ", ") + ")"
    }
}
