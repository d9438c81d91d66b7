import FlowEngine
import FlowTestSupport
import Testing

@Suite("Deep links")
struct DeepLinkTests {
    static let app = """
        flow App [entry] {
          start launch
          route launch { on ready -> start Home as root }
        }
        flow Home { tabs Search, Settings }
        flow Search {
          start search
          route search { on find(q: String) -> push results(q: q) }
          route results(q: String) { on open(id: Int) -> push place(id: id) }
          route place(id: Int) { on map -> cover map }
          route map { on close -> dismiss }
        }
        flow Settings {
          start settings
          route settings { on about -> start About as sheet  on flag(on: Bool) -> push flags(on: on) }
          route flags(on: Bool) [final]
        }
        flow About { start about  route about { on close -> finish done } }
        link "app://place/:id" -> App/Home/Search/place(id: id)
        link "app://search?q=:q" -> App/Home/Search/results(q: q)
        link "app://about" -> App/Home/Settings/About/about
        link "app://flags/:on" -> App/Home/Settings/flags(on: on)
        """

    @Test("captures are percent-decoded and converted to the parameter's type")
    func matching() throws {
        let nav = try navigator(Self.app)
        let (link, values) = try nav.match("app://place/42")
        #expect(link.patternText == "app://place/:id")
        #expect(values == [.int(42)])
        #expect(try nav.match("app://search?ref=x&q=caf%C3%A9%20au%20lait").1 == [.string("café au lait")])
        #expect(try nav.match("APP://flags/true").1 == [.bool(true)])
        #expect(try nav.match("app://place/42/").1 == [.int(42)])
        // A query item splits at its first '='; empty items are skipped.
        #expect(try nav.match("app://search?&q=a=b&&q=second").1 == [.string("a=b")])
        #expect(try nav.match("app://search?q").1 == [.string("")])
    }

    @Test("malformed or unmatched URLs are rejected and change nothing", arguments: [
        ("", "the URL is empty"),
        ("place/42", "'place/42' has no scheme; expected scheme://host/..."),
        ("app://place/%zz", "bad percent-escape in '%zz'"),
        ("app://place/abc", "it has the shape of link 'app://place/:id', but 'abc' is not an Int for 'id'"),
        ("app://place/99999999999999999999999", "it has the shape of link 'app://place/:id', but '99999999999999999999999' is not an Int for 'id'"),
        ("app://search", "it has the shape of link 'app://search?q=:q', but not its query item 'q'"),
        ("app://nowhere/1", "no link matches it"),
        ("app://flags/yes", "it has the shape of link 'app://flags/:on', but 'yes' is not a Bool for 'on'"),
        ("app://place/1 2", "character U+20 is not allowed in a link"),
        ("app://place/{1}", "character '{' is not allowed in a link"),
        ("app://place/1\u{7F}", "character U+7F is not allowed in a link"),
        ("app://place//1", "empty path segment ('//')"),
        ("app:///place/1", "missing host after 'app://'"),
        ("app://café/1", "no link matches it"),
        ("other://place/1", "no link matches it"),
    ])
    func rejected(url: String, problem: String) throws {
        var nav = try navigator(Self.app)
        expectRejected(&nav, .noMatchingLink(url: url, problem: problem)) { (n: inout Navigator) throws(NavigationError) in _ = try n.open(url) }
    }

    @Test("a URL of 50,000 segments is rejected, not a crash")
    func hugeURL() throws {
        var nav = try navigator(Self.app)
        let url = "app://" + Array(repeating: "a", count: 50_000).joined(separator: "/")
        expectRejected(&nav, .noMatchingLink(url: String(url.prefix(200)), problem: "no link matches it")) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.open(url)
        }
    }

    @Test("opening a link builds the synthetic back stack from the app's start")
    func fromStart() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            open "app://place/7"
            expect stack search > place(id: 7)
            expect tab Search
            """)
    }

    @Test("layers above the common ancestor go; the other tab keeps its stack")
    func keepsTabs() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            ready
            find(q: "tea")
            open(id: 3)
            map
            expect stack search > results(q: "tea") > place(id: 3) | cover: map
            open "app://flags/false"
            expect tab Settings
            expect stack settings > flags(on: false)
            open "app://about"
            expect stack settings | sheet: about
            open "app://search?q=jazz"
            expect tab Search
            expect stack search > results(q: "jazz")
            """)
        #expect(nav.invariantViolations() == [])
    }

    /// The differential walks' `link-into-alert-layer` (docs/language.md#how-a-program-runs: an alert
    /// holds exactly one screen; a path presents a flow pushed, as a sheet,
    /// as a cover or as root, never in an alert).
    @Test("a flow left showing only an alert is not shared: the link removes the alert and rebuilds the path below it",
          arguments: ["alert", "dialog"])
    func flowInAlertIsRebuiltBelow(kind: String) throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home { on go -> start F2 as sheet }
            }
            flow F2 {
              start first
              route first { on next -> push detail }
              route detail [locked] { on close -> dismiss then \(kind) note }
              route note { on ok -> stay }
            }
            link "app://l0" -> App/F2/detail
            """)
        walk(&nav, """
            open "app://l0"
            expect stack home | sheet: first > detail
            close
            expect stack home | \(kind): note
            open "app://l0"
            expect stack home | sheet: first > detail
            """)
        #expect(nav.stackDescription == "home | sheet: first > detail")
        #expect(nav.state.layers.map(\.kind) == [.base, .sheet])
        #expect(nav.state.layers.map { $0.stack.map { nav.program.qualifiedName($0.route) } } == [["App.home"], ["F2.first", "F2.detail"]])
        // The F2 that showed the alert ended with it; a new one was started as a sheet.
        let running = nav.state.instances.filter(\.isRunning)
        #expect(running.map { nav.program.name(nav.program.flows[Int($0.flow)].name) } .sorted() == ["App", "F2"])
        #expect(running.filter(\.isExpectedToFinish).count == 1)
        #expect(nav.invariantViolations() == [])
    }

    @Test("a flow shown in a sheet under its own alert is still shared: the alert goes, the sheet is reset to the path")
    func flowUnderItsAlertIsShared() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home { on go -> start F2 as sheet }
            }
            flow F2 {
              start first
              route first { on next -> push detail  on warn -> alert note }
              route detail [final]
              route note { on ok -> stay }
            }
            link "app://l0" -> App/F2/detail
            """)
        walk(&nav, """
            go
            warn
            expect stack home | sheet: first | alert: note
            """)
        let sheetInstance = nav.state.layers[1].stack[0].instance
        walk(&nav, """
            open "app://l0"
            expect stack home | sheet: first > detail
            """)
        #expect(nav.state.layers[1].stack.map(\.instance) == [sheetInstance, sheetInstance])
        #expect(nav.invariantViolations() == [])
    }
}

/// docs/language.md#how-a-program-runs (v1): the most specific of several matching links wins, and
/// F304 is only for ties.
@Suite("Link priority")
struct LinkPriorityTests {
    static let source = """
    flow App [entry] {
      start home
      route home [final]
      route explore [final]
      route profile(name: String) [final]
      route post(name: String, id: String) [final]
      route search(q: String) [final]
      route filtered(q: String, sort: String) [final]
      route files(path: String) [final]
      route optional(q: String, sort: String = "new") [final]
      route anything [final]
    }
    link "app://u/:name" -> App/profile(name: name)
    link "app://u/explore" -> App/explore
    link "app://p/:name/:id" -> App/post(name: name, id: id)
    link "app://p/top/:id" -> App/explore
    link "app://s?q=:q" -> App/search(q: q)
    link "app://s?q=:q&sort=:sort" -> App/filtered(q: q, sort: sort)
    link "app://f/*path" -> App/files(path: path)
    link "app://f/:a/:b" -> App/post(name: a, id: b)
    link "app://f/top/*path" -> App/explore
    link "app://o?q=:q&sort=:sort?" -> App/optional(q: q, sort: sort)
    link "app://o?q=:q#sort=:sort" -> App/filtered(q: q, sort: sort)
    link default -> App/anything
    """

    @Test("a literal beats a capture at the first difference; then more query items", arguments: [
        ("app://u/explore", "explore"),
        ("app://u/maria", "profile"),
        ("app://p/top/1", "explore"),
        ("app://p/new/1", "post"),
        ("app://s?q=a&sort=new", "filtered"),
        ("app://s?q=a", "search"),
        // v2: a capture beats a rest capture, a literal beats both; optional items do not count.
        ("app://f/a/b", "post"),
        ("app://f/a/b/c", "files"),
        ("app://f/a", "files"),
        ("app://f/top/x", "explore"),
        ("app://o?q=a", "optional"),
        ("app://o?q=a&sort=x", "optional"),
        ("app://o?q=a#sort=x", "filtered"),
        ("app://s", "anything"),
        ("mail://anyone", "anything"),
    ])
    func mostSpecificWins(url: String, route: String) throws {
        var nav = try navigator(Self.source)
        try nav.open(url)
        #expect(nav.activeRouteName == route)
        #expect(findings(Self.source).filter { $0.code == "F304" }.isEmpty)
    }

    @Test("F304 once per link that ties, against the first it ties with; typed captures that take no common value do not tie")
    func ties() {
        let source = """
            flow App [entry] { start home  route home [final]  route a(x: Int) [final]  route b(x: Bool) [final] }
            link "app://t/:x" -> App/a(x: x)
            link "app://t/:x" -> App/b(x: x)
            link "app://t/:y" -> App/home
            link "app://t/:z" -> App/home
            """
        let ties = findings(source).filter { $0.code == "F304" }
        // The Int and Bool links take no common value; the two String ones tie with the first.
        #expect(ties == [Finding("F304", 4, 6), Finding("F304", 5, 6)])
    }
}
