import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Cases where the engine disagreed with the contract (docs/language.md: deep links,
/// gated links, steps that empty part of the screen, which child a
/// swipe-down finishes), each pinned to exact stacks.
@Suite("Engine truths")
struct EngineTruthTests {
    /// The running flows by name, sorted: a flow started twice shows twice.
    static func running(_ navigator: Navigator) -> [String] {
        navigator.state.instances.filter(\.isRunning).map { navigator.program.name(navigator.program.flows[Int($0.flow)].name) }.sorted()
    }

    // MARK: - Which child a swipe-down finishes

    static let tabsInASheet = """
        flow App [entry] {
          start home
          route home { on go -> start Main as sheet  on wrap -> start Wrapper as sheet  on note -> sheet note }
          route note {}
          route cancelled [final]
          route unwrapped [final]
          on Main.cancel -> push cancelled
          on Wrapper.cancel -> push unwrapped
        }
        flow Main { tabs Home, Search }
        flow Home { start feed  route feed { on more -> push more }  route more [final] }
        flow Search { start explore  route explore {} }
        flow Wrapper { start Inner }
        flow Inner { start inner  route inner {} }
        """

    @Test("swiping down a sheet that holds a tab container finishes the container with cancel; its tabs end silently")
    func swipeDownFinishesTheTabContainer() throws {
        var nav = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&nav, "go\nexpect stack home | sheet: feed")
        let effects = try nav.back()
        #expect(nav.stackDescription == "home > cancelled")
        let main = FlowID(nav.program.flows.firstIndex { nav.program.name($0.name) == "Main" } ?? -1)
        #expect(effects.contains(.flowFinished(main, result: nav.program.symbols.lookup("cancel") ?? Symbol(-1))))
        #expect(Self.running(nav) == ["App"])
        #expect(nav.invariantViolations() == [])
    }

    @Test("the same after going back from a pushed screen of a tab, and from another tab")
    func swipeDownAfterPops() throws {
        var nav = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&nav, "go\nmore\nback\nback\nexpect stack home > cancelled")
        var other = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&other, "go\ntab Search\nexpect stack home | sheet: explore\nback\nexpect stack home > cancelled")
        #expect(Self.running(other) == ["App"])
    }

    @Test("swiping down a sheet of a flow that starts another in its place finishes the presented flow, not the one in its place")
    func swipeDownFinishesThePresentedFlow() throws {
        var nav = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&nav, "wrap\nexpect stack home | sheet: inner\nback\nexpect stack home > unwrapped")
        #expect(Self.running(nav) == ["App"])
    }

    @Test("a sheet presented with 'sheet r' for a route of the presenting flow finishes no one")
    func swipeDownOfAnOwnRouteFinishesNoOne() throws {
        var nav = try navigator(allowingFindings: true, Self.tabsInASheet)
        walk(&nav, "note\nback\nexpect stack home")
        #expect(Self.running(nav) == ["App"])
    }

    // MARK: - A link's rebuild keeps a running start child (never started twice)

    static let sharedStart = """
        flow App [entry] { start Main  on pick -> sheet picker  route picker { on close -> dismiss } }
        flow Main { start home  route home { on detail -> push detail }  route detail [final] }
        link "t://home" -> App/Main/home
        """

    @Test("a link opened over a sheet of the entry keeps the entry's running start child: one 'home', one Main")
    func linkKeepsTheRunningStartChild() throws {
        var nav = try navigator(Self.sharedStart)
        let main = nav.state.layers[0].stack[0].instance
        walk(&nav, "pick\nexpect stack home | sheet: picker\nopen \"t://home\"\nexpect stack home")
        #expect(nav.state.layers[0].stack.map(\.instance) == [main])
        #expect(Self.running(nav) == ["App", "Main"])
        #expect(nav.invariantViolations() == [])
    }

    @Test("the same after a push: the shared child is reset to its start")
    func linkResetsTheSharedStartChild() throws {
        var nav = try navigator(Self.sharedStart)
        walk(&nav, "detail\npick\nexpect stack home > detail | sheet: picker\nopen \"t://home\"\nexpect stack home")
        #expect(Self.running(nav) == ["App", "Main"])
    }

    // MARK: - Gated links with a guarded start (the start that holds now)

    static let guardedStart = """
        flow App [entry] {
          start Main when loggedIn
          start welcome
          route welcome { on logIn -> start Login as cover }
          on Login.done -> start Main as root
        }
        flow Login { start form  route form { on submit -> finish done  on close -> finish cancel } }
        flow Main { tabs Home, Search }
        flow Home { start feed  route feed {} }
        flow Search { start explore  route explore {} }
        link "app://home" -> App/Main/Home/feed when loggedIn else start Login as cover
        link "app://feed" -> App/Main/Home/feed
        """

    @Test("a pending link opens once its guard holds, through the guarded start that holds now: the cover goes, Main's tabs fill the base")
    func pendingLinkOpensThroughTheGuardedStart() throws {
        var nav = try navigator(allowingFindings: true, Self.guardedStart)
        walk(&nav, "open \"app://home\"\nexpect stack welcome | cover: form")
        #expect(nav.state.pendingLink?.url == "app://home")
        let effects = nav.assume("loggedIn")
        #expect(effects.last == .linkOpened("app://home"))
        #expect(nav.stackDescription == "feed")
        #expect(nav.selectedTab == "Home")
        #expect(nav.state.layers.count == 1 && nav.state.layers[0].isTabContainer)
        #expect(nav.state.pendingLink == nil)
        #expect(Self.running(nav) == ["App", "Home", "Main", "Search"])
        #expect(nav.invariantViolations() == [])
    }

    @Test("finishing the log-in without the guard drops the pending link, and its result already shows Main with Home on top")
    func loginResultWithoutTheGuard() throws {
        var nav = try navigator(allowingFindings: true, Self.guardedStart)
        walk(&nav, "open \"app://home\"")
        let effects = try nav.send("submit")
        #expect(effects.last == .linkDropped("app://home"))
        walk(&nav, "expect stack feed\nexpect tab Home\nassume loggedIn\nexpect stack feed\nexpect tab Home")
        #expect(nav.state.pendingLink == nil)
        #expect(Self.running(nav) == ["App", "Home", "Main", "Search"])
        // Opened again now, it rebuilds the same screen.
        walk(&nav, "tab Search\nopen \"app://home\"\nexpect stack feed\nexpect tab Home")
    }

    @Test("a link through a flow the guarded start does not choose now names the step it cannot build, not a tab container")
    func refusalNamesTheStep() throws {
        var nav = try navigator(allowingFindings: true, Self.guardedStart)
        let problem = "the link's step 'App/Main' cannot be built: 'App' starts with its route 'welcome' (the first of its start items whose guard holds now), not 'Main'"
        expectRejected(&nav, .unsupported(event: "open", problem: problem)) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.open("app://feed")
        }
        #expect(NavigationError.unsupported(event: "open", problem: problem).description == "'open': " + problem)
        // From the log-in cover too: the same reason, the cover stays.
        walk(&nav, "logIn\nexpect stack welcome | cover: form")
        expectRejected(&nav, .unsupported(event: "open", problem: problem)) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.open("app://feed")
        }
    }

    @Test("a rebuild takes the start whose guard holds now: a running start child chosen under an old guard is not reused")
    func rebuildTakesTheStartThatHoldsNow() throws {
        let source = """
            flow App [entry] { start Main when loggedIn  start Guest  on help -> sheet help  route help { on close -> dismiss } }
            flow Main { start feed  route feed [final] }
            flow Guest { start intro  route intro [final] }
            link "t://feed" -> App/Main/feed
            """
        var nav = try Navigator(program: compile(source).program, assuming: ["loggedIn"])
        walk(&nav, "help\nexpect stack feed | sheet: help\nassume !loggedIn")
        // It showed 'intro > feed': Guest's start with the old Main's route pushed on it.
        let problem = "the link's step 'App/Main' cannot be built: 'App' starts 'Guest' in its place (the first of its start items whose guard holds now), not 'Main'"
        expectRejected(&nav, .unsupported(event: "open", problem: problem)) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.open("t://feed")
        }
        walk(&nav, "assume loggedIn\nopen \"t://feed\"\nexpect stack feed")
        #expect(Self.running(nav) == ["App", "Main"])
    }

    // MARK: - Links into tabs, from a tab, a sheet or a cover

    static let tabbed = """
        flow App [entry] { start Main  on settings -> start Settings as sheet }
        flow Main { tabs Home, Search }
        flow Home { start X }
        flow X { start x  route x { on next -> push x2 }  route x2 [final] }
        flow Search {
          start explore
          route explore { on deeper -> push result  on filters -> sheet filters }
          route result [final]
          route filters { on close -> dismiss }
        }
        flow Settings { start prefs  route prefs {} }
        link "t://x" -> App/Main/Home/X/x
        link "t://x2" -> App/Main/Home/X/x2
        """

    @Test("a link from another tab to a tab's start route shows it once (a tab's start child is kept), and the other tab keeps its stack")
    func linkIntoAnotherTab() throws {
        var nav = try navigator(allowingFindings: true, Self.tabbed)
        // It showed 'x > x': the tab's start child X started a second time.
        walk(&nav, "tab Search\ndeeper\nopen \"t://x\"\nexpect stack x\nexpect tab Home\ntab Search\nexpect stack explore > result")
        #expect(Self.running(nav) == ["App", "Home", "Main", "Search", "X"])
        #expect(nav.invariantViolations() == [])
    }

    @Test("a link to a non-selected tab rebuilds that tab's stack")
    func linkRebuildsTheTargetTab() throws {
        var nav = try navigator(allowingFindings: true, Self.tabbed)
        walk(&nav, "next\ntab Search\nopen \"t://x\"\nexpect stack x\nexpect tab Home")
        #expect(Self.running(nav) == ["App", "Home", "Main", "Search", "X"])
    }

    @Test("a link from a tab's sheet removes the sheet and builds the target in the other tab, with one X")
    func linkFromATabsSheet() throws {
        var nav = try navigator(allowingFindings: true, Self.tabbed)
        walk(&nav, "tab Search\nfilters\nexpect stack explore | sheet: filters\nopen \"t://x2\"\nexpect stack x > x2\nexpect tab Home")
        #expect(Self.running(nav) == ["App", "Home", "Main", "Search", "X"])
        #expect(nav.invariantViolations() == [])
    }

    @Test("a link from the entry's sheet over its tab bar keeps the running tab container and selects the target's tab")
    func linkFromTheEntrysSheetOverTabs() throws {
        var nav = try navigator(allowingFindings: true, Self.tabbed)
        // It was refused: "'App' shows tab container 'Main' in its place, ..." although the path goes through Main.
        walk(&nav, "tab Search\ndeeper\nsettings\nexpect stack explore > result | sheet: prefs\nopen \"t://x2\"\nexpect stack x > x2\nexpect tab Home")
        walk(&nav, "tab Search\nexpect stack explore > result")
        #expect(Self.running(nav) == ["App", "Home", "Main", "Search", "X"])
        #expect(nav.invariantViolations() == [])
    }
}
