import FlowEngine
import FlowTestSupport
import Foundation
import Testing

@Suite("Saved states")
struct SavedStateTests {
    @Test("save then restore gives the same screen and guards")
    func roundTrip() throws {
        var nav = try navigator(DeepLinkTests.app)
        walk(&nav, "assume vip\nready\nfind(q: \"a b\")\nopen(id: 3)\nopen \"app://about\"")
        let saved = nav.savedState()
        var other = try navigator(DeepLinkTests.app)
        try other.restore(from: Array(saved.utf8))
        #expect(other.stackDescription == nav.stackDescription)
        #expect(other.selectedTab == "Settings")
        walk(&other, "close\nexpect stack settings")
    }

    @Test("a stale, corrupted or foreign state is rejected and the state is unchanged", arguments: [
        ("not json", "invalid saved state: not a FlowKit state file (malformed JSON)"),
        ("{}", "invalid saved state: not a FlowKit state file (missing 'format')"),
        (#"{"format":"other","version":1,"entry":"App","flows":[],"layers":[],"guards":[]}"#, "invalid saved state: format is 'other', expected 'flowkit-state'"),
        (#"{"format":"flowkit-state","version":9,"entry":"App","flows":[],"layers":[],"guards":[]}"#, "invalid saved state: version 9 is not supported (expected 1)"),
        (#"{"format":"flowkit-state","version":1,"entry":"Shop","flows":[],"layers":[],"guards":[]}"#, "invalid saved state: saved for entry flow 'Shop', but the program's entry is 'App'"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"Gone","parent":-1}],"layers":[],"guards":[]}"#, "invalid saved state: flow 'Gone' no longer exists"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[],"guards":[]}"#, "invalid saved state: there is no layer"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[{"kind":"base","selected":0,"stacks":[[{"route":"App.nowhere","flow":0,"arguments":[]}]]}],"guards":[]}"#, "invalid saved state: route 'App.nowhere' no longer exists"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[{"kind":"base","selected":0,"stacks":[[{"route":"Search.search","flow":0,"arguments":[]}]]}],"guards":[]}"#, "invalid saved state: route 'Search.search' is shown by flow #0, which is not a running 'Search'"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":5}],"layers":[],"guards":[]}"#, "invalid saved state: flow #0 has parent #5, which does not exist"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[{"kind":"base","selected":0,"stacks":[[{"route":"App.launch","flow":0,"arguments":[]}]]}],"guards":["nope"]}"#, "invalid saved state: guard 'nope' is not used by the program"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[{"kind":"modal","selected":0,"stacks":[]}],"guards":[]}"#, "invalid saved state: not a FlowKit state file (bad value at 'layers[0].kind')"),
    ])
    func rejected(json: String, message: String) throws {
        var nav = try navigator(DeepLinkTests.app)
        let before = nav.state
        do throws(NavigationError) {
            try nav.restore(from: Array(json.utf8))
            Issue.record("restored \(json)")
        } catch {
            #expect(error.description == message)
        }
        #expect(nav.state == before)
    }

    /// A new user's edits of saved states, which restored: a tab selection
    /// past the tabs (taken as the first tab), and a pending URL of a link
    /// without a gate that kept the screens a gate showed (it then opened
    /// when the user closed the log-in, which cancels a gated URL). The
    /// program: a guarded start, a gated link and one without a gate.
    static let gatedTabs = EngineTruthTests.guardedStart

    @Test("a selection past the tabs, or an ungated link waiting with a gate's screens, is refused; a repair drops it", arguments: [
        ("logIn\nsubmit", #""selected":0,"stacks""#, #""selected":7,"stacks""#,
         "invalid saved state: a base layer selects stack 7 of 2", "the selection of layer #0: a base layer selects stack 7 of 2"),
        ("logIn\nsubmit", #""selected":0,"stacks""#, #""selected":-1,"stacks""#,
         "invalid saved state: a base layer selects stack -1 of 2", "the selection of layer #0: a base layer selects stack -1 of 2"),
        (#"open "app://home""#, #""url":"app://home""#, #""url":"app://feed""#,
         "invalid saved state: the pending link 'app://feed' matches a link without a gate: only a URL held for a busy route waits without one",
         "the pending link 'app://feed': the pending link 'app://feed' matches a link without a gate: only a URL held for a busy route waits without one"),
    ])
    func selectionAndPendingLinkChecked(steps: String, original: String, edited: String, refusal: String, dropped: String) throws {
        var saver = try navigator(Self.gatedTabs)
        walk(&saver, steps)
        let text = saver.savedState().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
        #expect(text.contains(original))
        let corrupted = Array(text.replacingOccurrences(of: original, with: edited).utf8)
        var exact = try navigator(Self.gatedTabs)
        let before = exact.state
        #expect(throws: NavigationError.invalidState(String(refusal.dropFirst("invalid saved state: ".count)))) {
            try exact.restore(from: corrupted)
        }
        #expect(exact.state == before)
        var repaired = try navigator(Self.gatedTabs)
        let report = try repaired.restore(from: corrupted, options: .repairing)
        #expect(report.dropped == [dropped])
        #expect(repaired.state.layers[0].selected == 0)
        #expect(repaired.state.pendingLink == nil)
    }

    @Test("random bytes are not a state")
    func garbage() throws {
        var nav = try navigator(DeepLinkTests.app)
        var rng = SplitMix64(seed: 9)
        for _ in 0..<50 {
            let bytes = (0..<200).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let before = nav.state
            do throws(NavigationError) {
                try nav.restore(from: bytes)
                Issue.record("restored random bytes")
            } catch {
                #expect(nav.state == before)
            }
        }
    }
    // MARK: - The flow tree and the layers the program can produce

    /// A saved state in the JSON form, from its flows and layers.
    static func state(_ flows: String, _ layers: String, guards: String = "") -> String {
        #"{"format":"flowkit-state","version":1,"entry":"App","flows":["# + flows + #"],"layers":["# + layers + #"],"guards":["# + guards + "]}"
    }

    /// Expects `json` to be refused with `message` (after "invalid saved
    /// state: "), the navigator's state unchanged.
    func expectRefused(_ source: String, _ json: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var nav = try navigator(allowingFindings: true, source, sourceLocation: sourceLocation)
        expectRejected(&nav, .invalidState(message), sourceLocation: sourceLocation) { (n: inout Navigator) throws(NavigationError) in
            try n.restore(from: Array(json.utf8))
        }
    }

    @Test("a state whose child flow its parent no longer starts is refused, naming the pair; the original program restores it")
    func childNoLongerStarted() throws {
        var shop = try navigator(dslExample)
        walk(&shop, "assume loggedIn\nready\nselect(id: \"7\")\nbuy\nexpect stack catalog > product | sheet: cart")
        let saved = shop.savedState()
        // Shop no longer starts Checkout; the App does.
        let edited = dslExample
            .replacingOccurrences(of: "on buy -> start Checkout as sheet", with: "on buy -> push receipt")
            .replacingOccurrences(of: "on Checkout.done -> set [catalog, receipt]", with: "")
            .replacingOccurrences(of: "on Auth.done -> start Shop as root", with: "on Auth.done -> start Shop as root  on checkout -> start Checkout as sheet")
        #expect(!edited.contains("on buy -> start"))
        try expectRefused(edited, saved, "flow #2 ('Checkout') runs under flow #1 ('Shop'), but 'Shop' never starts 'Checkout'")
        // The twin: the program the state was saved from restores it, and a step goes on from there.
        var same = try navigator(dslExample)
        try same.restore(from: Array(saved.utf8))
        #expect(same.savedState() == saved)
        walk(&same, "pay\npaid\nexpect stack catalog > receipt")
    }

    static let tree = """
        flow App [entry] { start home  on up -> push home  route home { on a -> start A as sheet  on tabs -> start Tabs as sheet } }
        flow A { start a  route a { on b -> start B } }
        flow B { start b  route b { on a -> start A } }
        flow Tabs { tabs T, U }
        flow T { start t  route t [final] }
        flow U { start u  route u [final] }
        """
    static let home = #"{"kind":"base","selected":0,"stacks":[[{"route":"App.home","flow":0,"arguments":[]}]]}"#

    @Test("a flow tree the program cannot produce is refused, naming the flow and where it is in the state", arguments: [
        (#"{"flow":"App","parent":-1},{"flow":"A","parent":-1}"#, home,
         "flow #1 ('A') has no parent, but only the entry flow 'App' runs without one"),
        (#"{"flow":"App","parent":-1},{"flow":"A","parent":2},{"flow":"B","parent":1}"#, home,
         "flow #1 ('A') is its own ancestor"),
        (#"{"flow":"App","parent":-1},{"flow":"B","parent":0}"#, home,
         "flow #1 ('B') runs under flow #0 ('App'), but 'App' never starts 'B'"),
        (#"{"flow":"App","parent":-1},{"flow":"A","parent":0},{"flow":"T","parent":1}"#, home,
         "flow #2 ('T') runs under flow #1 ('A'), but 'A' never starts 'T'"),
    ])
    func impossibleTree(flows: String, layers: String, message: String) throws {
        try expectRefused(Self.tree, Self.state(flows, layers), message)
    }

    static let tabFlows = #"{"flow":"App","parent":-1},{"flow":"Tabs","parent":0},{"flow":"T","parent":1},{"flow":"U","parent":1}"#
    static func tabLayer(_ kind: String, stacks: String = #"[{"route":"T.t","flow":2,"arguments":[]}],[{"route":"U.u","flow":3,"arguments":[]}]"#) -> String {
        #"{"kind":""# + kind + #"","container":1,"selected":0,"stacks":["# + stacks + "]}"
    }

    @Test("a tab container in a layer its program cannot put it in is refused, naming the layer", arguments: [
        (tabFlows, home + "," + tabLayer("cover"),
         "layer #1 (a cover) holds tab container flow #1 ('Tabs'), but 'App' starts it only as a sheet"),
        (tabFlows, home + "," + tabLayer("alert"),
         "layer #1 (an alert) holds tab container flow #1 ('Tabs'), but an alert holds one screen"),
        (tabFlows, home + "," + tabLayer("sheet") + "," + tabLayer("sheet"),
         "tab container flow #1 ('Tabs') fills layers #1 and #2; it fills one"),
        (tabFlows, #"{"kind":"base","selected":0,"stacks":[[{"route":"App.home","flow":0,"arguments":[]},{"route":"T.t","flow":2,"arguments":[]},{"route":"U.u","flow":3,"arguments":[]}]]}"#,
         "tab container flow #1 ('Tabs') fills no layer"),
        (#"{"flow":"App","parent":-1},{"flow":"A","parent":0}"#, home + #",{"kind":"sheet","container":1,"selected":0,"stacks":[[{"route":"A.a","flow":1,"arguments":[]}],[]]}"#,
         "layer #1 is filled by flow #1 ('A'), which is not a tab container"),
        (tabFlows, home + "," + tabLayer("sheet", stacks: #"[{"route":"U.u","flow":3,"arguments":[]}],[{"route":"T.t","flow":2,"arguments":[]}]"#),
         "layer #1 shows 'U.u' of tab 'U' (flow #3) in the stack of tab 'T'"),
    ])
    func misplacedTabContainer(flows: String, layers: String, message: String) throws {
        try expectRefused(Self.tree, Self.state(flows, layers), message)
    }

    @Test("the entry flow's tab container fills the base layer, never a modal one")
    func entryTabContainer() throws {
        let source = """
            flow App [entry] { tabs T, U }
            flow T { start t  route t { on more -> sheet more }  route more [final] }
            flow U { start u  route u [final] }
            """
        let flows = #"{"flow":"App","parent":-1},{"flow":"T","parent":0},{"flow":"U","parent":0}"#
        let stacks = #""selected":0,"stacks":[[{"route":"T.t","flow":1,"arguments":[]}],[{"route":"U.u","flow":2,"arguments":[]}]]}"#
        let base = #"{"kind":"base","selected":0,"stacks":[[{"route":"T.more","flow":1,"arguments":[]}]]}"#
        try expectRefused(source, Self.state(flows, base + #",{"kind":"sheet","container":0,"# + stacks),
                          "layer #1 (a sheet) holds tab container flow #0 ('App'), but the entry flow fills the base layer")
        // The twin: the same container in the base layer, a sheet above it.
        var nav = try navigator(source)
        let valid = Self.state(flows, #"{"kind":"base","container":0,"# + stacks + #",{"kind":"sheet","selected":0,"stacks":[[{"route":"T.more","flow":1,"arguments":[]}]]}"#)
        try nav.restore(from: Array(valid.utf8))
        #expect(nav.stackDescription == "t | sheet: more")
    }

    @Test("the twins: a container started as a sheet in a sheet, a screen of a flow above it pushed on a tab")
    func validTabPlacements() throws {
        var nav = try navigator(allowingFindings: true, Self.tree)
        let pushedAbove = Self.tabLayer("sheet", stacks: #"[{"route":"T.t","flow":2,"arguments":[]},{"route":"App.home","flow":0,"arguments":[]}],[{"route":"U.u","flow":3,"arguments":[]}]"#)
        try nav.restore(from: Array(Self.state(Self.tabFlows, Self.home + "," + pushedAbove).utf8))
        #expect(nav.stackDescription == "home | sheet: t > home")
        walk(&nav, "back\nexpect stack home | sheet: t\ntab U\nexpect stack home | sheet: u")
    }

    @Test("every state a random walk reaches saves and restores to the same state", arguments: 0..<12)
    func walkedStatesRoundTrip(seed: UInt64) throws {
        let source = seed < 8 ? generatedProgram(seed: seed) : [dslExample, DeepLinkTests.app, Self.tree, NavigatorTests.app][Int(seed) - 8]
        var nav = try navigator(allowingFindings: true, source)
        nav.assume("g0")
        nav.assume("loggedIn")
        for round in 0..<40 {
            _ = RandomWalk.run(&nav, steps: 25, seed: seed &* 1_000 &+ UInt64(round), maxDepth: 60)
            let saved = nav.savedState()
            var restored = try navigator(allowingFindings: true, source)
            do throws(NavigationError) {
                try restored.restore(from: Array(saved.utf8))
            } catch {
                Issue.record("round \(round): \(error)\n\(saved)")
                return
            }
            #expect(restored.savedState() == saved)
            #expect(restored.stackDescription == nav.stackDescription)
        }
    }
    @Test("mutated saved states never crash: each is refused, or restores (exactly or repaired) to a state that keeps every invariant", arguments: 0..<4)
    func mutatedStates(seed: UInt64) throws {
        let source = [DeepLinkTests.app, Self.tree, dslExample, NavigatorTests.app][Int(seed)]
        var nav = try navigator(allowingFindings: true, source)
        let shapes = ReachableShapes(program: nav.program)
        nav.assume("loggedIn")
        _ = RandomWalk.run(&nav, steps: 40, seed: seed, maxDepth: 30)
        let valid = try #require(try JSONSerialization.jsonObject(with: Data(nav.savedState().utf8)) as? [String: Any])
        var rng = SplitMix64(seed: seed)
        let numbers: [Any] = [-2, -1, 0, 1, 2, 3, 7]
        let names: [Any] = ["App", "Tabs", "Home", "Search", "A", "T", "Shop", "Checkout", "App.home", "Search.search", "T.t", "Nope.x"]
        /// Replaces one value somewhere in `value` by a number or a name, the same kind as it was.
        func mutate(_ value: Any) -> Any {
            switch value {
            case var object as [String: Any]:
                guard let key = object.keys.sorted().randomElement(using: &rng) else { return value }
                object[key] = mutate(object[key] as Any)
                return object
            case var array as [Any]:
                guard !array.isEmpty else { return value }
                let i = Int.random(in: 0..<array.count, using: &rng)
                if Int.random(in: 0..<8, using: &rng) == 0 { array.remove(at: i) } else { array[i] = mutate(array[i]) }
                return array
            case is String: return names.randomElement(using: &rng) as Any
            case is NSNumber: return numbers.randomElement(using: &rng) as Any
            default: return value
            }
        }
        for _ in 0..<300 {
            var state: Any = valid
            for _ in 0..<Int.random(in: 1...3, using: &rng) { state = mutate(state) }
            let data = try JSONSerialization.data(withJSONObject: state)
            var copy = try navigator(allowingFindings: true, source)
            let before = copy.state
            do throws(NavigationError) {
                try copy.restore(from: Array(data), options: .exact, shapes: shapes)
                #expect(copy.invariantViolations() == [])
            } catch {
                #expect(copy.state == before)
            }
            // A repair refuses only what is not a state file of this program, and keeps the invariants.
            var repaired = try navigator(allowingFindings: true, source)
            do throws(NavigationError) {
                try repaired.restore(from: Array(data), options: .repairing, shapes: shapes)
                #expect(repaired.invariantViolations() == [])
            } catch {
                #expect(repaired.state == before)
            }
        }
    }
}
