import FlowModel

/// Tabs a step changed while leaving them hidden (`StateEncoder`): whole in
/// a state's key until they are shown.
extension StateGraph {
    /// The hidden tabs of `reached` whose screens may never have been
    /// explored with the tab shown (`StateEncoder`): those the step from
    /// `node`'s `source` changed while leaving them hidden, and those still
    /// hidden that were unseen before it. (A tab is coded `layer << 8 |
    /// tab`; a container has far fewer than 256 tabs.)
    func unseenTabs(_ reached: NavigationState, from source: NavigationState, _ node: Int32) -> [Int32] {
        var unseen: [Int32] = []
        for (l, layer) in reached.layers.enumerated() where layer.stacks.count > 1 {
            for s in layer.stacks.indices where s != layer.selected {
                let code = Int32(l << 8 | s)
                let stack = layer.stacks[s]
                if l < source.layers.count, source.layers[l].container == layer.container, source.layers[l].stacks.count == layer.stacks.count {
                    let before = source.layers[l]
                    let wasUnseen = node >= 0 && before.selected != s && unseenValues[unseenRanges[Int(node)].range].contains(code)
                    // Entries are equal when their route, flow instance and arguments are.
                    if wasUnseen || before.stacks[s] != stack { unseen.append(code) }
                } else if stack.count > 1 {
                    unseen.append(code)
                }
            }
        }
        return unseen
    }
}
