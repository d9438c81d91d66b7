import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Parameter defaults (docs/language.md "Defaults"): `name: Type = literal` on
/// a route's or a flow's parameter; an argument list may leave it out
/// (targets, starts, link steps) and the engine gives it the default.
@Suite("Parameter defaults")
struct ParameterDefaultTests {
    static let app = """
        flow App [entry] {
          start home
          route home {
            on open(id: String) -> push post(id: id)
            on openOn(id: String, tab: Int) -> push post(id: id, tab: tab)
            on profile -> start Profile as sheet
            on compact -> start Profile(name: "ann", compact: true) as sheet
            on scores -> push score
          }
          route post(id: String, tab: Int = 0, draft: Bool = false, note: String = "none") { on close -> pop }
          route score(value: Double = 2) [final]
          on Profile.done -> stay
        }
        flow Profile(name: String = "me", compact: Bool = false) {
          start page
          route page(size: Int = 3) { on close -> finish done }
        }
        link "app://post/:id" -> App/post(id: id)
        link "app://people/:n" -> App/Profile(name: n)/page
        link "app://me" -> App/Profile/page
        """

    @Test("the program reads back with its defaults")
    func dump() {
        let (program, diagnostics) = compile(Self.app)
        #expect(diagnostics.isEmpty)
        let lines = program.dump().split(separator: "\n")
        #expect(lines.contains("  route post(id: String, tab: Int = 0, draft: Bool = false, note: String = \"none\")"))
        #expect(lines.contains("  route score(value: Double = 2.0) [final]"))
        #expect(lines.contains("flow Profile(name: String = \"me\", compact: Bool = false) start page"))
    }

    @Test("a target that leaves a parameter out gets its default; one that gives it, its value")
    func targets() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            open(id: "7")
            expect stack home > post(id: "7", tab: 0, draft: false, note: "none")
            close
            openOn(id: "8", tab: 2)
            expect stack home > post(id: "8", tab: 2, draft: false, note: "none")
            close
            scores
            expect stack home > score(value: 2.0)
            """)
    }

    @Test("a start action and a start item that leave parameters out get the defaults")
    func starts() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            profile
            expect stack home | sheet: page(size: 3)
            """)
        #expect(activeFlowArguments(nav) == [.string("me"), .bool(false)])
        walk(&nav, """
            close
            compact
            """)
        #expect(activeFlowArguments(nav) == [.string("ann"), .bool(true)])
    }

    @Test("a link step that leaves parameters out gets the defaults")
    func linkSteps() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            open "app://post/9"
            expect stack home > post(id: "9", tab: 0, draft: false, note: "none")
            open "app://people/bob"
            expect stack home | sheet: page(size: 3)
            """)
        #expect(activeFlowArguments(nav) == [.string("bob"), .bool(false)])
        walk(&nav, """
            open "app://me"
            expect stack home | sheet: page(size: 3)
            """)
        #expect(activeFlowArguments(nav) == [.string("me"), .bool(false)])
    }

    /// The arguments of the flow instance that shows the active route.
    func activeFlowArguments(_ nav: Navigator) -> [Value]? {
        nav.state.activeEntry.map { nav.state.instances[Int($0.instance)].arguments }
    }

    @Test("defaults that do not parse or fit are findings at the literal or the '='", arguments: [
        ("flow A [entry] { start a  route a(n: Int = \"x\") [final] }", [Finding("F108", 1, 44)],
         "the default of parameter 'n' must be an Int, not a String"),
        ("flow A [entry] { start a  route a(n: Bool = 1) [final] }", [Finding("F108", 1, 45)],
         "the default of parameter 'n' must be a Bool, not an Int"),
        ("flow A [entry] { start a  route a(n: Int = 1.5) [final] }", [Finding("F108", 1, 44)],
         "the default of parameter 'n' must be an Int, not a Double"),
        ("flow A [entry] { start a  route a(n: Int = m) [final] }", [Finding("F001", 1, 44)],
         "expected a literal default for parameter 'n' (a string, a number, true or false), found 'm'"),
        ("flow A [entry] { start a  route a { on go(n: Int = 1) -> stay } }", [Finding("F001", 1, 50)],
         "an event's parameter 'n' cannot have a default: only a route's or a flow's can"),
    ])
    func refused(source: String, expected: [Finding], message: String) {
        #expect(findings(source) == expected)
        #expect(compile(source).diagnostics.first?.message == message)
    }

    @Test("a parameter without a default must still be given (F107), and in a link bound (F303)")
    func stillRequired() {
        let source = MarkedSource("""
            flow A [entry] {
              start a
              route a { on go -> push 1️⃣p }
              route p(id: String, tab: Int = 0) [final]
            }
            link "app://p" -> 2️⃣A/p
            """)
        #expect(findings(source.text) == [Finding("F107", source["1"].line, source["1"].column),
                                          Finding("F303", source["2"].line, source["2"].column)])
    }
}
