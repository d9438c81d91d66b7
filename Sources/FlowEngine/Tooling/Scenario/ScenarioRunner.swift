import FlowAnalysis
import FlowModel
import FlowRuntime

/// Runs scenario steps against a navigator and records a trace.
///
/// A step that is rejected stops the run unless the next step is
/// `expect error`; an expectation that does not hold stops it too. Either
/// way the failure names the script line.
public struct ScenarioRunner {
    /// One executed step.
    package struct TraceLine: Sendable {
        public var step: Int
        public var line: Int
        public var text: String
        /// What the step did, or why it was rejected.
        public var outcome: String
        package var rejected: Bool
        /// The screen after the step, as `expect stack` writes it, cut in the
        /// middle where it is long (`Navigator.stackSummary`).
        package var stack: String
        package var effects: [NavigationEffect]
    }

    /// Why a run stopped early.
    public struct Failure: Sendable, Equatable {
        public var line: Int
        public var message: String
        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    public private(set) var navigator: Navigator
    package private(set) var trace: [TraceLine] = []
    public private(set) var failure: Failure?
    /// For each handler, whether a step that succeeded ran it (an event's
    /// or `back`'s handler, or a result handler a `finish` reached); nil
    /// until `recordCoverage()`.
    package private(set) var handlersRun: [Bool]?
    /// For each route, whether it was the active screen when recording
    /// began or after a step that succeeded; nil until `recordCoverage()`.
    package private(set) var routesShown: [Bool]?
    private var lastRejected = false
    private var stepNumber = 0

    public init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// From now on, records which handlers the steps run (`handlersRun`)
    /// and which routes they show (`routesShown`, the active one now
    /// included): what `flowctl cover` counts (`Coverage`).
    package mutating func recordCoverage() {
        navigator.logsHandlers = true
        if handlersRun == nil { handlersRun = [Bool](repeating: false, count: navigator.program.handlers.count) }
        if routesShown == nil { routesShown = [Bool](repeating: false, count: navigator.program.routes.count) }
        if let active = navigator.state.activeIDs { routesShown?[Int(active.route)] = true }
    }

    /// Runs `lines` until the end or the first failure; returns whether all held.
    @discardableResult
    public mutating func run(_ lines: [ScenarioScript.Line]) -> Bool {
        for index in lines.indices where failure == nil { step(lines, at: index) }
        return failure == nil
    }

    /// Performs line `index` of `lines`, then applies the stopping rule: a
    /// rejected step fails the run unless the next line is `expect error`.
    package mutating func step(_ lines: [ScenarioScript.Line], at index: Int) {
        let line = lines[index]
        perform(line)
        if lastRejected, failure == nil {
            let next = index + 1 < lines.count ? lines[index + 1].step : nil
            if next != .expectError {
                failure = Failure(line: line.number, message: "step rejected: \(trace.last?.outcome ?? "")")
            }
        }
    }

    /// Performs one line (no stopping rules: the caller decides).
    package mutating func perform(_ line: ScenarioScript.Line) {
        switch line.step {
        case .expectError:
            if !lastRejected {
                failure = Failure(line: line.number, message: "expected the previous step to be rejected, but it succeeded")
            }
            lastRejected = false
        case .expectTop(let name):
            lastRejected = false
            guard let active = navigator.state.activeEntry else {
                failure = Failure(line: line.number, message: "expected top \(name), but nothing is on screen")
                return
            }
            if !navigator.program.route(active.route, isNamed: name) {
                failure = Failure(line: line.number, message: "expected top \(name), but it is \(navigator.describe(active))")
            }
        case .expectTab(let name):
            lastRejected = false
            let tab = navigator.selectedTab
            if tab != name {
                failure = Failure(line: line.number, message: "expected tab \(name), but \(tab.map { "it is \($0)" } ?? "no tab container is on screen")")
            }
        case .expectStack(let expected):
            lastRejected = false
            if !expected.isShown(by: navigator) {
                failure = Failure(line: line.number, message: "expected stack \(line.text.dropFirst("expect stack".count).trimmingSpaces)\n  but it is     \(navigator.stackDescription)")
            }
        case .send, .back, .open, .assume, .tab:
            act(line)
        }
    }

    private mutating func act(_ line: ScenarioScript.Line) {
        stepNumber += 1
        if handlersRun != nil { navigator.handlerLog.removeAll(keepingCapacity: true) }
        do throws(NavigationError) {
            let effects: [NavigationEffect]
            switch line.step {
            case .send(let name, let arguments): effects = try navigator.send(name, arguments: arguments)
            case .back: effects = try navigator.back()
            case .open(let url): effects = try navigator.open(url)
            case .assume(let name, let value): effects = navigator.assume(name, value)
            case .tab(let name): effects = try navigator.tapTab(named: name)
            default: effects = []
            }
            lastRejected = false
            if handlersRun != nil { for h in navigator.handlerLog { handlersRun?[Int(h)] = true } }
            if routesShown != nil, let active = navigator.state.activeIDs { routesShown?[Int(active.route)] = true }
            trace.append(TraceLine(step: stepNumber, line: line.number, text: line.text, outcome: EffectText.describe(effects, navigator.program),
                                   rejected: false, stack: navigator.stackSummary, effects: effects))
        } catch {
            lastRejected = true
            trace.append(TraceLine(step: stepNumber, line: line.number, text: line.text, outcome: error.description,
                                   rejected: true, stack: navigator.stackSummary, effects: []))
        }
    }
}

/// Effects as short text for traces: "push product, sheet cart".
package enum EffectText {
    package static func describe(_ effects: [NavigationEffect], _ program: Program) -> String {
        let route = { (r: RouteID) in program.name(program.routes[Int(r)].name) }
        let flow = { (f: FlowID) in program.name(program.flows[Int(f)].name) }
        let parts: [String] = effects.compactMap { effect in
            switch effect {
            case .pushed(let e): "push \(route(e.route))"
            case .popped(let e): "pop \(route(e.route))"
            case .replaced(let old, let new): "replace \(route(old.route)) with \(route(new.route))"
            case .presented(let kind, let e): "\(kind.rawValue) \(route(e.route))"
            case .dismissed(let kind): "dismiss \(kind.rawValue)"
            case .stackSet(let entries): "set [\(entries.map { route($0.route) }.joined(separator: ", "))]"
            case .tabSelected(let f): "select \(flow(f))"
            case .flowStarted(let f): "start \(flow(f))"
            case .flowFinished(let f, let result): "\(flow(f)) finishes with \(program.name(result))"
            case .flowEnded(let f): "\(flow(f)) ends"
            case .guardSet(let g, let value): "\(value ? "" : "!")\(program.name(g))"
            case .transition(let t): "with \(program.name(t))"
            case .linkPending(let url): "\(url) waits"
            case .linkOpened(let url): "open \(url)"
            case .linkDropped(let url): "drop \(url)"
            }
        }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}
