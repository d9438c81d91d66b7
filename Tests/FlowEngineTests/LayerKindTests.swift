import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Alerts, dialogs, popovers and `stay` (docs/language.md#how-a-program-runs, v1).
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
        on alertThenPush -> alert oops then push home
        on dialogThenPush -> dialog choose then push home
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
        #expect(effects.contains(.presented(kind, navigator.state.activeEntry ?? Entry(route: -1, instance: -1))))
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
        for (event, kind) in [("alertThenPush", "an alert"), ("dialogThenPush", "a dialog")] {
            var navigator = try makeNavigator()
            expectRejected(&navigator, .unsupported(event: event, problem: "'push home' cannot push onto \(kind), which holds one screen")) {
                (n: inout Navigator) throws(NavigationError) in
                _ = try n.send(event)
            }
        }
        var navigator = try makeNavigator()
        walk(&navigator, "more\nnext\nexpect stack home | popover: menu > home")
        // From an alert's own handler, the alert goes first: the push lands below.
        navigator = try makeNavigator()
        walk(&navigator, "warn\ndeeper\nexpect stack home > home\nask\nagain\nexpect stack home > home > home")
    }

    /// The differential long run's `set-two-screens-in-dialog` (program seed 5429):
    /// F1 is shown on the base and in an alert; `next` presents a dialog and sets two screens in it.
    @Test("a set that would leave two screens in a dialog is refused, state unchanged")
    func setOfTwoInADialog() throws {
        var navigator = try FlowTestSupport.navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home [locked] {
                on goF1 -> start F1
                on goAuth -> start Auth as cover
              }
              on close -> push home
            }
            flow F1 {
              start home
              route home {
                on next -> dialog home then set [home, home]
              }
              on toggle(on: Bool) -> pop to home then alert home
            }
            flow Auth {
              start home
              route home {
                on more -> push settings
              }
              route settings {
                on close -> finish cancel
              }
            }
            """)
        walk(&navigator, """
            goF1
            close
            goAuth
            more
            back
            more
            close
            goF1
            toggle(on: true)
            expect stack home > home | alert: home
            """)
        expectRejected(&navigator, .unsupported(event: "next", problem: "'set [home, home]' would show 2 screens in a dialog, which holds one")) {
            (n: inout Navigator) throws(NavigationError) in
            _ = try n.send("next")
        }
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

/// docs/language.md#how-a-program-runs "Transient layers (v1)": a handled event first removes the
/// alert or dialog on top, then runs its chain on the layer below.
@Suite("Transient layers")
struct TransientLayerTests {
    static let source = """
    flow App [entry] {
      start home
      route home { on next -> push detail }
      route detail {
        on delete -> dialog confirm
        on warn -> alert oops
        on peek -> popover info
      }
      route confirm { on yes -> pop  on no -> stay  on broken -> pop then pop then pop }
      route oops { on ok -> stay }
      route info { on yes -> pop  on no -> stay }
      on help -> push home
    }
    """

    func make() throws -> Navigator { try navigator(allowingFindings: true, Self.source) }

    @Test("a dialog's handler pops the screen under it; a popover's does not reach below")
    func chainRunsBelow() throws {
        var nav = try make()
        walk(&nav, "next\ndelete\nexpect stack home > detail | dialog: confirm")
        let effects = try nav.send("yes")
        #expect(effects.first == .dismissed(.dialog))
        #expect(nav.stackDescription == "home")
        // The twin: a popover is not transient, its root's pop has nothing to pop.
        walk(&nav, "next\npeek\nyes\nexpect error\nexpect stack home > detail | popover: info")
    }

    @Test("stay only removes an alert or a dialog; on a popover it changes nothing")
    func stayRemoves() throws {
        var nav = try make()
        walk(&nav, "next\nwarn\nok\nexpect stack home > detail\ndelete\nno\nexpect stack home > detail")
        walk(&nav, "peek\nno\nexpect stack home > detail | popover: info")
    }

    @Test("a flow-level handler fired from an alert removes it too")
    func flowLevel() throws {
        var nav = try make()
        walk(&nav, "next\nwarn\nhelp\nexpect stack home > detail > home")
    }

    @Test("if the chain fails, the dialog stays (atomic)")
    func atomic() throws {
        var nav = try make()
        walk(&nav, "next\ndelete")
        expectRejected(&nav, .nothingToPop(action: "pop", route: "home", place: "the app's base stack")) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.send("broken")
        }
        #expect(nav.stackDescription == "home > detail | dialog: confirm")
    }
}
