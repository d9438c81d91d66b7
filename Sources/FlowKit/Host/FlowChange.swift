/// One operation of a host, as `FlowReconciler` emits it: applied in order
/// to what the host shows, the host shows the navigator's layers, and a
/// screen the navigator kept is never rebuilt. Layers are named by index,
/// bottom first (the base is 0); a tab by its case, nil for a plain stack.
///
/// In UIKit (docs/app-guide.md "Hosting in UIKit"): `setRoot` sets the
/// window's root view controller (a navigation controller, or a tab bar
/// controller of them); `present` presents one over the top; `dismiss` is
/// `dismiss(animated:)` on the container of layer `downTo - 1`, which
/// presents the rest; `push`, `pop` and `replaceStack` are the navigation
/// controller's `pushViewController`, `popToViewController` and
/// `setViewControllers`; `selectTab` sets the tab bar's selected index.
public enum FlowChange<P: FlowProgram>: Hashable, Sendable {
    /// The base layer is (now) this one: a stack or a tab bar. Layers above
    /// the base went by an earlier `dismiss`.
    case setRoot(FlowShownLayer<P>)
    /// A new layer over the top one, of its kind (a sheet, a cover, ...).
    case present(FlowShownLayer<P>)
    /// The layers from index `downTo` up go, top first (never the base).
    case dismiss(downTo: Int)
    /// These screens are pushed, in order, on the stack of `tab` in layer `layer`.
    case push([FlowShownScreen<P>], layer: Int, tab: P.Tab?)
    /// The stack of `tab` in layer `layer` is popped to its first `count` screens.
    case pop(toCount: Int, layer: Int, tab: P.Tab?)
    /// The stack of `tab` in layer `layer` becomes `stack`, whose first
    /// screens may be ones it shows (by id): reuse their views.
    case replaceStack([FlowShownScreen<P>], layer: Int, tab: P.Tab?)
    /// The tab bar filling layer `layer` selects `tab`.
    case selectTab(P.Tab, layer: Int)
}
