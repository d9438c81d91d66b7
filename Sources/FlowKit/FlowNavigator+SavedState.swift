import FlowModel
import FlowRuntime
import Foundation

extension FlowNavigator {
    /// The state as JSON (flows, routes and tabs by name, guards included),
    /// for state restoration (`@SceneStorage`, a file).
    public var savedState: Data { Data(engine.savedState().utf8) }

    /// A navigator in a saved state (docs/releases.md#saved-states).
    ///
    /// Flows, routes and tabs are found by name, through the old names of
    /// `was(...)`, so a state saved by the previous release restores when
    /// that release added, renamed or reordered them. A state this program
    /// cannot reach (a screen saved as pushed that is now a sheet, a route
    /// that is gone) throws `invalidState` naming what does not fit; with
    /// `repairing`, the navigator keeps instead, layer by layer, the longest
    /// prefix of each stack that the program reaches, and `restoreReport`
    /// says what it dropped. With `restoringGuards` false, the saved guards
    /// are left out (the app sets its facts, such as being logged in, anew).
    /// Malformed data and states of another program always throw.
    public init(restoring data: Data, repairing: Bool = false, restoringGuards: Bool = true) throws(FlowError) {
        try self.init()
        try restore(data, repairing: repairing, restoringGuards: restoringGuards)
    }

    /// Replaces the state by a saved one, as `init(restoring:repairing:restoringGuards:)`
    /// does, and returns what was dropped; on a refusal, throws and keeps the current state.
    @discardableResult
    public mutating func restore(_ data: Data, repairing: Bool = false, restoringGuards: Bool = true) throws(FlowError) -> FlowRestoreReport {
        var copy = engine
        let report: RestoreReport
        do throws(NavigationError) {
            report = try copy.restore(from: [UInt8](data), options: RestoreOptions(repairs: repairing, restoresGuards: restoringGuards),
                                      shapes: loaded.shapes.shapes(of: loaded.program))
        } catch {
            if case .invalidState(let problem) = error { throw .invalidState(problem) }
            throw .invalidState(error.description)
        }
        engine = copy
        restoreReport = FlowRestoreReport(dropped: report.dropped, checkedReachability: report.checkedReachability)
        return restoreReport ?? FlowRestoreReport()
    }
}

/// What restoring a saved state left out: nothing when the state fit.
public struct FlowRestoreReport: Sendable, Equatable {
    /// One line per part a repair dropped: what, where and why.
    public var dropped: [String]
    /// Whether the state was checked against the states the program can
    /// reach; false for a program too large to explore, whose states are
    /// then checked for names, types and structure only.
    public var checkedReachability: Bool

    public init(dropped: [String] = [], checkedReachability: Bool = true) {
        self.dropped = dropped
        self.checkedReachability = checkedReachability
    }
}
