/// Ends the process the way libFuzzer records a crash, with what broke.
/// A fuzz target calls it for a broken promise of the engine (an invariant,
/// a refused step that changed the state, output that is not deterministic),
/// never for input the engine rightly refused.
public func fuzzFailure(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("FlowKit fuzz: \(message)", file: file, line: line)
}
