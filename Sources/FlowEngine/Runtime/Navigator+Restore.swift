import FlowModel
import Foundation

extension Navigator {
    /// Replaces the state by a saved one. An exact restore refuses a state
    /// the program cannot reach, saying what does not fit, and leaves the
    /// state unchanged; a repairing one keeps, layer by layer, the longest
    /// prefix of each stack that the program can reach, and reports what it
    /// dropped. Both find flows, routes and tabs by name, through the old
    /// names of `was(...)`; a tab the state does not know starts afresh.
    /// `shapes` are the program's reachable shapes (`ReachableShapes`;
    /// `restore(from:options:)` explores them). A file that is not a state
    /// of this program's entry flow is refused in both modes.
    @discardableResult
    public mutating func restore(from json: [UInt8], options: RestoreOptions, shapes: ReachableShapes) throws(NavigationError) -> RestoreReport {
        let saved: SavedState
        do {
            saved = try JSONDecoder().decode(SavedState.self, from: Data(json))
        } catch {
            throw .invalidState("not a FlowKit state file (\(Navigator.decodingProblem(error)))")
        }
        guard saved.format == SavedState.format else { throw .invalidState("format is '\(saved.format)', expected '\(SavedState.format)'") }
        guard saved.version == SavedState.version else { throw .invalidState("version \(saved.version) is not supported (expected \(SavedState.version))") }
        return try restore(saved, options: options, shapes: shapes)
    }

    /// Restores `state`, a state of `old`'s program (an earlier release),
    /// as saving it there and restoring the file here would, without the
    /// JSON: how `flowctl diff` restores each state of the old release.
    @discardableResult
    public mutating func restore(_ state: NavigationState, savedBy old: Navigator, options: RestoreOptions,
                                 shapes: ReachableShapes) throws(NavigationError) -> RestoreReport {
        try restore(old.savedForm(of: state), options: options, shapes: shapes)
    }

    private mutating func restore(_ saved: SavedState, options: RestoreOptions, shapes: ReachableShapes) throws(NavigationError) -> RestoreReport {
        let names = shapes.names ?? SavedNames(program)
        let entryName = program.name(program.flows[Int(program.entry)].name)
        guard names.flow(saved.entry) == program.entry else {
            throw .invalidState("saved for entry flow '\(saved.entry)', but the program's entry is '\(entryName)'")
        }
        var restorer = StateRestorer(saved, into: self, names: names, options: options, shapes: shapes)
        let restored = try restorer.run()
        self = restored
        if recordsEffects { stampIdentities() }
        return restorer.report
    }

    /// The saved flow tree against the program's (docs/language.md#how-a-program-runs "State"): one
    /// entry flow at the root, no flow its own ancestor, and every child a
    /// flow its parent can start (`startModes`): a state saved before the
    /// program stopped starting a flow that way no longer fits.
    /// - Complexity: O(instances).
    func checkFlowTree(_ instances: [FlowInstance]) throws(NavigationError) {
        let chains = Navigator.parentChains(instances)
        for i in instances.indices {
            if let problem = flowTreeProblem(instances, i, chains) { throw .invalidState(problem) }
        }
    }

    /// What is wrong with where instance `i` runs, or nil.
    func flowTreeProblem(_ instances: [FlowInstance], _ i: Int, _ chains: [ParentChain]) -> String? {
        func named(_ i: Int) -> String { "flow #\(i) ('\(program.name(program.flows[Int(instances[i].flow)].name))')" }
        let instance = instances[i]
        guard instance.parent >= 0 else {
            guard instance.flow == program.entry else {
                return "\(named(i)) has no parent, but only the entry flow '\(program.name(program.flows[Int(program.entry)].name))' runs without one"
            }
            return nil
        }
        if chains[i] == .cycle { return "\(named(i)) is its own ancestor" }
        let parent = instances[Int(instance.parent)].flow
        if startModes(parent, instance.flow) == 0 {
            return "\(named(i)) runs under \(named(Int(instance.parent))), but '\(program.name(program.flows[Int(parent)].name))' never starts '\(program.name(program.flows[Int(instance.flow)].name))'"
        }
        return nil
    }

    /// Where the saved tab containers are: each running one fills exactly
    /// one layer, of a kind that fits the way its parent starts it, and a
    /// tab's stack shows no screen of another of its container's tabs.
    /// - Complexity: O(instances + entries).
    func checkTabContainers(_ state: NavigationState) throws(NavigationError) {
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

    /// Saved argument texts converted by the parameters' types; throws when
    /// their number or a value does not fit.
    func restoreArguments(_ texts: [String], of range: IndexRange, what: String) throws(NavigationError) -> [Value] {
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

}
