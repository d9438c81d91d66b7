import FlowDSL
import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// Busy routes (docs/language.md): while the active route is `[busy]`, an opened
/// URL waits (a newer one replaces it) and opens at the end of the first
/// step after which the active route is not busy.
@Suite("busy routes")
struct BusyRouteTests {
    static let upload = """
        flow App [entry] {
          start feed
          route feed { on compose -> push composer }
          route composer { on share -> push sharing }
          route sharing "Sharing…" [busy] {
            on progress [system] -> stay
            on done [system] -> pop to feed
            on failed [system] -> pop
          }
          route post(id: String) {}
          route settings {}
        }
        link "app://post/:id" -> App/post(id: id)
        link "app://settings" -> App/settings
        """

    @Test("the attribute compiles and reads back in the program's text")
    func compiled() {
        let (program, diagnostics) = compile(Self.upload)
        #expect(!diagnostics.contains { $0.severity == .error })
        let sharing = program.routes.first { program.name($0.name) == "sharing" }
        #expect(sharing?.attributes == [.busy])
        #expect(program.dump().contains("  route sharing \"Sharing…\" [busy]\n"))
    }

    @Test("busy on a flow, or with an argument, is F113 at the attribute", arguments: [
        "flow App [entry, 1️⃣busy] { start a  route a [final] }",
        "flow App [entry] { start a  route a [final, busy(1️⃣x)] }",
    ])
    func misuse(source: String) {
        let marked = MarkedSource(source)
        #expect(findings(marked.text) == [Finding("F113", marked["1"].line, marked["1"].column)])
    }

    @Test("a URL opened on a busy route waits, changing nothing else, and opens once the user leaves it")
    func holdsUntilLeft() throws {
        var nav = try navigator(allowingFindings: true, Self.upload)
        walk(&nav, "compose\nshare")
        let before = nav.state.layers
        let effects = try nav.open("app://post/7")
        #expect(effects == [.linkPending("app://post/7")])
        #expect(nav.state.layers == before)
        #expect(nav.state.pendingLink == PendingLink(url: "app://post/7", shown: [], isHeld: true))
        walk(&nav, """
            progress
            expect stack feed > composer > sharing
            done
            expect stack feed > post(id: "7")
            """)
        #expect(nav.state.pendingLink == nil)
    }

    @Test("a newer URL replaces the held one")
    func newerReplaces() throws {
        var nav = try navigator(allowingFindings: true, Self.upload)
        walk(&nav, """
            compose
            share
            open "app://post/7"
            open "app://settings"
            failed
            expect stack feed > settings
            """)
    }

    @Test("the step that leaves the busy route reports the link opened after its own effects")
    func effectsOrder() throws {
        var nav = try navigator(allowingFindings: true, Self.upload)
        walk(&nav, "compose\nshare\nopen \"app://post/7\"")
        let effects = try nav.send("failed")
        let sharing = try #require(nav.program.routes.firstIndex { nav.program.name($0.name) == "sharing" })
        guard case .popped(let popped) = effects.first else { Issue.record("\(effects)"); return }
        #expect(popped.route == RouteID(sharing))
        #expect(effects.last == .linkOpened("app://post/7"))
    }

    static let gated = """
        flow App [entry] {
          start home
          route home { on upload -> push uploading }
          route uploading [busy] { on done [system] -> pop }
          route item(id: Int) [final] {}
          on Login.done -> stay
        }
        flow Login {
          start form
          route form [busy] { on submit -> push checking  on close -> finish cancel }
          route checking [busy] { on ok [system] -> assume loggedIn then finish done }
        }
        link "app://item/:id" -> App/item(id: id) when loggedIn else start Login as cover
        """

    @Test("a held URL of a gated link whose guard does not hold runs the gate's actions when the busy route is left")
    func heldThenGated() throws {
        var nav = try navigator(allowingFindings: true, Self.gated)
        walk(&nav, """
            upload
            open "app://item/3"
            expect stack home > uploading
            done
            expect stack home | cover: form
            """)
        let pending = try #require(nav.state.pendingLink)
        #expect(pending.url == "app://item/3")
        #expect(!pending.isHeld)
        #expect(pending.shown.count == 1)
    }

    @Test("a gated URL whose guard comes to hold on a busy route waits until the route is left")
    func gatedWaitsForBusy() throws {
        var nav = try navigator(allowingFindings: true, Self.gated)
        walk(&nav, """
            open "app://item/3"
            submit
            expect stack home | cover: form > checking
            assume loggedIn
            expect stack home | cover: form > checking
            ok
            expect stack home > item(id: 3)
            """)
        #expect(nav.state.pendingLink == nil)
    }

    @Test("on a busy route a gated URL is still dropped once its log-in is gone (the user cancelled it)")
    func gatedDroppedWhileBusy() throws {
        var nav = try navigator(allowingFindings: true, Self.gated)
        walk(&nav, """
            open "app://item/3"
            submit
            expect stack home | cover: form > checking
            """)
        // Leave the busy screen's log-in by ending Login from its parent: what `set` on the entry does.
        var ended = try navigator(allowingFindings: true, Self.gated.replacingOccurrences(
            of: "on Login.done -> stay", with: "on Login.done -> stay\n  on reset [system] -> set [uploading]"))
        walk(&ended, """
            open "app://item/3"
            reset
            expect stack uploading
            """)
        #expect(ended.state.pendingLink == nil)
        #expect(ended.invariantViolations() == [])
        #expect(nav.state.pendingLink?.shown.count == 1)
    }

    @Test("a held URL survives a saved state; a held URL that remembers screens is refused")
    func savedState() throws {
        var nav = try navigator(allowingFindings: true, Self.upload)
        walk(&nav, "compose\nshare\nopen \"app://post/7\"")
        let json = nav.savedState()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let pending = try #require(object["pending"] as? [String: Any])
        #expect(pending.keys.sorted() == ["held", "shown", "url"])
        #expect(pending["url"] as? String == "app://post/7")
        #expect(pending["held"] as? Bool == true)
        #expect((pending["shown"] as? [Any])?.isEmpty == true)
        var restored = try navigator(allowingFindings: true, Self.upload)
        try restored.restore(from: Array(json.utf8))
        #expect(restored.state == nav.state)
        let forged = json.replacingOccurrences(of: "\"shown\" : [\n\n    ]", with: "\"shown\" : [ { \"flow\" : 0, \"route\" : \"App.sharing\" } ]")
        #expect(forged != json)
        var refused = try navigator(allowingFindings: true, Self.upload)
        let start = refused.state
        #expect(throws: NavigationError.self) { try refused.restore(from: Array(forged.utf8)) }
        #expect(refused.state == start)
    }

    @Test("validate explores held URLs: the upload app has no finding but the link-only screens' F305")
    func validates() {
        #expect(findings(Self.upload).map(\.code).sorted() == ["F305", "F305"])
        #expect(findings(Self.gated).map(\.code) == ["F305"])
        // A log-in form that is not busy lets a second URL put another log-in cover over it.
        let piling = Self.gated.replacingOccurrences(of: "route form [busy] {", with: "route form {")
        #expect(findings(piling) == [Finding("F305", 13, 6), Finding("F205", 13, 62)])
    }

    @Test("on a busy route the exploration opens one URL of a class: every other would wait in the same state")
    func oneURLPerClassWhileBusy() throws {
        let graph = try StateGraph(program: compile(Self.upload).program)
        let program = graph.program
        let held = graph.states.indices.filter { graph.states[$0].pendingLink != nil }
        // Both links have no gate (one class): 'sharing' holds the first URL, and the state
        // that holds it holds the second one too, so the second is never opened there.
        #expect(held.map { graph.states[$0].pendingLink?.url } == ["app://post/1"])
        #expect(graph.path(to: Int32(held[0])).map { $0.scriptText(in: program) } == ["compose", "share", "open \"app://post/1\""])
        #expect(graph.count == 6)
        #expect(graph.runCount == 27) // 30 when every URL is opened on the busy route
        // 28 when each step that tries the held URL is mirrored, though two try it from one point.
        #expect(try StateGraph(program: program, mirrorsEachTrialOnce: false).runCount == 28)
    }
}
