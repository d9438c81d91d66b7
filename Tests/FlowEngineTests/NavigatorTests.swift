import FlowEngine
import FlowTestSupport
import Testing

@Suite("Navigator: the rules of docs/language.md#how-a-program-runs")
struct NavigatorTests {
    static let app = """
        flow App [entry] {
          start home
          route home {
            on next -> push second
            on modal -> sheet panel
            on full -> cover poster
            on child -> start Child
            on childSheet -> start Child as sheet
            on childCover -> start Child as cover
            on swap -> start Child as root
            on chain -> push second then push third
            on up when admin -> push third
            on up when !admin -> push second
            on up -> push poster
          }
          route second { on next -> push third  on again -> replace third  on top -> popToRoot }
          route third [noBack] { on down -> pop to home  on reset -> set [home, second]  on close -> pop }
          route panel { on ok -> dismiss }
          route poster { on close -> dismiss }
          on help -> push second
          on Child.done -> push third
          on Child.cancel -> push poster
        }
        flow Child {
          start first
          route first { on next -> push last  on quit -> finish done  on back -> finish cancel }
          route last [locked] { on quit -> finish done  on drop -> finish other }
        }
        """

    @Test("the entry flow's start is the first screen")
    func initialState() throws {
        let nav = try navigator(Self.app)
        #expect(nav.stackDescription == "home")
        #expect(nav.state.instances.filter(\.isRunning).count == 1)
    }

    @Test("a flow that starts a flow shows that flow's start; a tab container shows its first tab")
    func startChains() throws {
        var nav = try navigator("""
            flow App [entry] { start Launch  on Launch.done -> start Tabs as root }
            flow Launch { start splash  route splash { on ok -> finish done } }
            flow Tabs { tabs A, B }
            flow A { start a  route a { on go -> select B } }
            flow B { start b  route b { on go -> select A } }
            """)
        #expect(nav.stackDescription == "splash")
        walk(&nav, "ok\nexpect stack a\nexpect tab A\ngo\nexpect tab B\nexpect stack b")
    }

    @Test("dispatch: the route's handlers, then its flow's, then each flow above")
    func dispatchOrder() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "help\nexpect stack home > second")          // App's flow-level handler
        nav = try navigator(Self.app)
        walk(&nav, "child\nexpect stack home > first")
        walk(&nav, "next\nexpect stack home > first > last")    // Child's route handler first
        walk(&nav, "help\nexpect stack home > first > last > second")   // bubbled up from Child to App
    }

    @Test("guards: guarded handlers in source order, then the fallback")
    func guards() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "up\nexpect top second\nback")
        walk(&nav, "assume admin\nup\nexpect top third")
        var other = try navigator(Self.app)
        walk(&other, "assume admin\nassume !admin\nup\nexpect top second")
    }

    @Test("an event nobody handles is rejected and changes nothing")
    func unhandled() throws {
        var nav = try navigator(Self.app)
        expectRejected(&nav, .unhandled(event: "nope", route: "home")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("nope") }
        expectRejected(&nav, .unhandled(event: "ok", route: "home")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("ok") }
    }

    @Test("push, sheet, cover, replace, set, pop to, popToRoot, dismiss")
    func actions() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            next
            expect stack home > second
            again
            expect stack home > third
            reset
            expect stack home > second
            next
            down
            expect stack home
            modal
            expect stack home | sheet: panel
            ok
            full
            expect stack home | cover: poster
            close
            next
            top
            expect stack home
            """)
    }

    @Test("pop, popToRoot, pop to and dismiss that cannot succeed are rejected, state unchanged")
    func impossibleBacks() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home { on up -> pop  on root -> popToRoot  on to -> pop to other  on close -> dismiss  on go -> push other }
              route other [final]
            }
            """)
        expectRejected(&nav, .nothingToPop(action: "pop", route: "home", place: "the app's base stack")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("up") }
        expectRejected(&nav, .nothingToPop(action: "popToRoot", route: "home", place: "the app's base stack")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("root") }
        expectRejected(&nav, .notBelow(target: "other", route: "home")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("to") }
        expectRejected(&nav, .nothingToDismiss(route: "home")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("close") }
    }

    @Test("pop to R says whether R is on top or not below at all, each with its own message")
    func popToMessages() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home { on go -> push other  on toHome -> pop to home }
              route other { on toOther -> pop to other  on toHome -> pop to home }
            }
            """)
        expectRejected(&nav, .alreadyOnTop(target: "home", route: "home")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("toHome") }
        #expect(NavigationError.alreadyOnTop(target: "home", route: "home").description
            == "'pop to home' at 'home': 'home' is already the top of its stack")
        _ = try nav.send("go")
        expectRejected(&nav, .alreadyOnTop(target: "other", route: "other")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("toOther") }
        #expect(NavigationError.notBelow(target: "other", route: "home").description
            == "'pop to other' at 'home': there is no 'other' below it in its stack")
        // The near twin: with home below, the same pop succeeds.
        _ = try nav.send("toHome")
        #expect(nav.activeRouteName == "home")
    }

    @Test("start F shares the stack; as sheet and as cover present it; as root swaps")
    func startModes() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "child\nexpect stack home > first")
        nav = try navigator(Self.app)
        walk(&nav, "childSheet\nexpect stack home | sheet: first")
        nav = try navigator(Self.app)
        walk(&nav, "childCover\nexpect stack home | cover: first")
        nav = try navigator(Self.app)
        walk(&nav, "swap\nexpect stack first")
        #expect(nav.state.instances.filter(\.isRunning).map(\.flow) == [0, 1])
    }

    @Test("finish ends the flow; the parent's handlers receive Flow.result")
    func finishAndResults() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "child\nnext\nquit\nexpect stack home > third")
        #expect(nav.state.instances.filter(\.isRunning).count == 1)
        // A result nobody handles is dropped; the child still ends.
        nav = try navigator(Self.app)
        walk(&nav, "childSheet\nnext\ndrop\nexpect stack home")
    }

    @Test("then runs actions as one step: if any part fails, nothing happens")
    func atomicChains() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "chain\nexpect stack home > second > third")
        // The last pop meets the root, so the whole chain fails; validation
        // says so too (F208 v1: the chain's earlier actions count).
        let broken = """
            flow App [entry] {
              start home
              route home { on broken -> push second then pop then pop }
              route second [final]
            }
            """
        // v2: the states say more: the chain never succeeds (F208), so 'home' has
        // no way out (F203) and 'second' is never shown (F201).
        #expect(findings(broken) == [Finding("F203", 3, 9), Finding("F208", 3, 55), Finding("F201", 4, 9)])
        nav = try navigator(allowingFindings: true, broken)
        expectRejected(&nav, .nothingToPop(action: "pop", route: "home", place: "the app's base stack")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("broken") }
    }

    @Test("implicit back: pop, except [noBack]; swipe a sheet, except [locked]; never a cover's root")
    func implicitBack() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "next\nback\nexpect stack home")
        walk(&nav, "next\nnext\nexpect top third")
        expectRejected(&nav, .noWayBack(route: "third", reason: "it is [noBack] and no handler on the way up answers 'back'")) { (n: inout Navigator) throws(NavigationError) in _ = try n.back() }
        nav = try navigator(Self.app)
        walk(&nav, "modal\nback\nexpect stack home\nfull")
        expectRejected(&nav, .noWayBack(route: "poster", reason: "the root of a cover has no implicit back and no handler on the way up answers 'back'")) { (n: inout Navigator) throws(NavigationError) in _ = try n.back() }
        nav = try navigator(Self.app)
        walk(&nav, "childSheet\nnext\nexpect stack home | sheet: first > last")
        walk(&nav, "back\nexpect stack home | sheet: first")
    }

    @Test("backing out of a child's first screen finishes it with cancel")
    func cancel() throws {
        var nav = try navigator("""
            flow App [entry] {
              start home
              route home { on go -> start Child as sheet  on push -> start Child }
              route note [final]
              on Child.cancel -> push note
            }
            flow Child { start first  route first { on ok -> finish done } }
            """)
        walk(&nav, "go\nback\nexpect stack home > note")
        var pushed = try navigator("""
            flow App [entry] {
              start home
              route home { on push -> start Child }
              route note [final]
              on Child.cancel -> push note
            }
            flow Child { start first  route first { on ok -> finish cancel } }
            """)
        walk(&pushed, "push\nback\nexpect stack home > note")
    }

    @Test("back and cancel work in a program that never writes either word")
    func implicitWords() throws {
        var nav = try navigator("""
            flow App [entry] { start home  route home { on go -> start Child as sheet } }
            flow Child { start first  route first { on ok -> finish done } }
            """)
        walk(&nav, "go\nexpect stack home | sheet: first")
        let effects = try nav.send("back")
        #expect(nav.stackDescription == "home")
        #expect(EffectText.describe(effects, nav.program) == "dismiss sheet, Child finishes with cancel")
    }

    @Test("an own back handler wins over the implicit back; without either, back bubbles")
    func backHandlers() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "child\nback\nexpect stack home > poster")   // Child's 'on back -> finish cancel', App handles Child.cancel
        var bubbling = try navigator("""
            flow App [entry] { start home  route home [final]  on back -> push other  route other [final] }
            """)
        walk(&bubbling, "back\nexpect stack home > other")
    }

    @Test("a guarded back handler of the route's own turns the implicit back off, even when its guard is false")
    func guardedOwnBack() throws {
        var nav = try navigator("""
            flow App [entry] {
              start home
              route home { on go -> push form }
              route form { on back when dirty -> sheet confirm }
              route confirm { on discard -> dismiss then pop }
            }
            """)
        walk(&nav, "go\nassume dirty\nback\nexpect stack home > form | sheet: confirm\ndiscard\nexpect stack home")
        walk(&nav, "go\nassume !dirty")
        expectRejected(&nav, .noWayBack(route: "form", reason: """
            its own 'on back when dirty' does not hold, and a route's own back handler turns the implicit back off; \
            no handler on the way up answers 'back' (add 'on back -> pop' or 'on back -> dismiss' as its fallback)
            """)) { (n: inout Navigator) throws(NavigationError) in _ = try n.back() }
    }

    @Test("an action after its flow's finish in the same chain is refused, even when the parent's handler reuses the flow's slot")
    func actionAfterFinish() throws {
        // F208 at validation; the program still runs (docs/language.md#how-a-program-runs "What runs"), and the step is refused.
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home { on go -> start Child as sheet }
              on Child.done -> start Other as sheet
            }
            flow Child {
              start first
              route first { on ok -> finish done then push second  on close -> finish done }
              route second [final]
            }
            flow Other { start o  route o [final] }
            """)
        walk(&nav, "go\nexpect stack home | sheet: first")
        // Before, Child's 'push second' ran for the Other that took Child's slot: 'Child.second' shown by an Other.
        let problem = "'push second' comes after 'Child' finished in the same chain: nothing is left to act for 'Child'"
        expectRejected(&nav, .unsupported(event: "ok", problem: problem)) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("ok") }
        #expect(NavigationError.unsupported(event: "ok", problem: problem).description == "'ok': " + problem)
        walk(&nav, "close\nexpect stack home | sheet: o")
        #expect(nav.invariantViolations() == [])
    }

    /// docs/language.md's example of a guarded back, with or without its
    /// fallback, with or without a flow-level back.
    static func guardedBackForm(fallback: Bool, flowLevel: Bool) -> String {
        """
        flow App [entry] {
          start home
          route home { on go -> push form }
          route form {
            on back when dirty -> dialog discard   // dirty: ask before leaving
            \(fallback ? "on back -> pop" : "") }
          route discard { on discard -> pop  on keep -> stay }
          route note [final]
          \(flowLevel ? "on back -> push note" : "")
        }
        """
    }

    @Test("docs/language.md: a guarded back turns the implicit back off while its guard is false; the fallback brings the usual back")
    func documentedGuardedBack() throws {
        // allowingFindings: F208 reports the dialog's 'on discard -> pop' although the
        // dialog goes first and the pop acts on the form below (docs/language.md#how-a-program-runs "Transient layers").
        // With the fallback: the usual back while not dirty, the dialog while dirty.
        var nav = try navigator(allowingFindings: true, Self.guardedBackForm(fallback: true, flowLevel: false))
        walk(&nav, "go\nback\nexpect stack home")
        walk(&nav, "go\nassume dirty\nback\nexpect stack home > form | dialog: discard\nkeep\nexpect stack home > form")
        walk(&nav, "back\ndiscard\nexpect stack home")
        // Without it, not dirty: no implicit pop; back goes on to the flow-level handler...
        var bubbling = try navigator(allowingFindings: true, Self.guardedBackForm(fallback: false, flowLevel: true))
        walk(&bubbling, "go\nback\nexpect stack home > form > note")
        // ... and is refused when none answers, though the screen is pushed and not [noBack].
        var refused = try navigator(allowingFindings: true, Self.guardedBackForm(fallback: false, flowLevel: false))
        walk(&refused, "go\nexpect stack home > form")
        let reason = """
            its own 'on back when dirty' does not hold, and a route's own back handler turns the implicit back off; \
            no handler on the way up answers 'back' (add 'on back -> pop' or 'on back -> dismiss' as its fallback)
            """
        expectRejected(&refused, .noWayBack(route: "form", reason: reason)) { (n: inout Navigator) throws(NavigationError) in _ = try n.back() }
        #expect(refused.availableEvents.map(\.name) == [])
        walk(&refused, "assume dirty\nback\nexpect stack home > form | dialog: discard")
    }

    @Test("a child whose screens an action removes ends silently")
    func silentEnd() throws {
        var nav = try navigator("""
            flow App [entry] {
              start home
              route home { on go -> start Child }
              route done [final]
              on wipe -> set [done]
            }
            flow Child { start first  route first [final] }
            """)
        walk(&nav, "go\nexpect stack home > first")
        let effects = try nav.send("wipe")
        #expect(nav.stackDescription == "done")
        #expect(effects.contains(.flowEnded(1)))
        #expect(!effects.contains { if case .flowFinished = $0 { return true } else { return false } })
    }

    @Test("select removes modal layers above the tab container; a select without one is rejected")
    func select() throws {
        var nav = try navigator("""
            flow App [entry] { tabs A, B }
            flow A { start a  route a { on more -> sheet extra  on b -> select B }  route extra { on b -> select B } }
            flow B { start b  route b { on home -> select A } }
            """)
        walk(&nav, "more\nexpect stack a | sheet: extra\nb\nexpect stack b\nexpect tab B\nhome\nexpect stack a")
        var plain = try navigator("""
            flow App [entry] { start home  route home { on go -> start Other as sheet } }
            flow Other { start o  route o { on x -> finish cancel } }
            """)
        walk(&plain, "go\nexpect top o")
    }

    @Test("select acts on the nearest tab container: a tab of a farther one is rejected")
    func selectNearest() throws {
        var nav = try navigator("""
            flow App [entry] { tabs A, B }
            flow A { start a  route a { on more -> start Inner as sheet } }
            flow B { start b  route b [final] }
            flow Inner { tabs C, D }
            flow C { start c  route c { on d -> select D } }
            flow D { start d  route d [final] }
            """)
        walk(&nav, "more\nexpect stack a | sheet: c\nd\nexpect stack a | sheet: d\nexpect tab D")
        // `select B` of the outer container from inside the inner one: F111 at validation
        // (AlwaysRefusedTests); where C also runs under a container with B, a run under Inner refuses it.
        let (program, diagnostics) = compile("""
            flow App [entry] { tabs A, B }
            flow A { start a  route a { on more -> start Inner as sheet  on c -> start C as sheet } }
            flow B { start b  route b [final] }
            flow Inner { tabs C, D }
            flow C { start c  route c { on b -> select B } }
            flow D { start d  route d [final] }
            """)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
        var other = try Navigator(program: program)
        walk(&other, "more")
        expectRejected(&other, .noSuchTab(tab: "B", flow: "C", container: "Inner")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("b") }
    }

    @Test("a step that would leave no screen is rejected; finishing the entry flow says so")
    func emptyScreen() throws {
        var nav = try navigator(allowingFindings: true, "flow App [entry] { start home  route home { on quit -> finish done } }")
        expectRejected(&nav, .unsupported(event: "quit", problem: "'finish done' would end 'App', the entry flow: no flow is above it to return to")) {
            (n: inout Navigator) throws(NavigationError) in _ = try n.send("quit")
        }
        // A child that replaced everything its parent showed finishes, and nobody shows anything in its place.
        var swapped = try navigator(allowingFindings: true, """
            flow App [entry] { start home  route home { on go -> start Child as root } }
            flow Child { start first  route first { on ok -> finish done } }
            """)
        walk(&swapped, "go\nexpect stack first")
        expectRejected(&swapped, .emptyScreen(event: "ok")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("ok") }
        #expect(NavigationError.emptyScreen(event: "ok").description == "'ok' would leave no screen at all")
    }

    @Test("event arguments are checked against the handler's parameters")
    func eventArguments() throws {
        var nav = try navigator("""
            flow App [entry] { start home  route home { on open(id: Int, x: Double) -> push item(id: id) }  route item(id: Int) [final] }
            """)
        expectRejected(&nav, .badArgument(event: "open", problem: "missing 'id: Int'")) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("open") }
        expectRejected(&nav, .badArgument(event: "open", problem: "'id' must be Int, not String")) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.send("open", arguments: ["id": .string("1"), "x": .int(1)])
        }
        expectRejected(&nav, .badArgument(event: "open", problem: "unknown argument 'y'")) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.send("open", arguments: ["id": .int(1), "x": .double(2), "y": .int(0)])
        }
        _ = try nav.send("open", arguments: ["id": .int(4), "x": .int(2)])
        #expect(nav.stackDescription == "home > item(id: 4)")
    }

    @Test("available events: own, flow-level, bubbled, and back when implicit")
    func availableEvents() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "child")
        #expect(nav.availableEvents.map(\.signature) == ["next", "quit", "back", "help"])
        walk(&nav, "next")
        #expect(nav.availableEvents.map(\.signature) == ["quit", "drop", "help", "back"])
    }
}
