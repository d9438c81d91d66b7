import FlowModel

/// One screen on a navigation stack: a route, the flow instance that shows
/// it, and its arguments in the order of the route's parameters.
///
/// Equality is the screen's: route, instance and arguments. The `identity`
/// is left out, so two states that show the same screens are one state.
public struct Entry: Hashable, Sendable {
    public var route: RouteID
    /// Index of the flow instance in `NavigationState.instances`.
    public var instance: Int32
    public var arguments: [Value]
    /// Which entry this is, for a UI that keeps one view per entry: 0 until
    /// the end of the step that showed it, then a number no other entry or
    /// layer of the navigator has had (docs/app-guide.md "Hosting in UIKit"). The
    /// engine keeps it while it keeps the entry; a screen shown again (the
    /// same route with the same arguments, after a pop) is a new entry.
    public package(set) var identity: UInt32 = 0

    public init(route: RouteID, instance: Int32, arguments: [Value] = []) {
        self.route = route
        self.instance = instance
        self.arguments = arguments
    }

    public static func == (lhs: Entry, rhs: Entry) -> Bool {
        lhs.route == rhs.route && lhs.instance == rhs.instance && lhs.arguments == rhs.arguments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(instance)
        hasher.combine(arguments)
    }

    /// Whether `other` is this very entry: the same identity and the same screen.
    public func isSameEntry(as other: Entry) -> Bool {
        identity == other.identity && self == other
    }
}

/// One layer of the screen: a navigation stack, or a tab container with
/// one stack per tab and a selected tab.
///
/// Equality leaves the `identity` out, as `Entry`'s does.
public struct Layer: Hashable, Sendable {
    public var kind: LayerKind
    /// One stack, or one per tab of `container`.
    public var stacks: [[Entry]]
    /// The visible stack.
    public var selected: Int
    /// The tab container instance filling this layer, or -1.
    public var container: Int32
    /// Which layer this is (see `Entry.identity`): given at the end of the
    /// step that added the layer, kept while the engine keeps the layer.
    /// A layer whose stack a `set` replaces keeps it; one that changes
    /// between a stack and a tab container is a new layer.
    public package(set) var identity: UInt32 = 0

    public init(kind: LayerKind, stack: [Entry]) {
        self.kind = kind
        stacks = [stack]
        selected = 0
        container = -1
    }

    public init(kind: LayerKind, container: Int32, tabs: [[Entry]]) {
        self.kind = kind
        stacks = tabs
        selected = 0
        self.container = container
    }

    public var isTabContainer: Bool { container >= 0 }
    /// The visible stack.
    public var stack: [Entry] { stacks[selected] }

    public static func == (lhs: Layer, rhs: Layer) -> Bool {
        lhs.kind == rhs.kind && lhs.selected == rhs.selected && lhs.container == rhs.container && lhs.stacks == rhs.stacks
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(selected)
        hasher.combine(container)
        hasher.combine(stacks)
    }
}

/// A deep link waiting to open: one opened while its gate's guard did not
/// hold (docs/language.md#how-a-program-runs "Gated links": the URL, and the screens the gate's
/// actions showed), or (v2) one opened while the active route was busy
/// (docs/language.md "Busy routes": `isHeld`).
public struct PendingLink: Hashable, Sendable {
    public var url: String
    /// What the gate's actions put on screen. While none of it is shown and
    /// the guard still does not hold at the end of a step, the user
    /// cancelled: the URL is dropped. Empty for a held URL.
    public var shown: [Mark]
    /// Whether the URL was opened on a busy route and has not been tried
    /// yet: at the end of the first step after which the active route is
    /// not busy, it opens as `open` would have (its gate's actions run if
    /// its guard does not hold).
    public var isHeld = false
    /// The link `url` matched when it was opened, and what it bound: a
    /// cache (a function of `url` and the program), so the end of each step
    /// while the URL waits does not parse it again. Not part of equality.
    /// A reference: copying a state copies one pointer, not the link.
    package var matched: MatchedLink?

    /// A link and what a URL bound of it (`PendingLink.matched`).
    package final class MatchedLink: Sendable {
        package let link: Link
        package let binding: Navigator.LinkBinding

        package init(_ link: Link, _ binding: Navigator.LinkBinding) {
            self.link = link
            self.binding = binding
        }
    }

    /// A screen: a route shown by a flow instance.
    public struct Mark: Hashable, Sendable {
        public var route: RouteID
        public var instance: Int32
        public init(route: RouteID, instance: Int32) {
            self.route = route
            self.instance = instance
        }

        /// The mark as one number (route, then instance), for sorting and searching.
        var key: UInt64 { UInt64(UInt32(bitPattern: route)) << 32 | UInt64(UInt32(bitPattern: instance)) }
    }

    public init(url: String, shown: [Mark], isHeld: Bool = false) {
        self.url = url
        self.shown = shown
        self.isHeld = isHeld
    }

    public static func == (lhs: PendingLink, rhs: PendingLink) -> Bool {
        lhs.url == rhs.url && lhs.shown == rhs.shown && lhs.isHeld == rhs.isHeld
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(shown)
        hasher.combine(isHeld)
    }
}

/// A running flow (a coordinator instance) and its parent instance.
public struct FlowInstance: Hashable, Sendable {
    public var flow: FlowID
    /// Index of the parent instance, or -1 for the entry flow.
    public var parent: Int32
    /// False for a free slot (instances are reused to keep the array small).
    public var isRunning: Bool
    /// The flow's arguments, in the order of `Flow.parameters` (v1).
    public var arguments: [Value]
    /// Whether the flow is expected to finish: it was started with `start
    /// F`, `as sheet` or `as cover`, or a link presented it that way (not as
    /// root, in its parent's place, or as a tab). What F204 asks of it.
    public var isExpectedToFinish: Bool

    public init(flow: FlowID, parent: Int32, isRunning: Bool, arguments: [Value] = [], isExpectedToFinish: Bool = false) {
        self.flow = flow
        self.parent = parent
        self.isRunning = isRunning
        self.arguments = arguments
        self.isExpectedToFinish = isExpectedToFinish
    }
}

/// The engine's whole state (docs/language.md#how-a-program-runs): the flow tree, the pile of layers,
/// and the guards that are set. A value: copying it is how a rejected step
/// leaves the state exactly as it was.
public struct NavigationState: Hashable, Sendable {
    /// Running flow instances; free slots have `isRunning == false`.
    public var instances: [FlowInstance] = []
    /// Bottom to top; the first is the base layer.
    public var layers: [Layer] = []
    /// Guards that are currently true.
    public var guards: Set<Symbol> = []
    /// A gated deep link waiting for its guard (v1), if any.
    public var pendingLink: PendingLink?
    /// Slots of `instances` free for reuse.
    package var freeSlots: [Int32] = []

    public init() {}

    /// The active entry: the top of the visible stack of the top layer.
    /// (Indexes in place: copying the layer would retain all its stacks.)
    public var activeEntry: Entry? {
        let top = layers.count - 1
        guard top >= 0 else { return nil }
        let selected = layers[top].selected
        let count = layers[top].stacks[selected].count
        return count > 0 ? layers[top].stacks[selected][count - 1] : nil
    }

    /// The active entry's route and flow instance, without copying its
    /// arguments (the hot path of dispatch needs only these two ids).
    /// Always inlined: a call from the random walk's `inout` navigator
    /// copied its state first.
    public var activeIDs: (route: RouteID, instance: Int32)? {
        @inline(__always) get {
            let top = layers.count - 1
            guard top >= 0 else { return nil }
            let selected = layers[top].selected
            let count = layers[top].stacks[selected].count
            guard count > 0 else { return nil }
            return (layers[top].stacks[selected][count - 1].route, layers[top].stacks[selected][count - 1].instance)
        }
    }

    /// The number of entries in the visible stack of the top layer.
    var activeStackCount: Int {
        let top = layers.count - 1
        return top >= 0 ? layers[top].stacks[layers[top].selected].count : 0
    }

    /// Instances from `instance` up to the entry flow (inclusive).
    public func ancestry(of instance: Int32) -> [Int32] {
        // Counted first: one allocation for the chain, not one per doubling.
        var length = 0
        var current = instance
        while current >= 0, Int(current) < instances.count, length <= instances.count {
            length += 1
            current = instances[Int(current)].parent
        }
        var chain: [Int32] = []
        chain.reserveCapacity(length)
        current = instance
        for _ in 0..<length {
            chain.append(current)
            current = instances[Int(current)].parent
        }
        return chain
    }

    /// Whether `instance` is `ancestor` or below it.
    public func isDescendant(_ instance: Int32, of ancestor: Int32) -> Bool {
        var current = instance
        var steps = 0
        while current >= 0, steps <= instances.count {
            if current == ancestor { return true }
            current = instances[Int(current)].parent
            steps += 1
        }
        return false
    }

    /// The number of entries on screen, in every layer and tab.
    /// (By index: a `reduce` copied each layer, retaining its stacks.)
    public var entryCount: Int {
        var count = 0
        for l in layers.indices {
            for s in layers[l].stacks.indices { count += layers[l].stacks[s].count }
        }
        return count
    }
}
