import FlowEngine

/// The Swift name of everything the generated file declares, decided once
/// (docs/generated-api.md and docs/generated-api.md "Naming"): unique in its scope,
/// keywords escaped, the few names Swift reserves followed by `_`.
struct GeneratedNames {
    /// For each flow with routes: its `Screen` case and its nested enum.
    var flowCase: [String?]
    var flowType: [String?]
    /// For each route: its case in its flow's enum.
    var routeCase: [String]
    /// For each entry of `Program.parameters`: its label (route parameters).
    var label: [String]
    /// For each event of the interface: its case, its labels, and whether
    /// its case shares a name with another (matched by reflection).
    var eventCase: [String]
    var eventLabels: [[String]]
    var eventOverloaded: [Bool]
    /// For a parameterless event renamed because a labelled case has its
    /// name: the static property that spells it (`.ready`).
    var eventAlias: [String?]
    var guardCase: [String]
    var tabCase: [String]

    init(_ program: Program, _ interface: ProgramInterface) {
        // Screen: cases first (they take the names of docs/generated-api.md), then types.
        var screenTaken: Set<String> = []
        flowCase = program.flows.map { flow in
            flow.routes.isEmpty ? nil : SwiftNames.unique(SwiftNames.lowerCamel(program.name(flow.name)),
                                                          reserved: SwiftNames.reservedCases.union(SwiftNames.screenFacts), taken: &screenTaken)
        }
        var reservedTypes = SwiftNames.reservedTypes
        for name in flowCase.compactMap({ $0 }) { reservedTypes.insert(SwiftNames.upperCamel(name) + "CodingKeys") }
        var typeTaken = screenTaken
        flowType = program.flows.map { flow in
            flow.routes.isEmpty ? nil : SwiftNames.unique(SwiftNames.upperCamel(program.name(flow.name)), reserved: reservedTypes, taken: &typeTaken)
        }
        routeCase = Array(repeating: "", count: program.routes.count)
        for flow in program.flows {
            var taken: Set<String> = []
            var reserved = SwiftNames.reservedCases.union(SwiftNames.screenFacts)
            reserved.insert("CodingKeys")
            for r in flow.routes.range {
                routeCase[r] = SwiftNames.unique(program.name(program.routes[r].name), reserved: reserved, taken: &taken)
            }
        }
        label = program.parameters.map { GeneratedNames.label(program.name($0.name)) }
        for route in program.routes { GeneratedNames.makeUnique(&label, route.parameters.range) }

        // Labelled events that share a name keep it (overloaded cases); every
        // other case stays clear of those names.
        var counts: [Symbol: Int] = [:]
        for event in interface.events { counts[event.name, default: 0] += 1 }
        func overloadName(_ name: String) -> String { SwiftNames.reservedCases.contains(name) ? name + "_" : name }
        var eventTaken = Set(interface.events.filter { counts[$0.name, default: 0] > 1 && !$0.labels.isEmpty }
            .map { overloadName(program.name($0.name)) })
        eventCase = []
        eventLabels = []
        eventOverloaded = []
        eventAlias = []
        for event in interface.events {
            let name = program.name(event.name)
            var labels = event.labels.map { GeneratedNames.label(program.name($0)) }
            GeneratedNames.makeUnique(&labels, labels.indices)
            eventLabels.append(labels)
            let shared = counts[event.name, default: 0] > 1
            if shared && !event.labels.isEmpty {
                eventCase.append(overloadName(name))
                eventAlias.append(nil)
                eventOverloaded.append(true)
            } else {
                // `case ready` cannot live beside `case ready(id:)`: a renamed case, spelled `.ready` by a static property.
                eventCase.append(SwiftNames.unique(name, reserved: SwiftNames.reservedCases, taken: &eventTaken))
                eventAlias.append(shared && !SwiftNames.reservedCases.contains(name) ? name : nil)
                eventOverloaded.append(false)
            }
        }

        var guardTaken: Set<String> = []
        guardCase = interface.guards.map { SwiftNames.unique(program.name($0), reserved: SwiftNames.reservedCases, taken: &guardTaken) }
        var tabTaken: Set<String> = []
        tabCase = interface.tabs.map {
            SwiftNames.unique(SwiftNames.lowerCamel(program.name(program.flows[Int($0)].name)), reserved: SwiftNames.reservedCases, taken: &tabTaken)
        }
    }

    /// Makes the labels in `range` distinct (`_` became `_0`, which a
    /// parameter may be called too): later ones get a trailing `_`.
    static func makeUnique(_ labels: inout [String], _ range: Range<Int>) {
        var taken: Set<String> = []
        for i in range { labels[i] = SwiftNames.unique(labels[i], reserved: [], taken: &taken) }
    }

    /// A parameter's label: its name, `_` (no label in Swift) spelled `_0`.
    static func label(_ name: String) -> String {
        name == "_" ? "_0" : name
    }
}
