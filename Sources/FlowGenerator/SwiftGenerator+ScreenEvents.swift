import FlowEngine

/// The events each screen can send, and the system events, as enums of
/// their own (`FlowEvents`): the compiler then checks that a view sends
/// only what its route can dispatch.
extension SwiftGenerator {
    /// For each route, the interface events it can dispatch (its own
    /// handlers and those of its flow and of every flow that can be above
    /// it; a scoped handler where its scope covers the route's flow), user
    /// events only (no `back`, results or `[system]` events), in interface
    /// order. Linear in the handlers of each route's ancestry.
    func screenEvents() -> [[Int]] {
        let topology = FlowTopology(program)
        let back = program.symbols.lookup("back")
        let byKey = eventIndexBySignature()
        // Each flow's possible ancestors, itself included: breadth first up the parents.
        var ancestors: [[FlowID]] = []
        for f in program.flows.indices {
            var seen: Set<FlowID> = [FlowID(f)]
            var queue: [FlowID] = [FlowID(f)]
            var head = 0
            while head < queue.count {
                for parent in topology.parents(of: queue[head]) where seen.insert(parent).inserted { queue.append(parent) }
                head += 1
            }
            ancestors.append(queue)
        }
        func sendable(_ h: Int, for flow: FlowID) -> Int? {
            let handler = program.handlers[h]
            guard !handler.event.isResult, handler.event.name != back, !handler.isSystem else { return nil }
            if handler.scope >= 0, !ancestors[Int(flow)].contains(handler.scope) { return nil }
            let labels = program.parameters[handler.parameters.range].map(\.name)
            return byKey[EventSignature(handler.event.name, labels)]
        }
        return program.routes.map { route in
            var events = Set<Int>()
            for h in route.handlers.range { if let i = sendable(h, for: route.flow) { events.insert(i) } }
            for flow in ancestors[Int(route.flow)] {
                for h in program.flows[Int(flow)].handlers.range { if let i = sendable(h, for: route.flow) { events.insert(i) } }
            }
            return events.sorted()
        }
    }

    /// For each route, the name of its events enum in its flow's enum:
    /// `<Route>Event`, unique among its flow's.
    func screenEventTypeNames() -> [String] {
        var typeNames = [String](repeating: "", count: program.routes.count)
        for flow in program.flows {
            var taken: Set<String> = []
            for r in flow.routes.range {
                typeNames[r] = SwiftNames.unique(SwiftNames.upperCamel(names.routeCase[r]) + "Event", reserved: [], taken: &taken)
            }
        }
        return typeNames
    }

    /// Interface event `i`'s parameters as its case and factory declare
    /// them, `(id: Swift.Int)`, or "" for none.
    func eventPayload(_ i: Int) -> String {
        let parameters = zip(names.eventLabels[i], interface.events[i].types).map { "\(SwiftNames.escaped($0)): \(swiftType($1))" }
        return parameters.isEmpty ? "" : "(" + parameters.joined(separator: ", ") + ")"
    }

    /// `name` followed by event `i`'s labels, as a declaration's key
    /// (`select(id:)`; `select` for none).
    func eventKey(_ name: String, _ i: Int) -> String {
        let labels = names.eventLabels[i]
        return labels.isEmpty ? name : name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The case of interface event `i` as written in an events enum, and
    /// its key in `SwiftDeclaration.name`: how app code spells it, an
    /// overloaded event by its factory.
    func eventCaseText(_ i: Int) -> (signature: String, key: String) {
        ("case \(SwiftNames.escaped(names.eventCase[i]))\(eventPayload(i))", eventKey(names.eventFactory[i] ?? names.eventCase[i], i))
    }

    /// Each interface event's index, by its name and label set.
    func eventIndexBySignature() -> [EventSignature: Int] {
        var byKey: [EventSignature: Int] = [:]
        for (i, event) in interface.events.enumerated() { byKey[EventSignature(event.name, event.labels)] = i }
        return byKey
    }

    /// The interface events that `[system]` handlers declare.
    func systemEvents() -> [Int] {
        let byKey = eventIndexBySignature()
        var events = Set<Int>()
        for handler in program.handlers where handler.isSystem && !handler.event.isResult {
            if let i = byKey[EventSignature(handler.event.name, program.parameters[handler.parameters.range].map(\.name))] { events.insert(i) }
        }
        return events.sorted()
    }

    /// `enum typeName: FlowEvents` with the cases of `events` (interface
    /// indices), spelled as in `Event`, at `indent`.
    func eventsEnum(_ typeName: String, doc: String, _ events: [Int], indent: String) -> String {
        var out = "\(indent)/// \(doc)\n"
        out += "\(indent)\(access)enum \(typeName): FlowEvents {\n"
        out += "\(indent)    \(access)typealias Program = ProgramType\n"
        let signatures = interface.eventSignatures(program)
        for i in events {
            out += "\(indent)    /// `\(signatures[i])`.\n"
            out += "\(indent)    \(eventCaseText(i).signature)\n"
        }
        for i in events {
            guard let alias = names.eventAlias[i] else { continue }
            out += "\(indent)    /// `\(program.name(interface.events[i].name))` without arguments (its case is `\(names.eventCase[i])`).\n"
            out += "\(indent)    \(access)static var \(SwiftNames.escaped(alias)): \(typeName) { .\(SwiftNames.escaped(names.eventCase[i])) }\n"
        }
        for i in events where names.eventFactory[i] != nil {
            out += eventFactory(i, signature: signatures[i], returning: typeName, indent: indent + "    ")
        }
        out += "\(indent)    \(access)var code: FlowCode {\n"
        out += "\(indent)        switch self {\n"
        for i in events { out += "\(indent)        " + eventCodeCase(i) }
        out += "\(indent)        }\n"
        out += "\(indent)    }\n"
        return out + "\(indent)}\n"
    }
}

/// An event name and its labels: the key of an interface event.
struct EventSignature: Hashable {
    var name: Symbol
    var labels: Set<Symbol>

    init(_ name: Symbol, _ labels: [Symbol]) {
        self.name = name
        self.labels = Set(labels)
    }
}
