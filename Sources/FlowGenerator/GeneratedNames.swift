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
    /// For each event of the interface: its case and its labels.
    var eventCase: [String]
    var eventLabels: [[String]]
    /// For a labelled event whose name another event shares (`open(id:)`
    /// beside `open(name:)`): the name of the static factory that spells
    /// it as the program does (`.open(id: 1)`), its case being unique
    /// (`openID`): Swift cannot match cases that share a name in a pattern.
    var eventFactory: [String?]
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

        // Events that share a name: a labelled one gets a case of its own
        // (`openID`) and a static factory of the shared name (`open(id:)`); a
        // parameterless one a renamed case (`open_`) and a static property
        // (`open`). Other cases stay clear of the shared names.
        var counts: [Symbol: Int] = [:]
        for event in interface.events { counts[event.name, default: 0] += 1 }
        func sharedName(_ name: String) -> String { SwiftNames.reservedCases.contains(name) ? name + "_" : name }
        var eventTaken = Set(interface.events.filter { counts[$0.name, default: 0] > 1 }.map { sharedName(program.name($0.name)) })
        eventCase = []
        eventLabels = []
        eventFactory = []
        eventAlias = []
        var overloaded: [Int] = []
        for (i, event) in interface.events.enumerated() {
            let name = program.name(event.name)
            var labels = event.labels.map { GeneratedNames.label(program.name($0)) }
            GeneratedNames.makeUnique(&labels, labels.indices)
            eventLabels.append(labels)
            let shared = counts[event.name, default: 0] > 1
            if shared && !event.labels.isEmpty {
                eventCase.append("")
                eventFactory.append(sharedName(name))
                eventAlias.append(nil)
                overloaded.append(i)
            } else {
                // `case ready` cannot live beside `static func ready(id:)`: a renamed case, spelled `.ready` by a static property.
                eventCase.append(SwiftNames.unique(name, reserved: SwiftNames.reservedCases, taken: &eventTaken))
                eventFactory.append(nil)
                eventAlias.append(shared && !SwiftNames.reservedCases.contains(name) ? name : nil)
            }
        }
        // After every other case has its name: the shared name and the labels (`open` + `ID`).
        for i in overloaded {
            let name = program.name(interface.events[i].name) + eventLabels[i].map(GeneratedNames.caseNamePart).joined()
            eventCase[i] = SwiftNames.unique(name, reserved: SwiftNames.reservedCases, taken: &eventTaken)
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

    /// A label as part of an overloaded event's case name: upper camel
    /// case, `id` and `url` in capitals as Swift spells them (`openID`,
    /// `openURL`), underscores dropped (`_0` → `0`).
    static func caseNamePart(_ label: String) -> String {
        let bare = label.filter { $0 != "_" }
        switch bare {
        case "": return "Value"
        case "id", "url", "uri", "uuid": return bare.uppercased()
        default: return SwiftNames.upperCamel(bare)
        }
    }

    /// A parameter's label: its name, `_` (no label in Swift) spelled `_0`.
    static func label(_ name: String) -> String {
        name == "_" ? "_0" : name
    }
}
