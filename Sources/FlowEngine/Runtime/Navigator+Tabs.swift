import FlowModel

/// The user's tab taps (docs/language.md#how-a-program-runs "Tab taps", v1).
extension Navigator {
    /// The user tapped tab `tab` of the tab container filling the top
    /// layer: the implicit step `tab T`. Another tab is selected, every
    /// tab keeping its stack; the selected tab is popped to its root (the
    /// flows whose screens that removes end silently; a tab already at its
    /// root is no change). Not an event: no handler is involved. Throws,
    /// changing nothing, when the top layer is not a tab container or `tab`
    /// is not one of its tabs.
    @discardableResult
    public mutating func tapTab(_ tab: FlowID) throws(NavigationError) -> [NavigationEffect] {
        defer { if recordsEffects { stampIdentities() } }
        let tabName = tab >= 0 && Int(tab) < program.flows.count ? program.name(program.flows[Int(tab)].name) : "#\(tab)"
        guard let top = state.layers.indices.last, state.layers[top].isTabContainer else {
            throw .unsupported(event: "tab \(tabName)", problem: "the top layer is not a tab container")
        }
        let container = state.instances[Int(state.layers[top].container)].flow
        let tabs = program.tabs(of: container)
        guard let position = tabs.firstIndex(of: tab) else {
            throw .notATab(tab: tabName, container: program.name(program.flows[Int(container)].name))
        }
        let index = position - tabs.startIndex
        // In place, like the steps `fire` runs so: once the tab is known
        // nothing can fail (a pop to the root leaves the root), so there is
        // no state to keep for a rollback. The flow tree changes only when
        // the pop ends a flow.
        beginStepInPlace()
        if index != state.layers[top].selected {
            state.layers[top].selected = index
            emit(.tabSelected(tab))
        } else if state.layers[top].stacks[index].count > 1 {
            let stack = state.layers[top].stacks[index]
            if recordsEffects { for entry in stack[1...].reversed() { emit(.popped(entry)) } }
            if stack[1...].contains(where: { $0.instance != stack[0].instance }) { needsCollection = true }
            state.layers[top].stacks[index].removeSubrange(1...)
        }
        return endStepInPlace()
    }

    /// `tab T` as a script writes it: taps the tab whose flow is named
    /// `name` (see `tapTab(_:)`). Throws, changing nothing, when no tab of
    /// the tab container on top has that name.
    @discardableResult
    public mutating func tapTab(named name: String) throws(NavigationError) -> [NavigationEffect] {
        if let symbol = program.symbols.lookup(name),
           let flow = program.flows.firstIndex(where: { $0.name == symbol }) {
            return try tapTab(FlowID(flow))
        }
        guard let top = state.layers.indices.last, state.layers[top].isTabContainer else {
            throw .unsupported(event: "tab \(name)", problem: "the top layer is not a tab container")
        }
        let container = state.instances[Int(state.layers[top].container)].flow
        throw .notATab(tab: name, container: program.name(program.flows[Int(container)].name))
    }
}
