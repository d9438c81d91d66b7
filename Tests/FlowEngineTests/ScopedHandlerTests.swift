import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// `on E from F` (docs/language.md "Scoped handlers"): a flow-level handler that
/// applies only while the active route belongs to F or a flow below it;
/// at one level the scoped handlers that apply come first.
@Suite("Scoped handlers (on E from F)")
struct ScopedHandlerTests {
    static let app = """
        flow App [entry] {
          start home
          route home { on shop -> start Shop  on settings -> sheet settings }
          route settings { on close -> dismiss }
          route shopHelp { on close -> dismiss }
          route help { on close -> dismiss }
          on help from Shop -> sheet shopHelp
          on help -> sheet help
          on Shop.done -> stay
        }
        flow Shop {
          start catalog
          route catalog { on cart -> start Checkout }
          route cart [final]
        }
        flow Checkout { start pay  route pay { on paid -> finish done } }
        """

    @Test("reads back as written, and is part of the handler's identity")
    func compiled() {
        let (program, diagnostics) = compile(Self.app)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(program.dump().contains("  on help from Shop -> sheet shopHelp\n"))
        #expect(program.handlers.map(\.scope).filter { $0 >= 0 }.map { program.name(program.flows[Int($0)].name) } == ["Shop"])
    }

    @Test("dispatch: the scoped handler inside its flow and below it, the unscoped one elsewhere", arguments: [
        ("help", "home | sheet: help"),
        ("shop\nhelp", "home > catalog | sheet: shopHelp"),
        ("shop\ncart\nhelp", "home > catalog > pay | sheet: shopHelp"),
        ("settings\nhelp", "home | sheet: settings | sheet: help"),
    ])
    func dispatch(steps: String, stack: String) throws {
        var nav = try navigator(Self.app)
        walk(&nav, steps + "\nexpect stack " + stack)
    }

    @Test("a scoped handler alone is refused outside its flow, with the engine's usual message; the state is unchanged")
    func refusedOutside() throws {
        var nav = try navigator(allowingFindings: true, Self.app.replacingOccurrences(of: "  on help -> sheet help\n", with: ""))
        expectRejected(&nav, .unhandled(event: "help", route: "home")) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.send("help")
        }
    }

    @Test("the checks follow dispatch: a handler scoped to another flow is no way out (F203 with its path)")
    func noWayOutOutsideItsScope() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on shop -> start Shop  on promo -> cover promo }
              route 1️⃣promo
              on leave from Shop -> set [home]
            }
            flow Shop { start catalog  route catalog [final] }
            """)
        let validation = Validation.run(text: source.text)
        let (line, column) = source["1"]
        #expect(findings(source.text) == [Finding("F203", line, column)])
        #expect(validation.diagnostics.first?.path == ["promo"])
    }

    @Test("misuse is reported where 'from' names the flow", arguments: [
        ("on help from 1️⃣Nowhere -> stay", "F102", "unknown flow 'Nowhere'"),
        ("on help from 1️⃣Other -> stay", "F110", "'from Other': flow 'App' never starts 'Other', nor does any flow below it, so the handler would never apply"),
    ])
    func misuse(handler: String, code: String, message: String) {
        let source = MarkedSource(Self.app.replacingOccurrences(of: "  on help -> sheet help\n", with: "  \(handler)\n")
            + "\nflow Other { start x  route x [final] }\n")
        let diagnostics = compile(source.text).diagnostics.filter { $0.code.rawValue == code }
        #expect(diagnostics.map(\.message) == [message])
        let (line, column) = source["1"]
        #expect(findings(source.text).filter { $0.code == code } == [Finding(code, line, column)])
    }

    @Test("'from' on a route's handler is F110 at the flow's name")
    func onARoute() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on help from 1️⃣App -> stay }
            }
            """)
        let (line, column) = source["1"]
        #expect(findings(source.text).filter { $0.code.hasPrefix("F1") } == [Finding("F110", line, column)])
    }

    @Test("F109 is per event, guard and scope: the same scope twice is a duplicate, another scope is not")
    func duplicates() {
        let source = MarkedSource(Self.app.replacingOccurrences(of: "  on help -> sheet help\n", with: """
              on help from Checkout -> sheet help
              on 1️⃣help from Shop -> sheet help

            """))
        let (line, column) = source["1"]
        #expect(findings(source.text).filter { $0.code.hasPrefix("F1") } == [Finding("F109", line, column)])
    }
}
