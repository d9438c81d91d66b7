import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// `assume g` and `assume !g` as actions (docs/language.md "Guards set by
/// steps"): part of the step, rolled back with it, and a pending gated link
/// opens at the end of the step after which its guard holds.
@Suite("assume actions")
struct AssumeActionTests {
    static let login = """
        flow App [entry] {
          start welcome
          route welcome { on logIn -> start Login as cover }
          route item(id: Int) [final] { on logOut -> assume !loggedIn then set [welcome] }
          on Login.done -> stay
        }
        flow Login {
          start form
          route form {
            on submit -> assume loggedIn then finish done
            on fail -> assume loggedIn then pop
            on close -> finish cancel
          }
        }
        link "app://item/:id" -> App/item(id: id) when loggedIn else start Login as cover
        """

    @Test("the actions compile to the guard they set or clear, and read back as written")
    func compiled() {
        let (program, diagnostics) = compile(Self.login)
        #expect(!diagnostics.contains { $0.severity == .error && !$0.code.rawValue.hasPrefix("F2") })
        let texts = program.handlers.map { program.handlerText($0) }
        #expect(texts.contains("on logOut -> assume !loggedIn then set [welcome]"))
        #expect(texts.contains("on submit -> assume loggedIn then finish done"))
        #expect(Array(program.guardSymbols.keys) == ["loggedIn"])
    }

    @Test("a pending link opens at the end of the step whose action set its guard: submit alone logs in and opens it")
    func pendingLinkOpensAfterTheStep() throws {
        var nav = try navigator(allowingFindings: true, Self.login)
        walk(&nav, """
            open "app://item/3"
            expect stack welcome | cover: form
            submit
            expect stack welcome > item(id: 3)
            """)
        #expect(nav.state.pendingLink == nil)
        #expect(nav.state.guards.map { nav.program.name($0) } == ["loggedIn"])
    }

    @Test("assume !g clears the guard; a later gated URL waits again")
    func clearing() throws {
        var nav = try navigator(allowingFindings: true, Self.login)
        walk(&nav, """
            assume loggedIn
            open "app://item/3"
            logOut
            expect stack welcome
            open "app://item/4"
            expect stack welcome | cover: form
            """)
        #expect(nav.state.guards.isEmpty)
        #expect(nav.state.pendingLink?.url == "app://item/4")
    }

    @Test("a chain that fails rolls its assume back with the rest of the step")
    func rolledBack() throws {
        var nav = try navigator(allowingFindings: true, Self.login)
        walk(&nav, "logIn")
        let before = nav.state
        #expect(throws: NavigationError.self) { try nav.send("fail") }
        #expect(nav.state == before)
        #expect(nav.state.guards.isEmpty)
    }

    @Test("the step's effects say the guard was set, then the link opened")
    func effects() throws {
        var nav = try navigator(allowingFindings: true, Self.login)
        walk(&nav, "open \"app://item/3\"")
        let effects = try nav.send("submit")
        let symbol = try #require(nav.program.symbols.lookup("loggedIn"))
        #expect(effects.first == .guardSet(symbol, true))
        #expect(effects.last == .linkOpened("app://item/3"))
    }

    @Test("a guard the step set is read as set: no branch on it, and no assume line in the path")
    func readAfterWrite() throws {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on go -> assume ready then start Child }
            }
            flow Child { start a when ready  start b  route 1️⃣a [noBack]  route 2️⃣b [final] }
            """)
        let validation = Validation.run(text: source.text)
        var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
        let found = validation.diagnostics.map { diagnostic -> String in
            let (line, column) = renderer.location(diagnostic.span)
            return "\(diagnostic.code.rawValue)@\(line):\(column) \(diagnostic.path?.joined(separator: " → ") ?? "-")"
        }
        let (aLine, aColumn) = source["1"]
        let (bLine, bColumn) = source["2"]
        // `start b` is never taken: the step itself set `ready` before the start read it.
        #expect(found == ["F203@\(aLine):\(aColumn) go", "F201@\(bLine):\(bColumn) -"])
    }

    @Test("a handler that only sets a guard changes no screen: no way out (F203)")
    func assumeIsNoWayOut() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on next -> cover toggle }
              route 1️⃣toggle { on flip -> assume dark  on unflip -> assume !dark then stay }
            }
            """)
        let (line, column) = source["1"]
        #expect(findings(source.text) == [Finding("F203", line, column)])
    }

    @Test("a guard named after assume without a name, or after a bang alone, is a syntax error at that place")
    func syntax() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on a -> assume1️⃣ }
            }
            """)
        let diagnostics = compile(source.text).diagnostics
        #expect(diagnostics.map(\.code.rawValue) == ["F001"])
        #expect(diagnostics.first?.message == "expected guard name after 'assume', found '}'")
        let bang = compile("flow App [entry] { start home  route home { on a -> assume ! } }").diagnostics
        #expect(bang.map(\.code.rawValue) == ["F001"])
        #expect(bang.first?.message == "expected guard name after 'assume', found '}'")
    }
}
