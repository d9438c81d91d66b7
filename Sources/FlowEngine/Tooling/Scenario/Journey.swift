import FlowAnalysis
import FlowModel
import FlowRuntime

/// A scenario's journey in the terms of the picture (`flowctl graph
/// --highlight SCRIPT`): the routes that were on top, the handlers that ran,
/// the deep links that opened, the tabs that were shown and the flows that
/// started in another's place, each with the steps at which it happened
/// (numbered from 1 as `flowctl simulate` numbers them; 0 is the start).
///
/// The script runs once, on the engine (`ScenarioRunner`), so the journey
/// is the one `simulate --script` prints, and a script that fails there
/// fails here with the same line and message. The engine's log of the
/// handlers each step ran (`Navigator.handlerLog`) says which handlers a
/// step ran: the one an event or `back` reached, and each that a `finish`
/// (or a `back` that cancels a child) delivered its result to. Which link a
/// step opens and whether `back` takes the implicit back are asked of the
/// engine before the step (`Navigator+Lookahead.swift`). The drawing reads
/// the journey (`FlowGraph+Journey.swift`) and runs nothing.
package struct Journey: Sendable {
    /// A parent flow and a child flow: a tab container and a tab, or a flow
    /// and the flow started in its place.
    package struct FlowPair: Hashable, Sendable {
        package var parent: FlowID
        public var child: FlowID
        package init(parent: FlowID, child: FlowID) {
            self.parent = parent
            self.child = child
        }
    }

    /// An implicit back from one route to the one it uncovered.
    package struct RoutePair: Hashable, Sendable {
        public var from: RouteID
        public var to: RouteID
        package init(from: RouteID, to: RouteID) {
            self.from = from
            self.to = to
        }
    }

    /// The steps at which each handler ran (a handler fired twice in one
    /// step is listed once for it).
    package internal(set) var handlers: [HandlerID: [Int]] = [:]
    /// The steps at which each link (by index in `Program.links`) opened.
    public internal(set) var links: [Int: [Int]] = [:]
    /// The steps after which each route became the active route (0: the start).
    public internal(set) var routes: [RouteID: [Int]] = [:]
    /// The steps after which a tab container showed a tab it did not show before.
    public internal(set) var tabs: [FlowPair: [Int]] = [:]
    /// The steps at which a flow started another in its place.
    package internal(set) var inPlace: [FlowPair: [Int]] = [:]
    /// The steps whose implicit back went from one route to another.
    package internal(set) var implicitBacks: [RoutePair: [Int]] = [:]
    /// The number of steps that ran (events, back, open, assume, tab).
    package internal(set) var stepCount = 0
    /// Why the script stopped, as `simulate` reports it; nil when every step held.
    public internal(set) var failure: ScenarioRunner.Failure?

    package init() {}

    /// Runs `lines` from `navigator`'s state. When the script fails, the
    /// journey is empty and `failure` says why.
    ///
    /// - Complexity: O(links + steps × state size).
    public static func run(_ lines: [ScenarioScript.Line], from navigator: Navigator) -> Journey {
        var journey = Journey()
        var links: [SourceSpan: Int] = [:]
        for (l, link) in navigator.program.links.enumerated() { links[link.span] = l }
        var runner = ScenarioRunner(navigator: navigator)
        runner.recordCoverage()
        journey.recordShown(before: nil, after: runner.navigator, step: 0)
        for index in lines.indices where runner.failure == nil {
            let before = runner.navigator
            let count = runner.trace.count
            runner.step(lines, at: index)
            guard runner.trace.count > count, let done = runner.trace.last else { continue }
            journey.stepCount = done.step
            guard !done.rejected else { continue }
            journey.record(lines[index].step, step: done.step, before: before, after: runner.navigator, effects: done.effects, links: links)
        }
        if let failure = runner.failure {
            var failed = Journey()
            failed.failure = failure
            return failed
        }
        return journey
    }

    mutating func record(_ step: ScenarioScript.Step, step number: Int, before: Navigator, after: Navigator,
                         effects: [NavigationEffect], links linkIndex: [SourceSpan: Int]) {
        let planned = Journey.plan(step, before: before, links: linkIndex)
        var seen = Set<HandlerID>()
        for handler in after.handlerLog where seen.insert(handler).inserted { handlers[handler, default: []].append(number) }
        if let link = planned.link { links[link, default: []].append(number) }
        // A pending link that opened at the end of the step (v1).
        for effect in effects {
            if case .linkOpened(let url) = effect, let (link, _) = try? after.matchBinding(url), let index = linkIndex[link.span] {
                links[index, default: []].append(number)
            }
        }
        if planned.implicitBack, let from = before.state.activeEntry?.route, let to = after.state.activeEntry?.route {
            implicitBacks[RoutePair(from: from, to: to), default: []].append(number)
        }
        recordShown(before: before, after: after, step: number)
    }

    /// The active route, the tabs shown and the flows started in place
    /// after a step, where they differ from before it.
    mutating func recordShown(before: Navigator?, after: Navigator, step: Int) {
        let active = after.state.activeEntry?.route
        if let active, active != before?.state.activeEntry?.route { routes[active, default: []].append(step) }
        let shownBefore = Set(before.map { $0.shownTabs() } ?? [])
        for shown in after.shownTabs() where !shownBefore.contains(shown) {
            tabs[FlowPair(parent: shown.containerFlow, child: shown.tab), default: []].append(step)
        }
        let program = after.program
        let instances = after.state.instances
        let old = before?.state.instances ?? []
        func isNew(_ i: Int) -> Bool {
            i >= old.count || !old[i].isRunning || old[i].flow != instances[i].flow || old[i].parent != instances[i].parent
        }
        // A child that started in its parent's place starts with its parent.
        for (i, instance) in instances.enumerated() where instance.isRunning && instance.parent >= 0 && isNew(i) {
            let parent = Int(instance.parent)
            guard parent < instances.count, isNew(parent) else { continue }
            let parentFlow = instances[parent].flow
            let flow = program.flows[Int(parentFlow)]
            let named = program.startItems[flow.starts.range].contains { $0.target == .flow(instance.flow) }
                || (flow.starts.isEmpty && flow.start == .flow(instance.flow))
            if named { inPlace[FlowPair(parent: parentFlow, child: instance.flow), default: []].append(step) }
        }
    }
}

extension Journey {
    /// What a step is about to do, asked before it runs.
    struct PlannedStep {
        /// A link that opens at once (not a gated one whose guard does not hold).
        var link: Int?
        /// Whether `back` takes the implicit back.
        var implicitBack = false
    }

    /// The link `step` opens (by index, through `links`: each link's index
    /// by its pattern's place) and whether it is the implicit back, from the
    /// engine's own matching and dispatch rules.
    static func plan(_ step: ScenarioScript.Step, before navigator: Navigator, links: [SourceSpan: Int]) -> PlannedStep {
        switch step {
        case .send(let name, let arguments) where name == "back" && arguments.isEmpty:
            return PlannedStep(implicitBack: navigator.backTakesImplicitBack)
        case .back:
            return PlannedStep(implicitBack: navigator.backTakesImplicitBack)
        case .open(let url):
            return PlannedStep(link: navigator.linkOpening(url).flatMap { links[$0.span] })
        case .send, .assume, .tab, .expectTop, .expectStack, .expectTab, .expectError:
            return PlannedStep()
        }
    }
}
