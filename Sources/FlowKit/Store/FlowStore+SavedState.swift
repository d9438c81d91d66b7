import Foundation

extension FlowStore {
    /// A store whose engine resumes a saved state (see `savedState`), checked against the
    /// program: a damaged or foreign state, or one this release cannot reach, is refused with an
    /// error naming what does not fit. With `repairing`, what the release reaches is kept and
    /// `navigator.restoreReport` lists what was dropped; with `restoringGuards` false, the app
    /// sets its guards anew (`FlowNavigator.init(restoring:repairing:restoringGuards:)`).
    public convenience init(restoring data: Data, repairing: Bool = false, restoringGuards: Bool = true) throws {
        self.init(navigator: try FlowNavigator<P>(restoring: data, repairing: repairing, restoringGuards: restoringGuards))
    }

    /// The engine's state, to keep (in `@SceneStorage`, say) and restore at the next launch.
    /// It names flows, routes and tabs, so it survives a release that adds, reorders or renames
    /// them (`was`).
    public var savedState: Data {
        navigator.savedState
    }
}
