import FlowModel

/// How `Navigator.restore(from:options:shapes:)` treats a saved state
/// (docs/releases.md#saved-states).
public struct RestoreOptions: Sendable, Equatable {
    /// Repair rather than refuse: keep, layer by layer, the longest prefix
    /// of each stack that the program can reach, and report what was dropped.
    public var repairs: Bool
    /// Whether the guards saved with the state are set again. When false,
    /// the navigator keeps the guards the app has set (the app's facts:
    /// whether the user is still logged in is for it to say).
    public var restoresGuards: Bool

    public init(repairs: Bool = false, restoresGuards: Bool = true) {
        self.repairs = repairs
        self.restoresGuards = restoresGuards
    }

    /// Refuses any state the program cannot reach.
    public static let exact = RestoreOptions()
    /// Keeps what the program can reach and reports the rest.
    public static let repairing = RestoreOptions(repairs: true)
}

/// What a restore left out of a saved state: nothing when it fit.
public struct RestoreReport: Sendable, Equatable {
    /// One line per part left out: what, where, and why.
    public var dropped: [String] = []
    /// For each line of `dropped`, the route of the first screen it drops
    /// (`Flow.route` as this program names it, or as the state did when the
    /// program no longer has it); nil for a flow, a guard, a tab's whole
    /// stack, a layer above or the pending URL.
    public var droppedRoutes: [String?] = []
    /// Whether the state was checked against the program's reachable
    /// states. False when the program has too many to explore; then only
    /// its names, types and structure were checked, and `reason` says why.
    public var checkedReachability = true
    /// Why reachability was not checked.
    public var reason: String?

    public init(dropped: [String] = [], droppedRoutes: [String?] = [], checkedReachability: Bool = true, reason: String? = nil) {
        self.dropped = dropped
        self.droppedRoutes = droppedRoutes
        self.checkedReachability = checkedReachability
        self.reason = reason
    }
}
