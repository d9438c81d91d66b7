import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Language v1's data features at compile time: flow parameters, name
/// resolution, result payloads, guarded starts, link steps that bind a
/// flow's parameters. Each rule both ways: a program that shows the
/// finding at 1️⃣ and a near twin that does not.
@Suite("Flow parameters, payloads and guarded starts (compile)")
struct FlowDataCompilerTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var code: String
        var message: String
        var triggers: String
        var clean: String
        var testDescription: String { name }
    }

    static let profile = """
        flow Profile(username: String) {
          start page(user: username)
          route page(user: String) [final]
        }
        """

    static let rows: [Row] = [
        Row(name: "start F without arguments for a flow with parameters", code: "F107",
            message: "missing argument 'username: String' for flow 'Profile'",
            triggers: "flow App [entry] { start home  route home { on go -> start 1️⃣Profile } }\n" + profile,
            clean: "flow App [entry] { start home  route home { on go -> start Profile(username: \"ann\") } }\n" + profile),
        Row(name: "start F with an argument of the wrong type", code: "F108",
            message: "argument 'username' of 'Profile' must be a String, but event parameter 'n' is an Int",
            triggers: "flow App [entry] { start home  route home { on go(n: Int) -> start Profile(1️⃣username: n) } }\n" + profile,
            clean: "flow App [entry] { start home  route home { on go(n: String) -> start Profile(username: n) } }\n" + profile),
        Row(name: "a start item that does not bind its route's parameters", code: "F107",
            message: "missing argument 'user: String' for route 'page'",
            triggers: "flow App [entry] { start home  route home { on go -> start Profile(username: \"a\") } }\n"
                + "flow Profile(username: String) { start 1️⃣page  route page(user: String) [final] }",
            clean: "flow App [entry] { start home  route home { on go -> start Profile(username: \"a\") } }\n"
                + "flow Profile(username: String) { start page(user: username)  route page(user: String) [final] }"),
        Row(name: "a start item names what is not a parameter of the flow", code: "F107",
            message: "'usernam' is not a parameter of flow 'Profile'; did you mean 'username'?",
            triggers: "flow App [entry] { start home  route home { on go -> start Profile(username: \"a\") } }\n"
                + "flow Profile(username: String) { start 1️⃣page(user: usernam)  route page(user: String) [final] }",
            clean: "flow App [entry] { start home  route home { on go -> start Profile(username: \"a\") } }\n"
                + "flow Profile(username: String) { start page(user: username)  route page(user: String) [final] }"),
        Row(name: "a handler's argument names no parameter of its event, route or flow", code: "F107",
            message: "'usr' is not a parameter of event 'follow', route 'page' or flow 'Profile'; did you mean 'user'?",
            triggers: "flow App [entry] { start home  route home { on go -> start Profile(username: \"a\") } }\n"
                + "flow Profile(username: String) { start page(user: username)  route page(user: String) { on follow -> push 1️⃣list(of: usr) }  route list(of: String) [final] }",
            clean: "flow App [entry] { start home  route home { on go -> start Profile(username: \"a\") } }\n"
                + "flow Profile(username: String) { start page(user: username)  route page(user: String) { on follow -> push list(of: user) }  route list(of: String) [final] }"),
        Row(name: "a payload value the handler does not take", code: "F107",
            message: "the payload of 'Picker.picked' has 'idd', which a handler of it does not take",
            triggers: """
                flow App [entry] { start home  route home { on pick -> start Picker as sheet }  on Picker.picked(id: Int) -> dismiss }
                flow Picker { start list  route list { on choose(n: Int) -> finish picked(id: n, 1️⃣idd: n) } }
                """,
            clean: """
                flow App [entry] { start home  route home { on pick -> start Picker as sheet }  on Picker.picked(id: Int) -> dismiss }
                flow Picker { start list  route list { on choose(n: Int) -> finish picked(id: n) } }
                """),
        Row(name: "a payload value of another type than the handler's", code: "F108",
            message: "payload 'id' of 'Picker.picked' is a String, but a handler takes an Int",
            triggers: """
                flow App [entry] { start home  route home { on pick -> start Picker as sheet }  on Picker.picked(id: Int) -> dismiss }
                flow Picker { start list  route list { on choose(n: String) -> finish picked(1️⃣id: n) } }
                """,
            clean: """
                flow App [entry] { start home  route home { on pick -> start Picker as sheet }  on Picker.picked(id: String) -> dismiss }
                flow Picker { start list  route list { on choose(n: String) -> finish picked(id: n) } }
                """),
        Row(name: "a handler takes what the payload does not give", code: "F107",
            message: "'finish picked' gives no 'id: Int', which a handler of 'Picker.picked' takes",
            triggers: """
                flow App [entry] { start home  route home { on pick -> start Picker as sheet }  on Picker.picked(id: Int) -> dismiss }
                flow Picker { start list  route list { on choose -> 1️⃣finish picked } }
                """,
            clean: """
                flow App [entry] { start home  route home { on pick -> start Picker as sheet }  on Picker.picked -> dismiss }
                flow Picker { start list  route list { on choose -> finish picked } }
                """),
        Row(name: "a handler of the back button's cancel takes a payload", code: "F107",
            message: "'Picker.cancel' never carries a payload: the back button ends 'Picker' with no values",
            triggers: """
                flow App [entry] { start home  route home { on pick -> start Picker as sheet }  on Picker.cancel(1️⃣id: Int) -> push home }
                flow Picker { start list  route list { on choose(n: Int) -> finish picked(id: n) } }
                """,
            clean: """
                flow App [entry] { start home  route home { on pick -> start Picker as sheet }  on Picker.cancel -> push home }
                flow Picker { start list  route list { on choose(n: Int) -> finish picked(id: n) } }
                """),
        Row(name: "start F names a parameter F does not have", code: "F107",
            message: "flow 'Profile' has no parameter 'usernme'; did you mean 'username'?",
            triggers: "flow App [entry] { start home  route home { on go -> start 1️⃣Profile(usernme: \"a\", username: \"b\") } }\n" + profile,
            clean: "flow App [entry] { start home  route home { on go -> start Profile(username: \"b\") } }\n" + profile),
        Row(name: "two unguarded starts", code: "F103",
            message: "flow 'App' has more than one unguarded 'start': the guarded ones come first, then one fallback",
            triggers: "flow App [entry] { start main  start 1️⃣login  route main [final]  route login [final] }",
            clean: "flow App [entry] { start main when loggedIn  start login  route main [final]  route login [final] }"),
        Row(name: "two starts with the same guard", code: "F103",
            message: "flow 'App' already has a 'start' when loggedIn",
            triggers: "flow App [entry] { start main when loggedIn  start 1️⃣other when loggedIn  start login  route main [final]  route other [final]  route login [final] }",
            clean: "flow App [entry] { start main when loggedIn  start other when !loggedIn  start login  route main [final]  route other [final]  route login [final] }"),
        Row(name: "only guarded starts: no fallback", code: "F104",
            message: "flow 'App' has only guarded 'start' items: add an unguarded one, the fallback, after them",
            triggers: "flow 1️⃣App [entry] { start main when loggedIn  route main [final] }",
            clean: "flow App [entry] { start main when loggedIn  start main  route main [final] }"),
        Row(name: "a link step leaves a flow's parameter unbound", code: "F303",
            message: "missing argument 'username: String' for flow 'Profile': the link must bind it to a capture of its pattern",
            triggers: "flow App [entry] { start home  route home { on go -> start Profile(username: \"a\") } }\n" + profile
                + "\nlink \"app://u/:name\" -> 1️⃣App/Profile/page(user: name)",
            clean: "flow App [entry] { start home  route home { on go -> start Profile(username: \"a\") } }\n" + profile
                + "\nlink \"app://u/:name\" -> App/Profile(username: name)/page(user: name)"),
        Row(name: "a link step gives arguments to a flow started in its parent's place", code: "F303",
            message: "a link cannot give 'Profile' arguments: 'App' starts it in its place, and that 'start' item binds them",
            triggers: "flow App [entry] { start Profile(username: \"me\") }\n" + profile
                + "\nlink \"app://u/:name\" -> App/Profile(1️⃣username: name)/page(user: name)",
            clean: "flow App [entry] { start Profile(username: \"me\") }\n" + profile
                + "\nlink \"app://u/:name\" -> App/Profile/page(user: name)"),
        Row(name: "a tab container inside a tab", code: "F114",
            message: "tab 'Inner' starts the tab container 'More' in its place: a tab container cannot be inside a tab",
            triggers: """
                flow App [entry] { tabs Home, 1️⃣Inner }
                flow Home { start a  route a [final] }
                flow Inner { start More }
                flow More { tabs Home }
                """,
            clean: """
                flow App [entry] { tabs Home, Inner }
                flow Home { start a  route a [final] }
                flow Inner { start Home }
                flow More { tabs Home }
                """),
        Row(name: "an entry flow with parameters", code: "F114",
            message: "the entry flow 'App' cannot have parameters: nothing starts it with arguments",
            triggers: "flow App(1️⃣id: Int) [entry] { start home  route home [final] }",
            clean: "flow App [entry] { start home  route home [final] }"),
    ]

    @Test("the finding is reported once, at the marker, with its message", arguments: rows)
    func triggers(row: Row) {
        let source = MarkedSource(row.triggers)
        let (_, diagnostics) = compile(source.text)
        let errors = findings(source.text).filter { $0.code < "F200" || $0.code >= "F300" && $0.code < "F304" }
        #expect(errors == [Finding(row.code, source["1"].line, source["1"].column)])
        #expect(diagnostics.first { $0.code.rawValue == row.code }?.message == row.message)
    }

    @Test("its near twin has no such error", arguments: rows)
    func clean(row: Row) {
        let errors = findings(row.clean).filter { $0.code < "F200" || $0.code >= "F300" && $0.code < "F304" }
        #expect(errors == [])
    }

    @Test("names resolve to the event's parameter, then the route's, then the flow's")
    func resolutionOrder() throws {
        let (program, diagnostics) = compile("""
            flow App [entry] { start home  route home { on go -> start F(id: "f") } }
            flow F(id: String) {
              start r(id: "r")
              route r(id: String) {
                on e(id: String) -> push s(v: id)
                on g -> push s(v: id)
              }
              route s(v: String) [final]
              on h -> push s(v: id)
            }
            """)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        let sources = program.handlers.filter { $0.flow == 1 }.map { program.arguments[program.targets[Int(program.actions[Int($0.actions.lower)].targets.lower)].arguments.range].first?.source }
        #expect(sources == [.eventParameter(0), .routeParameter(0), .flowParameter(0)])
    }

    @Test("the program text shows flow parameters, guarded starts, start and finish arguments")
    func dump() {
        let (program, _) = compile("""
            flow App [entry] { start main when loggedIn  start login  route main { on p(n: String) -> start P(who: n) }  route login [final]  on P.done(id: Int) -> pop }
            flow P(who: String) { start page(name: who)  route page(name: String) { on ok -> finish done(id: 3) } }
            """)
        #expect(program.dump() == """
            flow App [entry] start main when loggedIn start login
              route main
                on p(n: String) -> start P(who: n)
              route login [final]
              on P.done(id: Int) -> pop
            flow P(who: String) start page(name: who)
              route page(name: String)
                on ok -> finish done(id: 3)

            """)
    }

    @Test("a gated link compiles to its guard and its actions, run for the entry flow")
    func gatedLinkDump() {
        let (program, diagnostics) = compile("""
            flow App [entry] { start home  route home [final]  route item(id: Int) [final]  on Auth.done -> push home }
            flow Auth { start login  route login { on ok -> finish done } }
            link "app://item/:id" -> App/item(id: id) when !guest else start Auth as cover then push home
            """)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(program.dump().hasSuffix("""
            link "app://item/:id" -> App/item(id: :id) when !guest else start Auth as cover then push home

            """))
        #expect(program.guardSymbols.keys.sorted() == ["guest"])
        #expect(program.handlers.indices.filter { program.isLinkHandler(HandlerID($0)) } == [program.links[0].gateHandler].map(Int.init))
    }

    @Test("a gated link's actions are checked like a handler's, in the entry flow", arguments: [
        ("start 1️⃣Auht as cover", "F102"),
        ("push 1️⃣itme", "F101"),
        ("push 1️⃣item", "F107"),
    ])
    func gatedLinkActions(actions: String, code: String) {
        let source = MarkedSource("""
            flow App [entry] { start home  route home { on go -> start Auth }  route item(id: Int) [final]  on Auth.done -> push home }
            flow Auth { start login  route login { on ok -> finish done } }
            link "app://item/:id" -> App/item(id: id) when ok else \(actions)
            """)
        #expect(findings(source.text).filter { $0.code < "F200" } == [Finding(code, source["1"].line, source["1"].column)])
    }

    @Test("new syntax recovers from mistakes at the exact column", arguments: [
        ("flow A [entry] { start a  route a [final] }\nlink \"a://b\" -> A/a when g push a", Finding("F001", 2, 28)),
        ("flow A [entry] { start a  route a [final] }\nlink \"a://b\" -> A/a when else push a", Finding("F001", 2, 31)),
        ("flow A [entry] { start a  route a [final] }\nlink \"a://b\" -> A/a when g else\nflow B { start b  route b [final] }", Finding("F001", 3, 1)),
        ("flow P(username String) { start a  route a [final] }", Finding("F001", 1, 17)),
        ("flow A [entry] { start a when -> route a [final] }", Finding("F001", 1, 31)),
        ("flow A [entry] { start a(x: ) route a [final] }", Finding("F001", 1, 29)),
        ("flow A [entry] { start a  route a { on x -> finish done(id: ) } }", Finding("F001", 1, 61)),
        ("flow A [entry] { start a  route a [final] }\nlink \"a://b\" -> A(x: /a", Finding("F001", 2, 22)),
    ])
    func recovery(source: String, expected: Finding) {
        #expect(findings(source).filter { $0.code < "F100" } == [expected])
    }
}
