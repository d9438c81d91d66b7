import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// Language v1's data features at run time: flow instances keep their
/// arguments, handlers read the event's, the route's and the flow's values,
/// results carry payloads, guarded starts choose by the guards in force,
/// and saved states carry flow arguments. Each rule both ways.
@Suite("Flow parameters, payloads and guarded starts (engine)")
struct FlowDataTests {
    static let app = """
        flow App [entry] {
          start home
          route home {
            on open(name: String) -> start Profile(username: name)
            on mine -> start Profile(username: "me") as sheet
          }
          on Profile.closed(who: String, at: Double) -> push bye(who: who, at: at)
          route bye(who: String, at: Double) [final]
        }
        flow Profile(username: String) {
          start page(user: username)
          route page(user: String) {
            on follow -> push followers(of: username)
            on pick -> start Picker as sheet
            on close -> finish closed(at: 2, who: user)
          }
          route followers(of: String) [final]
          route item(id: Int, owner: String) [final]
          on Picker.picked(id: Int) -> push item(id: id, owner: username)
        }
        flow Picker { start list  route list { on choose(id: Int) -> finish picked(id: id) } }
        """

    @Test("start F(a: x) binds the flow's parameters; its start item binds the start route's")
    func flowArguments() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open(name: \"ann\")\nexpect stack home > page(user: \"ann\")\nfollow\nexpect stack home > page > followers(of: \"ann\")")
        let profile = nav.state.instances.first { $0.isRunning && $0.flow == 1 }
        #expect(profile?.arguments == [.string("ann")])
        // The twin: a flow without parameters keeps none.
        #expect(nav.state.instances.first { $0.isRunning && $0.flow == 0 }?.arguments == [])
    }

    @Test("two instances of one flow keep their own arguments")
    func separateInstances() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open(name: \"ann\")\nback\nmine\nfollow\nexpect stack home | sheet: page(user: \"me\") > followers(of: \"me\")")
    }

    @Test("a result's payload reaches the parent's handler, in the order of its parameters")
    func payloads() throws {
        var nav = try navigator(Self.app)
        walk(&nav, """
            open(name: "bob")
            pick
            choose(id: 7)
            expect stack home > page > item(id: 7, owner: "bob")
            """)
        var other = try navigator(Self.app)
        walk(&other, "open(name: \"cy\")\nclose\nexpect stack home > bye(who: \"cy\", at: 2.0)")
    }

    @Test("a name resolves to the event's parameter, then the route's, then the flow's")
    func resolutionOrder() throws {
        let source = """
            flow App [entry] { start home  route home { on go -> start F(id: "flow") } }
            flow F(id: String) {
              start r(id: "route")
              route r(id: String) { on e(id: String) -> push s(v: id)  on g -> push s(v: id) }
              route s(v: String) [final]
              on h -> push s(v: id)
            }
            """
        for (step, value) in [("e(id: \"event\")", "event"), ("g", "route"), ("h", "flow")] {
            var nav = try navigator(source)
            walk(&nav, "go\n\(step)\nexpect top s")
            #expect(nav.state.activeEntry?.arguments == [.string(value)])
        }
    }

    static let guarded = """
        flow App [entry] {
          start Main when loggedIn
          start Onboarding when !seenIntro
          start login
          route login { on done -> start Main as root }
          on Onboarding.done -> set [login]
        }
        flow Main { start feed  route feed [final] }
        flow Onboarding { start intro  route intro { on skip -> finish done } }
        """

    @Test("the first start whose guard holds when the flow starts, else the fallback", arguments: [
        ([String](), "intro"),
        (["seenIntro"], "login"),
        (["loggedIn"], "feed"),
        (["loggedIn", "seenIntro"], "feed"),
    ])
    func guardedStarts(guards: [String], top: String) throws {
        let (program, diagnostics) = compile(Self.guarded)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        let nav = try Navigator(program: program, assuming: guards)
        #expect(nav.activeRouteName == top)
    }

    @Test("a guarded start may name a tab container, started in the flow's place")
    func guardedTabContainer() throws {
        let source = """
            flow App [entry] { start Main when loggedIn  start login  route login { on done -> start Main as root } }
            flow Main { tabs A, B }
            flow A { start a  route a { on next -> push more }  route more [final] }
            flow B { start b  route b [final] }
            link "app://b" -> App/Main/B/b
            """
        let (program, diagnostics) = compile(source)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        var nav = try Navigator(program: program, assuming: ["loggedIn"])
        walk(&nav, "expect tab A\nnext\nopen \"app://b\"\nexpect tab B\nexpect stack b")
        #expect(nav.invariantViolations() == [])
        var summary = RandomWalk.run(&nav, steps: 500, seed: 3)
        #expect(summary.brokenInvariant == nil)
        // The twin: without the guard, the fallback route, then the root swap to the same tabs.
        var plain = try Navigator(program: program)
        walk(&plain, "expect stack login\ndone\nexpect tab A")
        summary = RandomWalk.run(&plain, steps: 500, seed: 4)
        #expect(summary.brokenInvariant == nil)
    }

    @Test("guards set after the start do not change what started")
    func guardsAfterStart() throws {
        var nav = try navigator(Self.guarded)
        walk(&nav, "assume loggedIn\nexpect top intro")
    }

    @Test("a script's leading assume steps are its guards at the start; later ones are not")
    func leadingAssumes() throws {
        let (script, _) = ScenarioScript.parse("assume loggedIn\nassume seenIntro\nassume !seenIntro\nback\nassume other")
        #expect(ScenarioScript.leadingGuards(script.lines) == ["loggedIn"])
        let (plain, _) = ScenarioScript.parse("back\nassume loggedIn")
        #expect(ScenarioScript.leadingGuards(plain.lines) == [])
    }

    @Test("saved states carry flow arguments and restore them")
    func savedArguments() throws {
        var nav = try navigator(Self.app)
        walk(&nav, "open(name: \"ann\")")
        let saved = nav.savedState()
        // Each flow's arguments: none for App, Profile's username.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        let flows = try #require(object["flows"] as? [[String: Any]])
        #expect(flows.map { $0["arguments"] as? [String] } == [nil, ["ann"]])
        var other = try navigator(Self.app)
        try other.restore(from: Array(saved.utf8))
        #expect(other.state.instances.filter(\.isRunning).map(\.arguments) == [[], [.string("ann")]])
        walk(&other, "follow\nexpect stack home > page > followers(of: \"ann\")")
        // The twin: a flow without parameters saves no arguments.
        let plain = try navigator(Self.app).savedState()
        let plainObject = try #require(try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])
        let plainFlows = try #require(plainObject["flows"] as? [[String: Any]])
        #expect(plainFlows.map { $0["arguments"] as? [String] } == [nil])
    }

    @Test("a saved state whose flow arguments do not fit is rejected", arguments: [
        (#""flow":"Profile","parent":0}"#, "invalid saved state: flow #1 ('Profile') takes 1 arguments, the state has 0"),
        (#""flow":"Profile","parent":0,"arguments":["a","b"]}"#, "invalid saved state: flow #1 ('Profile') takes 1 arguments, the state has 2"),
        (#""flow":"App","parent":-1,"arguments":["x"]},{"flow":"Profile","parent":0,"arguments":["a"]}"#, "invalid saved state: flow #0 ('App') takes 0 arguments, the state has 1"),
    ])
    func badSavedArguments(flows: String, message: String) throws {
        var nav = try navigator(Self.app)
        let prefix = flows.hasPrefix(#""flow":"App""#) ? "" : #"{"flow":"App","parent":-1},{"#
        let json = #"{"format":"flowkit-state","version":1,"entry":"App","flows":["# + prefix + (prefix.isEmpty ? "{" : "") + flows
            + #"],"layers":[{"kind":"base","selected":0,"stacks":[[{"route":"App.home","flow":0,"arguments":[]},{"route":"Profile.page","flow":1,"arguments":["a"]}]]}],"guards":[]}"#
        expectRejected(&nav, .invalidState(String(message.dropFirst("invalid saved state: ".count)))) { (nav: inout Navigator) throws(NavigationError) in
            try nav.restore(from: Array(json.utf8))
        }
    }

    @Test("a program with F114 errors is refused, one with F303 runs and refuses the link, never with unbound parameters")
    func refusedWithoutArguments() throws {
        let (tabs, _) = compile("""
            flow App [entry] { tabs Home, Profile }
            flow Home { start a  route a [final] }
            flow Profile(username: String) { start page  route page [final] }
            """)
        #expect(throws: NavigationError.invalidProgram("""
            it has 1 error of the F0xx/F1xx families: flow 'Profile' has parameters, so it cannot be a tab: \
            a tab container starts its tabs without arguments [F114] (flowctl validate shows where)
            """)) { try Navigator(program: tabs) }
        // Without its compile errors (a program built by hand), the engine still refuses it rather than trap.
        var unchecked = tabs
        unchecked.runBlockers = []
        #expect(throws: NavigationError.unsupported(event: "start", problem: "tab 'Profile' has parameters (F114)")) { try Navigator(program: unchecked) }
        let (link, diagnostics) = compile("""
            flow App [entry] { start home  route home { on go -> start Profile(username: "a") } }
            flow Profile(username: String) { start page  route page [final] }
            link "app://p" -> App/Profile/page
            """)
        #expect(diagnostics.map(\.code) == [.linkParameterUnbound])
        var nav = try Navigator(program: link)
        expectRejected(&nav, .unsupported(event: "open", problem: "the link's step 'App/Profile' cannot be built: the link does not bind the parameters of 'Profile' (F303)")) { (n: inout Navigator) throws(NavigationError) in
            try n.open("app://p")
        }
    }

    @Test("a link through a flow started in its parent's place keeps the arguments its start item gave")
    func linkThroughFlowInPlace() throws {
        var nav = try navigator("""
            flow App [entry] { start Profile(username: "me") }
            flow Profile(username: String) { start page(user: username)  route page(user: String) { on more -> push detail(of: username) }  route detail(of: String) [final] }
            link "app://detail" -> App/Profile/detail(of: "link")
            """)
        walk(&nav, "more\nopen \"app://detail\"\nexpect stack page(user: \"me\") > detail(of: \"link\")")
        #expect(nav.state.instances.filter(\.isRunning).map(\.arguments) == [[], [.string("me")]])
    }

    @Test("a link step binds a flow's parameters; a different argument starts a new instance")
    func linkFlowArguments() throws {
        var nav = try navigator("""
            flow App [entry] { start home  route home { on go(n: String) -> start Profile(username: n) } }
            flow Profile(username: String) { start page(user: username)  route page(user: String) { on more -> push detail }  route detail [final] }
            link "app://u/:name" -> App/Profile(username: name)/page(user: name)
            """)
        walk(&nav, "open \"app://u/ann\"\nexpect stack home > page(user: \"ann\")\nmore")
        #expect(nav.state.instances.filter(\.isRunning).map(\.arguments) == [[], [.string("ann")]])
        walk(&nav, "open \"app://u/ann\"\nexpect stack home > page(user: \"ann\")")
        walk(&nav, "open \"app://u/bob\"\nexpect stack home > page(user: \"bob\")")
        #expect(nav.state.instances.filter(\.isRunning).map(\.arguments) == [[], [.string("bob")]])
    }
}
