/// A set of journeys that together take every step the explorer found to
/// run something for the first time: every handler a run from the start
/// can fire, the implicit back of every route where the search took it,
/// and a tap on every tab (what `flowctl generate scripts` writes).
///
/// The search's first-time steps (`Explorer.edges`) hang off its tree of
/// shortest paths. A journey is the shortest path to a leaf of the part of
/// that tree they use, continued by one first-time step from the leaf that
/// goes nowhere new (a `back`, a step to a place already seen); each other
/// such step is a journey of its own, the path to where it is taken and the
/// step. So journeys are shortest paths, few, and share their beginnings.
public struct Journeys: Sendable {
    /// One journey: the steps from the entry's start, in order, and the
    /// place it ends at in the explorer's numbering.
    public struct Journey: Sendable {
        public var steps: [PathStep]
        public var end: Int32
        /// What the journey is for: the route its last step is taken at and
        /// that step (`cart-checkout`, `receipt-back`, `home-tab-Settings`).
        public var name: String
    }

    public let journeys: [Journey]

    /// The journeys of a program `explorer` has explored everywhere.
    public init(_ explorer: Explorer) {
        let nodes = explorer.nodes
        var used = [Bool](repeating: false, count: nodes.count)
        var usedChild = [Bool](repeating: false, count: nodes.count)
        /// Marks `node` and the places above it as on some journey.
        func use(_ node: Int32) {
            var n = node
            while n >= 0, !used[Int(n)] {
                used[Int(n)] = true
                let parent = nodes[Int(n)].parent
                if parent >= 0 { usedChild[Int(parent)] = true }
                n = parent
            }
        }
        // The first-time steps that discovered a place are tree edges; the others hang off their place.
        var dangling: [[Int]] = Array(repeating: [], count: nodes.count)
        for (e, edge) in explorer.edges.enumerated() {
            let discovered = edge.to > 0 && nodes[Int(edge.to)].parent == edge.from && nodes[Int(edge.to)].steps == edge.steps
            if discovered {
                use(edge.to)
            } else {
                use(edge.from)
                dangling[Int(edge.from)].append(e)
            }
        }
        var journeys: [Journey] = []
        for n in nodes.indices where used[n] {
            var extra = dangling[n][...]
            if !usedChild[n] {
                // A leaf: its journey, continued by its first dangling step.
                var steps = explorer.path(to: Int32(n))
                var end = Int32(n)
                var from = nodes[n].parent
                if let first = extra.popFirst() {
                    let edge = explorer.edges[first]
                    steps += explorer.steps[edge.steps.range]
                    end = edge.to
                    from = edge.from
                }
                if !steps.isEmpty {
                    journeys.append(Journey(steps: steps, end: end, name: Journeys.name(steps.last, at: from, explorer)))
                }
            }
            for e in extra {
                let edge = explorer.edges[e]
                let steps = explorer.path(through: edge)
                journeys.append(Journey(steps: steps, end: edge.to, name: Journeys.name(steps.last, at: edge.from, explorer)))
            }
        }
        self.journeys = journeys
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
        case nil: word = "start"
        }
        return route + "-" + word
    }
}
