import FlowDSL
import FlowEngine
import Testing

/// A navigator for `source`, which must compile without errors.
/// With `allowingFindings`, analysis errors (F2xx) are accepted: the engine
/// must run such a program too, and reject what cannot be done.
public func navigator(allowingFindings: Bool = false, _ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Navigator {
    let (program, diagnostics) = compile(source)
    let errors = diagnostics.filter { $0.severity == .error && !(allowingFindings && !$0.code.stopsRunning) }
    #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
    return try Navigator(program: program)
}

/// Runs script steps (one a line) and expects each to succeed.
public func walk(_ navigator: inout Navigator, _ steps: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let (script, errors) = ScenarioScript.parse(steps)
    #expect(errors.isEmpty, "\(errors)", sourceLocation: sourceLocation)
    var runner = ScenarioRunner(navigator: navigator)
    runner.run(script.lines)
    #expect(runner.failure == nil, "\(runner.failure?.message ?? "")", sourceLocation: sourceLocation)
    navigator = runner.navigator
}

/// Expects `step` to be rejected with `error`, leaving the state exactly as it was.
public func expectRejected(_ navigator: inout Navigator, _ error: NavigationError,
                           sourceLocation: SourceLocation = #_sourceLocation,
                           _ step: (inout Navigator) throws(NavigationError) -> Void) {
    let before = navigator.state
    do throws(NavigationError) {
        try step(&navigator)
        Issue.record("expected \(error), but the step succeeded", sourceLocation: sourceLocation)
    } catch let thrown {
        #expect(thrown == error, sourceLocation: sourceLocation)
    }
    #expect(navigator.state == before, "the state changed", sourceLocation: sourceLocation)
}
