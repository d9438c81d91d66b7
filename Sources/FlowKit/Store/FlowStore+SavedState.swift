import Foundation

extension FlowStore {
    /// A store whose engine resumes a saved state (see `savedState`), checked against the
    /// program: a stale, damaged or foreign state is refused with an error naming what does not fit.
    public convenience init(restoring data: Data) throws {
        self.init(navigator: try FlowNavigator<P>(restoring: data))
    }

    /// The engine's state, to keep (in `@SceneStorage`, say) and restore at the next launch.
    /// It names flows and routes, so it survives edits of the `.flow` files that keep them.
    public var savedState: Data {
        navigator.savedState
    }
}
