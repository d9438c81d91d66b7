import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// docs/language.md#how-a-program-runs "Gated links (v1)": `link P -> T when g else A`.
@Suite("Gated deep links")
struct GatedLinkTests {
    static let app = """
        flow App [entry] {
          start home
          route home { on browse -> push item(id: 1) }
          route item(id: Int) [final]
          route about [final]
          on Auth.done -> push about
        }
        flow Auth {
          start login
          route login { on close -> dismiss  on submit -> finish done }
        }
        link "app://item/:id" -> App/item(id: id) when loggedIn else start Auth as cover
        link "app://about" -> App/about
        """

    @Test("while the guard holds, a gated link opens as usual")
    func openGate() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "assume loggedIn\nopen \"app://item/3\"\nexpect stack home > item(id: 3)")
        #expect(nav.state.pendingLink == nil)
    }

    @Test("while it does not, the gate's actions run and the URL waits; it opens at the end of the step after which the guard holds")
    func pendingThenOpened() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://item/3\"\nexpect stack home | cover: login")
        #expect(nav.state.pendingLink?.url == "app://item/3")
        let effects = nav.assume("loggedIn")
        #expect(nav.stackDescription == "home > item(id: 3)")
        #expect(effects.last == .linkOpened("app://item/3"))
        #expect(nav.state.pendingLink == nil)
        #expect(nav.state.instances.filter(\.isRunning).count == 1)
    }

    @Test("opened from the entry's tab bar, the URL waits over the tabs and opens into them once the guard holds")
    func pendingOverTheTabBar() throws {
        let tabbed = """
            flow App [entry] {
              start launch
              route launch { on ready -> start Main as root }
              on Auth.done -> start Main as root
            }
            flow Main { tabs Feed, Trips }
            flow Feed { start feed  route feed [final] }
            flow Trips { start trips  route trips [final]  route trip(id: Int) [final] }
            flow Auth { start login  route login { on submit -> finish done } }
            link "app://trip/:id" -> App/Main/Trips/trip(id: id) when loggedIn else start Auth as cover
            """
        var nav = try navigator(tabbed)
        walk(&nav, "ready\nopen \"app://trip/3\"\nexpect stack feed | cover: login")
        _ = nav.assume("loggedIn")
        #expect(nav.stackDescription == "trips > trip(id: 3)")
        #expect(nav.selectedTab == "Trips")
        #expect(nav.state.pendingLink == nil)
        // Finishing the gate's flow without the guard: its result swaps the tab bar, the URL is dropped.
        var third = try navigator(tabbed)
        walk(&third, "ready\nopen \"app://trip/3\"\nsubmit\nexpect stack feed")
        #expect(third.state.pendingLink == nil)
        #expect(third.invariantViolations().isEmpty)
    }

    @Test("an event after which the guard still does not hold keeps the URL while the gate's screens are shown")
    func keptWhileShown() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://item/3\"\nsend open\nexpect error")
        #expect(nav.state.pendingLink?.url == "app://item/3")
    }

    @Test("the user cancels: the gate's screens are gone and the guard does not hold, so the URL is dropped")
    func droppedOnCancel() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://item/3\"\nclose\nexpect stack home")
        #expect(nav.state.pendingLink == nil)
        walk(&nav, "assume loggedIn\nexpect stack home")
    }

    @Test("finishing the gate's flow while the guard does not hold drops the URL too; the result is still handled")
    func droppedOnFinishWithoutGuard() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://item/3\"\nsubmit\nexpect stack home > about")
        #expect(nav.state.pendingLink == nil)
    }

    @Test("a newer URL replaces the pending one")
    func newerReplaces() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://item/3\"\nopen \"app://about\"\nexpect stack home > about")
        #expect(nav.state.pendingLink == nil)
        walk(&nav, "assume loggedIn\nexpect stack home > about")
    }

    @Test("a pending URL that can no longer open when its guard holds is dropped; the step still succeeds")
    func droppedWhenItCannotOpen() throws {
        // The path runs through Main, started in App's place only when
        // loggedIn holds: with premium but not loggedIn, it cannot open
        // (validate says so: F306).
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] { start Main when loggedIn  start Guest }
            flow Main { start feed  route feed [final] }
            flow Guest { start intro  route intro [final] }
            flow Auth { start login  route login { on close -> dismiss } }
            link "app://feed" -> App/Main/feed when premium else start Auth as cover
            """)
        walk(&nav, "open \"app://feed\"\nexpect stack intro | cover: login")
        let effects = nav.assume("premium")
        #expect(effects == [.guardSet(nav.program.symbols.lookup("premium") ?? Symbol(-1), true), .linkDropped("app://feed")])
        #expect(nav.stackDescription == "intro | cover: login")
        #expect(nav.state.pendingLink == nil)
        #expect(nav.invariantViolations() == [])
        // The twin: logged in as well, the same URL opens.
        var other = try navigator(allowingFindings: true, """
            flow App [entry] { start Main when loggedIn  start Guest }
            flow Main { start feed  route feed [final] }
            flow Guest { start intro  route intro [final] }
            flow Auth { start login  route login { on close -> dismiss } }
            link "app://feed" -> App/Main/feed when premium else start Auth as cover
            """)
        walk(&other, "open \"app://feed\"\nassume loggedIn\nexpect stack intro | cover: login\nassume premium\nexpect stack feed")
    }

    @Test("a newer gated URL runs the gate's actions again and replaces the pending one")
    func newerGatedReplaces() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://item/3\"\nopen \"app://item/4\"\nexpect stack home | cover: login | cover: login")
        #expect(nav.state.pendingLink?.url == "app://item/4")
        walk(&nav, "assume loggedIn\nexpect stack home > item(id: 4)")
    }

    @Test("the pending URL is part of the saved state and restores")
    func savedPending() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://item/3\"")
        let saved = nav.savedState()
        // The pending part, whole: the URL and the log-in screen its gate showed.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        let pending = try #require(object["pending"] as? [String: Any])
        #expect(pending["url"] as? String == "app://item/3")
        let shown = try #require(pending["shown"] as? [[String: Any]])
        #expect(shown.count == 1)
        #expect(shown.first?["flow"] as? Int == 1)
        #expect(shown.first?["route"] as? String == "Auth.login")
        #expect(pending.keys.sorted() == ["shown", "url"])
        var other = try navigator(Self.app)
        try other.restore(from: Array(saved.utf8))
        #expect(other.state.pendingLink == nav.state.pendingLink)
        other.assume("loggedIn")
        #expect(other.stackDescription == "home > item(id: 3)")
        // The twin: no pending link, no key.
        let twin = try #require(try JSONSerialization.jsonObject(with: Data((try navigator(Self.app)).savedState().utf8)) as? [String: Any])
        #expect(twin.keys.sorted() == ["entry", "flows", "format", "guards", "layers", "version"])
    }

    @Test("a saved pending URL that matches no link is rejected")
    func badPending() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://item/3\"")
        let saved = nav.savedState().replacingOccurrences(of: "app://item/3", with: "app://nothing")
        var other = try navigator(Self.app)
        expectRejected(&other, .invalidState("the pending link 'app://nothing' matches no link of the program")) { (n: inout Navigator) throws(NavigationError) in
            try n.restore(from: Array(saved.utf8))
        }
    }

    /// A log-in cover a gated link presents, and nothing to stop a second URL.
    static let loginGate = """
        flow App [entry] {
          start home
          route home { on browse -> push item(id: 1) }
          route item(id: Int) [final]
        }
        flow Auth {
          start login
          route login { on close -> finish cancel }
        }
        link "app://item/:id" -> App/item(id: id) when loggedIn else start Auth as cover
        """

    @Test("a second URL while the log-in cover is up puts another over it, and another: F205 at the gate's actions, its path opening the URL twice")
    func secondURLPilesUpCovers() throws {
        #expect(findings(Self.loginGate) == [Finding("F205", 10, 62)])
        let validation = Validation.run(text: Self.loginGate)
        let growth = try #require(validation.diagnostics.first)
        #expect(growth.message == "the navigation can grow without bound: from 'login', the steps 'open \"app://item/1\"' show 'login' again with more on screen, and can be taken again and again")
        #expect(growth.path == ["open \"app://item/1\"", "open \"app://item/1\""])
        // The engine does what the finding says.
        var nav = try navigator(Self.loginGate)
        walk(&nav, "open \"app://item/1\"\nopen \"app://item/1\"\nopen \"app://item/2\"\nexpect stack home | cover: login | cover: login | cover: login")
    }

    @Test("with the log-in screen busy, a second URL waits in the first one's place and opens once the user leaves it: no finding")
    func busyLogInHoldsTheSecondURL() throws {
        let busy = Self.loginGate.replacingOccurrences(of: "route login {", with: "route login [busy] {")
        #expect(findings(busy) == [])
        var nav = try navigator(busy)
        walk(&nav, "open \"app://item/1\"\nopen \"app://item/2\"\nexpect stack home | cover: login\nassume loggedIn\nexpect stack home | cover: login")
        #expect(nav.state.pendingLink?.url == "app://item/2")
        walk(&nav, "close\nexpect stack home > item(id: 2)")
        #expect(nav.state.pendingLink == nil)
    }
}
