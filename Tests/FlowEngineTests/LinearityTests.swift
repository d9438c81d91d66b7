import FlowEngine
import FlowTestSupport
import Testing

/// The shortcuts that keep validation linear give the answers of the plain searches.
@Suite("Linear shortcuts: forests, start sizes, the path search's budget")
struct LinearityTests {
    /// Whether `ancestor` is above `flow`, by a plain breadth-first search up the parents.
    static func searched(_ topology: FlowTopology, _ ancestor: FlowID, _ flow: FlowID) -> Bool {
        topology.firstAncestor(of: flow, inclusive: false) { $0 == ancestor } != nil
    }

    @Test("in a forest, isAncestor answers from the walk's numbers, as the search would", arguments: [
        // A tree of coordinators, tabs included.
        """
        flow App [entry] { tabs Home, Settings }
        flow Home { start feed  route feed { on open -> start Post  on share -> start Share as sheet } }
        flow Post { start post  route post { on comments -> start Comments } }
        flow Comments { start list  route list }
        flow Share { start pick  route pick }
        flow Settings { start prefs  route prefs { on about -> start About as cover } }
        flow About { start about  route about }
        """,
        // Not a forest: a flow two flows start, and a cycle.
        """
        flow App [entry] { start home  route home { on a -> start A  on b -> start B } }
        flow A { start a  route a { on login -> start Login } }
        flow B { start b  route b { on login -> start Login  on again -> start App } }
        flow Login { start form  route form }
        """,
    ])
    func ancestors(_ source: String) {
        let program = compile(source).program
        let topology = FlowTopology(program)
        for a in program.flows.indices {
            for f in program.flows.indices {
                #expect(topology.isAncestor(FlowID(a), of: FlowID(f)) == Self.searched(topology, FlowID(a), FlowID(f)), "\(a) above \(f)")
            }
        }
    }

    @Test("forestParents: set for a tree, nil for a flow two flows start and for a cycle")
    func forest() {
        let tree = FlowTopology(compile("flow App [entry] { start home  route home { on go -> start A } }\nflow A { start a  route a }").program)
        #expect(tree.forestParents == [-1, 0])
        let shared = FlowTopology(compile("""
            flow App [entry] { start home  route home { on a -> start A  on l -> start L } }
            flow A { start a  route a { on l -> start L } }
            flow L { start l  route l }
            """).program)
        #expect(shared.forestParents == nil)
        let cycle = FlowTopology(compile("""
            flow App [entry] { start home  route home { on a -> start A } }
            flow A { start a  route a { on b -> start B } }
            flow B { start b  route b { on a -> start A } }
            """).program)
        #expect(cycle.forestParents == nil)
    }

    @Test("the start's size: each tab and each flow started in place, all at once")
    func startSize() {
        let program = compile("""
            flow App [entry] { tabs T0, T1, T2 }
            flow T0 { start C1 }
            flow T1 { start C1 }
            flow T2 { start r  route r }
            flow C1 { start C2 }
            flow C2 { start r  route r }
            """).program
        // App, then T0 + C1 + C2, T1 + C1 + C2, T2.
        #expect(Explorer.startSize(program) == 8)
        #expect(Explorer.startSize(compile("flow App [entry] { start home  route home }").program) == 1)
    }

    /// A chain of `n` flows, each pushed by the one before, a dead end at the bottom.
    static func deadEndChain(_ n: Int) -> String {
        var text = "flow F0 [entry] { start r  route r { on go -> start F1 } }\n"
        for i in 1..<n { text += "flow F\(i) { start r  route r { on go -> start F\(i + 1) } }\n" }
        return text + "flow F\(n) { start r  route r { on down -> cover end }  route end }\n"
    }

    @Test("a dead end under a short chain has its path; under a very deep one the budgeted search gives up")
    func budget() throws {
        let short = compile(Self.deadEndChain(20)).diagnostics.first { $0.code == .deadEnd }
        #expect(short?.path == Array(repeating: "go", count: 20) + ["down"])
        let deep = compile(Self.deadEndChain(3_000))
        let finding = try #require(deep.diagnostics.first { $0.code == .deadEnd })
        #expect(finding.path == nil)
        var explorer = try Explorer(program: deep.program, budget: 10_000)
        var goal = Explorer.Goal(deep.program)
        goal.routes[deep.program.routes.count - 1] = [.coverRoot]
        #expect(explorer.explore(until: goal) == 1)
        #expect(explorer.exhausted)
        var unlimited = try Explorer(program: deep.program)
        #expect(unlimited.explore(until: goal) == 0)
        #expect(!unlimited.exhausted)
    }

    /// Each step from the start costs 3 (an entry, an instance, one), from
    /// a pushed screen 4: the search stops at the step that would overspend
    /// its budget, and has reached only what the steps before it did.
    @Test("the budget stops the search at the step that would overspend it", arguments: [
        (2, 1), (3, 2), (8, 3), (9, 4), (12, 4), (13, 4),
    ])
    func budgetStopsAtAStep(budget: Int, places: Int) throws {
        let program = compile("""
            flow App [entry] {
              start home
              route home { on a -> push x  on b -> push y  on c -> push z }
              route x
              route y
              route z
            }
            """).program
        var explorer = try Explorer(program: program, budget: budget)
        explorer.explore()
        #expect(explorer.nodes.map(\.route) == Array([0, 1, 2, 3].prefix(places)))
        #expect(explorer.exhausted)
        #expect(explorer.spent > budget)
        var unlimited = try Explorer(program: program)
        unlimited.explore()
        #expect(unlimited.nodes.count == 4 && unlimited.spent == 0 && !unlimited.exhausted)
    }
}
