import FlowModel

/// Tabs a step changed while leaving them hidden (`StateEncoder`): whole in
/// a state's key until they are shown.
extension StateGraph {
    /// The hidden tabs of `reached` whose screens may never have been
    /// explored with the tab shown (`StateEncoder`): those the step from
    /// `node`'s `source` changed while leaving them hidden, and those still
    /// hidden that were unseen before it. (A tab is coded `layer << 8 |
    /// tab`; a container has far fewer than 256 tabs.)
    ///
    /// Every run asks, so the layers and stacks are read in place by index:
    /// binding one would retain what it holds.
    func unseenTabs(_ reached: NavigationState, from source: NavigationState, _ node: Int32) -> [Int32] {
        var unseen: [Int32] = []
        let layers = reached.layers
        for l in layers.indices where layers[l].stacks.count > 1 {
            let selected = layers[l].selected
            for s in layers[l].stacks.indices where s != selected {
                let code = Int32(l << 8 | s)
                if l < source.layers.count, source.layers[l].container == layers[l].container,
                   source.layers[l].stacks.count == layers[l].stacks.count {
                    let wasUnseen = node >= 0 && source.layers[l].selected != s && unseenValues[unseenRanges[Int(node)].range].contains(code)
                    // Entries are equal when their route, flow instance and arguments are.
                    if wasUnseen || source.layers[l].stacks[s] != layers[l].stacks[s] { unseen.append(code) }
                } else if layers[l].stacks[s].count > 1 {
                    unseen.append(code)
                }
            }
        }
        return unseen
    }
}
