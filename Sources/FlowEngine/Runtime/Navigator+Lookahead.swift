import FlowModel

/// What a step is about to do, asked of the engine before it runs, by the
/// rules the step itself follows (for journeys: `graph --highlight`).
extension Navigator {
    /// Whether `back` now takes the implicit back: the active route has no
    /// `back` handler of its own and the implicit back applies
    /// (docs/language.md#how-a-program-runs).
    package var backTakesImplicitBack: Bool {
        guard let active = state.activeEntry, !hasOwnBack[Int(active.route)] else { return false }
        return implicitBack(for: active) != nil
    }

    /// The link that opening `url` opens at once: the one it matches, unless
    /// that link is gated and its guard does not hold (it then waits). Nil
    /// when `url` matches no link.
    package func linkOpening(_ url: String) -> Link? {
        guard let (link, _) = try? matchBinding(url), !isClosed(gate: link.gate) else { return nil }
        return link
    }

    /// Each tab container layer's selected tab, bottom layer first.
    package func shownTabs() -> [ShownTab] {
        var shown: [ShownTab] = []
        for layer in state.layers where layer.isTabContainer && Int(layer.container) < state.instances.count {
            let container = state.instances[Int(layer.container)].flow
            let tabs = program.tabs(of: container)
            guard layer.selected >= 0, layer.selected < tabs.count else { continue }
            shown.append(ShownTab(container: layer.container, containerFlow: container, tab: tabs[tabs.startIndex + layer.selected]))
        }
        return shown
    }
}

/// A tab container's layer showing one of its tabs: the container's
/// instance and flow, and the tab's flow.
package struct ShownTab: Hashable, Sendable {
    package var container: Int32
    package var containerFlow: FlowID
    package var tab: FlowID
}
