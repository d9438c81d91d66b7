import FlowModel

/// Flow instances: starting a flow (through the flows that start another in
/// their place, and guarded starts), the slots of ended instances, and the
/// end of flows left without screens.
extension Navigator {
    /// What starting a flow puts on screen.
    enum Placed {
        case entry(Entry)
        case tabs(container: Int32, stacks: [[Entry]])
    }

    /// Starts `flow` as instance `instance`: follows `start` through flows
    /// that start another flow in their place, to a route or a tab container.
    /// `event` names the step in errors.
    mutating func instantiate(_ flow: FlowID, as instance: Int32, event: String = "start") throws(NavigationError) -> Placed {
        try startChain(flow, as: instance, insideTabs: false, event: event)
    }

    /// The start route of `flow` (a tab's: no tab container may follow).
    mutating func startEntry(_ flow: FlowID, as instance: Int32, insideTabs: Bool, event: String = "start") throws(NavigationError) -> Entry {
        switch try startChain(flow, as: instance, insideTabs: insideTabs, event: event) {
        case .entry(let entry): return entry
        case .tabs: throw .unsupported(event: event, problem: "flow '\(program.name(program.flows[Int(flow)].name))' starts a tab container in its place")
        }
    }

    /// Follows the start chain of `flow`, creating instances for flows
    /// started in place: at each flow, the first `start` item whose guard
    /// holds, else the fallback, its arguments bound from that flow's own;
    /// a tab container at the end starts all its tabs (its instance is the
    /// last one created).
    private mutating func startChain(_ flow: FlowID, as instance: Int32, insideTabs: Bool, event: String) throws(NavigationError) -> Placed {
        var current = flow
        var owner = instance
        for _ in 0...program.flows.count {
            let f = program.flows[Int(current)]
            if f.isTabContainer {
                if insideTabs { throw .unsupported(event: event, problem: "tab containers cannot be nested") }
                var stacks: [[Entry]] = []
                for tab in program.tabs(of: current) {
                    guard program.flows[Int(tab)].parameters.isEmpty else {
                        throw .unsupported(event: event, problem: "tab '\(program.name(program.flows[Int(tab)].name))' has parameters (F114)")
                    }
                    let child = newInstance(tab, parent: owner)
                    stacks.append([try startEntry(tab, as: child, insideTabs: true, event: event)])
                }
                return .tabs(container: owner, stacks: stacks)
            }
            let item = chosenStart(current)
            switch item?.target ?? f.start {
            case .route(let r):
                let arguments = try bind(item?.arguments ?? .empty, to: program.routes[Int(r)].parameters, owner, HandlerValues(event: []),
                                         what: "start route '\(program.qualifiedName(r))'", event)
                return .entry(Entry(route: r, instance: owner, arguments: arguments))
            case .flow(let g):
                let arguments = try bind(item?.arguments ?? .empty, to: program.flows[Int(g)].parameters, owner, HandlerValues(event: []),
                                         what: "flow '\(program.name(program.flows[Int(g)].name))'", event)
                owner = newInstance(g, parent: owner, arguments: arguments)
                current = g
            case .none:
                throw .unsupported(event: event, problem: "flow '\(program.name(f.name))' has no start")
            }
        }
        throw .unsupported(event: event, problem: "the start of '\(program.name(program.flows[Int(flow)].name))' never shows a screen: \(startCycleText(from: flow)) start each other in their place without end")
    }

    /// The cycle that the start chain from `flow` enters, for messages: `'A' → 'B' → 'A'`.
    func startCycleText(from flow: FlowID) -> String {
        var seen = [Int](repeating: -1, count: program.flows.count)
        var chain: [FlowID] = []
        var current = flow
        while seen[Int(current)] < 0 {
            seen[Int(current)] = chain.count
            chain.append(current)
            guard case .flow(let next)? = chosenStart(current)?.target ?? Optional(program.flows[Int(current)].start) else { break }
            current = next
        }
        let cycle = seen[Int(current)] >= 0 ? Array(chain[seen[Int(current)]...]) + [current] : chain
        return cycle.map { "'\(program.name(program.flows[Int($0)].name))'" }.joined(separator: " → ")
    }

    /// The `start` item of `flow` that applies now: the first guarded one
    /// whose guard holds, else the fallback (nil for a flow without items).
    func chosenStart(_ flow: FlowID) -> StartItem? {
        let items = program.flows[Int(flow)].starts
        var fallback: StartItem?
        for i in items.range {
            let item = program.startItems[i]
            guard let condition = item.guardCondition else {
                fallback = item
                continue
            }
            if guardIsSet(condition.name) != condition.negated { return item }
        }
        return fallback
    }

    mutating func newInstance(_ flow: FlowID, parent: Int32, arguments: [Value] = [], expectedToFinish: Bool = false) -> Int32 {
        emit(.flowStarted(flow))
        let instance = FlowInstance(flow: flow, parent: parent, isRunning: true, arguments: arguments,
                                    isExpectedToFinish: expectedToFinish)
        if reusesSlots, let slot = state.freeSlots.popLast() {
            state.instances[Int(slot)] = instance
            return slot
        }
        state.instances.append(instance)
        return Int32(state.instances.count - 1)
    }

    mutating func free(_ instance: Int32) {
        state.instances[Int(instance)].isRunning = false
        state.instances[Int(instance)].arguments = []
        if reusesSlots { state.freeSlots.append(instance) }
    }

    /// Marks `instance` and every running instance below it.
    /// - Complexity: O(instances): each instance is resolved once, without
    ///   an allocation for up to 64 instances (`InstanceFlags`; this runs
    ///   several times in every step the state exploration takes).
    func subtree(of instance: Int32) -> Subtree {
        let instances = state.instances
        var inside = InstanceFlags(count: instances.count)
        var resolved = InstanceFlags(count: instances.count)
        inside[Int(instance)] = true
        resolved[Int(instance)] = true
        for i in instances.indices where instances[i].isRunning && !resolved[i] {
            // Up to the first instance resolved (or the top), then down the same way marking.
            var current = Int32(i)
            var steps = 0
            while current >= 0, !resolved[Int(current)], steps <= instances.count {
                current = instances[Int(current)].parent
                steps += 1
            }
            let isInside = current >= 0 && inside[Int(current)]
            var marking = Int32(i)
            while marking >= 0, marking != current, !resolved[Int(marking)] {
                resolved[Int(marking)] = true
                inside[Int(marking)] = isInside
                marking = instances[Int(marking)].parent
            }
        }
        return Subtree(inside: inside)
    }

    /// Ends, silently, every flow left with no screen of its own or below it.
    ///
    /// Reads the screen and the instances in place, by index: this runs at
    /// the end of most steps the state exploration takes, and copying a
    /// layer or an instance out of its array retains what it holds.
    mutating func endUnusedInstances() {
        needsCollection = false
        let count = state.instances.count
        var alive = InstanceFlags(count: count)
        for l in state.layers.indices {
            let container = state.layers[l].container
            if container >= 0 { markAlive(container, &alive) }
            for s in state.layers[l].stacks.indices {
                for e in state.layers[l].stacks[s].indices { markAlive(state.layers[l].stacks[s][e].instance, &alive) }
            }
        }
        for i in 0..<count where !alive[i] && state.instances[i].isRunning {
            let flow = state.instances[i].flow
            emit(.flowEnded(flow))
            free(Int32(i))
        }
    }

    /// Marks `instance` and the instances above it alive, up to the first
    /// already marked.
    private func markAlive(_ instance: Int32, _ alive: inout InstanceFlags) {
        var current = instance
        while current >= 0, !alive[Int(current)] {
            alive[Int(current)] = true
            current = state.instances[Int(current)].parent
        }
    }
}

/// The running instances at or below one instance (`Navigator.subtree(of:)`).
struct Subtree {
    /// Per instance: whether it is that one or runs below it.
    let inside: InstanceFlags

    /// How many instance slots there are.
    var count: Int { inside.count }
    subscript(_ instance: Int32) -> Bool { inside[Int(instance)] }
    subscript(_ instance: Int) -> Bool { inside[instance] }
}
