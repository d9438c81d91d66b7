#if canImport(UIKit) && !os(watchOS)
import FlowKit
import Observation
import UIKit

/// Shows a `FlowStore`'s navigation in a UIKit window, as a coordinator
/// would: a `UINavigationController` per stack, a `UITabBarController` of
/// them for a tab bar, one presentation per layer above the base.
///
/// Every decision is `FlowReconciler`'s, tested on every platform; this
/// class applies its operations and feeds back what the user did on
/// screen: a pop (back button, edge swipe), a sheet swiped down, a tab
/// tapped. `[noBack]` screens get no back button and no pop gesture,
/// `[locked]` sheets cannot be swiped away, titles come from the flow file
/// (docs/app-guide.md "Hosting in UIKit").
///
/// ```swift
/// coordinator = FlowWindowCoordinator(window: window, store: store) { screen in
///     switch screen { ... }   // a view controller per screen
/// }
/// coordinator.start()
/// ```
@MainActor
public final class FlowWindowCoordinator<P: FlowProgram>: NSObject, UINavigationControllerDelegate,
    UIAdaptivePresentationControllerDelegate, UITabBarControllerDelegate {
    /// The navigation it shows.
    public let store: FlowStore<P>
    private let window: UIWindow
    private let makeViewController: (P.Screen) -> UIViewController
    private var reconciler = FlowReconciler<P>()
    /// Each layer's container (a navigation or tab bar controller, or an
    /// alert's own controller), bottom first, and the layer as shown.
    private var containers: [UIViewController] = []
    private var shown: [FlowShownLayer<P>] = []
    /// The view controller of each screen on screen, by screen id.
    private var viewControllers: [UInt32: UIViewController] = [:]

    /// A coordinator of `window` that shows `store`'s screens, each made by
    /// `viewController` the first time it is shown (an alert or a dialog as
    /// a `UIAlertController`).
    public init(window: UIWindow, store: FlowStore<P>, viewController: @escaping (P.Screen) -> UIViewController) {
        self.window = window
        self.store = store
        makeViewController = viewController
    }

    /// Builds the screen, shows the window, and follows every later step of the store.
    public func start() {
        update()
        window.makeKeyAndVisible()
    }

    private func update() {
        let changes = withObservationTracking {
            reconciler.changes(toShow: store.navigator)
        } onChange: { [weak self] in
            // Called once, before the change: the next main-actor turn reads the new screen.
            Task { @MainActor [weak self] in self?.update() }
        }
        apply(changes)
        shown = store.navigator.shownLayers
        let onScreen = Set(shown.flatMap { $0.stacks.joined().map(\.id) })
        viewControllers = viewControllers.filter { onScreen.contains($0.key) }
    }

    // MARK: Applying the reconciler's operations

    private func apply(_ changes: [FlowChange<P>]) {
        for change in changes {
            switch change {
            case .setRoot(let layer):
                containers = [container(for: layer)]
                window.rootViewController = containers[0]
            case .present(let layer):
                let presented = container(for: layer)
                presented.modalPresentationStyle = Self.style(layer.kind, presented)
                presented.isModalInPresentation = layer.kind == .cover || layer.visibleStack.first?.screen.isLocked == true
                if let source = containers.last?.view, let popover = presented.popoverPresentationController {
                    popover.sourceView = source
                    popover.sourceRect = CGRect(x: source.bounds.midX, y: source.bounds.midY, width: 0, height: 0)
                }
                containers.last?.present(presented, animated: true)
                presented.presentationController?.delegate = self
                containers.append(presented)
            case .dismiss(let count):
                // The user may have dismissed these already (a swipe-down).
                guard count < containers.count else { continue }
                if containers[count - 1].presentedViewController != nil { containers[count - 1].dismiss(animated: true) }
                containers.removeSubrange(count...)
            case .push(let screens, let layer, let tab):
                guard let navigation = navigationController(layer, tab) else { continue }
                navigation.setViewControllers(navigation.viewControllers + screens.map(viewController), animated: true)
            case .pop(let count, let layer, let tab):
                guard let navigation = navigationController(layer, tab), count >= 1, count <= navigation.viewControllers.count else { continue }
                navigation.popToViewController(navigation.viewControllers[count - 1], animated: true)
            case .replaceStack(let screens, let layer, let tab):
                navigationController(layer, tab)?.setViewControllers(screens.map(viewController), animated: true)
            case .selectTab(let tab, let layer):
                guard containers.indices.contains(layer), let tabBar = containers[layer] as? UITabBarController,
                      let index = shownTabs(layer).firstIndex(of: tab) else { continue }
                tabBar.selectedIndex = index
            }
        }
    }

    /// A layer's container: a tab bar of navigation controllers, a
    /// navigation controller, or (an alert, a dialog) its only screen's own.
    private func container(for layer: FlowShownLayer<P>) -> UIViewController {
        if layer.kind == .alert || layer.kind == .dialog, let screen = layer.visibleStack.first { return viewController(screen) }
        guard layer.isTabBar else { return navigationController(layer.stacks[0]) }
        let tabBar = UITabBarController()
        tabBar.delegate = self
        tabBar.viewControllers = zip(layer.tabs, layer.stacks).map { tab, stack in
            let navigation = navigationController(stack)
            navigation.tabBarItem.title = stack.first?.screen.title ?? tab.rawValue
            return navigation
        }
        tabBar.selectedIndex = layer.selectedTab.flatMap { layer.tabs.firstIndex(of: $0) } ?? 0
        return tabBar
    }

    private func navigationController(_ stack: [FlowShownScreen<P>]) -> UINavigationController {
        let navigation = UINavigationController()
        navigation.delegate = self
        navigation.setViewControllers(stack.map(viewController), animated: false)
        return navigation
    }

    /// The screen's view controller: the one already made for its id, or a new one.
    private func viewController(_ screen: FlowShownScreen<P>) -> UIViewController {
        if let existing = viewControllers[screen.id] { return existing }
        let made = makeViewController(screen.screen)
        if made.title == nil { made.title = screen.screen.title }
        made.navigationItem.hidesBackButton = screen.screen.hidesBackButton
        viewControllers[screen.id] = made
        return made
    }

    /// The navigation controller of `tab`'s stack in layer `layer` (of its only stack when `tab` is nil).
    private func navigationController(_ layer: Int, _ tab: P.Tab?) -> UINavigationController? {
        guard containers.indices.contains(layer) else { return nil }
        guard let tab else { return containers[layer] as? UINavigationController }
        guard let index = shownTabs(layer).firstIndex(of: tab) else { return nil }
        return (containers[layer] as? UITabBarController)?.viewControllers?[index] as? UINavigationController
    }

    /// The tabs of layer `layer`: as shown, or (a layer this update adds) as the navigator has them.
    private func shownTabs(_ layer: Int) -> [P.Tab] {
        if shown.indices.contains(layer) { return shown[layer].tabs }
        let layers = store.navigator.shownLayers
        return layers.indices.contains(layer) ? layers[layer].tabs : []
    }

    private static func style(_ kind: FlowLayerKind, _ presented: UIViewController) -> UIModalPresentationStyle {
        switch kind {
        case .cover: .fullScreen
        case .popover: .popover
        case .alert, .dialog: presented.modalPresentationStyle
        case .base, .sheet: .automatic
        }
    }

    // MARK: What the user did, fed back to the store

    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        navigationController.interactivePopGestureRecognizer?.isEnabled = !viewController.navigationItem.hidesBackButton
        // A stack shorter than the store's: the user popped (the back button, its menu, an edge swipe).
        for (l, layer) in shown.enumerated() {
            for (t, stack) in layer.stacks.enumerated() {
                let tab = layer.isTabBar ? layer.tabs[t] : nil
                guard self.navigationController(l, tab) === navigationController else { continue }
                let count = navigationController.viewControllers.count
                if count >= 1 && count < stack.count { store.setPath(stack[1..<count].map(\.screen), layer: l, tab: tab) }
                return
            }
        }
    }

    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        guard let l = containers.firstIndex(of: presentationController.presentedViewController), shown.indices.contains(l) else { return false }
        return shown[l].kind != .cover && shown[l].visibleStack.first?.screen.isLocked != true
    }

    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        guard let l = containers.firstIndex(of: presentationController.presentedViewController), l > 0 else { return }
        containers.removeSubrange(l...)
        if let presentation = store.presentation(over: l - 1) { store.userDismissed(presentation.id) }
    }

    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        guard let l = containers.firstIndex(of: tabBarController),
              let index = tabBarController.viewControllers?.firstIndex(of: viewController), shownTabs(l).indices.contains(index) else { return false }
        // The store decides; the reconciler then selects the tab (or pops it to its root).
        store.setSelectedTab(shownTabs(l)[index], layer: l)
        return false
    }
}
#endif
