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
        var problems: [String] = []
        if let pending = state.pendingLink, pending.shown.contains(where: { !isRunning($0.instance) }) {
            problems.append("the pending link remembers a screen of a flow that is not running")
        }
        if base.kind != .base { problems.append("the bottom layer is a \(base.kind.rawValue), not the base") }
        flowTreeViolations(&problems)
        var shown = layerViolations(&problems)
        unshownFlowViolations(&shown, &problems)
        return problems
    }

    /// Whether `i` is an instance that runs.
    private func isRunning(_ i: Int32) -> Bool {
        i >= 0 && Int(i) < state.instances.count && state.instances[Int(i)].isRunning
    }

    /// The flow tree: known flows, arguments that fit, one root (the entry),
    /// and each child under a flow that starts it, with no cycle.
    private func flowTreeViolations(_ problems: inout [String]) {
        let instances = state.instances
        // The program's arrays in locals: read through `program` in the loop, the
        // whole program was copied at every instance (for the messages' calls).
        let flows = program.flows
        let allParameters = program.parameters
        var roots = 0
        let chains = Navigator.parentChains(instances)
        for (i, instance) in instances.enumerated() where instance.isRunning {
            guard instance.flow >= 0, Int(instance.flow) < flows.count else {
                problems.append("instance \(i) runs an unknown flow")
                continue
            }
            let parameters = flows[Int(instance.flow)].parameters
            if instance.arguments.count != parameters.count
                || zip(instance.arguments, allParameters[parameters.range]).contains(where: { $0.type != $1.type }) {
                problems.append("instance \(i) of '\(program.name(program.flows[Int(instance.flow)].name))' has arguments that do not fit its parameters")
            }
            if instance.parent < 0 {
                roots += 1
                if instance.flow != program.entry { problems.append("instance \(i) has no parent but is not the entry flow") }
            } else if !isRunning(instance.parent) {
                problems.append("instance \(i) has a parent that is not running")
            } else {
                if chains[i] == .cycle { problems.append("instance \(i) is its own ancestor") }
                let parent = instances[Int(instance.parent)].flow
                if parent >= 0, Int(parent) < flows.count, startModes(parent, instance.flow) == 0 {
                    problems.append("instance \(i) of '\(program.name(program.flows[Int(instance.flow)].name))' runs under an instance of '\(program.name(program.flows[Int(parent)].name))', which never starts it")
                }
            }
        }
        if roots != 1 { problems.append("\(roots) flows run without a parent; exactly one (the entry) must") }
    }

    /// The layers: one base at the bottom, alerts and dialogs of one screen,
    /// tab containers where their start puts them, and known screens of
    /// running flows. Returns which instances show a screen or a layer.
    private func layerViolations(_ problems: inout [String]) -> [Bool] {
        let instances = state.instances
        // In locals, as in `flowTreeViolations`.
        let routes = program.routes
        let allParameters = program.parameters
        var shown = [Bool](repeating: false, count: instances.count)
        for (l, layer) in state.layers.enumerated() {
            if l > 0 && layer.kind == .base { problems.append("layer \(l) is a second base layer") }
            if layer.kind.isTransient && (layer.isTabContainer || layer.stacks.count != 1 || layer.stacks[0].count != 1) {
                problems.append("layer \(l) is \(layer.kind == .alert ? "an alert" : "a dialog") that does not hold exactly one screen")
            }
            guard layer.selected >= 0, layer.selected < layer.stacks.count else {
                problems.append("layer \(l) selects a stack it does not have")
                continue
            }
            if layer.isTabContainer {
                if !isRunning(layer.container) || !program.flows[Int(instances[Int(layer.container)].flow)].isTabContainer {
                    problems.append("layer \(l) is held by something that is not a running tab container")
                } else {
                    shown[Int(layer.container)] = true
                    let parent = instances[Int(layer.container)].parent
                    let modes = isRunning(parent) ? startModes(instances[Int(parent)].flow, instances[Int(layer.container)].flow) : 0
                    if !Navigator.containerFits(layer.kind, modes: modes, isEntry: parent < 0) {
                        problems.append("layer \(l) is a \(layer.kind.rawValue), which cannot hold its tab container")
                    }
                    if layer.stacks.count != program.tabs(of: instances[Int(layer.container)].flow).count {
                        problems.append("layer \(l) has \(layer.stacks.count) tabs, its container declares a different number")
                    }
                }
            } else if layer.stacks.count != 1 {
                problems.append("layer \(l) has several stacks but no tab container")
            }
            for stack in layer.stacks {
                if stack.isEmpty { problems.append("layer \(l) has an empty stack") }
                for entry in stack {
                    guard entry.route >= 0, Int(entry.route) < routes.count, isRunning(entry.instance) else {
                        problems.append("layer \(l) shows an unknown route or a flow that is not running")
                        continue
                    }
                    shown[Int(entry.instance)] = true
                    let route = routes[Int(entry.route)]
                    if route.flow != instances[Int(entry.instance)].flow {
                        problems.append("'\(program.qualifiedName(entry.route))' is shown by a flow it does not belong to")
                    }
                    if !Navigator.argumentsFit(entry.arguments, route.parameters, allParameters) {
                        problems.append("'\(program.qualifiedName(entry.route))' has arguments that do not fit its parameters")
                    }
                }
            }
        }
        return shown
    }

    /// Every running flow shows something, itself or below it. `alive`
    /// holds the instances that show something (one flag per instance),
    /// and gets their ancestors: an ancestor marked before the loop reaches
    /// it adds nothing, its own ancestors being marked already.
    private func unshownFlowViolations(_ alive: inout [Bool], _ problems: inout [String]) {
        let instances = state.instances
        for (i, instance) in instances.enumerated() where instance.isRunning && alive[i] {
            var current = instance.parent
            var steps = 0
            while isRunning(current), !alive[Int(current)], steps < instances.count {
                alive[Int(current)] = true
                current = instances[Int(current)].parent
                steps += 1
            }
        }
        for (i, instance) in instances.enumerated() where instance.isRunning && !alive[i] && Int(instance.flow) < program.flows.count {
            problems.append("flow '\(program.name(program.flows[Int(instance.flow)].name))' runs but shows nothing")
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
