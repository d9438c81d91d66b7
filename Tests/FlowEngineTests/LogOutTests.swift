import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// DSL.md §5 (v1): `start F as root` and `set [..]` first remove every
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
}
