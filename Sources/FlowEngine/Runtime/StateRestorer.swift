import FlowModel

/// Builds the engine state a saved state describes, part by part: its
/// flows, its guards, its layers bottom to top and each stack bottom to
/// top, then the pending URL. Each part is checked by name against the
/// program and each screen entry against the program's reachable shapes.
/// An exact restore throws at the first part that does not fit; a
/// repairing one drops it (a stack from that entry up, a layer and all
/// above it, a flow and what it shows) and notes why in `report`.
struct StateRestorer {
    let saved: SavedState
    private let names: SavedNames
    let repairs: Bool
    private let restoresGuards: Bool
    private let shapes: ReachableShapes
    /// The navigator whose state is built (it starts the tabs a state does not know).
    var navigator: Navigator
    private(set) var report: RestoreReport

    init(_ saved: SavedState, into navigator: Navigator, names: SavedNames, options: RestoreOptions, shapes: ReachableShapes) {
        self.saved = saved
        self.names = names
        repairs = options.repairs
        restoresGuards = options.restoresGuards
        self.shapes = shapes
        self.navigator = navigator
        report = RestoreReport(checkedReachability: shapes.isComplete, reason: shapes.incompleteReason)
    }

    private var program: Program { navigator.program }

    /// The navigator in the restored state.
    mutating func run() throws(NavigationError) -> Navigator {
        let guards = navigator.state.guards
        navigator.state = NavigationState()
        navigator.state.guards = guards
        try restoreFlows()
        guard navigator.state.instances.contains(where: { $0.isRunning && $0.parent < 0 }) || !repairs else {
            return try startAfresh(because: "its entry flow does not fit")
        }
        try restoreGuards()
        try restoreLayers()
        if repairs {
            try checkShapes()
            guard !navigator.state.layers.isEmpty else { return try startAfresh(because: "its first screen does not fit") }
            try restorePending()
            navigator.state = Self.compacted(navigator.state)
            do throws(NavigationError) {
                try navigator.checkTabContainers(navigator.state)
            } catch {
                return try startAfresh(because: error.problem)
            }
        } else {
            try navigator.checkTabContainers(navigator.state)
            try checkShapes()
            try restorePending()
        }
        if let problem = navigator.invariantViolations().first {
            guard repairs else { throw .invalidState(problem) }
            return try startAfresh(because: problem)
        }
        return navigator
    }

    /// Refuses (exact) or notes what is dropped (repairing). `place` is
    /// where `what` was, said in the refusal too when `placing`.
    /// `route`: the saved `Flow.route` of the first screen dropped, if a screen is.
    mutating func misfit(_ why: String, dropping what: String, in place: String? = nil, placing: Bool = false,
                                 route: String? = nil) throws(NavigationError) {
        guard repairs else { throw .invalidState(placing ? place.map { "\($0): \(why)" } ?? why : why) }
        note("\(what)\(place.map { " in \($0)" } ?? ""): \(why)", route: route)
    }

    /// Adds a line to the report's `dropped`, and its route to `droppedRoutes`.
    private mutating func note(_ line: String, route: String? = nil) {
        report.dropped.append(line)
        report.droppedRoutes.append(route)
    }

    /// A repair that keeps nothing: the program's launch, under the saved
    /// guards (or the app's own, when it keeps them).
    private mutating func startAfresh(because why: String) throws(NavigationError) -> Navigator {
        note("everything, started afresh: \(why)")
        let guards = restoresGuards ? saved.guards.filter { names.guards[$0] != nil } : navigator.state.guards.map { program.name($0) }
        return try Navigator(program: program, assuming: guards)
    }

    // MARK: - Flows and guards

    private mutating func restoreFlows() throws(NavigationError) {
        for (i, flow) in saved.flows.enumerated() {
            var instance = FlowInstance(flow: 0, parent: -1, isRunning: true, arguments: [], isExpectedToFinish: flow.finishes ?? false)
            guard flow.parent >= -1, flow.parent < Int(Int32.max) else {
                throw .invalidState("flow #\(i) ('\(flow.flow)') has parent #\(flow.parent), which does not exist")
            }
            instance.parent = Int32(flow.parent)
            if let id = names.flow(flow.flow) {
                instance.flow = id
                do throws(NavigationError) {
                    instance.arguments = try navigator.restoreArguments(flow.arguments ?? [], of: program.flows[Int(id)].parameters,
                                                                       what: "flow #\(i) ('\(flow.flow)')")
                } catch {
                    try misfit(error.problem, dropping: "flow #\(i) ('\(flow.flow)') and what it shows")
                    instance.isRunning = false
                }
            } else {
                try misfit("flow '\(flow.flow)' no longer exists", dropping: "flow #\(i) and what it shows")
                instance.isRunning = false
            }
            navigator.state.instances.append(instance)
        }
        let instances = navigator.state.instances
        for (i, instance) in instances.enumerated() where Int(instance.parent) >= instances.count {
            throw .invalidState("flow #\(i) has parent #\(instance.parent), which does not exist")
        }
        guard repairs else {
            try navigator.checkFlowTree(instances)
            return
        }
        // Drops each flow that does not fit where it runs, then those under a dropped one.
        let before = Navigator.parentChains(instances)
        for (i, instance) in instances.enumerated() where instance.isRunning && (instance.parent < 0 || instances[Int(instance.parent)].isRunning) {
            if let problem = navigator.flowTreeProblem(instances, i, before) {
                note("flow #\(i) ('\(saved.flows[i].flow)') and what it shows: \(problem)")
                navigator.state.instances[i].isRunning = false
            }
        }
        let chains = Navigator.parentChains(navigator.state.instances)
        for i in instances.indices where chains[i] != .rooted { navigator.state.instances[i].isRunning = false }
    }

    private mutating func restoreGuards() throws(NavigationError) {
        guard restoresGuards else { return }
        navigator.state.guards = []
        for name in saved.guards {
            if let symbol = names.guards[name] {
                navigator.state.guards.insert(symbol)
            } else {
                try misfit("guard '\(name)' is not used by the program", dropping: "guard '\(name)'")
            }
        }
    }

    // MARK: - Layers

    /// The saved layers, each entry found by name; a repair cuts a stack
    /// at its first entry that is not found, and drops a layer (and all
    /// above it) that keeps no screen.
    private mutating func restoreLayers() throws(NavigationError) {
        for (l, layer) in saved.layers.enumerated() {
            guard let restored = try restoreLayer(layer, l) else {
                dropLayers(above: l)
                return
            }
            navigator.state.layers.append(restored)
        }
    }

    /// Notes the saved layers above `l`, which a repair drops with it.
    private mutating func dropLayers(above l: Int) {
        let above = saved.layers.count - l - 1
        if above > 0 { note("the \(above) layer\(above == 1 ? "" : "s") above layer #\(l): \(above == 1 ? "it stands" : "they stand") on it") }
    }

    /// How messages name a stack: its layer's name, and its tab's (-1: none).
    private func place(_ layer: String, tab: FlowID) -> String {
        tab >= 0 ? "\(layer), tab '\(program.name(program.flows[Int(tab)].name))'" : layer
    }

    /// `2 screens from 'Shop.cart' up`: what cutting a stack drops.
    private static func screens(_ count: Int, from route: String) -> String {
        "\(count) screen\(count == 1 ? "" : "s") from '\(route)' up"
    }

    /// How messages name layer `l`.
    private func place(_ l: Int, _ kind: LayerKind) -> String {
        kind == .base ? "the base layer" : "layer #\(l) (\(kind.rawValue))"
    }

    /// Layer `l` with its entries found by name, or nil when a repair drops it.
    private mutating func restoreLayer(_ layer: SavedState.SavedLayer, _ l: Int) throws(NavigationError) -> Layer? {
        let kind = place(l, layer.kind)
        var container: Int32 = -1
        if let index = layer.container {
            guard index >= 0, index < navigator.state.instances.count else {
                try misfit("a layer's tab container #\(index) does not exist", dropping: kind)
                return nil
            }
            guard navigator.state.instances[index].isRunning else {
                note("\(kind): its tab container flow #\(index) ('\(saved.flows[index].flow)') was dropped")
                return nil
            }
            let flow = navigator.state.instances[index].flow
            guard program.flows[Int(flow)].isTabContainer else {
                try misfit("layer #\(l) is filled by flow #\(index) ('\(program.name(program.flows[Int(flow)].name))'), which is not a tab container",
                           dropping: kind)
                return nil
            }
            container = Int32(index)
        }
        let (stacks, savedSelection) = try arrangeStacks(layer, l, container: container)
        var selected = savedSelection
        let tabs = container >= 0 ? Array(program.tabs(of: navigator.state.instances[Int(container)].flow)) : []
        var restored: [[Entry]] = []
        for (s, stack) in stacks.enumerated() {
            let tab = s < tabs.count ? tabs[s] : -1
            var entries = try restoreStack(stack ?? [], in: place(kind, tab: tab))
            if entries.isEmpty {
                guard tab >= 0 else {
                    if stack?.isEmpty ?? true { try misfit("layer #\(l) has an empty stack", dropping: kind) }
                    return nil
                }
                entries = try startTab(tab, container: container)
            }
            restored.append(entries)
        }
        guard !restored.isEmpty else {
            try misfit("a \(layer.kind.rawValue) layer selects stack \(layer.selected) of 0", dropping: kind)
            return nil
        }
        if selected < 0 || selected >= restored.count {
            try misfit("a \(layer.kind.rawValue) layer selects stack \(layer.selected) of \(restored.count)", dropping: "the selection of \(kind)")
            selected = 0
        }
        guard container >= 0 else {
            if restored.count != 1 {
                try misfit("a layer without a tab container has \(restored.count) stacks", dropping: "all but the first stack of \(kind)")
            }
            return Layer(kind: layer.kind, stack: restored[0])
        }
        var result = Layer(kind: layer.kind, container: container, tabs: restored)
        result.selected = selected
        return result
    }

    /// Checks each entry against the program's reachable shapes, layer by
    /// layer from the bottom, each over what now stands under it: a repair
    /// cuts a stack at its first entry that does not fit (a tab left empty
    /// starts afresh), and drops a layer left empty with all above it.
    private mutating func checkShapes() throws(NavigationError) {
        guard shapes.isComplete else { return }
        var anchor: Entry?
        for l in navigator.state.layers.indices {
            var layer = navigator.state.layers[l]
            let kind = place(l, layer.kind)
            let tabs = layer.container >= 0 ? Array(program.tabs(of: navigator.state.instances[Int(layer.container)].flow)) : []
            for s in layer.stacks.indices {
                let tab = s < tabs.count ? tabs[s] : -1
                let location = place(kind, tab: tab)
                let stack = layer.stacks[s]
                for (i, entry) in stack.enumerated() {
                    let below = i == 0 ? anchor : stack[i - 1]
                    guard !shapes.contains(entry, over: below, isRoot: i == 0, kind: layer.kind, tab: tab, in: navigator.state) else { continue }
                    let left = stack.count - i
                    try misfit(unreachable(entry, over: below, isRoot: i == 0, tab: tab),
                               dropping: Self.screens(left, from: program.qualifiedName(entry.route)),
                               in: location, placing: true, route: program.qualifiedName(entry.route))
                    layer.stacks[s].removeLast(left)
                    break
                }
                if layer.stacks[s].isEmpty {
                    guard tab >= 0 else {
                        navigator.state.layers.removeLast(navigator.state.layers.count - l)
                        dropLayers(above: l)
                        return
                    }
                    layer.stacks[s] = try startTab(tab, container: layer.container)
                }
            }
            navigator.state.layers[l] = layer
            anchor = layer.stacks[layer.selected].last
        }
    }

    /// The entries of a saved stack, up to the first that is not found.
    private mutating func restoreStack(_ stack: [SavedState.SavedEntry], in place: String) throws(NavigationError) -> [Entry] {
        var entries: [Entry] = []
        for (i, saved) in stack.enumerated() {
            do throws(NavigationError) {
                entries.append(try restoreEntry(saved))
            } catch {
                let left = stack.count - i
                try misfit(error.problem, dropping: Self.screens(left, from: saved.route), in: place,
                           route: names.route(saved.route).map(program.qualifiedName) ?? saved.route)
                break
            }
        }
        return entries
    }

    /// The saved stacks in the order of today's tabs (nil for a tab the
    /// state does not know), and which one is selected. Tabs are matched
    /// by name when the state names them, else taken in order.
    private mutating func arrangeStacks(_ layer: SavedState.SavedLayer, _ l: Int, container: Int32) throws(NavigationError)
        -> ([[SavedState.SavedEntry]?], Int) {
        guard container >= 0 else { return (layer.stacks.map { $0 }, layer.selected) }
        let containerFlow = navigator.state.instances[Int(container)].flow
        let tabs = program.tabs(of: containerFlow)
        guard let names = layer.tabs, names.count == layer.stacks.count else {
            // Saved before tabs were named: by position, a tab the state lacks starting afresh.
            var stacks: [[SavedState.SavedEntry]?] = layer.stacks.map { $0 }
            if repairs {
                if stacks.count > tabs.count {
                    note("the last \(stacks.count - tabs.count) tab stacks of layer #\(l): '\(program.name(program.flows[Int(containerFlow)].name))' has \(tabs.count) tabs")
                    stacks.removeLast(stacks.count - tabs.count)
                }
            }
            while stacks.count < tabs.count { stacks.append(nil) }
            return (stacks, layer.selected)
        }
        var stacks = [[SavedState.SavedEntry]?](repeating: nil, count: tabs.count)
        var selected = 0
        if layer.selected < 0 || layer.selected >= names.count {
            try misfit("a \(layer.kind.rawValue) layer selects stack \(layer.selected) of \(names.count)", dropping: "the selection of layer #\(l)")
        }
        for (k, name) in names.enumerated() {
            guard let flow = self.names.flow(name), let t = tabs.firstIndex(of: flow) else {
                try misfit("'\(name)' is no longer a tab of '\(program.name(program.flows[Int(containerFlow)].name))'",
                           dropping: "the stack of tab '\(name)' in layer #\(l)")
                continue
            }
            stacks[t - tabs.startIndex] = layer.stacks[k]
            if k == layer.selected { selected = t - tabs.startIndex }
        }
        return (stacks, selected)
    }

    /// Why a shape is not one of the program's: `'Shop.cart' is never
    /// pushed over 'Shop.catalog'`.
    private func unreachable(_ entry: Entry, over below: Entry?, isRoot: Bool, tab: FlowID) -> String {
        let name = "'\(program.qualifiedName(entry.route))'"
        guard let below else { return "this program never starts \(tab >= 0 ? "the tab" : "the app") with \(name)" }
        let over = "'\(program.qualifiedName(below.route))'"
        return isRoot ? "this program never shows \(name) as this layer's first screen over \(over)"
            : "this program never shows \(name) pushed over \(over)"
    }

    /// An entry of the saved state: its route found by name, shown by a
    /// running instance of that route's flow, its arguments converted.
    func restoreEntry(_ saved: SavedState.SavedEntry, checkingArguments: Bool = true) throws(NavigationError) -> Entry {
        guard let dot = saved.route.firstIndex(of: "."), dot != saved.route.startIndex else {
            throw .invalidState("route '\(saved.route)' is not written Flow.route")
        }
        guard let route = names.route(saved.route) else { throw .invalidState("route '\(saved.route)' no longer exists") }
        let instances = navigator.state.instances
        guard saved.flow >= 0, saved.flow < instances.count, instances[saved.flow].isRunning,
              instances[saved.flow].flow == program.routes[Int(route)].flow else {
            throw .invalidState("route '\(saved.route)' is shown by flow #\(saved.flow), which is not a running '\(saved.route[..<dot])'")
        }
        guard checkingArguments else { return Entry(route: route, instance: Int32(saved.flow)) }
        let values = try navigator.restoreArguments(saved.arguments, of: program.routes[Int(route)].parameters, what: "route '\(saved.route)'")
        return Entry(route: route, instance: Int32(saved.flow), arguments: values)
    }

    /// A tab's stack as the engine starts it (a tab the saved state does
    /// not know, or whose saved screens were all dropped).
    private mutating func startTab(_ tab: FlowID, container: Int32) throws(NavigationError) -> [Entry] {
        let recording = navigator.recordsEffects
        navigator.recordsEffects = false
        defer { navigator.recordsEffects = recording }
        let instance = navigator.newInstance(tab, parent: container)
        return [try navigator.startEntry(tab, as: instance, insideTabs: true)]
    }
}

extension NavigationError {
    /// The text of an `invalidState` error (what does not fit), else the description.
    var problem: String {
        if case .invalidState(let problem) = self { return problem }
        return description
    }
}
