/// A screen as a host shows it: the screen, and the identity of the entry
/// that shows it. Two shown screens with the same `id` are one view: a host
/// keeps the view it made for an id until a change removes that id
/// (docs/app-guide.md "Hosting in UIKit").
public struct FlowShownScreen<P: FlowProgram>: Hashable, Sendable, Identifiable {
    /// The entry's identity: unique among everything a navigator showed.
    public let id: UInt32
    public let screen: P.Screen

    public init(id: UInt32, screen: P.Screen) {
        self.id = id
        self.screen = screen
    }
}

/// A layer as a host builds it when it first shows it: a navigation stack,
/// or a tab bar with one stack per tab.
public struct FlowShownLayer<P: FlowProgram>: Hashable, Sendable, Identifiable {
    /// The layer's identity (a host keeps its container view for it).
    public let id: UInt32
    public let kind: FlowLayerKind
    /// The tab bar's tabs in order; empty for a plain stack.
    public let tabs: [P.Tab]
    /// One stack, root first; or one per tab of `tabs`, in the same order.
    public let stacks: [[FlowShownScreen<P>]]
    /// The selected tab of a tab bar; nil for a plain stack.
    public let selectedTab: P.Tab?

    public init(id: UInt32, kind: FlowLayerKind, tabs: [P.Tab] = [], stacks: [[FlowShownScreen<P>]], selectedTab: P.Tab? = nil) {
        self.id = id
        self.kind = kind
        self.tabs = tabs
        self.stacks = stacks
        self.selectedTab = selectedTab
    }

    /// Whether the layer is a tab bar.
    public var isTabBar: Bool { !tabs.isEmpty }

    /// The stack a user sees: the selected tab's, or the only one.
    public var visibleStack: [FlowShownScreen<P>] {
        guard let selectedTab, let index = tabs.firstIndex(of: selectedTab) else { return stacks.first ?? [] }
        return stacks[index]
    }
}
