import FlowEngine

/// Runs engine steps chosen by fuzz input and checks, after every one, the
/// promises the engine makes: the state's invariants hold, a refused step
/// leaves the state exactly as it was, and a saved state restores to itself.
public struct EngineDriver {
    public private(set) var navigator: Navigator
    private let interface: ProgramInterface?
    /// The program's reachable shapes: every state a walk reaches must restore exactly.
    private let shapes: ReachableShapes

    public init(_ navigator: Navigator, shapes: ReachableShapes = .unexplored) {
        self.navigator = navigator
        self.shapes = shapes
        interface = try? ProgramInterface(navigator.program)
        checkInvariants(after: "start")
    }

    /// Takes steps until the input runs out or `limit` steps were taken.
    public mutating func walk(_ input: inout FuzzInput, limit: Int = 64) {
        var taken = 0
        while taken < limit, let kind = input.choice(9) {
            taken += 1
            switch kind {
            case 0, 1, 2: sendAvailableEvent(&input)
            case 3: step("back") { (navigator: inout Navigator) throws(NavigationError) in try navigator.back() }
            case 4: sendAnyEvent(&input)
            case 5: tapTab(&input)
            case 6: openURL(&input)
            case 7: toggleGuard(&input)
            default: saveAndRestore()
            }
        }
    }

    /// Runs one step; a refusal must change nothing, and every outcome must keep the invariants.
    public mutating func step(_ what: @autoclosure () -> String,
                              _ body: (inout Navigator) throws(NavigationError) -> [NavigationEffect]) {
        let before = navigator.state
        do {
            _ = try body(&navigator)
        } catch {
            if navigator.state != before { fuzzFailure("\(what()) was refused (\(error)) but changed the state") }
        }
        checkInvariants(after: what())
    }

    private func checkInvariants(after what: String) {
        let problems = navigator.invariantViolations()
        if !problems.isEmpty { fuzzFailure("after \(what): \(problems.joined(separator: "; "))") }
    }

    private mutating func sendAvailableEvent(_ input: inout FuzzInput) {
        let events = navigator.availableEvents
        guard let pick = input.choice(events.count) else { return }
        let event = events[pick]
        var arguments: [String: Value] = [:]
        for (label, type) in event.parameters {
            // Now and then a value of the wrong type, which must be refused.
            let asked = input.choice(16) == 0 ? ValueType.allCases[Int(input.byte() ?? 0) % ValueType.allCases.count] : type
            guard let value = input.value(asked) else { return }
            arguments[label] = value
        }
        step("send \(event.name)") { (navigator: inout Navigator) throws(NavigationError) in
            try navigator.send(event.name, arguments: arguments)
        }
    }

    private mutating func sendAnyEvent(_ input: inout FuzzInput) {
        let names = interface?.events.map { navigator.program.name($0.name) } ?? []
        guard let name = input.choice(4) == 0 ? input.text(limit: 12) : input.choice(names.count).map({ names[$0] }) else { return }
        var arguments: [String: Value] = [:]
        if let count = input.choice(3) {
            for _ in 0..<count {
                guard let label = input.text(limit: 8), let type = input.choice(4), let value = input.value(ValueType.allCases[type]) else { break }
                arguments[label] = value
            }
        }
        step("send \(name)") { (navigator: inout Navigator) throws(NavigationError) in
            try navigator.send(name, arguments: arguments)
        }
    }

    private mutating func tapTab(_ input: inout FuzzInput) {
        // Any flow: tabs of the container on top are taps, the rest refusals.
        guard let flow = input.choice(navigator.program.flows.count) else { return }
        let name = navigator.program.name(navigator.program.flows[flow].name)
        step("tab \(name)") { (navigator: inout Navigator) throws(NavigationError) in
            try navigator.tapTab(FlowID(flow))
        }
    }

    private mutating func openURL(_ input: inout FuzzInput) {
        guard let url = URLBuilder.url(for: navigator.program, &input) else { return }
        step("open \(url)") { (navigator: inout Navigator) throws(NavigationError) in try navigator.open(url) }
    }

    private mutating func toggleGuard(_ input: inout FuzzInput) {
        let guards = interface?.guards.map { navigator.program.name($0) } ?? []
        guard let pick = input.choice(guards.count + 1), let on = input.byte() else { return }
        let name = pick < guards.count ? guards[pick] : "notAGuard"
        step("assume \(name)") { (navigator: inout Navigator) throws(NavigationError) in navigator.assume(name, on & 1 == 1) }
    }

    /// A saved state restores into a fresh navigator of the same program, and saves again to the same text.
    private mutating func saveAndRestore() {
        let saved = navigator.savedState()
        var restored = navigator
        do {
            try restored.restore(from: Array(saved.utf8), options: .exact, shapes: shapes)
        } catch {
            fuzzFailure("a saved state was refused on restore (\(error)):\n\(saved)")
        }
        let again = restored.savedState()
        if again != saved { fuzzFailure("a restored state saves differently:\n\(saved)\n---\n\(again)") }
        let problems = restored.invariantViolations()
        if !problems.isEmpty { fuzzFailure("a restored state breaks invariants: \(problems.joined(separator: "; "))") }
    }
}
