import FlowEngine
import FlowTestSupport
import Testing

/// Every refusal says what is really wrong (issue 7), in its exact words,
/// and leaves the state exactly as it was.
@Suite("Refusals: exact messages, state unchanged")
struct RefusalTests {
    /// Expects `step` to be refused with `error`, whose text is `message`, the state unchanged.
    func refuse(_ nav: inout Navigator, _ error: NavigationError, _ message: String, sourceLocation: SourceLocation = #_sourceLocation,
                _ step: (inout Navigator) throws(NavigationError) -> Void) {
        expectRejected(&nav, error, sourceLocation: sourceLocation, step)
        #expect(error.description == message, sourceLocation: sourceLocation)
    }

    static let stacks = """
        flow App [entry] {
          start home
          route home { on up -> pop  on root -> popToRoot  on close -> dismiss  on modal -> sheet panel  on full -> cover poster  on tabs -> start Tabs as sheet }
          route panel { on up -> pop  on root -> popToRoot }
          route poster { on up -> pop }
        }
        flow Tabs { tabs A, B }
        flow A { start a  route a { on up -> pop  on root -> popToRoot  on b -> select B } }
        flow B { start b  route b [final] }
        """

    @Test("pop and popToRoot at a stack's root name the stack: the base, a modal layer, a tab", arguments: [
        ("", "up", "pop", "home", "the app's base stack",
         "'pop' at 'home': 'home' is the root of the app's base stack, there is nothing below it to pop"),
        ("", "root", "popToRoot", "home", "the app's base stack", "'popToRoot' at 'home': 'home' is already the root of the app's base stack"),
        ("modal", "up", "pop", "panel", "its sheet",
         "'pop' at 'panel': 'panel' is the root of its sheet, there is nothing below it to pop ('dismiss' removes its sheet)"),
        ("modal", "root", "popToRoot", "panel", "its sheet", "'popToRoot' at 'panel': 'panel' is already the root of its sheet"),
        ("full", "up", "pop", "poster", "its cover",
         "'pop' at 'poster': 'poster' is the root of its cover, there is nothing below it to pop ('dismiss' removes its cover)"),
        ("tabs", "up", "pop", "a", "tab 'A'", "'pop' at 'a': 'a' is the root of tab 'A', there is nothing below it to pop"),
        ("tabs", "root", "popToRoot", "a", "tab 'A'", "'popToRoot' at 'a': 'a' is already the root of tab 'A'"),
    ])
    func popAtARoot(setup: String, event: String, action: String, route: String, place: String, message: String) throws {
        var nav = try navigator(allowingFindings: true, Self.stacks)
        if !setup.isEmpty { walk(&nav, setup) }
        refuse(&nav, .nothingToPop(action: action, route: route, place: place), message) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.send(event)
        }
    }

    @Test("dismiss of the base says there is no modal layer")
    func dismissOfTheBase() throws {
        var nav = try navigator(allowingFindings: true, Self.stacks)
        refuse(&nav, .nothingToDismiss(route: "home"),
               "'dismiss' at 'home': 'home' is on the app's base layer; there is no sheet, cover, alert, dialog or popover to dismiss") {
            (n: inout Navigator) throws(NavigationError) in _ = try n.send("close")
        }
    }

    @Test("dismiss in a result's handler says finishing removed the child's layers already")
    func dismissAfterFinish() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home [final] { on login -> start Login as sheet }
              on Login.done -> dismiss
            }
            flow Login { start form  route form { on ok -> finish done } }
            """)
        walk(&nav, "login\nexpect stack home | sheet: form")
        refuse(&nav, .nothingLeftToDismiss(result: "Login.done", route: "home"), """
            'dismiss' in 'on Login.done' at 'home': finishing 'Login' already removed its screens and layers, \
            and 'home' is on the app's base layer; there is nothing left to dismiss
            """) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("ok") }
    }

    static let selects = """
        flow App [entry] { start home  route home { on tabs -> start Tabs as cover  on x -> start X as sheet } }
        flow Tabs { tabs A, B }
        flow A { start a  route a { on x -> start X as sheet  on done -> finish done } }
        flow B { start b  route b [final] }
        flow X { start x  route x { on b -> select B  on close -> finish done } }
        """

    @Test("select with no tab container above says so; the same flow under the container selects")
    func selectWithoutATabContainer() throws {
        var nav = try navigator(allowingFindings: true, Self.selects)
        walk(&nav, "x\nexpect stack home | sheet: x")
        refuse(&nav, .noTabContainer(tab: "B", flow: "X"), "'select B' from flow 'X': no tab container runs above 'X'") {
            (n: inout Navigator) throws(NavigationError) in _ = try n.send("b")
        }
        var twin = try navigator(allowingFindings: true, Self.selects)
        walk(&twin, "tabs\nx\nexpect stack home | cover: a | sheet: x\nb\nexpect stack home | cover: b")
    }

    @Test("select of a tab the nearest container does not have names that container")
    func selectOfAFartherTab() throws {
        #expect(NavigationError.noSuchTab(tab: "B", flow: "C", container: "Inner").description
            == "'select B' from flow 'C': the nearest tab container above it, 'Inner', has no tab 'B'")
    }

    @Test("a tap on a tab the container on top does not have is a tab tap, not a select")
    func tapOfAnUnknownTab() throws {
        var nav = try navigator(allowingFindings: true, Self.stacks)
        walk(&nav, "tabs\nexpect stack home | sheet: a")
        refuse(&nav, .notATab(tab: "App", container: "Tabs"), "'tab App': the tab container on top, 'Tabs', has no tab 'App'") {
            (n: inout Navigator) throws(NavigationError) in _ = try n.tapTab(named: "App")
        }
    }

    @Test("a tab whose flow finishes with nobody to fill it names the tab")
    func emptiedTab() throws {
        var nav = try navigator(allowingFindings: true, Self.selects)
        walk(&nav, "tabs")
        refuse(&nav, .unsupported(event: "done", problem: "it would leave tab 'A' with no screen"), "'done': it would leave tab 'A' with no screen") {
            (n: inout Navigator) throws(NavigationError) in _ = try n.send("done")
        }
    }

    @Test("a URL of the right shape with a value of the wrong type names the capture and its type", arguments: [
        ("app://item/abc", "it has the shape of link 'app://item/:id', but 'abc' is not an Int for 'id'"),
        ("app://price/cheap", "it has the shape of link 'app://price/:p', but 'cheap' is not a Double for 'amount'"),
        ("app://u/ann?tab=x", "it has the shape of link 'app://u/:name?tab=:t', but 'x' is not an Int for 'tab'"),
        ("app://u/ann", "it has the shape of link 'app://u/:name?tab=:t', but not its query item 'tab'"),
        ("app://nothing/here", "no link matches it"),
    ])
    func urlOfTheWrongType(url: String, problem: String) throws {
        var nav = try navigator("""
            flow App [entry] {
              start home
              route home { on go -> start Profile(name: "me") }
              route item(id: Int) [final]
              route price(amount: Double) [final]
            }
            flow Profile(name: String) { start page(tab: 0)  route page(tab: Int) [final] }
            link "app://item/:id" -> App/item(id: id)
            link "app://price/:p" -> App/price(amount: p)
            link "app://u/:name?tab=:t" -> App/Profile(name: name)/page(tab: t)
            """)
        refuse(&nav, .noMatchingLink(url: url, problem: problem), "cannot open '\(url)': \(problem)") { (n: inout Navigator) throws(NavigationError) in
            _ = try n.open(url)
        }
    }

    static let backs = """
        flow App [entry] {
          start home
          route home { on next -> push locked  on modal -> sheet sheetRoot  on warn -> alert oops  on tabs -> start Tabs as cover }
          route locked [noBack] { on ok -> stay }
          route sheetRoot [locked] { on ok -> dismiss }
          route oops { on ok -> stay }
          on back when never -> stay
        }
        flow Tabs { tabs A, B }
        flow A { start a  route a { on close -> finish done } }
        flow B { start b  route b [final] }
        """

    @Test("back with no way back says why there is no implicit back", arguments: [
        ("", "home", "'home' is the root of the app's base stack, which has no implicit back, and no handler on the way up answers 'back'"),
        ("next", "locked", "it is [noBack] and no handler on the way up answers 'back'"),
        ("modal", "sheetRoot", "it is the [locked] root of its sheet and no handler on the way up answers 'back'"),
        ("warn", "oops", "an alert has no implicit back and no handler on the way up answers 'back'"),
        ("tabs", "a", "the root of a cover has no implicit back and no handler on the way up answers 'back'"),
    ])
    func noWayBack(setup: String, route: String, reason: String) throws {
        var nav = try navigator(allowingFindings: true, Self.backs)
        if !setup.isEmpty { walk(&nav, setup) }
        refuse(&nav, .noWayBack(route: route, reason: reason), "'back' at '\(route)': \(reason)") { (n: inout Navigator) throws(NavigationError) in
            _ = try n.back()
        }
    }

    @Test("start of a flow whose start chain is a cycle names the cycle and the step")
    func startCycle() throws {
        // Validation reports an unguarded cycle (F114); with a guard the cycle runs on some paths only.
        let (program, diagnostics) = compile("""
            flow App [entry] { start home  route home { on go -> start A as sheet } }
            flow A { start B when loop  start a  route a [final] }
            flow B { start A }
            """)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
        var nav = try Navigator(program: program, assuming: ["loop"])
        refuse(&nav, .unsupported(event: "go", problem: "the start of 'A' never shows a screen: 'A' → 'B' → 'A' start each other in their place without end"),
               "'go': the start of 'A' never shows a screen: 'A' → 'B' → 'A' start each other in their place without end") {
            (n: inout Navigator) throws(NavigationError) in _ = try n.send("go")
        }
    }

    @Test("a link to a route of a flow that shows a tab container in its place names the container")
    func linkOverATabContainer() throws {
        // Validation reports the link (F302) when every start shows the container; with a guarded
        // start it is a refusal of the paths where the container runs.
        let (program, diagnostics) = compile("""
            flow App [entry] { start Main when tabbed  start other  route other [final]  on more -> push other }
            flow Main { tabs T, U }
            flow T { start t  route t [final] }
            flow U { start u  route u [final] }
            link "app://other" -> App/other
            """)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
        var nav = try Navigator(program: program, assuming: ["tabbed"])
        let problem = "'App' shows tab container 'Main' in its place, so the link cannot show a route of its own; its path must go through 'Main' to one of its tabs"
        refuse(&nav, .unsupported(event: "open", problem: problem), "'open': " + problem) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.open("app://other")
        }
    }

    @Test("a link through a flow that a guarded start did not choose says which one runs in its place")
    func linkThroughAnotherStart() throws {
        let source = """
            flow App [entry] { start Main when loggedIn  start Login }
            flow Main { start feed  route feed [final] }
            flow Login { start login  route login [final] }
            link "app://feed" -> App/Main/feed
            """
        var nav = try navigator(source)
        let problem = "the link's step 'App/Main' cannot be built: 'App' starts 'Login' in its place (the first of its start items whose guard holds now), not 'Main'"
        refuse(&nav, .unsupported(event: "open", problem: problem), "'open': " + problem) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.open("app://feed")
        }
        var twin = try Navigator(program: compile(source).program, assuming: ["loggedIn"])
        walk(&twin, "open \"app://feed\"\nexpect stack feed")
    }

    @Test("a tab container started as root by a flow that shares its layer with another's screens")
    func tabsAsRootFromAPushedFlow() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] { start home  route home { on go -> start Child } }
            flow Child { start first  route first { on tabs -> start Main as root  on x -> finish done } }
            flow Main { tabs T, U }
            flow T { start t  route t [final] }
            flow U { start u  route u [final] }
            """)
        walk(&nav, "go\nexpect stack home > first")
        let problem = "tab container 'Main' started as root by 'Child' must fill its layer, but 'Child' shares its layer with screens of other flows"
        refuse(&nav, .unsupported(event: "tabs", problem: problem), "'tabs': " + problem) { (n: inout Navigator) throws(NavigationError) in _ = try n.send("tabs") }
    }

    @Test("replace in a result's handler after the child's finish left the stack empty")
    func replaceWithNothingShown() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] { start home  route home { on go -> start Child as root }  route again [final]  on Child.done -> replace again }
            flow Child { start first  route first { on ok -> finish done } }
            """)
        walk(&nav, "go\nexpect stack first")
        refuse(&nav, .unsupported(event: "ok", problem: "'replace again' has no screen to replace"), "'ok': 'replace again' has no screen to replace") {
            (n: inout Navigator) throws(NavigationError) in _ = try n.send("ok")
        }
    }

    @Test("push in the chain that just presented an alert")
    func pushOntoAnAlert() throws {
        // F208 at validation (AlwaysRefusedTests); the program still runs and the step is refused.
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] { start home  route home { on warn -> alert oops then push other  on go -> push other }  route oops { on ok -> stay }  route other [final] }
            """)
        refuse(&nav, .unsupported(event: "warn", problem: "'push other' cannot push onto an alert, which holds one screen"),
               "'warn': 'push other' cannot push onto an alert, which holds one screen") { (n: inout Navigator) throws(NavigationError) in _ = try n.send("warn") }
    }

    @Test("a program the engine cannot run: F0xx/F1xx errors, no entry")
    func programs() throws {
        let (library, _) = compile("flow A { start a  route a [final] }\nflow B { start b  route b [final] }")
        #expect(throws: NavigationError.invalidProgram("it has no entry flow (a library)")) { try Navigator(program: library) }
        #expect(NavigationError.invalidProgram("it has no entry flow (a library)").description == "the program cannot run: it has no entry flow (a library)")
        let (two, diagnostics) = compile("flow App [entry] { start home  route home { on a -> push x  on b -> push y } }")
        #expect(diagnostics.map(\.code) == [.unknownRoute, .unknownRoute])
        #expect(throws: NavigationError.invalidProgram(
            "it has 2 errors of the F0xx/F1xx families, the first: unknown route 'x' in flow 'App' [F101] (flowctl validate shows them all)")) {
            try Navigator(program: two)
        }
    }
}
