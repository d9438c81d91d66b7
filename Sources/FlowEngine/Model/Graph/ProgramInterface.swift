/// What a program offers app code, in a fixed order: its routes, its user
/// events, its guards and the flows used as tabs.
///
/// The Swift generator writes typed cases from it, and FlowKit computes it
/// again from the embedded program when it loads, so that a generated file
/// and the program it carries can never disagree unnoticed. Every list is in
/// an order the source fixes (ids and first appearance), so the same program
/// gives the same interface.
public struct ProgramInterface: Hashable, Sendable {
    /// One user event as a generated case: a name and a parameter list.
    /// The same name with other labels is another case.
    public struct Event: Hashable, Sendable {
        public var name: Symbol
        public var labels: [Symbol]
        public var types: [ValueType]
    }

    /// Two handlers of one event name and the same labels with other types.
    public struct Conflict: Error, Hashable, Sendable {
        /// The handler seen first and the one that disagrees with it.
        public var first: HandlerID
        public var second: HandlerID
    }

    /// `Flow.route(label: Type, ...)` for each route id.
    public var routes: [String]
    /// User events (not `back`, not results), by first appearance.
    public var events: [Event]
    /// For each event of `events`, one handler that declares it.
    public var eventHandlers: [HandlerID]
    /// Guard names, by symbol id.
    public var guards: [Symbol]
    /// Flows used as a tab, by first appearance in a `tabs` list.
    public var tabs: [FlowID]

    /// The interface of `program`; throws when two handlers of one event
    /// take the same labels with different types.
    public init(_ program: Program) throws(Conflict) {
        routes = program.routes.indices.map { program.routeSignature(RouteID($0)) }
        (events, eventHandlers) = try ProgramInterface.userEvents(of: program)
        guards = program.guardSymbols.values.sorted()
        var seen = Set<FlowID>()
        tabs = program.tabFlows.filter { seen.insert($0).inserted }
    }

    /// The user events of `program` as generated cases, each with one
    /// handler that declares it; throws when two handlers of one event
    /// take the same labels with different types (what `validate` reports
    /// as F115, without building the rest of the interface).
    public static func userEvents(of program: Program) throws(Conflict) -> (events: [Event], handlers: [HandlerID]) {
        let back = program.symbols.lookup("back")
        var events: [Event] = []
        var handlersOf: [HandlerID] = []
        var byName: [Symbol: [Int]] = [:]
        for (h, handler) in program.handlers.enumerated() where !handler.event.isResult && handler.event.name != back {
            // A gated link's else-handler is in no flow's range: it has no event a user sends.
            if handler.route < 0, !program.flows[Int(handler.flow)].handlers.range.contains(h) { continue }
            let parameters = program.parameters[handler.parameters.range]
            let event = Event(name: handler.event.name, labels: parameters.map(\.name), types: parameters.map(\.type))
            let labelSet = Set(event.labels)
            var known = false
            for index in byName[event.name, default: []] where Set(events[index].labels) == labelSet {
                known = true
                // Same labels (in any order): the same case, so the types must agree by label.
                for (label, type) in zip(event.labels, event.types) {
                    guard let i = events[index].labels.firstIndex(of: label), events[index].types[i] == type else {
                        throw Conflict(first: handlersOf[index], second: HandlerID(h))
                    }
                }
            }
            guard !known else { continue }
            byName[event.name, default: []].append(events.count)
            events.append(event)
            handlersOf.append(HandlerID(h))
        }
        return (events, handlersOf)
    }

    /// The first two handlers of one user event that take the same labels
    /// with other types (`validate`'s F115), or nil. Only handlers with
    /// parameters can disagree, so the others are not looked at: linear in
    /// the handlers and their parameters.
    public static func firstConflict(in program: Program) -> Conflict? {
        let back = program.symbols.lookup("back")
        var byName: [Symbol: [HandlerID]] = [:]
        for (h, handler) in program.handlers.enumerated() where !handler.parameters.isEmpty && !handler.event.isResult && handler.event.name != back {
            if handler.route < 0, !program.flows[Int(handler.flow)].handlers.range.contains(h) { continue }
            let parameters = program.parameters[handler.parameters.range]
            var isKnown = false
            // One handler per label set of the name: the first, as the generated case.
            for other in byName[handler.event.name, default: []] {
                let known = program.parameters[program.handlers[Int(other)].parameters.range]
                guard known.count == parameters.count, parameters.allSatisfy({ p in known.contains { $0.name == p.name } }) else { continue }
                isKnown = true
                for p in parameters where !known.contains(where: { $0.name == p.name && $0.type == p.type }) {
                    return Conflict(first: other, second: HandlerID(h))
                }
            }
            if !isKnown { byName[handler.event.name, default: []].append(HandlerID(h)) }
        }
        return nil
    }

    /// Each event as `name(label: Type, ...)`, the form a generated file records.
    public func eventSignatures(_ program: Program) -> [String] {
        events.map { event in
            guard !event.labels.isEmpty else { return program.name(event.name) }
            let parameters = zip(event.labels, event.types).map { "\(program.name($0)): \($1.rawValue)" }
            return program.name(event.name) + "(" + parameters.joined(separator: ", ") + ")"
        }
    }
}

extension Program {
    /// `Flow.route(label: Type, ...)`: a route's name and parameter types.
    public func routeSignature(_ route: RouteID) -> String {
        let parameters = self.parameters[routes[Int(route)].parameters.range]
        guard !parameters.isEmpty else { return qualifiedName(route) }
        return qualifiedName(route) + "(" + parameters.map { "\(name($0.name)): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
    }
}
