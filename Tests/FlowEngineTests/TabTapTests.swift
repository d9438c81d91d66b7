import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// The user's tab taps (docs/language.md#how-a-program-runs "Tab taps"): `Navigator.tapTab`.
@Suite("Tab taps")
struct TabTapTests {
    static let source = """
    flow App [entry] {
      tabs A, B
    }
    flow A {
      start a1
      route a1 { on next -> push a2  on sub -> start Sub  on modal -> sheet m }
      route a2 { on next -> push a3 }
      route a3 [final]
      route m { on close -> dismiss }
    }
    flow B { start b1  route b1 { on next -> push b2 }  route b2 [final] }
    flow Sub { start s1  route s1 { on done -> finish done } }
    flow Other { start o1  route o1 [final] }
    """

    func flow(_ navigator: Navigator, _ name: String) -> FlowID {
        FlowID(navigator.program.flows.firstIndex { navigator.program.name($0.name) == name } ?? -1)
    }

    @Test func anotherTabIsSelectedAndEveryStackKept() throws {
        var navigator = try navigator(Self.source)
        walk(&navigator, "next\nexpect stack a1 > a2")
        let effects = try navigator.tapTab(flow(navigator, "B"))
        #expect(effects == [.tabSelected(flow(navigator, "B"))])
        walk(&navigator, "expect stack b1\nexpect tab B\nnext\nexpect stack b1 > b2")
        try navigator.tapTab(flow(navigator, "A"))
        walk(&navigator, "expect stack a1 > a2")
        #expect(navigator.state.layers[0].stacks.map(\.count) == [2, 2])
    }

    @Test func theSelectedTabPopsToItsRoot() throws {
        var navigator = try navigator(Self.source)
        walk(&navigator, "next\nnext\nexpect stack a1 > a2 > a3")
        let effects = try navigator.tapTab(flow(navigator, "A"))
        #expect(effects.count == 2)
        walk(&navigator, "expect stack a1")
        // At its root: no change, no effect.
        #expect(try navigator.tapTab(flow(navigator, "A")) == [])
    }

    @Test func poppingToTheRootEndsAPushedChildFlowSilently() throws {
        var navigator = try navigator(Self.source)
        walk(&navigator, "sub\nexpect stack a1 > s1")
        let running = navigator.state.instances.filter(\.isRunning).count
        let effects = try navigator.tapTab(flow(navigator, "A"))
        #expect(effects.contains(.flowEnded(flow(navigator, "Sub"))))
        #expect(navigator.state.instances.filter(\.isRunning).count == running - 1)
        #expect(navigator.invariantViolations().isEmpty)
    }

    @Test func refusedUnderAModalOrForAFlowThatIsNotATab() throws {
        var navigator = try navigator(Self.source)
        let other = flow(navigator, "Other")
        expectRejected(&navigator, .notATab(tab: "Other", container: "App")) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.tapTab(other)
        }
        expectRejected(&navigator, .notATab(tab: "#-1", container: "App")) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.tapTab(-1)
        }
        walk(&navigator, "modal\nexpect stack a1 | sheet: m")
        let b = flow(navigator, "B")
        expectRejected(&navigator, .unsupported(event: "tab B", problem: "the top layer is not a tab container")) {
            (n: inout Navigator) throws(NavigationError) in
            _ = try n.tapTab(b)
        }
    }

    @Test func withoutATabContainerItIsRefused() throws {
        var navigator = try navigator("flow App [entry] { start x  route x [final] }\nflow T { tabs App }")
        expectRejected(&navigator, .unsupported(event: "tab App", problem: "the top layer is not a tab container")) {
            (n: inout Navigator) throws(NavigationError) in
            _ = try n.tapTab(0)
        }
    }

    @Test("scripts: tab T taps a tab; tab alone or with arguments is an event")
    func scriptSteps() throws {
        #expect(try ScenarioScript.parseStep("tab Settings").get() == .tab("Settings"))
        #expect(try ScenarioScript.parseStep("  tab   B  ").get() == .tab("B"))
        #expect(try ScenarioScript.parseStep("tab").get() == .send("tab", [:]))
        #expect(try ScenarioScript.parseStep("tab(x: 1)").get() == .send("tab", ["x": .int(1)]))
        #expect(throws: (any Error).self) { try ScenarioScript.parseStep("tab B C").get() }
        var navigator = try navigator(Self.source)
        walk(&navigator, "next\ntab B\nexpect tab B\nexpect stack b1\ntab A\nexpect stack a1 > a2\ntab A\nexpect stack a1")
        walk(&navigator, "tab Other\nexpect error\ntab Nowhere\nexpect error\nexpect stack a1")
    }
}

extension TabTapTests {
    @Test("tapTab(named:) finds the tab by its flow's name; an unknown name names the container")
    func byName() throws {
        var navigator = try navigator(Self.source)
        #expect(try navigator.tapTab(named: "B") == [.tabSelected(flow(navigator, "B"))])
        expectRejected(&navigator, .notATab(tab: "Nowhere", container: "App")) { (n: inout Navigator) throws(NavigationError) in
            _ = try n.tapTab(named: "Nowhere")
        }
        walk(&navigator, "tab A\nmodal")
        expectRejected(&navigator, .unsupported(event: "tab Nowhere", problem: "the top layer is not a tab container")) {
            (n: inout Navigator) throws(NavigationError) in
            _ = try n.tapTab(named: "Nowhere")
        }
    }
}
