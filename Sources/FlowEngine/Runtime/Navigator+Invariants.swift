import FlowModel

/// Invariants every reachable state keeps; checked after each step of a
/// random walk and when a saved state is restored.
extension Navigator {
    /// What is wrong with the state (empty when it is sound): among others,
    /// a flow tree the program cannot produce (a child its parent never
    /// starts, a flow its own ancestor) and a tab container in a layer that
    /// does not fit the way it is started.
    /// - Complexity: O(entries + instances).
    public func invariantViolations() -> [String] {
        guard let base = state.layers.first else { return ["there is no layer"] }
        // The instances and the start modes in locals, passed down: a helper
        // that read them through `self` copied parts of the state at every call.
        let instances = state.instances
        let childModes = childModes
        var problems: [String] = []
        if let pending = state.pendingLink, pending.shown.contains(where: { !Navigator.isRunning($0.instance, in: instances) }) {
            problems.append("the pending link remembers a screen of a flow that is not running")
        }
        if base.kind != .base { problems.append("the bottom layer is a \(base.kind.rawValue), not the base") }
        // The scratch arrays on the stack: making arrays cost as much as the checks.
        withUnsafeTemporaryAllocation(of: ParentChain.self, capacity: instances.count) { chains in
            chains.initialize(repeating: .unknown)
            Navigator.resolveParentChains(instances, into: chains)
            flowTreeViolations(&problems, instances, chains, childModes)
        }
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: instances.count) { shown in
            shown.initialize(repeating: false)
            layerViolations(&problems, instances, shown, childModes)
            unshownFlowViolations(shown, &problems, instances)
        }
        return problems
    }

    /// Whether `i` is an instance that runs.
    @inline(__always)
    private static func isRunning(_ i: Int32, in instances: [FlowInstance]) -> Bool {
        i >= 0 && Int(i) < instances.count && instances[Int(i)].isRunning
    }

    /// The flow tree: known flows, arguments that fit, one root (the entry),
    /// and each child under a flow that starts it, with no cycle.
    private func flowTreeViolations(_ problems: inout [String], _ instances: [FlowInstance],
                                    _ chains: UnsafeMutableBufferPointer<ParentChain>, _ childModes: ChildModeTable) {
        // The program's arrays in locals: read through `program` in the loop, the
        // whole program was copied at every instance (for the messages' calls).
        let flows = program.flows
        let allParameters = program.parameters
        var roots = 0
        // By index, field by field: a loop over the elements copied each
        // instance, its arguments retained and released.
        for i in instances.indices where instances[i].isRunning {
            let flow = instances[i].flow
            guard flow >= 0, Int(flow) < flows.count else {
                problems.append("instance \(i) runs an unknown flow")
                continue
            }
            if !Navigator.argumentsFit(instances[i].arguments, flows[Int(flow)].parameters, allParameters) {
                problems.append("instance \(i) of '\(program.name(program.flows[Int(flow)].name))' has arguments that do not fit its parameters")
            }
            let parentInstance = instances[i].parent
            if parentInstance < 0 {
                roots += 1
                if flow != program.entry { problems.append("instance \(i) has no parent but is not the entry flow") }
            } else if !Navigator.isRunning(parentInstance, in: instances) {
                problems.append("instance \(i) has a parent that is not running")
            } else {
                if chains[i] == .cycle { problems.append("instance \(i) is its own ancestor") }
                let parent = instances[Int(parentInstance)].flow
                if parent >= 0, Int(parent) < flows.count, childModes.modes(parent, flow) == 0 {
                    problems.append("instance \(i) of '\(program.name(program.flows[Int(flow)].name))' runs under an instance of '\(program.name(program.flows[Int(parent)].name))', which never starts it")
                }
            }
        }
        if roots != 1 { problems.append("\(roots) flows run without a parent; exactly one (the entry) must") }
    }

    /// The layers: one base at the bottom, alerts and dialogs of one screen,
    /// tab containers where their start puts them, and known screens of
    /// running flows. Marks in `shown` the instances that show a screen or a layer.
    private func layerViolations(_ problems: inout [String], _ instances: [FlowInstance], _ shown: UnsafeMutableBufferPointer<Bool>,
                                 _ childModes: ChildModeTable) {
        // In locals, as in `flowTreeViolations`.
        let routes = program.routes
        let allParameters = program.parameters
        // By index, as in `flowTreeViolations`: a loop over the layers,
        // stacks and entries copied each, retaining what it holds.
        let layers = state.layers
        for l in layers.indices {
            let kind = layers[l].kind
            let container = layers[l].container
            let stackCount = layers[l].stacks.count
            if l > 0 && kind == .base { problems.append("layer \(l) is a second base layer") }
            if kind.isTransient && (container >= 0 || stackCount != 1 || layers[l].stacks[0].count != 1) {
                problems.append("layer \(l) is \(kind == .alert ? "an alert" : "a dialog") that does not hold exactly one screen")
            }
            guard layers[l].selected >= 0, layers[l].selected < stackCount else {
                problems.append("layer \(l) selects a stack it does not have")
                continue
            }
            if container >= 0 {
                if !Navigator.isRunning(container, in: instances) || !program.flows[Int(instances[Int(container)].flow)].isTabContainer {
                    problems.append("layer \(l) is held by something that is not a running tab container")
                } else {
                    shown[Int(container)] = true
                    let parent = instances[Int(container)].parent
                    let modes = Navigator.isRunning(parent, in: instances)
                        ? childModes.modes(instances[Int(parent)].flow, instances[Int(container)].flow) : 0
                    if !Navigator.containerFits(kind, modes: modes, isEntry: parent < 0) {
                        problems.append("layer \(l) is a \(kind.rawValue), which cannot hold its tab container")
                    }
                    if stackCount != program.tabs(of: instances[Int(container)].flow).count {
                        problems.append("layer \(l) has \(stackCount) tabs, its container declares a different number")
                    }
                }
            } else if stackCount != 1 {
                problems.append("layer \(l) has several stacks but no tab container")
            }
            for s in 0..<stackCount {
                if layers[l].stacks[s].isEmpty { problems.append("layer \(l) has an empty stack") }
                for e in layers[l].stacks[s].indices {
                    let route = layers[l].stacks[s][e].route
                    let instance = layers[l].stacks[s][e].instance
                    guard route >= 0, Int(route) < routes.count, Navigator.isRunning(instance, in: instances) else {
                        problems.append("layer \(l) shows an unknown route or a flow that is not running")
                        continue
                    }
                    shown[Int(instance)] = true
                    if routes[Int(route)].flow != instances[Int(instance)].flow {
                        problems.append("'\(program.qualifiedName(route))' is shown by a flow it does not belong to")
                    }
                    if !Navigator.argumentsFit(layers[l].stacks[s][e].arguments, routes[Int(route)].parameters, allParameters) {
                        problems.append("'\(program.qualifiedName(route))' has arguments that do not fit its parameters")
                    }
                }
            }
        }
    }

    /// Every running flow shows something, itself or below it. `alive`
    /// holds the instances that show something (one flag per instance),
    /// and gets their ancestors: an ancestor marked before the loop reaches
    /// it adds nothing, its own ancestors being marked already.
    private func unshownFlowViolations(_ alive: UnsafeMutableBufferPointer<Bool>, _ problems: inout [String], _ instances: [FlowInstance]) {
        for i in instances.indices where instances[i].isRunning && alive[i] {
            var current = instances[i].parent
            var steps = 0
            while Navigator.isRunning(current, in: instances), !alive[Int(current)], steps < instances.count {
                alive[Int(current)] = true
                current = instances[Int(current)].parent
                steps += 1
            }
        }
        for i in instances.indices where instances[i].isRunning && !alive[i] && Int(instances[i].flow) < program.flows.count {
            problems.append("flow '\(program.name(program.flows[Int(instances[i].flow)].name))' runs but shows nothing")
        }
    }
}

extension Navigator {
    /// The checks that a step done in place can break: a screen is shown,
    /// and the top screen belongs to a running instance of its route's flow
    /// with arguments that fit. O(1).
    /// Always inlined (the random walk checks every step; a call would pass a
    /// copy of the whole navigator).
    @inline(__always)
    public func localViolations() -> [String] {
        let top = state.layers.count - 1
        guard top >= 0 else { return ["no screen is shown"] }
        let fits: Bool? = state.layers[top].stacks[state.layers[top].selected].withUnsafeBufferPointer { stack in
            guard let entry = stack.last else { return nil }
            let instance = Int(entry.instance)
            guard instance >= 0, instance < state.instances.count, state.instances[instance].isRunning,
                  state.instances[instance].flow == program.routes[Int(entry.route)].flow,
                  entry.arguments.count == program.routes[Int(entry.route)].parameters.count else { return false }
            return true
        }
        switch fits {
        case nil: return ["no screen is shown"]
        case true?: return []
        case false?:
            guard let entry = state.activeEntry else { return ["no screen is shown"] }
            return ["'\(program.qualifiedName(entry.route))' is shown by a flow that is not a running '\(program.name(program.flows[Int(program.routes[Int(entry.route)].flow)].name))', or with arguments that do not fit"]
        }
    }

    /// Whether `arguments` have the types of `parameters` (a range of `all`), in order.
    static func argumentsFit(_ arguments: [Value], _ parameters: IndexRange, _ all: [Parameter]) -> Bool {
        guard parameters.count == arguments.count else { return false }
        var p = Int(parameters.lower)
        for value in arguments {
            if all[p].type != value.type { return false }
            p += 1
        }
        return true
    }
}
