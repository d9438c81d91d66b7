extension FlowStore {
    // MARK: Navigation stacks

    /// The screens of a layer's stack above its root: the path of its `NavigationStack`.
    ///
    /// For a tab container, pass the tab whose stack you want (each tab has its own
    /// `NavigationStack`); without a tab, the selected tab's. Empty for a layer that does not exist.
    public func path(layer: Int, tab: P.Tab? = nil) -> [P.Screen] {
        _ = refusedWrites
        guard let stack = stack(layer: layer, tab: tab), !stack.isEmpty else { return [] }
        return Array(stack.dropFirst())
    }

    /// The first screen of a layer's stack (of `tab`'s stack, for a tab container): the root
    /// view of its `NavigationStack`.
    public func root(layer: Int, tab: P.Tab? = nil) -> P.Screen? {
        _ = refusedWrites
        return stack(layer: layer, tab: tab)?.first
    }

    /// The user changed a `NavigationStack`'s path: the back button, its long-press menu, an edge
    /// swipe. A shorter path is one step of implicit backs (`syncStack`); an unchanged one is no
    /// step. Anything else — a longer or different path, a layer that is not on top, a tab that is
    /// not selected — is refused, and the views re-read the engine's state.
    ///
    /// - Returns: whether the engine's state now matches `path`.
    @discardableResult
    public func setPath(_ path: [P.Screen], layer: Int, tab: P.Tab? = nil) -> Bool {
        let layers = navigator.layers
        guard layers.indices.contains(layer), let stack = stack(of: layers[layer], tab: tab), let root = stack.first else {
            refuseWrite(.invalidStack("no layer \(layer)\(tab.map { " with tab \($0.rawValue)" } ?? "") to set a path on"))
            return false
        }
        if stack.count == path.count + 1 && stack.dropFirst().elementsEqual(path) { return true }
        if let tab, layers[layer].selectedTab != tab {
            refuseWrite(.invalidStack("tab \(tab.rawValue) of layer \(layer) is not the selected tab"))
            return false
        }
        return userStep { try $0.syncStack([root] + path, layer: layer) }
    }

    // MARK: Presentations

    /// What is presented over `layer` (the layer above it), or nil when it is the top layer.
    public func presentation(over layer: Int) -> FlowPresentation<P>? {
        _ = refusedWrites
        guard layer >= 0, layer + 1 < navigator.layers.count else { return nil }
        return presentation(at: layer + 1)
    }

    /// What is presented over `layer` if it is presented as `kind`: the value of that kind's
    /// `.sheet(item:)`, `.fullScreenCover(item:)`, ... modifier on the layer's view.
    public func presentation(over layer: Int, kind: FlowLayerKind) -> FlowPresentation<P>? {
        guard let presentation = presentation(over: layer), presentation.kind == kind else { return nil }
        return presentation
    }

    /// The user dismissed a presentation: a sheet or popover swiped down or tapped away, a
    /// dialog cancelled, or a presentation whose parent went away. It is the implicit back on
    /// the presented layer: that layer and every layer above it go, in one step, as a series of
    /// backs (a child flow whose last screen goes finishes with `cancel`). A presentation that is
    /// already gone is ignored; one that cannot be dismissed (a cover, a `[locked]` sheet, an
    /// alert) stays, and the views re-read the state.
    ///
    /// SwiftUI reports an alert or a dialog as dismissed when any of its buttons is tapped,
    /// before or after the button's action sends its event. So for those two kinds the store
    /// waits for the current main-actor turn to end: if a button's event removed the layer,
    /// there is nothing left to dismiss.
    public func userDismissed(_ id: FlowPresentation<P>.ID) {
        switch id.kind {
        case .alert, .dialog:
            pendingDismissals.append(id)
            Task { @MainActor [weak self] in self?.settlePendingDismissals() }
        default:
            dismissIfPresented(id)
        }
    }

    /// Carries out the alert and dialog dismissals that were waiting for their buttons' events.
    func settlePendingDismissals() {
        let pending = pendingDismissals
        pendingDismissals = []
        for id in pending { dismissIfPresented(id) }
    }

    @discardableResult
    func dismissIfPresented(_ id: FlowPresentation<P>.ID) -> Bool {
        guard id.layer < navigator.layers.count, presentation(at: id.layer)?.id == id else { return true }
        return userStep { try $0.dismissLayers(from: id.layer) }
    }

    func presentation(at index: Int) -> FlowPresentation<P>? {
        let layer = navigator.layers[index]
        guard let root = (layer.tabs.first.flatMap { stack(layer: index, tab: $0) } ?? layer.stack).first else { return nil }
        return FlowPresentation(id: .init(layer: index, kind: layer.kind, root: root))
    }

    // MARK: Tabs

    /// The tabs of a layer's tab container, in order; empty for a layer of one stack.
    public func tabs(layer: Int) -> [P.Tab] {
        guard layer >= 0, layer < navigator.layers.count else { return [] }
        return navigator.layers[layer].tabs
    }

    /// The selected tab of a layer's tab container: the value of its `TabView(selection:)`.
    public func selectedTab(layer: Int) -> P.Tab? {
        _ = refusedWrites
        guard layer >= 0, layer < navigator.layers.count else { return nil }
        return navigator.layers[layer].selectedTab
    }

    /// The user tapped a tab of a layer's tab container.
    ///
    /// Tapping the selected tab is no step (a `TabView` selection does not change). Tapping
    /// another one is the language's `tab T` step (docs/language.md#how-a-program-runs, "Tab taps"): `selectTab`, which
    /// selects it with every tab keeping its stack. Refused unless the layer is the top one.
    @discardableResult
    public func setSelectedTab(_ tab: P.Tab, layer: Int) -> Bool {
        guard layer >= 0, layer == navigator.layers.count - 1, navigator.layers[layer].isTabContainer else {
            refuseWrite(.invalidStack("layer \(layer) is not a tab container on top of the screen: its tabs cannot be tapped"))
            return false
        }
        if navigator.layers[layer].selectedTab == tab { return true }
        return userStep { try $0.selectTab(tab) }
    }

    // MARK: Helpers

    /// A layer's stack: `tab`'s for a tab container (the selected tab's when `tab` is nil).
    func stack(layer index: Int, tab: P.Tab?) -> [P.Screen]? {
        let layers = navigator.layers
        guard layers.indices.contains(index) else { return nil }
        return stack(of: layers[index], tab: tab)
    }

    /// `tab`'s stack of `layer` (the visible one when `tab` is nil); nil for a tab it does not have.
    func stack(of layer: FlowLayer<P>, tab: P.Tab?) -> [P.Screen]? {
        guard let tab else { return layer.stack }
        guard let position = layer.tabs.firstIndex(of: tab), position < layer.tabStacks.count else { return nil }
        return layer.tabStacks[position]
    }
}
