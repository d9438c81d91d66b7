import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Links that present (docs/language.md "Links"): `-> path then A` rebuilds to
/// the path and runs A for its last flow; `-> over A` runs A for the entry
/// flow over whatever is shown; `link name "…"` names the link.
@Suite("Links with actions, over links, named links")
struct LinkActionTests {
    static let app = """
        flow App [entry] {
          start home
          route home { on open -> push post(id: 1)  on settings -> sheet settings }
          route post(id: Int) { on close -> pop }
          route comments(id: Int) { on done -> dismiss }
          route confirm(action: String) { on ok -> stay  on cancel -> stay }
          route settings { on close -> dismiss }
          on Editor.done -> stay
        }
        flow Editor { start draft  route draft { on save -> finish done } }
        link post "app://p/:id" -> App/post(id: id) then sheet comments(id: id)
        link "app://confirm/:a" -> over alert confirm(action: a)
        link compose "app://compose" -> App/home then start Editor as sheet
        """

    @Test("the program reads back as written: names, paths, then, over")
    func dump() throws {
        let (program, diagnostics) = compile(Self.app)
        #expect(!diagnostics.contains { $0.severity == .error })
        let links = program.dump().split(separator: "\n").filter { $0.hasPrefix("link ") }
        #expect(links == [
            "link post \"app://p/:id\" -> App/post(id: :id) then sheet comments(id: :id)",
            "link \"app://confirm/:a\" -> over alert confirm(action: :a)",
            "link compose \"app://compose\" -> App/home then start Editor as sheet",
        ])
        #expect(program.links.map { $0.name.map(program.name) } == ["post", nil, "compose"])
        #expect(program.links.map(\.isOver) == [false, true, false])
        #expect(program.links.map { $0.route >= 0 } == [true, false, true])
    }

    @Test("then: the path is rebuilt, then the actions run for its last flow, with the URL's captures as their arguments")
    func thenActions() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            settings
            open "app://p/7"
            expect stack home > post(id: 7) | sheet: comments(id: 7)
            done
            expect stack home > post(id: 7)
            """)
    }

    @Test("over: the actions run over whatever is shown; nothing is rebuilt")
    func overActions() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            settings
            open "app://confirm/delete"
            expect stack home | sheet: settings | alert: confirm(action: "delete")
            cancel
            expect stack home | sheet: settings
            """)
    }

    @Test("one alert or dialog at a time: an over link's alert over an alert is refused, and the state is unchanged")
    func oneAlertAtATime() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open \"app://confirm/a\"")
        expectRejected(&nav, .unsupported(event: "open", problem: "'alert confirm' cannot be shown over an alert: one alert or dialog is shown at a time")) {
            (n: inout Navigator) throws(NavigationError) in _ = try n.open("app://confirm/b")
        }
    }

    @Test("an over link that presents a cover over whatever is shown piles them up when opened again: F205, with the path")
    func pilingCovers() throws {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on go -> push next }
              route next [final]
              route camera { on close -> dismiss }
            }
            link "app://camera" -> over 1️⃣cover camera
            """)
        let (line, column) = source["1"]
        #expect(findings(source.text) == [Finding("F205", line, column)])
        let validation = Validation.run(text: source.text)
        #expect(validation.diagnostics.first?.path == ["open \"app://camera\"", "open \"app://camera\""])
    }

    @Test("a started flow is presented by the link's actions, and its result reaches the path's last flow")
    func startedFlow() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            open
            open "app://compose"
            expect stack home | sheet: draft
            save
            expect stack home
            """)
    }

    @Test("a URL whose capture does not convert for an action's parameter matches nothing; the state is unchanged")
    func badCapture() throws {
        var nav = try navigator(Self.app)
        expectRejected(&nav, .noMatchingLink(url: "app://p/x", problem: "it has the shape of link 'app://p/:id', but 'x' is not an Int for 'id'")) {
            (n: inout Navigator) throws(NavigationError) in _ = try n.open("app://p/x")
        }
    }

    @Test("a failing action refuses the whole open: the rebuild is rolled back with it")
    func atomic() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home { on open -> push post  on details -> push details }
              route post [final]
              route details [final]
            }
            link "app://post" -> App/post then pop to details
            """)
        walk(&nav, "details")
        let before = nav.state
        #expect(throws: NavigationError.self) { try nav.open("app://post") }
        #expect(nav.state == before)
    }

    @Test("every check knows what a link shows: routes it presents are reachable, and their dismiss succeeds")
    func checksKnowWhatALinkShows() {
        #expect(findings(Self.app) == [])
    }

    @Test("validate's paths open the link and replay to what it presents", arguments: [
        ("route comments(id: Int) { on done -> dismiss }", "route comments(id: Int) [locked]"),
    ])
    func pathsReplay(from: String, to: String) throws {
        // `comments` in a locked sheet without a button, only a link shows it: F203 reached through the link.
        let text = Self.app.replacingOccurrences(of: from, with: to)
        let validation = Validation.run(text: text)
        let found = validation.diagnostics.map { "\($0.code.rawValue) \($0.path?.joined(separator: " → ") ?? "-")" }
        #expect(found == ["F203 open \"app://p/1\""])
        let navigator = try replay(validation.program, try #require(validation.diagnostics.first?.path))
        #expect(navigator.stackDescription == "home > post(id: 1) | sheet: comments(id: 1)")
    }

    @Test("names a link's actions cannot resolve are reported where they are written", arguments: [
        ("link \"app://x/:id\" -> App/home then sheet 1️⃣nowhere", "F101", "unknown route 'nowhere' in flow 'App'"),
        ("link \"app://x/:id\" -> over alert confirm(1️⃣action: b)", "F303", "'b' is not captured by the link's pattern"),
        ("link \"app://x/:id\" -> over start 1️⃣Nobody", "F102", "unknown flow 'Nobody'"),
    ])
    func errors(link: String, code: String, message: String) {
        let source = MarkedSource(Self.app + "\n" + link + "\n")
        let diagnostics = compile(source.text).diagnostics.filter { $0.code.rawValue == code }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.hasPrefix(message) == true, "\(diagnostics.first?.message ?? "-")")
        let (line, column) = source["1"]
        #expect(findings(source.text).filter { $0.code == code } == [Finding(code, line, column)])
    }

    @Test("a link's syntax errors say what was expected", arguments: [
        ("link post -> App/home", "a URL pattern string or 'default' after the link's name"),
        ("link -> App/home", "a link name, a URL pattern string or 'default' after 'link'"),
        // (v2) `default` after `link` is the keyword: no link is named `default`.
        ("link default \"app://a\" -> App/home", "expected '->'"),
        ("link \"app://a\" -> over", "an action"),
        ("link \"app://a\" -> App/home then", "an action"),
    ])
    func syntax(link: String, expected: String) {
        let diagnostics = compile(Self.app + "\n" + link + "\n").diagnostics
        #expect(diagnostics.map(\.code.rawValue) == ["F001"])
        #expect(diagnostics.first?.message.contains(expected) == true, "\(diagnostics.first?.message ?? "-")")
    }

    @Test("a flow named over still starts a path: over/… is a path, not an over link")
    func overAsAFlowName() {
        let (program, diagnostics) = compile("""
            flow over [entry] { start home  route home [final] }
            link "app://home" -> over/home
            """)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(program.links.map(\.isOver) == [false])
    }
}
