import FlowModel

extension Navigator {
    /// Replaces the state by a saved one if this program can reach it
    /// (exactly: `RestoreOptions.exact`); on any problem the state is
    /// unchanged and the error says what does not fit. Explores the
    /// program's states to know which it reaches (`ReachableShapes`).
    public mutating func restore(from json: [UInt8]) throws(NavigationError) {
        try restore(from: json, options: .exact)
    }

    /// `restore(from:options:shapes:)` with the shapes explored here (pass
    /// them instead when restoring many states of one program).
    @discardableResult
    public mutating func restore(from json: [UInt8], options: RestoreOptions) throws(NavigationError) -> RestoreReport {
        try restore(from: json, options: options, shapes: ReachableShapes(program: program))
    }
}
