import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Cases where the engine disagreed with the contract (DSL.md §5 "Deep
/// links", "Gated links", §9.1 "Steps that empty part of the screen",
/// §9.3 "Which child a swipe-down finishes"), each pinned to exact stacks.
@Suite("Engine truths")
struct EngineTruthTests {
    /// The running flows by name, sorted: a flow started twice shows twice.
    static func running(_ navigator: Navigator) -> [String] {
        navigator.state.instances.filter(\.isRunning).map { navigator.program.name(navigator.program.flows[Int($0.flow)].name) }.sorted()
    }

    // MARK: - §9.3 Which child a swipe-down finishes

    static let tabsInASheet = """
        flow App [entry] {
          start home
          route home { on go -> start Main as sheet  on wrap -> start Wrapper as sheet  on note -> sheet note }
          route note {}
          route cancelled [final]
          route unwrapped [final]
          on Main.cancel -> push cancelled
          on Wrapper.cancel -> push unwrapped
        }
        flow Main { tabs Home, Search }
        flow Home { start feed  route feed { on more -> push more }  route more [final] }
        flow Search { start explore  route explore {} }
        flow Wrapper { start Inner }
        flow Inner { start inner  route inner {} }
        """

    @Test("swiping down a sheet that holds a tab container finishes the container with cancel; its tabs end silently")
    func swipeDownFinishesTheTabContainer() throws {
        var nav = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&nav, "go\nexpect stack home | sheet: feed")
        let effects = try nav.back()
        #expect(nav.stackDescription == "home > cancelled")
        let main = FlowID(nav.program.flows.firstIndex { nav.program.name($0.name) == "Main" } ?? -1)
        #expect(effects.contains(.flowFinished(main, result: nav.program.symbols.lookup("cancel") ?? Symbol(-1))))
        #expect(Self.running(nav) == ["App"])
        #expect(nav.invariantViolations() == [])
    }

    @Test("the same after going back from a pushed screen of a tab, and from another tab")
    func swipeDownAfterPops() throws {
        var nav = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&nav, "go\nmore\nback\nback\nexpect stack home > cancelled")
        var other = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&other, "go\ntab Search\nexpect stack home | sheet: explore\nback\nexpect stack home > cancelled")
        #expect(Self.running(other) == ["App"])
    }

    @Test("swiping down a sheet of a flow that starts another in its place finishes the presented flow, not the one in its place")
    func swipeDownFinishesThePresentedFlow() throws {
        var nav = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&nav, "wrap\nexpect stack home | sheet: inner\nback\nexpect stack home > unwrapped")
        #expect(Self.running(nav) == ["App"])
    }

    @Test("a sheet presented with 'sheet r' for a route of the presenting flow finishes no one")
    func swipeDownOfAnOwnRouteFinishesNoOne() throws {
        var nav = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&nav, "note\nback\nexpect stack home")
        #expect(Self.running(nav) == ["App"])
    }
}
