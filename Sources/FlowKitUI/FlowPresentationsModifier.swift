#if canImport(SwiftUI)
import FlowKit
import SwiftUI

/// Presents the layer above `layer`, whatever its kind, and reports the user's dismissals.
///
/// Every kind has its own modifier, and only the one matching the presented layer's kind gets a
/// value. A presentation set to nil by SwiftUI (a swipe-down, a tap outside, a parent presentation
/// going away) is passed to the store with the identity it had when this view was drawn, so a
/// write about a presentation that is already gone is ignored.
@MainActor
struct FlowPresentationsModifier<P: FlowProgram, Screen: View>: ViewModifier {
    let store: FlowStore<P>
    let layer: Int
    let content: FlowHostContent<P, Screen>

    func body(content view: Content) -> some View {
        let presented = store.presentation(over: layer)
        return view
            .sheet(item: binding(.sheet, presented)) { layerView($0) }
            .modifier(CoverModifier(item: binding(.cover, presented)) { layerView($0) })
            .modifier(PopoverModifier(item: binding(.popover, presented)) { layerView($0) })
            .alert(
                title(presented, .alert),
                isPresented: isPresented(.alert, presented),
                presenting: presented.flatMap { $0.kind == .alert ? $0 : nil }
            ) { content.screen($0.root) }
            .confirmationDialog(
                title(presented, .dialog),
                isPresented: isPresented(.dialog, presented),
                titleVisibility: .visible,
                presenting: presented.flatMap { $0.kind == .dialog ? $0 : nil }
            ) { content.screen($0.root) }
    }

    private func layerView(_ presentation: FlowPresentation<P>) -> FlowLayerView<P, Screen> {
        FlowLayerView(store: store, layer: presentation.layer, content: content)
    }

    private func binding(_ kind: FlowLayerKind, _ presented: FlowPresentation<P>?) -> Binding<FlowPresentation<P>?> {
        let store = store
        let shown = presented?.kind == kind ? presented : nil
        return Binding(
            get: { shown },
            set: { newValue in
                if newValue == nil, let shown { store.userDismissed(shown.id) }
            }
        )
    }

    private func isPresented(_ kind: FlowLayerKind, _ presented: FlowPresentation<P>?) -> Binding<Bool> {
        let item = binding(kind, presented)
        return Binding(
            get: { item.wrappedValue != nil },
            set: { if !$0 { item.wrappedValue = nil } }
        )
    }

    private func title(_ presented: FlowPresentation<P>?, _ kind: FlowLayerKind) -> Text {
        guard let presented, presented.kind == kind else { return Text(verbatim: "") }
        return content.title(presented.root)
    }
}

/// `.fullScreenCover` where the platform has it, a sheet elsewhere (macOS).
private struct CoverModifier<Item: Identifiable, Cover: View>: ViewModifier {
    let item: Binding<Item?>
    let cover: (Item) -> Cover

    func body(content: Content) -> some View {
        #if os(macOS)
        content.sheet(item: item, content: cover)
        #else
        content.fullScreenCover(item: item, content: cover)
        #endif
    }
}

/// `.popover` where the platform has it, a sheet elsewhere (tvOS, watchOS).
private struct PopoverModifier<Item: Identifiable, Popover: View>: ViewModifier {
    let item: Binding<Item?>
    let popover: (Item) -> Popover

    func body(content: Content) -> some View {
        #if os(tvOS) || os(watchOS)
        content.sheet(item: item, content: popover)
        #else
        content.popover(item: item, content: popover)
        #endif
    }
}
#endif
