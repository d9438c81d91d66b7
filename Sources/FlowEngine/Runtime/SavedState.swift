import Foundation

/// The JSON form of a navigation state. It names flows and routes rather
/// than numbering them, so a state saved before an unrelated edit of the
/// program still restores, and one that no longer fits is rejected with a
/// message that says what is gone.
struct SavedState: Codable {
    static let format = "flowkit-state"
    static let version = 1

    var format: String
    var version: Int
    var entry: String
    /// Running flows; `parent` indexes this array (-1 for the entry).
    var flows: [SavedFlow]
    var layers: [SavedLayer]
    var guards: [String]
    /// A gated link waiting for its guard (v1); absent when there is none.
    var pending: SavedPending?

    struct SavedPending: Codable {
        var url: String
        /// What the gate's actions showed: `Flow.route` and the index in `flows`.
        var shown: [SavedMark]
        /// (v2) True for a URL opened on a busy route, not tried yet; absent otherwise.
        var held: Bool?
    }

    struct SavedMark: Codable {
        var route: String
        var flow: Int
    }

    struct SavedFlow: Codable {
        var flow: String
        var parent: Int
        /// The flow's arguments as text (v1); absent for a flow without parameters.
        var arguments: [String]?
        /// True for a child expected to finish (started pushed, as a sheet or
        /// a cover); absent otherwise, and in states saved before it existed.
        var finishes: Bool?
    }

    struct SavedLayer: Codable {
        var kind: LayerKind
        /// Index in `flows` of the tab container filling the layer.
        var container: Int?
        var selected: Int
        var stacks: [[SavedEntry]]
    }

    struct SavedEntry: Codable {
        /// `Flow.route`.
        var route: String
        /// Index in `flows` of the flow that shows it.
        var flow: Int
        /// Each argument as text, converted back by the parameter's type.
        var arguments: [String]
    }
}

extension Navigator {
    /// The state as JSON (keys sorted, one value per line), for `--save`.
    public func savedState() -> String {
        var renumber = [Int](repeating: -1, count: state.instances.count)
        var flows: [SavedState.SavedFlow] = []
        for (i, instance) in state.instances.enumerated() where instance.isRunning {
            renumber[i] = flows.count
            flows.append(SavedState.SavedFlow(flow: program.name(program.flows[Int(instance.flow)].name), parent: Int(instance.parent),
                                              arguments: instance.arguments.isEmpty ? nil : instance.arguments.map(Navigator.text),
                                              finishes: instance.isExpectedToFinish ? true : nil))
        }
        for i in flows.indices where flows[i].parent >= 0 { flows[i].parent = renumber[flows[i].parent] }
        let layers = state.layers.map { layer in
            SavedState.SavedLayer(kind: layer.kind, container: layer.container >= 0 ? renumber[Int(layer.container)] : nil,
                                  selected: layer.selected,
                                  stacks: layer.stacks.map { stack in
                                      stack.map { entry in
                                          SavedState.SavedEntry(route: program.qualifiedName(entry.route), flow: renumber[Int(entry.instance)],
                                                                arguments: entry.arguments.map(Navigator.text))
                                      }
                                  })
        }
        let saved = SavedState(format: SavedState.format, version: SavedState.version,
                               entry: program.name(program.flows[Int(program.entry)].name), flows: flows, layers: layers,
                               guards: state.guards.map { program.name($0) }.sorted(),
                               pending: state.pendingLink.map { pending in
                                   SavedState.SavedPending(url: pending.url, shown: pending.shown.compactMap { mark in
                                       let flow = renumber[Int(mark.instance)]
                                       return flow >= 0 ? SavedState.SavedMark(route: program.qualifiedName(mark.route), flow: flow) : nil
                                   }, held: pending.isHeld ? true : nil)
                               })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(saved) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func text(_ value: Value) -> String {
        switch value {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): String(b)
        }
    }

    /// Replaces the state by a saved one, after checking it against the
    /// program; on any problem the state is unchanged and the error says why.
    public mutating func restore(from json: [UInt8]) throws(NavigationError) {
        let saved: SavedState
        do {
            saved = try JSONDecoder().decode(SavedState.self, from: Data(json))
        } catch {
            throw .invalidState("not a FlowKit state file (\(Navigator.decodingProblem(error)))")
        }
        guard saved.format == SavedState.format else { throw .invalidState("format is '\(saved.format)', expected '\(SavedState.format)'") }
        guard saved.version == SavedState.version else { throw .invalidState("version \(saved.version) is not supported (expected \(SavedState.version))") }
        let entryName = program.name(program.flows[Int(program.entry)].name)
        guard saved.entry == entryName else { throw .invalidState("saved for entry flow '\(saved.entry)', but the program's entry is '\(entryName)'") }
        var flowByName: [String: FlowID] = [:]
        for (f, flow) in program.flows.enumerated() { flowByName[program.name(flow.name)] = FlowID(f) }

        var restored = NavigationState()
        for (i, saved) in saved.flows.enumerated() {
            guard let flow = flowByName[saved.flow] else { throw .invalidState("flow '\(saved.flow)' no longer exists") }
            guard saved.parent >= -1, saved.parent < Int(Int32.max) else {
                throw .invalidState("flow #\(i) ('\(saved.flow)') has parent #\(saved.parent), which does not exist")
            }
            let arguments = try restoreArguments(saved.arguments ?? [], of: program.flows[Int(flow)].parameters,
                                                 what: "flow #\(i) ('\(saved.flow)')")
            restored.instances.append(FlowInstance(flow: flow, parent: Int32(saved.parent), isRunning: true, arguments: arguments,
                                                   isExpectedToFinish: saved.finishes ?? false))
        }
        for (i, instance) in restored.instances.enumerated() where Int(instance.parent) >= restored.instances.count {
            throw .invalidState("flow #\(i) has parent #\(instance.parent), which does not exist")
        }
        try checkFlowTree(restored.instances)
        var routeByName: [String: RouteID] = [:]
        if saved.layers.contains(where: { !$0.stacks.isEmpty }) || saved.pending != nil {
            routeByName.reserveCapacity(program.routes.count)
            for r in program.routes.indices { routeByName[program.qualifiedName(RouteID(r))] = RouteID(r) }
        }
        for layer in saved.layers {
            var stacks: [[Entry]] = []
            for stack in layer.stacks {
                var entries: [Entry] = []
                for entry in stack { entries.append(try restoreEntry(entry, restored, routeByName)) }
                stacks.append(entries)
            }
            var container: Int32 = -1
            if let index = layer.container {
                guard index >= 0, index < restored.instances.count else { throw .invalidState("a layer's tab container #\(index) does not exist") }
                container = Int32(index)
            }
            guard !stacks.isEmpty, layer.selected >= 0, layer.selected < stacks.count else {
                throw .invalidState("a \(layer.kind.rawValue) layer selects stack \(layer.selected) of \(stacks.count)")
            }
            var restoredLayer = container >= 0 ? Layer(kind: layer.kind, container: container, tabs: stacks) : Layer(kind: layer.kind, stack: stacks[0])
            if container < 0 && stacks.count != 1 { throw .invalidState("a layer without a tab container has \(stacks.count) stacks") }
            restoredLayer.selected = layer.selected
            restored.layers.append(restoredLayer)
        }
        try checkTabContainers(restored)
        let guardNames = program.guardSymbols
        for name in saved.guards {
            guard let symbol = guardNames[name] else { throw .invalidState("guard '\(name)' is not used by the program") }
            restored.guards.insert(symbol)
        }
        if let pending = saved.pending {
            var marks: [PendingLink.Mark] = []
            for mark in pending.shown {
                let entry = try restoreEntry(SavedState.SavedEntry(route: mark.route, flow: mark.flow, arguments: []), restored, routeByName,
                                             checkingArguments: false)
                marks.append(PendingLink.Mark(route: entry.route, instance: entry.instance))
            }
            do throws(NavigationError) {
                _ = try matchBinding(pending.url)
            } catch {
                throw .invalidState("the pending link '\(pending.url.prefix(200))' matches no link of the program")
            }
            if pending.held == true && !marks.isEmpty {
                throw .invalidState("the pending link '\(pending.url.prefix(200))' is held for a busy route and remembers screens its gate showed")
            }
            restored.pendingLink = PendingLink(url: pending.url, shown: marks, isHeld: pending.held == true)
        }
        var candidate = self
        candidate.state = restored
        if let problem = candidate.invariantViolations().first { throw .invalidState(problem) }
        self = candidate
    }

    /// The saved flow tree against the program's (docs/language.md#how-a-program-runs "State"): one
    /// entry flow at the root, no flow its own ancestor, and every child a
    /// flow its parent can start (`startModes`): a state saved before the
    /// program stopped starting a flow that way no longer fits.
    /// - Complexity: O(instances).
    private func checkFlowTree(_ instances: [FlowInstance]) throws(NavigationError) {
        func named(_ i: Int) -> String { "flow #\(i) ('\(program.name(program.flows[Int(instances[i].flow)].name))')" }
        let chains = Navigator.parentChains(instances)
        for (i, instance) in instances.enumerated() {
            guard instance.parent >= 0 else {
                if instance.flow != program.entry {
                    throw .invalidState("\(named(i)) has no parent, but only the entry flow '\(program.name(program.flows[Int(program.entry)].name))' runs without one")
                }
                continue
            }
            if chains[i] == .cycle { throw .invalidState("\(named(i)) is its own ancestor") }
            let parent = instances[Int(instance.parent)].flow
            if startModes(parent, instance.flow) == 0 {
                throw .invalidState("\(named(i)) runs under \(named(Int(instance.parent))), but '\(program.name(program.flows[Int(parent)].name))' never starts '\(program.name(program.flows[Int(instance.flow)].name))'")
            }
        }
    }

    /// Where the saved tab containers are: each running one fills exactly
    /// one layer, of a kind that fits the way its parent starts it, and a
    /// tab's stack shows no screen of another of its container's tabs.
    /// - Complexity: O(instances + entries).
    private func checkTabContainers(_ state: NavigationState) throws(NavigationError) {
        let instances = state.instances
        func flowName(_ i: Int32) -> String { program.name(program.flows[Int(instances[Int(i)].flow)].name) }
        var filled = [Int32](repeating: -1, count: instances.count)
        for (l, layer) in state.layers.enumerated() where layer.isTabContainer {
            let c = layer.container
            let flow = instances[Int(c)].flow
            guard program.flows[Int(flow)].isTabContainer else {
                throw .invalidState("layer #\(l) is filled by flow #\(c) ('\(flowName(c))'), which is not a tab container")
            }
            if filled[Int(c)] >= 0 {
                throw .invalidState("tab container flow #\(c) ('\(flowName(c))') fills layers #\(filled[Int(c)]) and #\(l); it fills one")
            }
            filled[Int(c)] = Int32(l)
            let parent = instances[Int(c)].parent
            let modes = parent >= 0 ? startModes(instances[Int(parent)].flow, flow) : 0
            if !Navigator.containerFits(layer.kind, modes: modes, isEntry: parent < 0) {
                let why = parent < 0 ? "the entry flow fills the base layer"
                    : layer.kind.isTransient ? "\(layer.kind == .alert ? "an alert" : "a dialog") holds one screen"
                    : "'\(flowName(parent))' starts it only \(Navigator.modesText(modes))"
                let kind = layer.kind == .base ? "the base" : layer.kind == .alert ? "an alert" : "a \(layer.kind.rawValue)"
                throw .invalidState("layer #\(l) (\(kind)) holds tab container flow #\(c) ('\(flowName(c))'), but \(why)")
            }
        }
        for (i, instance) in instances.enumerated() where program.flows[Int(instance.flow)].isTabContainer && filled[i] < 0 {
            throw .invalidState("tab container flow #\(i) ('\(flowName(Int32(i)))') fills no layer")
        }
        // For each instance, its ancestor (or itself) whose parent is a tab
        // container, or -1: which tab it runs in. Resolved top-down, once each.
        let tabBit: UInt8 = 1 << FlowTopology.Mode.tab.rawValue
        var tabChild = [Int32](repeating: -2, count: instances.count)
        var path: [Int32] = []
        for i in instances.indices where tabChild[i] == -2 {
            path.removeAll(keepingCapacity: true)
            var current = Int32(i)
            while current >= 0, tabChild[Int(current)] == -2 {
                path.append(current)
                current = instances[Int(current)].parent
            }
            for p in path.reversed() {
                let parent = instances[Int(p)].parent
                tabChild[Int(p)] = parent < 0 ? -1 : program.flows[Int(instances[Int(parent)].flow)].isTabContainer ? p : tabChild[Int(parent)]
            }
        }
        for (l, layer) in state.layers.enumerated() where layer.isTabContainer {
            let tabs = program.tabs(of: instances[Int(layer.container)].flow)
            for (s, stack) in layer.stacks.enumerated() where s < tabs.count {
                let expected = tabs[tabs.startIndex + s]
                for entry in stack {
                    let t = tabChild[Int(entry.instance)]
                    // Screens of flows above the container may be pushed on a tab; a tab's own must be in its stack.
                    guard t >= 0, instances[Int(t)].parent == layer.container else { continue }
                    let shownBy = instances[Int(t)].flow
                    guard shownBy != expected, startModes(instances[Int(layer.container)].flow, shownBy) & tabBit != 0 else { continue }
                    throw .invalidState("layer #\(l) shows '\(program.qualifiedName(entry.route))' of tab '\(flowName(t))' (flow #\(t)) in the stack of tab '\(program.name(program.flows[Int(expected)].name))'")
                }
            }
        }
    }

    /// An entry of the saved state: its route looked up by `Flow.route` in
    /// `routeByName`, shown by a running instance of that route's flow.
    private func restoreEntry(_ saved: SavedState.SavedEntry, _ restored: NavigationState, _ routeByName: [String: RouteID],
                              checkingArguments: Bool = true) throws(NavigationError) -> Entry {
        let parts = saved.route.split(separator: ".", maxSplits: 1)
        guard parts.count == 2 else { throw .invalidState("route '\(saved.route)' is not written Flow.route") }
        guard let route = routeByName[saved.route] else {
            throw .invalidState("route '\(saved.route)' no longer exists")
        }
        let flow = program.routes[Int(route)].flow
        guard saved.flow >= 0, saved.flow < restored.instances.count, restored.instances[saved.flow].flow == flow else {
            throw .invalidState("route '\(saved.route)' is shown by flow #\(saved.flow), which is not a running '\(parts[0])'")
        }
        guard checkingArguments else { return Entry(route: route, instance: Int32(saved.flow)) }
        let values = try restoreArguments(saved.arguments, of: program.routes[Int(route)].parameters, what: "route '\(saved.route)'")
        return Entry(route: route, instance: Int32(saved.flow), arguments: values)
    }

    /// Saved argument texts converted by the parameters' types; throws when
    /// their number or a value does not fit.
    private func restoreArguments(_ texts: [String], of range: IndexRange, what: String) throws(NavigationError) -> [Value] {
        let parameters = program.parameters[range.range]
        guard parameters.count == texts.count else {
            throw .invalidState("\(what) takes \(parameters.count) arguments, the state has \(texts.count)")
        }
        var values: [Value] = []
        for (parameter, text) in zip(parameters, texts) {
            guard let value = RouteArguments.convert(text, to: parameter.type) else {
                throw .invalidState("argument '\(program.name(parameter.name))' of \(what) is not \(parameter.type.rawValue): '\(text.prefix(40))'")
            }
            values.append(value)
        }
        return values
    }

    static func decodingProblem(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "malformed JSON" }
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing '\(path(context.codingPath + [key]))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at '\(path(context.codingPath))'"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "malformed JSON" : "bad value at '\(path(context.codingPath))'"
        @unknown default: return "malformed JSON"
        }
    }
}
