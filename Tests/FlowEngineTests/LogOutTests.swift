import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// docs/language.md#how-a-program-runs (v1): `start F as root` and `set [..]` first remove every
/// modal layer above the handling flow's own layer.
@Suite("Log-out from anywhere")
struct LogOutTests {
    static let source = """
    flow App [entry] {
      start home
      route home { on settings -> start Settings as sheet  on panel -> sheet panel }
      route panel { on reset -> set [home]  on deeper -> cover poster }
      route poster { on close -> dismiss }
      on logout -> start Auth as root
      on Settings.done -> stay
    }
    flow Settings {
      start options
      route options { on account -> push account  on swap -> start Auth as root }
      route account { on more -> cover legal }
      route legal { on close -> dismiss }
    }
    flow Auth { start login  route login [final] }
    """

    func make() throws -> Navigator { try navigator(allowingFindings: true, Self.source) }

    @Test("the entry's flow-level log-out fired inside a sheet (and a cover over it) shows Auth at the base")
    func logOutFromASheet() throws {
        var nav = try make()
        walk(&nav, "settings\naccount\nmore\nexpect stack home | sheet: options > account | cover: legal")
        let effects = try nav.send("logout")
        #expect(effects.prefix(2) == [.dismissed(.cover), .dismissed(.sheet)])
        #expect(nav.stackDescription == "login")
        #expect(nav.state.instances.filter(\.isRunning).map { nav.program.name(nav.program.flows[Int($0.flow)].name) } == ["App", "Auth"])
        #expect(nav.invariantViolations().isEmpty)
    }

    @Test("the twin: a root swap by the sheet's own flow stays in the sheet")
    func rootSwapInsideTheSheet() throws {
        var nav = try make()
        walk(&nav, "settings\nswap\nexpect stack home | sheet: login")
    }

    @Test("set removes the layers above the handling flow's own layer, not its own")
    func setClearsAbove() throws {
        var nav = try make()
        walk(&nav, "panel\nexpect stack home | sheet: panel\nreset\nexpect stack home")
        nav = try make()
        walk(&nav, "logout\nexpect stack login")
    }

    static let tabbed = """
    flow App [entry] {
      start launch
      route launch { on ready -> start Main as root }
      on logout -> start Auth as root
      on Auth.done -> start Main as root
    }
    flow Main { tabs Feed, Me }
    flow Feed { start feed  route feed { on open -> push post }  route post [final]  on compose -> start Auth as cover }
    flow Me { start me  route me [final] }
    flow Auth { start login  route login { on done -> finish done } }
    """

    @Test("a log-out from inside a tab of the entry's own tab bar replaces the whole tab bar, not the tab's stack")
    func logOutFromATab() throws {
        var nav = try navigator(allowingFindings: true, Self.tabbed)
        walk(&nav, "ready\nopen\ntab Me\ntab Feed\nexpect stack feed > post")
        _ = try nav.send("logout")
        #expect(nav.stackDescription == "login")
        #expect(nav.state.layers.count == 1 && !nav.state.layers[0].isTabContainer)
        #expect(nav.selectedTab == nil)
        #expect(nav.state.instances.filter(\.isRunning).map { nav.program.name(nav.program.flows[Int($0.flow)].name) } == ["App", "Auth"])
        #expect(nav.invariantViolations().isEmpty)
    }

    @Test("a root swap to a tab container from a cover over the entry's own tab bar replaces that tab bar")
    func rootSwapOverTheOwnTabBar() throws {
        var nav = try navigator(allowingFindings: true, Self.tabbed)
        walk(&nav, "ready\nopen\ncompose\nexpect stack feed > post | cover: login")
        _ = try nav.send("done")
        #expect(nav.stackDescription == "feed")
        #expect(nav.state.layers.count == 1 && nav.state.layers[0].isTabContainer)
        #expect(nav.selectedTab == "Feed")
        #expect(nav.invariantViolations().isEmpty)
    }

    @Test("a tab's flow cannot swap the tab bar of the flow above it")
    func aTabCannotSwapItsContainer() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] { tabs Feed, Me }
            flow Feed { start feed  route feed { on reset -> start Other as root } }
            flow Me { start me  route me [final] }
            flow Other { tabs X, Y }
            flow X { start x  route x [final] }
            flow Y { start y  route y [final] }
            """)
        expectRejected(&nav, .unsupported(event: "reset", problem: "tab container 'Other' started as root by 'Feed' must fill its layer, but its layer is the tab bar of a flow above it")) {
            (n: inout Navigator) throws(NavigationError) in _ = try n.send("reset")
        }
    }
}
