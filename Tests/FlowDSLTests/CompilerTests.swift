import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

@Suite("Compiler")
struct CompilerTests {
    @Test("the docs/language.md example compiles to the expected graph")
    func shopDump() throws {
        let source = """
            flow App [entry] {
              start splash
              route splash {
                on ready when loggedIn -> start Shop as root
                on ready -> start Auth as cover
              }
              on Auth.done -> start Shop as root
            }
            flow Auth {
              start login
              route login "Log in" { on loggedIn -> finish done  on forgot -> sheet reset with slide }
              route reset [locked] { on sent -> dismiss }
            }
            flow Shop {
              start catalog
              route catalog "Shop" { on select(id: String) -> push product(id: id) }
              route product(id: String) { on buy -> set [catalog, receipt(total: 9.5)] then popToRoot }
              route receipt(total: Double) [final]
            }
            link "shop://product/:id" -> App/Shop/product(id: id)
            """
        let (program, diagnostics) = compile(source)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(program.dump() == """
            flow App [entry] start splash
              route splash
                on ready when loggedIn -> start Shop as root
                on ready -> start Auth as cover
              on Auth.done -> start Shop as root
            flow Auth start login
              route login "Log in"
                on loggedIn -> finish done
                on forgot -> sheet reset with slide
              route reset [locked]
                on sent -> dismiss
            flow Shop start catalog
              route catalog "Shop"
                on select(id: String) -> push product(id: id)
              route product(id: String)
                on buy -> set [catalog, receipt(total: 9.5)] then popToRoot
              route receipt(total: Double) [final]
            link "shop://product/:id" -> App/Shop/product(id: :id)

            """)
    }

    @Test("long parameter lists: a duplicate, an unknown and a missing argument are found as in short ones", arguments: [3, 40, 2_000])
    func longParameterLists(count: Int) throws {
        // Past ParameterLookup.scanLimit names are found through a table; the findings must not change.
        let params = (0..<count).map { "p\($0): Int" }.joined(separator: ", ")
        let args = (1..<count).map { "p\($0): \($0)" }.joined(separator: ", ")
        let source = """
            flow App [entry] {
              start home
              route home { on go -> push r(\(args), zz: 1) }
              route r(\(params), p1: Int) [final]
            }
            """
        let diagnostics = compile(source).diagnostics
        #expect(diagnostics.map(\.code.rawValue) == ["F107", "F107", "F103"])
        #expect(diagnostics.map(\.message) == [
            "route 'r' has no parameter 'zz'",
            "missing argument 'p0: Int' for route 'r'",
            "duplicate parameter 'p1'",
        ])
        var navigator = try Navigator(program: compile(source.replacingOccurrences(of: ", p1: Int)", with: ")")
            .replacingOccurrences(of: ", zz: 1)", with: ", p0: 0)")).program)
        _ = try navigator.send("go")
        #expect(navigator.state.activeEntry?.arguments == (0..<count).map { Value.int($0 == 0 ? 0 : $0) })
    }

    @Test("contextual keywords may name routes, flows and events")
    func contextualKeywords() {
        let source = """
            flow flow [entry] {
              start start
              route start { on set -> push set  on route -> push node }
              route set { on on -> push start }
              route node [final] { on push -> pop }
            }
            """
        let (program, diagnostics) = compile(source)
        #expect(diagnostics.map(\.code) == [.unboundedStack])
        #expect(program.routes.map { program.name($0.name) } == ["start", "set", "node"])
    }

    @Test("the entry is the only flow nobody starts when none is marked")
    func implicitEntry() {
        let (program, _) = compile("""
            flow Child { start a  route a [final] }
            flow Root { start b  route b [final] { on go -> start Child } }
            """)
        #expect(program.entry == 1)
        let (library, diagnostics) = compile("""
            flow A { start a  route a [final] }
            flow B { start b  route b [final] }
            """)
        #expect(library.isLibrary)
        #expect(diagnostics.isEmpty)
    }

    @Test("imports resolve relative to the importing file, each file once, cycles included")
    func imports() throws {
        let files = MemoryFileSystem([
            "app/main.flow": "import \"lib/auth.flow\"\nimport \"lib/auth.flow\"\nflow App [entry] { start Auth  on Auth.done -> start Auth as root }",
            "app/lib/auth.flow": "import \"../main.flow\"\nimport \"./common.flow\"\nflow Auth { start login  route login [final] { on ok -> finish done } }",
            "app/lib/common.flow": "import \"auth.flow\"",
        ])
        let result = try Validation.run("app/main.flow", fileSystem: files)
        #expect(result.program.files.map(\.path) == ["app/main.flow", "app/lib/auth.flow", "app/lib/common.flow"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("a missing import is F105 at the path; a missing root file is an error to the caller")
    func missingImport() throws {
        let files = MemoryFileSystem(["a.flow": "import \"nope.flow\"\nflow A [entry] { start a  route a [final] }"])
        let result = try Validation.run("a.flow", fileSystem: files)
        #expect(result.diagnostics.map(\.code) == [.importNotFound])
        #expect(result.diagnostics.first?.message == "cannot import 'nope.flow': no such file")
        #expect(throws: FileReadError("no such file")) { try Validation.run("b.flow", fileSystem: files) }
    }

    @Test("flows with the same name in two files are F103 at the second")
    func duplicateFlowAcrossFiles() throws {
        let files = MemoryFileSystem([
            "a.flow": "import \"b.flow\"\nflow A [entry] { start a  route a [final] }",
            "b.flow": "flow A { start x  route x [final] }",
        ])
        let result = try Validation.run("a.flow", fileSystem: files)
        #expect(result.diagnostics.map(\.code) == [.duplicateDeclaration])
        #expect(result.diagnostics.first?.span.file == 1)
        #expect(result.diagnostics.first?.notes.first?.span.file == 0)
    }

    @Test("argument checks name what is wrong", arguments: [
        ("push p(id: 1)", "F108", "argument 'id' of 'p' must be a String, not an Int"),
        ("push p(id: x)", "F107", "'x' is not a parameter of event 'go'"),
        ("push p(id: \"a\", id: \"b\")", "F107", "argument 'id' is given more than once"),
        ("push p", "F107", "missing argument 'id: String' for route 'p'"),
        ("push p(idd: \"a\")", "F107", "route 'p' has no parameter 'idd'; did you mean 'id'?"),
    ])
    func argumentMessages(action: String, code: String, message: String) {
        let (_, diagnostics) = compile("flow A [entry] { start a  route a { on go -> \(action) }  route p(id: String) [final] }")
        #expect(diagnostics.first?.code.rawValue == code)
        #expect(diagnostics.first?.message == message)
    }

    @Test("a handler of 'back' with parameters is F107 at the first: back carries no values", arguments: [
        ("flow A [entry] { start a  route a { on back(1️⃣x: String) -> pop }  route b [final] }", true),
        ("flow A [entry] { start a  route a [final]  on back(1️⃣x: Int, y: Bool) -> stay }", true),
        ("flow A [entry] { start a  route a { on back -> stay  on go(x: String) -> push b }  route b [final] }", false),
    ])
    func backTakesNoParameters(source: String, refused: Bool) {
        let marked = MarkedSource(source)
        let expected = refused ? [Finding("F107", marked["1"].line, marked["1"].column)] : []
        #expect(findings(marked.text).filter { $0.code.hasPrefix("F1") } == expected)
        let (_, diagnostics) = compile(marked.text)
        #expect(diagnostics.first { $0.code == .argumentMismatch }?.message
            == (refused ? "'back' is the user's back button or swipe and carries no values: a handler of it takes no parameters" : nil))
    }

    @Test("an unknown parameter type is F108 at the type")
    func unknownType() {
        #expect(findings("flow A [entry] { start a  route a(x: Strin) [final] }") == [Finding("F108", 1, 38)])
    }
}
