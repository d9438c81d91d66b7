/// What kind of layer a layer is: the app's base, or a modal over it.
public enum FlowLayerKind: String, Hashable, Sendable, CaseIterable, Codable {
    case base, sheet, cover, alert, dialog, popover
}

/// One layer of the screen, bottom first in `FlowNavigator.layers`: a
/// navigation stack, or a tab container with one stack per tab.
public struct FlowLayer<P: FlowProgram>: Hashable, Sendable {
    public var kind: FlowLayerKind
    /// The visible stack, root first: for a tab container, the selected tab's.
    public var stack: [P.Screen]
    /// The selected tab, for a tab container; nil otherwise.
    public var selectedTab: P.Tab?
    /// The tab container's tabs in order (empty for a plain stack).
    public var tabs: [P.Tab]
    /// One stack per tab of `tabs`, in the same order.
    public var tabStacks: [[P.Screen]]

    public init(kind: FlowLayerKind, stack: [P.Screen], selectedTab: P.Tab? = nil, tabs: [P.Tab] = [], tabStacks: [[P.Screen]] = []) {
        self.kind = kind
        self.stack = stack
        self.selectedTab = selectedTab
        self.tabs = tabs
        self.tabStacks = tabStacks
    }

    /// Whether the layer is a tab container.
    public var isTabContainer: Bool { !tabs.isEmpty }

    /// The stack of `tab` (empty when the layer has no such tab).
    public func stack(for tab: P.Tab) -> [P.Screen] {
        guard let index = tabs.firstIndex(of: tab) else { return [] }
        return tabStacks[index]
    }

    /// The root screen of the visible stack.
    public var root: P.Screen? { stack.first }
}
