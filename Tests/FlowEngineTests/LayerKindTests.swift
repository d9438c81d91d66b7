import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Alerts, dialogs, popovers and `stay` (DSL.md §5, v1).
@Suite("Layer kinds: alert, dialog, popover, stay")
struct LayerKindTests {
    static let source = """
    flow App [entry] {
      start home
      route home {
        on warn -> alert oops
        on ask -> dialog choose
        on more -> popover menu
        on nothing -> stay
        on warnLocked -> popover fixed
      }
      route oops { on ok -> stay  on deeper -> push home }
      route choose { on again -> push home }
      route menu { on next -> push home }
      route fixed [locked] { on close -> dismiss }
    }
    """

    func makeNavigator() throws -> Navigator { try navigator(allowingFindings: true, Self.source) }

    @Test("each presents a layer of its kind, and expect stack names it", arguments: [
        ("warn", LayerKind.alert, "home | alert: oops"),
        ("ask", .dialog, "home | dialog: choose"),
        ("more", .popover, "home | popover: menu"),
    ])
    func presents(event: String, kind: LayerKind, stack: String) throws {
        var navigator = try makeNavigator()
        let effects = try navigator.send(event)
        #expect(navigator.state.layers.map(\.kind) == [.base, kind])
        #expect(effects.contains(.presented(kind, navigator.state.activeEntry?.route ?? -1)))
        #expect(navigator.stackDescription == stack)
        walk(&navigator, "expect stack \(stack)")
        #expect(navigator.invariantViolations().isEmpty)
    }

    @Test("expect stack: a layer of another kind does not match")
    func expectStackKinds() throws {
        var navigator = try makeNavigator()
        walk(&navigator, "warn")
        let (script, errors) = ScenarioScript.parse("expect stack home | sheet: oops")
        #expect(errors.isEmpty)
        var runner = ScenarioRunner(navigator: navigator)
        runner.run(script.lines)
        #expect(runner.failure != nil)
    }

    @Test("stay succeeds and changes nothing")
    func stay() throws {
        var navigator = try makeNavigator()
        let before = navigator.state
        #expect(try navigator.send("nothing") == [])
        #expect(navigator.state == before)
    }

    @Test("pushing onto an alert or a dialog is refused, state unchanged; onto a popover it works")
    func pushOntoOneEntryLayers() throws {
        for (open, event, kind) in [("warn", "deeper", "an alert"), ("ask", "again", "a dialog")] {
            var navigator = try makeNavigator()
            walk(&navigator, open)
            expectRejected(&navigator, .unsupported(event: event, problem: "'push home' cannot push onto \(kind), which holds one screen")) {
                (n: inout Navigator) throws(NavigationError) in
                _ = try n.send(event)
            }
        }
        var navigator = try makeNavigator()
        walk(&navigator, "more\nnext\nexpect stack home | popover: menu > home")
    }

    @Test("implicit back: a popover's and a dialog's root dismiss; an alert and a locked popover do not")
    func implicitBack() throws {
        var navigator = try makeNavigator()
        walk(&navigator, "more\nback\nexpect stack home\nask\nback\nexpect stack home")
        walk(&navigator, "warn\nback\nexpect error\nexpect stack home | alert: oops")
        navigator = try makeNavigator()
        walk(&navigator, "warnLocked\nback\nexpect error\nexpect stack home | popover: fixed")
    }


    @Test("the parser reads the new actions; keywords stay contextual")
    func parsing() throws {
        let (program, diagnostics) = compile("""
            flow App [entry] {
              start alert
              route alert { on stay -> dialog popover  on x -> alert stay  on y -> popover dialog  on z -> stay }
              route stay [final]
              route dialog [final]
              route popover [final]
            }
            """)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        #expect(program.actions.map(\.kind) == [.dialog, .alert, .popover, .stay])
        #expect(program.actions.map { program.actionText($0) } == ["dialog popover", "alert stay", "popover dialog", "stay"])
    }
}
