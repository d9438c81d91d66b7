import FlowEngine
import Foundation

extension FlowNavigator {
    /// The state as JSON (flows and routes by name, guards included), for
    /// state restoration (`@SceneStorage`, a file).
    public var savedState: Data { Data(engine.savedState().utf8) }

    /// A navigator in a saved state. Throws `invalidState` naming what does
    /// not fit when the data is malformed, from another program, or no
    /// longer fits this one (a route that was renamed, an argument's type).
    public init(restoring data: Data) throws(FlowError) {
        try self.init()
        do throws(NavigationError) {
            try engine.restore(from: [UInt8](data))
        } catch {
            if case .invalidState(let problem) = error { throw .invalidState(problem) }
            throw .invalidState(error.description)
        }
    }

    /// Replaces the state by a saved one; on any problem, throws and keeps the current state.
    public mutating func restore(_ data: Data) throws(FlowError) {
        var copy = self
        do throws(NavigationError) {
            try copy.engine.restore(from: [UInt8](data))
        } catch {
            if case .invalidState(let problem) = error { throw .invalidState(problem) }
            throw .invalidState(error.description)
        }
        self = copy
    }
}
