// Built on Apple platforms only: on Linux this target compiles to nothing.
#if canImport(SwiftUI)
import FlowKit
import SwiftUI

/// Renders a `FlowStore`: the base layer, and every layer presented over it, as SwiftUI views.
///
/// Each layer is a `NavigationStack` bound to the layer's path (a `TabView` of them for a tab
/// container); the layer above it is a `.sheet`, `.fullScreenCover`, `.popover`, `.alert` or
/// `.confirmationDialog` of the layer below. What the user does on screen (back, swipe, swipe-down,
/// a tab tap) comes back to the store through bindings, and the store turns it into engine steps.
///
/// ```swift
/// FlowHost(store) { screen in
///     switch screen {
///     case .shop(.catalog): CatalogView(store: store)
///     case .shop(.product(let id)): ProductView(id: id, store: store)
///     }
/// }
/// ```
///
/// For an alert or a dialog, the view built for its screen supplies the buttons (each sends an
/// event to the store), and `title` its title.
@MainActor
public struct FlowHost<P: FlowProgram, Screen: View>: View {
    let store: FlowStore<P>
    let content: FlowHostContent<P, Screen>

    /// A host for `store` that shows each screen with `screen`.
    ///
    /// - Parameters:
    ///   - title: the title of an alert or a dialog showing a screen.
    ///   - tabLabel: the label of a tab in a tab bar.
    public init(
        _ store: FlowStore<P>,
        title: @escaping (P.Screen) -> Text = { Text(verbatim: String(describing: $0)) },
        tabLabel: @escaping (P.Tab) -> Text = { Text(verbatim: $0.rawValue) },
        @ViewBuilder screen: @escaping (P.Screen) -> Screen
    ) {
        self.store = store
        content = FlowHostContent(screen: screen, title: title, tabLabel: tabLabel)
    }

    public var body: some View {
        FlowLayerView(store: store, layer: 0, content: content)
    }
}

/// What the app supplies to draw screens, titles and tab labels.
struct FlowHostContent<P: FlowProgram, Screen: View> {
    let screen: (P.Screen) -> Screen
    let title: (P.Screen) -> Text
    let tabLabel: (P.Tab) -> Text
}
#endif
