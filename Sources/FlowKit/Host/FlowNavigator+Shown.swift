import FlowModel
import FlowRuntime

extension FlowNavigator {
    /// Every layer as a host builds it, bottom first, with the identities of
    /// its layers and screens (`FlowShownLayer`): what `FlowReconciler`
    /// brings a host to.
    public var shownLayers: [FlowShownLayer<P>] {
        engine.state.layers.map(shownLayer)
    }

    func shownLayer(_ layer: Layer) -> FlowShownLayer<P> {
        let kind = FlowLayerKind(rawValue: layer.kind.rawValue) ?? .sheet
        let tabs = self.tabs(of: layer)
        let stacks = layer.stacks.map { $0.map(shownScreen) }
        let selected = tabs.indices.contains(layer.selected) ? tabs[layer.selected] : nil
        return FlowShownLayer(id: layer.identity, kind: kind, tabs: tabs, stacks: stacks, selectedTab: selected)
    }

    func shownScreen(_ entry: Entry) -> FlowShownScreen<P> {
        FlowShownScreen(id: entry.identity, screen: screen(entry))
    }

    /// The tabs of a layer's tab container, in order (empty for a stack).
    func tabs(of layer: Layer) -> [P.Tab] {
        guard layer.isTabContainer, Int(layer.container) < engine.state.instances.count else { return [] }
        return engine.program.tabs(of: engine.state.instances[Int(layer.container)].flow).compactMap(tab)
    }
}
