import FlowAnalysis
import FlowModel
import FlowRuntime

/// Journeys that together take every step the explorer found to run
/// something for the first time: every handler a run from the start can
/// fire, the implicit back of every route where the search took it, and a
/// tap on every tab (what `flowctl generate scripts` writes).
///
/// The search's first-time steps (`Explorer.edges`) hang off its tree of
/// shortest paths. A journey follows the shortest path to a leaf of the part
/// of that tree they use, then goes on while the place it stands at has a
/// first-time step that leads nowhere new and still runs something no
/// journey ran (a push chain's backs, one after the other). A first-time
/// step that no journey could take on the way is a journey of its own: the
/// shortest path to its place, the step, and on from there. Every journey
/// is run by the engine as it is built, so what it covers is what it ran,
/// and the screen after each step is known.
public struct Journeys: Sendable {
    /// One journey, as a script will say it: its steps from the entry's
    /// start, and the screen after each (`expect stack` text; nil after an
    /// `assume` that changed nothing on screen).
    public struct Script: Sendable {
        public var steps: [PathStep]
        public var screens: [String?]
        /// The route of the screen it ends on.
        package var end: RouteID
        /// What the journey is for: the route its last step is taken at and
        /// that step (`cart-checkout`, `receipt-back`, `home-tab-Settings`).
        public var name: String
    }

    /// The journeys, in the order they were made.
    public let scripts: [Script]

    /// The journeys of a program `explorer` has explored everywhere.
    /// Throws only if the engine rejects a path the explorer took (a bug).
    public init(exploring explorer: Explorer) throws(NavigationError) {
        var builder = try Builder(explorer)
        scripts = try builder.build()
    }

    /// What builds the journeys: coverage so far, the first-time steps not
    /// yet taken by place, and the navigator that runs each journey.
    private struct Builder {
        let explorer: Explorer
        let start: Navigator
        var ranHandler: [Bool]
        var backAt: [Bool]
        var tapped: [Bool]
        /// For each first-time step: the handlers, the route whose implicit
        /// back, and the tab it ran first.
        var edgeHandlers: [[HandlerID]]
        var edgeBack: [RouteID]
        var edgeTab: [FlowID]
        /// For each place, its first-time steps (indexes into `edges`) that
        /// lead to a place seen before, the first the search took last.
        var dangling: [[Int]]
        var journeys: [Script] = []

        init(_ explorer: Explorer) throws(NavigationError) {
            self.explorer = explorer
            var navigator = try Navigator(program: explorer.program)
            navigator.recordsEffects = false
            navigator.logsHandlers = true
            start = navigator
            ranHandler = [Bool](repeating: false, count: explorer.program.handlers.count)
            backAt = [Bool](repeating: false, count: explorer.program.routes.count)
            tapped = [Bool](repeating: false, count: explorer.program.flows.count)
            edgeHandlers = Array(repeating: [], count: explorer.edges.count)
            edgeBack = [RouteID](repeating: -1, count: explorer.edges.count)
            edgeTab = [FlowID](repeating: -1, count: explorer.edges.count)
            for (h, e) in explorer.handlerEdge.enumerated() where e >= 0 { edgeHandlers[Int(e)].append(HandlerID(h)) }
            for (r, e) in explorer.backEdge.enumerated() where e >= 0 { edgeBack[Int(e)] = RouteID(r) }
            for (f, e) in explorer.tabEdge.enumerated() where e >= 0 { edgeTab[Int(e)] = FlowID(f) }
            dangling = Array(repeating: [], count: explorer.nodes.count)
        }

        /// Whether `edge` discovered its place (a step of the tree).
        func isTreeEdge(_ edge: Explorer.Edge) -> Bool {
            let nodes = explorer.nodes
            return edge.to > 0 && nodes[Int(edge.to)].parent == edge.from && nodes[Int(edge.to)].steps == edge.steps
        }

        /// Whether taking edge `e` would still run something no journey ran.
        func isNeeded(_ e: Int) -> Bool {
            edgeHandlers[e].contains { !ranHandler[Int($0)] }
                || (edgeBack[e] >= 0 && !backAt[Int(edgeBack[e])]) || (edgeTab[e] >= 0 && !tapped[Int(edgeTab[e])])
        }

        mutating func build() throws(NavigationError) -> [Script] {
            let nodes = explorer.nodes
            // Which places the tree's first-time steps lead through; leaves of that part start journeys.
            var used = [Bool](repeating: false, count: nodes.count)
            var usedChild = [Bool](repeating: false, count: nodes.count)
            func use(_ node: Int32) {
                var n = node
                while n >= 0, !used[Int(n)] {
                    used[Int(n)] = true
                    let parent = nodes[Int(n)].parent
                    if parent >= 0 { usedChild[Int(parent)] = true }
                    n = parent
                }
            }
            for (e, edge) in explorer.edges.enumerated() {
                if isTreeEdge(edge) { use(edge.to) } else { dangling[Int(edge.from)].append(e) }
            }
            for n in dangling.indices { dangling[n].reverse() }
            for n in nodes.indices where used[n] && !usedChild[n] && n > 0 {
                try journey(through: explorer.path(to: Int32(n)), lastFrom: nodes[n].parent)
            }
            // The first-time steps no journey took on its way: each its own journey.
            for (e, edge) in explorer.edges.enumerated() where isNeeded(e) {
                try journey(through: explorer.path(through: edge), lastFrom: edge.from)
            }
            return journeys
        }

        /// Runs `path` from the start, goes on through first-time steps of the
        /// places it reaches, and records the journey if it ran anything new.
        mutating func journey(through path: [PathStep], lastFrom: Int32) throws(NavigationError) {
            var run = Run(navigator: start)
            var from = lastFrom
            for step in path { try take(step, in: &run) }
            // On through the first-time steps of where it stands.
            while let place = explorer.place(of: run.navigator.state), let e = nextStep(at: place) {
                var trial = run
                do throws(NavigationError) {
                    for step in explorer.steps[explorer.edges[e].steps.range] { try take(step, in: &trial) }
                } catch {
                    // Not from this journey's state: the step stays for a journey of its own.
                    break
                }
                dangling[Int(place)].removeAll { $0 == e }
                run = trial
                from = place
            }
            guard run.ranSomethingNew, let active = run.navigator.state.activeIDs else { return }
            commit(run)
            journeys.append(Script(steps: run.steps, screens: run.screens, end: active.route,
                                    name: Journeys.name(run.steps.last, at: from, explorer)))
        }

        /// The first-time step to go on with at `place`: one that leads where
        /// another is waiting (a back that leads to the next back), else the
        /// first the search took. Drops the steps no longer needed.
        mutating func nextStep(at place: Int32) -> Int? {
            let waiting = dangling[Int(place)].filter(isNeeded)
            dangling[Int(place)] = waiting
            guard let first = waiting.last else { return nil }
            for e in waiting.reversed() {
                let to = Int(explorer.edges[e].to)
                if to != Int(place) && dangling[to].contains(where: isNeeded) { return e }
            }
            return first
        }

        /// A journey being run: its steps, its screens, what it ran first.
        struct Run {
            var navigator: Navigator
            var steps: [PathStep] = []
            var screens: [String?] = []
            /// Whether every step so far is an `assume` (then they start the app anew).
            var onlyAssumes = true
            var handlers: [HandlerID] = []
            var backs: [RouteID] = []
            var taps: [FlowID] = []
            var ranSomethingNew = false
        }

        /// Takes one step in `run`, noting what it ran that no journey ran.
        func take(_ step: PathStep, in run: inout Run) throws(NavigationError) {
            if step.isAssume {
                // An assume is a step: a pending link may open at its end (docs/language.md#how-a-program-runs).
                let before = run.navigator.state.layers
                try step.perform(on: &run.navigator)
                run.steps.append(step)
                run.screens.append(run.navigator.state.layers == before ? nil : run.navigator.stackDescription)
                return
            }
            // Assumes before every other step are in force when the entry starts (docs/simulate.md).
            if run.onlyAssumes && !run.steps.isEmpty { try run.navigator.reset() }
            run.onlyAssumes = false
            run.navigator.handlerLog.removeAll(keepingCapacity: true)
            let route = run.navigator.state.activeIDs?.route ?? -1
            // `back` here may run a flow-level handler instead: only the implicit back counts as one.
            let takesImplicitBack = step == .back && route >= 0 && run.navigator.implicitBack(at: route) != nil
            try step.perform(on: &run.navigator)
            for h in run.navigator.handlerLog where !ranHandler[Int(h)] && !run.handlers.contains(h) {
                run.handlers.append(h)
                run.ranSomethingNew = true
            }
            switch step {
            case .back where takesImplicitBack && !backAt[Int(route)]:
                run.backs.append(route)
                run.ranSomethingNew = true
            case .tab(let flow) where !tapped[Int(flow)]:
                run.taps.append(flow)
                run.ranSomethingNew = true
            default:
                break
            }
            run.steps.append(step)
            run.screens.append(run.navigator.stackDescription)
        }

        /// Marks what a kept journey ran as covered.
        mutating func commit(_ run: Run) {
            for h in run.handlers { ranHandler[Int(h)] = true }
            for r in run.backs { backAt[Int(r)] = true }
            for f in run.taps { tapped[Int(f)] = true }
        }
    }

    /// `route-step`: the route at `place` and the last step's word.
    static func name(_ step: PathStep?, at place: Int32, _ explorer: Explorer) -> String {
        let program = explorer.program
        let route = place >= 0 ? program.name(program.routes[Int(explorer.nodes[Int(place)].route)].name) : "start"
        let word: String
        switch step {
        case .send(let h): word = program.name(program.handlers[Int(h)].event.name)
        case .back: word = "back"
        case .tab(let flow): word = "tab-" + program.name(program.flows[Int(flow)].name)
        case .open: word = "open"
        case .assume(let name, _): word = "assume-" + program.name(name)
        case .expectTop: word = "expect"
        case nil: word = "start"
        }
        return route + "-" + word
    }
}
