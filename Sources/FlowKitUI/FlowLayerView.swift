#if canImport(SwiftUI)
import FlowKit
import SwiftUI

/// One layer of the store: its navigation stack (or tab view) and what is presented over it.
@MainActor
struct FlowLayerView<P: FlowProgram, Screen: View>: View {
    let store: FlowStore<P>
    let layer: Int
    let content: FlowHostContent<P, Screen>

    var body: some View {
        stacks
            .modifier(FlowPresentationsModifier(store: store, layer: layer, content: content))
    }

    @ViewBuilder
    private var stacks: some View {
        let tabs = store.tabs(layer: layer)
        if tabs.isEmpty {
            FlowStackView(store: store, layer: layer, tab: nil, content: content)
        } else {
            TabView(selection: selection(default: tabs[0])) {
                ForEach(tabs, id: \.self) { tab in
                    FlowStackView(store: store, layer: layer, tab: tab, content: content)
                        .tabItem { content.tabLabel(tab) }
                        .tag(tab)
                }
            }
        }
    }

    /// The tab view's selection: a tap (even on the selected tab, which pops it to its root) is a step.
    private func selection(default first: P.Tab) -> Binding<P.Tab> {
        let store = store
        let layer = layer
        return Binding(
            get: { store.selectedTab(layer: layer) ?? first },
            set: { store.setSelectedTab($0, layer: layer) }
        )
    }
}

/// One navigation stack: the layer's root screen and a path of the screens pushed on it.
@MainActor
struct FlowStackView<P: FlowProgram, Screen: View>: View {
    let store: FlowStore<P>
    let layer: Int
    let tab: P.Tab?
    let content: FlowHostContent<P, Screen>

    var body: some View {
        NavigationStack(path: path) {
            if let root = store.root(layer: layer, tab: tab) {
                content.screen(root)
                    .navigationDestination(for: P.Screen.self) { content.screen($0) }
            }
        }
    }

    /// The stack above the root. A shorter path written by SwiftUI (back button, swipe, the
    /// back button's menu) becomes one engine step, or snaps back if the engine refuses it.
    private var path: Binding<[P.Screen]> {
        let store = store
        let layer = layer
        let tab = tab
        return Binding(
            get: { store.path(layer: layer, tab: tab) },
            set: { store.setPath($0, layer: layer, tab: tab) }
        )
    }
}
#endif
