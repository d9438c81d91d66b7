import FlowModel

/// A restored state's instances renumbered densely, so that it saves to the
/// same text as the state it was saved from.
extension StateRestorer {
    /// `state` without the flows a repair stopped (and those no screen
    /// shows any more), the rest renumbered in order.
    static func compacted(_ state: NavigationState) -> NavigationState {
        var keep = [Bool](repeating: false, count: state.instances.count)
        func mark(_ slot: Int32) {
            var current = slot
            while current >= 0, Int(current) < keep.count, !keep[Int(current)], state.instances[Int(current)].isRunning {
                keep[Int(current)] = true
                current = state.instances[Int(current)].parent
            }
        }
        for layer in state.layers {
            mark(layer.container)
            for stack in layer.stacks { for entry in stack { mark(entry.instance) } }
        }
        var renumber = [Int32](repeating: -1, count: keep.count)
        var result = NavigationState()
        result.guards = state.guards
        for (i, instance) in state.instances.enumerated() where keep[i] {
            renumber[i] = Int32(result.instances.count)
            result.instances.append(instance)
        }
        for i in result.instances.indices where result.instances[i].parent >= 0 {
            result.instances[i].parent = renumber[Int(result.instances[i].parent)]
        }
        result.layers = state.layers.map { layer in
            var layer = layer
            if layer.container >= 0 { layer.container = renumber[Int(layer.container)] }
            layer.stacks = layer.stacks.map { $0.map { Entry(route: $0.route, instance: renumber[Int($0.instance)], arguments: $0.arguments) } }
            return layer
        }
        if var pending = state.pendingLink {
            pending.shown = pending.shown.compactMap { mark in
                let slot = Int(mark.instance)
                return slot >= 0 && slot < renumber.count && renumber[slot] >= 0 ? PendingLink.Mark(route: mark.route, instance: renumber[slot]) : nil
            }
            result.pendingLink = pending
        }
        return result
    }
}
