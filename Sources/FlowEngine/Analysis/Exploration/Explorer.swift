import FlowModel
import FlowRuntime

/// Shortest ways through an app: a breadth-first search from the entry's
/// start over the places a screen can be in, whose edges are the user's
/// steps run by the engine itself (so every path it returns replays).
///
/// A node is a *place*: the active route, the way it stands on the screen
/// (the root of the base layer, of a sheet, a cover, an alert, a dialog or a
/// popover, or pushed: `Placement.ways`), the flow of its flow's parent and
/// the route that parent shows under it (where a result will land: a child
/// started from a pushed screen can finish into `popToRoot`, one started
/// from the root cannot).
/// The first state that reaches a place stands for it; from that state the
/// explorer takes every step a user could take there:
///
/// - each handler that could answer at the active route (its own, its
///   flow's, each flow's above), after the `assume` steps that make it the
///   one dispatch chooses (its guard holds; the guards before it do not);
/// - the implicit back, when it applies; a tap on each tab of a tab
///   container that fills the top layer;
/// - from the start only: opening a sample URL of each link (its gate
///   assumed to hold, and, for a gated link, not: its `else` actions run);
///   and setting each guard of a guarded `start` item, which starts the
///   app anew (a script's leading `assume` steps are in force at its start).
///
/// Each step runs on a copy of the state; one the engine rejects is no
/// edge. Places are at most routes × ways × the parent's routes that start
/// the flow, each expanded once, so the search is linear in the places it
/// visits times the steps at each (the handlers that could answer, each
/// with its `assume` steps worked out in one pass over them); it stops as
/// soon as a goal is met. Parent pointers give each place's shortest path
/// as script steps (`path(to:)`). A search runs once: `explore` again
/// returns what the first search left unmet.
public struct Explorer: Sendable {
    /// A place the search reached, and how.
    package struct Node: Sendable {
        /// The place the search reached it from (-1 for the start).
        package var parent: Int32
        /// The steps from the parent, in `Explorer.steps`.
        public var steps: IndexRange
        /// The active route there.
        public var route: RouteID
    }

    /// A group of steps taken from a place (assumes, then one step), and
    /// the place it led to: an edge of the search.
    public struct Edge: Sendable {
        /// The place the steps were taken from.
        public var from: Int32
        /// The steps, in `Explorer.steps`.
        public var steps: IndexRange
        /// The place they led to.
        public var to: Int32
    }

    /// What a search looks for; it stops once every goal is met.
    public struct Goal: Sendable {
        /// For each route, the ways that meet the goal (empty: none).
        public var routes: [Placement]
        /// For each handler: whether the goal is a step that runs it.
        package var handlers: [Bool]
        /// For each flow: whether the goal is a place where it runs.
        public var flows: [Bool]

        public init(_ program: Program) {
            routes = [Placement](repeating: [], count: program.routes.count)
            handlers = [Bool](repeating: false, count: program.handlers.count)
            flows = [Bool](repeating: false, count: program.flows.count)
        }
    }

    /// The program explored.
    public let program: Program
    /// The places reached, in the order the search reached them (0: the start).
    package internal(set) var nodes: [Node] = []
    /// The steps of the places' and edges' ranges.
    public internal(set) var steps: [PathStep] = []
    /// Edges that ran something for the first time (see `handlerEdge`,
    /// `backEdge`, `tabEdge`), in the order the search took them.
    package internal(set) var edges: [Edge] = []
    /// For each handler, the first edge (in `edges`) whose step ran it, or -1.
    package internal(set) var handlerEdge: [Int32]
    /// For each route, the first edge that took its implicit back, or -1.
    package internal(set) var backEdge: [Int32]
    /// For each flow, the first edge that tapped its tab, or -1.
    package internal(set) var tabEdge: [Int32]
    /// For each route, the first place where it is active in one of the
    /// goal's ways (-1: not met). One route has one entry, so its goal is
    /// the union of the ways asked for it (F203 and F204, the findings that
    /// ask, are never on the same route).
    package internal(set) var routeNode: [Int32]
    /// For each handler, the place from which the step that first ran it
    /// was taken (-1: not met). The path there stops before that step.
    package internal(set) var handlerNode: [Int32]
    /// For each flow, the first place where it runs (-1: not met).
    package internal(set) var flowNode: [Int32]

    /// How much copying of states the search may do, counted in screen
    /// entries and flow instances copied (nil: no limit); see `exhausted`.
    public let budget: Int?
    /// Whether the search stopped because the budget ran out.
    package internal(set) var exhausted = false
    /// The budget spent so far.
    package internal(set) var spent = 0
    var stepCost = 0

    var navigator: Navigator
    /// The state that stands for each place not yet expanded.
    var pending: [NavigationState?] = []
    /// For each place, whether every step of its path is an `assume`: then
    /// the assumes of a step from it are leading ones, in force when the
    /// entry starts (docs/simulate.md), and the app starts anew after them.
    var onlyAssumes: [Bool] = []
    var explored = false
    var unmet = 0
    var placeIndex: [Place: Int32] = [:]
    /// The sample values a handler's event is sent with, worked out when a
    /// search first sends it, for handlers with parameters (a path search
    /// sends a few of many, most without: a slot for every handler of a
    /// million routes' program was 16 MB).
    var samples: [HandlerID: [Value]] = [:]
    /// The URLs opened from the start (`Program.linkSamples`), once it is
    /// expanded: a path's `open` step names one by its index here.
    package internal(set) var linkSamples: [LinkSample] = []
    var scratch: [PathStep] = []

    /// The identity of a place (see the type's documentation).
    struct Place: Hashable {
        var route: RouteID
        var way: UInt16
        var parentFlow: FlowID
        /// The route the parent flow shows under its child (the screen that
        /// started it, for a child that shares a stack or presents a layer).
        var anchor: RouteID
    }

    /// An explorer of `program`, at its entry's start. Throws what
    /// `Navigator.init` throws for a program the engine does not run.
    ///
    /// Each step copies the state it starts from, so a search through very
    /// deep stacks (a chain of 100,000 flows, each pushed on the last) would
    /// copy quadratically much. With a `budget`, the search stops once it
    /// has copied that many entries and instances (`exhausted`); goals not
    /// met by then stay unmet.
    public init(program: Program, budget: Int? = nil) throws(NavigationError) {
        try self.init(program: program, topology: FlowTopology(program), budget: budget)
    }

    /// With the program's flow tree, when the caller has it already.
    package init(program: Program, topology: FlowTopology, budget: Int? = nil) throws(NavigationError) {
        self.program = program
        self.budget = budget
        navigator = try Navigator(program: program, topology: topology)
        navigator.recordsEffects = false
        navigator.logsHandlers = true
        handlerEdge = [Int32](repeating: -1, count: program.handlers.count)
        backEdge = [Int32](repeating: -1, count: program.routes.count)
        tabEdge = [Int32](repeating: -1, count: program.flows.count)
        routeNode = [Int32](repeating: -1, count: program.routes.count)
        handlerNode = [Int32](repeating: -1, count: program.handlers.count)
        flowNode = [Int32](repeating: -1, count: program.flows.count)
    }

    /// Searches until every goal is met, or everywhere without a goal.
    /// Returns how many goals were not met.
    @discardableResult
    public mutating func explore(until goal: Goal? = nil) -> Int {
        guard !explored else { return unmet }
        explored = true
        var remaining = 0
        if let goal {
            remaining = goal.routes.count { !$0.isEmpty } + goal.handlers.count { $0 } + goal.flows.count { $0 }
        }
        let start = navigator.state
        discover(start, parent: -1, goal, &remaining)
        var head = 0
        while head < nodes.count, goal == nil || remaining > 0 {
            guard let state = pending[head] else { head += 1; continue }
            pending[head] = nil
            expand(Int32(head), state, goal, &remaining)
            if exhausted { break }
            head += 1
        }
        pending.removeAll()
        unmet = remaining
        return remaining
    }

    /// An upper bound on the flow instances the entry's start creates: each
    /// flow, the flows its `start` items start in its place (the largest),
    /// and its tabs, all at once. Saturates; a start cycle (F114) counts as
    /// infinite. Linear: each flow is sized once.
    package static func startSize(_ program: Program) -> Int {
        guard program.entry >= 0 else { return 0 }
        let infinite = Int.max / 4
        // -1: not sized; -2: being sized (on the walk's stack).
        var size = [Int](repeating: -1, count: program.flows.count)
        func inPlace(_ f: Int) -> [Int] {
            var next = program.tabs(of: FlowID(f)).map(Int.init)
            for item in program.startItems[program.flows[f].starts.range] { if case .flow(let g) = item.target { next.append(Int(g)) } }
            if program.flows[f].starts.isEmpty, case .flow(let g) = program.flows[f].start { next.append(Int(g)) }
            return next
        }
        var stack: [(flow: Int, next: [Int], index: Int)] = [(Int(program.entry), inPlace(Int(program.entry)), 0)]
        size[Int(program.entry)] = -2
        while let top = stack.last {
            if top.index < top.next.count {
                stack[stack.count - 1].index += 1
                let g = top.next[top.index]
                if size[g] == -2 { return infinite }
                if size[g] == -1 {
                    size[g] = -2
                    stack.append((g, inPlace(g), 0))
                }
                continue
            }
            stack.removeLast()
            let f = top.flow
            let tabs = program.tabs(of: FlowID(f)).reduce(0) { min(infinite, $0 + size[Int($1)]) }
            let started = top.next.dropFirst(program.tabs(of: FlowID(f)).count).map { size[$0] }.max() ?? 0
            size[f] = min(infinite, 1 + tabs + started)
        }
        return size[Int(program.entry)]
    }

    /// The steps from the entry's start to `node`, in order.
    public func path(to node: Int32) -> [PathStep] {
        var groups: [IndexRange] = []
        var n = node
        while n > 0 {
            groups.append(nodes[Int(n)].steps)
            n = nodes[Int(n)].parent
        }
        return groups.reversed().flatMap { steps[$0.range] }
    }

    /// The place `state` stands for, if the search has been there.
    package func place(of state: NavigationState) -> Int32? {
        guard let active = state.activeIDs else { return nil }
        return placeIndex[placeKey(state, active)]
    }

    /// The steps from the start that take `edge` (its own steps last).
    public func path(through edge: Edge) -> [PathStep] {
        path(to: edge.from) + steps[edge.steps.range]
    }

}
