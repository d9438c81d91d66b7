import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// `ScreenChange`: the changes of every step, applied by a host that knows
/// nothing of the engine's rules to the layers before the step, give exactly
/// the layers after it, identities included; and what the engine keeps is
/// never removed and shown again.
@Suite("Screen changes: a complete change log of every step")
struct ScreenChangeTests {
    /// Takes `step`, then checks the change log against the state after it.
    /// Returns the changes, or nil when the engine rejected the step (then
    /// checks that nothing changed, identities included).
    @discardableResult
    static func take(_ step: some NavigatorStep, on navigator: inout Navigator, sourceLocation: SourceLocation = #_sourceLocation) -> [ScreenChange]? {
        let before = navigator.state.layers
        do throws(NavigationError) {
            try step.perform(on: &navigator)
        } catch {
            #expect(sameWithIdentities(navigator.state.layers, before), "a rejected \(step) changed the screen", sourceLocation: sourceLocation)
            return nil
        }
        let after = navigator.state.layers
        let changes = ScreenChange.changes(from: before, to: after)
        var host = ScreenHost(showing: before)
        let refusal = host.apply(changes)
        #expect(refusal == nil, "\(step): \(refusal ?? "")", sourceLocation: sourceLocation)
        #expect(sameWithIdentities(host.layers, after), "\(step): \(changes)", sourceLocation: sourceLocation)
        #expect(identityProblems(after).isEmpty, "\(step): \(identityProblems(after))", sourceLocation: sourceLocation)
        // What stays is never shown anew: no added entry or layer is one the host already showed.
        var shown = Set<UInt32>()
        for layer in before { shown.insert(layer.identity); for stack in layer.stacks { for entry in stack { shown.insert(entry.identity) } } }
        for change in changes {
            switch change {
            case .updateStack(_, _, _, let adding):
                #expect(!adding.contains { shown.contains($0.identity) }, "\(step) shows a kept entry anew: \(changes)", sourceLocation: sourceLocation)
            case .presentLayer(let layer):
                #expect(!shown.contains(layer.identity), "\(step) presents a kept layer anew", sourceLocation: sourceLocation)
            default:
                break
            }
        }
        return changes
    }

    static func program(_ app: String) -> Program {
        ReleaseRestoreTests.program(try! ReleaseRestoreTests.source(app))
    }

    @Test("every journey of every bundled app: each step's changes rebuild the screen after it", arguments: ReleaseRestoreTests.apps)
    func journeys(app: String) throws {
        let program = Self.program(app)
        var explorer = try Explorer(program: program)
        explorer.explore()
        let journeys = try Journeys(exploring: explorer)
        #expect(!journeys.scripts.isEmpty)
        var steps = 0
        for journey in journeys.scripts {
            let leading = journey.steps.prefix(while: \.isAssume)
            let guards = leading.compactMap { step -> String? in
                if case .assume(let symbol, true) = step { program.name(symbol) } else { nil }
            }
            var navigator = try Navigator(program: program, assuming: guards)
            for step in journey.steps.dropFirst(leading.count) where !step.isExpect {
                #expect(Self.take(step, on: &navigator) != nil, "\(journey.name): \(step) was rejected")
                steps += 1
            }
        }
        #expect(steps > 0)
    }

    @Test("random walks of every bundled app: each step's changes rebuild the screen after it", arguments: ReleaseRestoreTests.apps)
    func randomWalks(app: String) throws {
        let program = Self.program(app)
        var navigator = try Navigator(program: program)
        var random = SplitMix64(seed: 20)
        var taken = 0
        for _ in 0..<100_000 {
            let choices = WalkStep.choices(navigator)
            if choices.isEmpty || navigator.state.entryCount > 60 {
                try navigator.reset()
                continue
            }
            if Self.take(choices[Int(random.next() % UInt64(choices.count))], on: &navigator) != nil { taken += 1 }
        }
        #expect(taken > 25_000)
    }

    // MARK: - The changes of typical steps, exactly

    static let tabsApp = """
        flow App [entry] {
          start welcome
          route welcome { on logIn -> cover login  on enter -> start Main as root }
          route login { on done -> dismiss then start Main as root }
        }
        flow Main { tabs Accounts, Pay }
        flow Accounts {
          start home
          route home { on open(id: String) -> push account(id: id) }
          route account(id: String) { on pay -> select Pay  on edit -> start Edit as sheet }
          route transaction(id: String) [noBack]
        }
        flow Pay {
          start payHome
          route payHome { on more -> push receipts }
          route receipts { on logOut -> set [payHome] }
        }
        flow Edit { start form  route form { on save -> finish saved  on more -> push more }  route more }
        link "bank://tx/:id" -> App/Main/Accounts/transaction(id: id)
        """

    @Test("a push adds one entry; a pop keeps the rest; a tab tap selects")
    func pushPopSelect() throws {
        var navigator = try navigator(Self.tabsApp)
        walk(&navigator, "enter")
        let base = navigator.state.layers[0]
        let push = try #require(Self.take(WalkStep.event("open", ["id": .string("a1")]), on: &navigator))
        let pushed = navigator.state.layers[0].stacks[0][1]
        #expect(push == [.updateStack(layer: 0, tab: 0, keeping: 1, adding: [pushed])])
        #expect(navigator.state.layers[0].identity == base.identity)
        #expect(Self.take(PathStep.back, on: &navigator) == [.updateStack(layer: 0, tab: 0, keeping: 1, adding: [])])
        #expect(Self.take(PathStep.tab(Self.flow("Pay", navigator)), on: &navigator) == [.selectTab(layer: 0, tab: 1)])
    }

    @Test("a link into a tab that is not shown replaces that tab's stack above its root, then selects it (issue 20's example)")
    func linkIntoHiddenTab() throws {
        var navigator = try navigator(Self.tabsApp)
        walk(&navigator, "enter\nopen(id: \"a1\")\ntab Pay")
        let home = navigator.state.layers[0].stacks[0][0]
        // The link's sample URL, bank://tx/1: the root stays, account(a1) goes, transaction(1) comes.
        let changes = try #require(Self.take(PathStep.open(0), on: &navigator))
        let transaction = navigator.state.layers[0].stacks[0][1]
        #expect(changes == [.updateStack(layer: 0, tab: 0, keeping: 1, adding: [transaction]), .selectTab(layer: 0, tab: 0)])
        #expect(navigator.state.layers[0].stacks[0][0].identity == home.identity)
        #expect(transaction.arguments == [.string("1")])
    }

    @Test("a flow finishing in a sheet dismisses the sheet with every screen on it")
    func finishDismisses() throws {
        var navigator = try navigator(Self.tabsApp)
        walk(&navigator, "enter\nopen(id: \"a1\")\nedit\nmore\nback")
        #expect(Self.take(WalkStep.event("save", [:]), on: &navigator) == [.dismissLayer(layer: 1)])
    }

    @Test("a root swap is a new base; a `set` keeps its layer and the screens that stay")
    func rootSwapAndSet() throws {
        var navigator = try navigator(Self.tabsApp)
        walk(&navigator, "logIn")
        let changes = try #require(Self.take(WalkStep.event("done", [:]), on: &navigator))
        #expect(changes == [.dismissLayer(layer: 1), .dismissLayer(layer: 0), .presentLayer(navigator.state.layers[0])])
        #expect(navigator.state.layers[0].isTabContainer)
        walk(&navigator, "tab Pay\nmore")
        let root = navigator.state.layers[0].stacks[1][0]
        // The root is the same screen: it stays, and the set is a pop to it.
        #expect(Self.take(WalkStep.event("logOut", [:]), on: &navigator) == [.updateStack(layer: 0, tab: 1, keeping: 1, adding: [])])
        #expect(navigator.state.layers[0].stacks[1][0].identity == root.identity)
    }

    @Test("the same screen shown again is a new entry, not a no-op")
    func sameScreenAgain() throws {
        var navigator = try navigator(Self.tabsApp)
        walk(&navigator, "enter\nopen(id: \"a1\")")
        let first = navigator.state.layers[0].stacks[0][1]
        walk(&navigator, "back\nopen(id: \"a1\")")
        let second = navigator.state.layers[0].stacks[0][1]
        #expect(first == second)
        #expect(first.identity != second.identity)
        #expect(ScreenChange.changes(from: [Self.layer(first)], to: [Self.layer(second)]).isEmpty == false)
    }

    @Test("between equal screens there is no change; from nothing, every layer is presented")
    func emptyAndWhole() throws {
        let navigator = try navigator(Self.tabsApp)
        let layers = navigator.state.layers
        #expect(ScreenChange.changes(from: layers, to: layers).isEmpty)
        #expect(ScreenChange.changes(from: [], to: layers) == [.presentLayer(layers[0])])
        #expect(ScreenChange.changes(from: layers, to: []) == [.dismissLayer(layer: 0)])
    }

    @Test("a host that is asked to do what it cannot says so")
    func hostRefusals() throws {
        let navigator = try navigator(Self.tabsApp)
        var host = ScreenHost(showing: navigator.state.layers)
        #expect(host.apply([.dismissLayer(layer: 3)]) == "change 0: dismisses layer 3 of 1")
        #expect(host.apply([.updateStack(layer: 0, tab: 0, keeping: 2, adding: [])]) == "change 0: keeps 2 of 1 screens")
        #expect(host.apply([.selectTab(layer: 0, tab: 1)]) == "change 0: no tab 1 in layer 0")
        #expect(host.apply([.updateStack(layer: 1, tab: 0, keeping: 0, adding: [])]) == "change 0: no stack 0 in layer 1")
    }

    // MARK: - Helpers

    /// A layer showing one entry, identities as given.
    static func layer(_ entry: Entry) -> Layer {
        var layer = Layer(kind: .base, stack: [entry])
        layer.identity = 1
        return layer
    }

    static func flow(_ name: String, _ navigator: Navigator) -> FlowID {
        FlowID(navigator.program.flows.firstIndex { navigator.program.name($0.name) == name }!)
    }

}
