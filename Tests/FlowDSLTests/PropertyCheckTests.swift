import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Each finding as "code@line:col message", with its notes' places.
func locatedFindings(_ text: String) -> [String] {
    let validation = Validation.run(text: text)
    var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
    return validation.diagnostics.map { d in
        let (line, column) = renderer.location(d.span)
        let notes = d.notes.map { note -> String in
            let (l, c) = renderer.location(note.span)
            return " [note@\(l):\(c) \(note.message)]"
        }
        return "\(d.code.rawValue)@\(line):\(column) \(d.message)" + notes.joined()
    }
}

/// "code@line:col message" for a finding at marker `marker` of `source`.
func at(_ source: MarkedSource, _ marker: String, _ code: String, _ message: String) -> String {
    "\(code)@\(source[marker].line):\(source[marker].column) \(message)"
}

@Suite("check properties (docs/language.md#properties-check-v2)")
struct PropertyCheckTests {
    static let flows = """
        flow App [entry] {
          start home
          route home { on go -> push details  on shop -> start Shop as sheet }
          route details [final]
          on Shop.done -> dismiss
        }
        flow Shop {
          start cart
          route cart [final] { on pay -> finish done  on more -> push details }
          route details [final]
        }

        """

    /// The source text a span covers.
    static func text(_ span: SourceSpan, _ program: Program) -> String {
        String(decoding: program.files[Int(span.file)].bytes[Int(span.start)..<Int(span.end)], as: UTF8.self)
    }

    @Test("every form compiles into the exact PropertyCheck fields, in source order")
    func forms() {
        let source = Self.flows + """
            check "home comes back" always reach App.home
            check never Shop when !loggedIn
            check reach cart within 3
            check link "app://x" when ok shows home > details | sheet: Shop.cart(note: "a//b") // trailing
            check reach App within 0
            """
        let (program, diagnostics) = compile(source)
        // The front end's errors: none (what the checks find on the states is PropertyTests').
        #expect(diagnostics.filter { $0.severity == .error && $0.code.stopsRunning }.isEmpty)
        let loggedIn = program.symbols.lookup("loggedIn")
        let ok = program.symbols.lookup("ok")
        #expect(program.checks.count == 5)
        guard program.checks.count == 5 else { return }
        let (c0, c1, c2, c3, c4) = (program.checks[0], program.checks[1], program.checks[2], program.checks[3], program.checks[4])

        #expect(c0.kind == .alwaysReach && c0.label == "home comes back" && c0.flow == 0 && c0.route == 0)
        #expect(c0.guardCondition == nil && c0.limit == 0 && c0.url == "" && c0.stack == "")
        #expect(Self.text(c0.span, program) == "check \"home comes back\" always reach App.home")

        #expect(c1.kind == .never && c1.label == nil && c1.flow == 1 && c1.route == -1)
        #expect(c1.guardCondition == loggedIn.map { Guard(name: $0, negated: true) } && loggedIn != nil)
        #expect(c1.limit == 0 && c1.url == "" && c1.stack == "")
        #expect(Self.text(c1.span, program) == "check never Shop when !loggedIn")

        // A bare route name that one flow has: that route, and its flow.
        #expect(c2.kind == .reachWithin && c2.label == nil && c2.flow == 1 && c2.route == 2)
        #expect(c2.guardCondition == nil && c2.limit == 3 && c2.url == "" && c2.stack == "")
        #expect(Self.text(c2.span, program) == "check reach cart within 3")

        // The stack ends at the `//` comment, not at the `//` of a string.
        #expect(c3.kind == .link && c3.label == nil && c3.flow == -1 && c3.route == -1)
        #expect(c3.guardCondition == ok.map { Guard(name: $0, negated: false) } && ok != nil)
        #expect(c3.limit == 0 && c3.url == "app://x")
        #expect(c3.stack == "home > details | sheet: Shop.cart(note: \"a//b\")")
        #expect(Self.text(c3.span, program) == "check link \"app://x\" when ok shows home > details | sheet: Shop.cart(note: \"a//b\")")

        #expect(c4.kind == .reachWithin && c4.flow == 0 && c4.route == -1 && c4.limit == 0)
    }

    @Test("a guard named only in a check is a guard of the program and of the generated API")
    func guardsOfChecks() throws {
        let (program, _) = compile(Self.flows + "check never Shop.details when !loggedIn\ncheck link \"app://x\" when ok shows home\n")
        #expect(program.guardSymbols.keys.sorted() == ["loggedIn", "ok"])
        let interface = try ProgramInterface(program)
        #expect(interface.guards.map { program.name($0) }.sorted() == ["loggedIn", "ok"])
    }

    @Test("the dump writes the checks back")
    func dump() {
        let (clean, _) = compile(Self.flows + """
            check "back home" always reach App.home
            check never Shop.details when !g
            check reach cart within 2
            check link "app://x" shows home > details   // the stack
            """)
        #expect(clean.dump().hasSuffix("""
              route details [final]
            check "back home" always reach App.home
            check never Shop.details when !g
            check reach Shop.cart within 2
            check link "app://x" shows home > details

            """))
    }

    @Test("names that do not resolve: F102, F101, an ambiguous route with a note per candidate")
    func unresolved() {
        let source = MarkedSource(Self.flows + """
            check never 1️⃣Shp.cart
            check always reach App.2️⃣hom
            check never 3️⃣details
            check never 4️⃣Nowhere
            check never 5️⃣nowhere
            check link "app://x" shows home > 6️⃣Shop.cart | sheet: Shop.7️⃣detals
            check link "app://y" shows 8️⃣detals
            """)
        #expect(locatedFindings(source.text) == [
            at(source, "1", "F102", "unknown flow 'Shp'; did you mean 'Shop'?"),
            at(source, "2", "F101", "unknown route 'hom' in flow 'App'; did you mean 'home'?"),
            at(source, "3", "F101", "'details' is a route of 2 flows: write 'Flow.details' to say which")
                + " [note@4:9 'App.details' declared here] [note@10:9 'Shop.details' declared here]",
            at(source, "4", "F102", "'Nowhere' names neither a flow nor a route"),
            at(source, "5", "F101", "'nowhere' names neither a flow nor a route"),
            at(source, "7", "F101", "unknown route 'detals' in flow 'Shop'; did you mean 'details'?"),
            at(source, "8", "F101", "unknown route 'detals' in the stack; did you mean 'details'?"),
        ])
        #expect(compile(source.text).program.checks.isEmpty)
    }

    @Test("a number after 'within' that is negative or not whole is a syntax error at the number", arguments: ["-2", "2.5", "many", "99999999999999999999"])
    func badWithin(number: String) {
        let source = MarkedSource(Self.flows + "check reach home within 1️⃣\(number)\n")
        let shown = number == "many" ? "'many'" : number.count > 24 ? "'\(number.prefix(24))…'" : "'\(number)'"
        #expect(locatedFindings(source.text) == [
            at(source, "1", "F001", "expected a whole number of steps (0 or more) after 'within', found \(shown)"),
        ])
    }

    @Test("a stack that does not parse as 'expect stack' takes it is a syntax error at the stack")
    func badStack() {
        let source = MarkedSource(Self.flows + """
            check link "app://x" shows 1️⃣home > | cart
            check link "app://y" 2️⃣shows   // nothing
            check link "app://z" shows 3️⃣sheet: cart
            """)
        #expect(locatedFindings(source.text) == [
            at(source, "1", "F001", "the stack after 'shows' does not parse: expected a route name in 'expect stack', found '| cart'"),
            at(source, "2", "F001", "expected a stack after 'shows', as 'expect stack' takes it (a > b | sheet: c)"),
            at(source, "3", "F001", "the stack after 'shows' does not parse: the first layer is the app's base: it has no 'sheet:', 'cover:', 'alert:', 'dialog:' or 'popover:'"),
        ])
    }

    @Test("a malformed check is reported at the unexpected token and parsing resumes at the next top-level item")
    func recovery() {
        let source = MarkedSource(Self.flows + """
            check 1️⃣sometimes home (
            check always 2️⃣home
            check never App.3️⃣{ }
            check link "app://x" when ok 4️⃣display home
            flow Extra { start x  route x [final] { on go -> push 5️⃣y } }
            check never Extra
            """)
        #expect(locatedFindings(source.text) == [
            at(source, "1", "F001", "expected a property after 'check' ('always reach', 'never', 'reach' or 'link'), found 'sometimes'"),
            at(source, "2", "F001", "expected 'reach' after 'always', found 'home'"),
            at(source, "3", "F001", "expected route name after 'App.', found '{'"),
            at(source, "4", "F001", "expected 'shows' and the stack the URL shows, found 'display'"),
            at(source, "5", "F101", "unknown route 'y' in flow 'Extra'; did you mean 'x'?"),
        ])
        #expect(compile(source.text).program.checks.map(\.flow) == [2])
    }

    @Test("checks in an imported file count; a library's checks compile and change nothing")
    func importedAndLibrary() throws {
        let fs = MemoryFileSystem([
            "app.flow": "import \"lib.flow\"\nflow App [entry] { start home  route home [final] { on go -> start Lib } }\ncheck never App\n",
            "lib.flow": "flow Lib { start page  route page [final] }\ncheck reach Lib.page within 2\n",
        ])
        let app = try Validation.run("app.flow", fileSystem: fs)
        // `never App` does not hold (the app starts there): evaluated, so the imported check counted too.
        #expect(app.diagnostics.filter { $0.severity == .error }.map(\.code) == [.propertyViolated])
        // Source order file by file, as the files were loaded: the importer first.
        #expect(app.program.checks.map(\.kind) == [.never, .reachWithin])
        let library = Validation.run(text: """
            flow Lib { start page  route page [final] }
            flow Other { start page  route page [final] }
            check always reach Lib.page
            """)
        #expect(library.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(library.program.isLibrary && library.program.checks.map(\.route) == [0])
    }

    @Test("'check' is a contextual keyword: a route may be called check")
    func contextual() {
        let (program, diagnostics) = compile("flow App [entry] { start check  route check [final] }\ncheck never check\n")
        #expect(diagnostics.map(\.code) == [.propertyViolated])
        #expect(program.checks.map(\.route) == [0])
    }
}
