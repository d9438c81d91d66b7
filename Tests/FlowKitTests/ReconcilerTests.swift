import FlowEngine
@testable import FlowKit
import FlowTestSupport
import Testing

/// A fake UIKit window: it applies `FlowChange`s as a UIKit host would,
/// keeping one view per screen id, and notes every operation a real host
/// could not do (dismissing the base, popping past a stack's root, a tab it
/// does not have) and every view it had to build twice (a screen the
/// navigator kept, rebuilt).
struct FakeWindow<P: FlowProgram> {
    private(set) var layers: [FlowShownLayer<P>] = []
    /// Every screen id the window ever built a view for.
    private var built: Set<UInt32> = []
    private(set) var problems: [String] = []

    mutating func apply(_ changes: [FlowChange<P>]) {
        for change in changes {
            switch change {
            case .setRoot(let layer):
                if layers.count > 1 { problems.append("setRoot under \(layers.count - 1) presented layers") }
                build(layer.stacks.flatMap { $0 }, reusing: layers.first.map { $0.stacks.flatMap { $0 } } ?? [])
                layers = [layer]
            case .present(let layer):
                if layers.isEmpty { problems.append("present with no root") }
                build(layer.stacks.flatMap { $0 }, reusing: [])
                layers.append(layer)
            case .dismiss(let count):
                guard count >= 1, count < layers.count else { problems.append("dismiss down to \(count) of \(layers.count)"); continue }
                layers.removeSubrange(count...)
            case .push(let screens, let l, let tab):
                guard let stack = stack(l, tab) else { continue }
                build(screens, reusing: [])
                set(stack + screens, l, tab)
            case .pop(let count, let l, let tab):
                guard let stack = stack(l, tab) else { continue }
                guard count >= 1, count <= stack.count else { problems.append("pop to \(count) of \(stack.count)"); continue }
                set(Array(stack.prefix(count)), l, tab)
            case .replaceStack(let screens, let l, let tab):
                guard let stack = stack(l, tab) else { continue }
                build(screens, reusing: stack)
                set(screens, l, tab)
            case .selectTab(let tab, let l):
                guard layers.indices.contains(l), layers[l].tabs.contains(tab) else { problems.append("no tab \(tab) in layer \(l)"); continue }
                let layer = layers[l]
                layers[l] = FlowShownLayer(id: layer.id, kind: layer.kind, tabs: layer.tabs, stacks: layer.stacks, selectedTab: tab)
            }
        }
    }

    private mutating func build(_ screens: [FlowShownScreen<P>], reusing shown: [FlowShownScreen<P>]) {
        let kept = Set(shown.map(\.id))
        for screen in screens where !kept.contains(screen.id) {
            if !built.insert(screen.id).inserted { problems.append("rebuilt screen #\(screen.id)") }
        }
    }

    private mutating func stack(_ l: Int, _ tab: P.Tab?) -> [FlowShownScreen<P>]? {
        guard layers.indices.contains(l) else { problems.append("no layer \(l)"); return nil }
        let layer = layers[l]
        guard let tab else {
            if layer.isTabBar { problems.append("layer \(l) is a tab bar: a stack change must name its tab") }
            return layer.isTabBar ? nil : layer.stacks[0]
        }
        guard let index = layer.tabs.firstIndex(of: tab) else { problems.append("no tab \(tab) in layer \(l)"); return nil }
        return layer.stacks[index]
    }

    private mutating func set(_ stack: [FlowShownScreen<P>], _ l: Int, _ tab: P.Tab?) {
        let layer = layers[l]
        var stacks = layer.stacks
        stacks[tab.flatMap { layer.tabs.firstIndex(of: $0) } ?? 0] = stack
        layers[l] = FlowShownLayer(id: layer.id, kind: layer.kind, tabs: layer.tabs, stacks: stacks, selectedTab: layer.selectedTab)
    }
}

@Suite("The reconciler: a host that applies its operations shows what the navigator shows")
struct ReconcilerTests {
    /// Brings `window` to `navigator` through `reconciler`; expects it to
    /// show exactly the navigator's layers, with no problem. Returns
    /// whether it does (a walk stops at the first step where it does not).
    @discardableResult
    static func follow<P: FlowProgram>(_ navigator: FlowNavigator<P>, _ reconciler: inout FlowReconciler<P>, _ window: inout FakeWindow<P>,
                                       _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let changes = reconciler.changes(toShow: navigator)
        window.apply(changes)
        // Booleans and short text: a failure must not make Swift Testing describe whole screens.
        let problems = window.problems.prefix(3).joined(separator: "; ")
        let matches = window.layers == navigator.shownLayers
        #expect(problems.isEmpty, "\(what()): \(problems)", sourceLocation: sourceLocation)
        #expect(matches, "\(what()): the window shows \(outline(window.layers)), the navigator \(outline(navigator.shownLayers))",
                sourceLocation: sourceLocation)
        return problems.isEmpty && matches
    }

    /// Layers as short text: each layer's kind and id, each stack's screen ids.
    static func outline<P: FlowProgram>(_ layers: [FlowShownLayer<P>]) -> String {
        layers.map { layer in
            "\(layer.kind.rawValue)#\(layer.id)" + layer.stacks.map { "[" + $0.map { String($0.id) }.joined(separator: " ") + "]" }.joined()
        }.joined(separator: " | ")
    }

    /// Random steps on `P`'s engine (events, back, tabs, links, guards); the
    /// window follows after each, and after each tenth the reconciler is
    /// asked only every other time (a host that missed a step).
    static func randomWalk<P: FlowProgram>(_: P.Type, steps: Int, seed: UInt64) throws {
        var navigator = try FlowNavigator<P>()
        var reconciler = FlowReconciler<P>()
        var window = FakeWindow<P>()
        follow(navigator, &reconciler, &window, "start")
        var random = SplitMix64(seed: seed)
        for number in 0..<steps {
            let choices = WalkStep.choices(navigator.engine)
            if choices.isEmpty || navigator.engine.state.entryCount > 60 {
                try navigator.reset()
            } else {
                let step = choices[Int(random.next() % UInt64(choices.count))]
                try? step.perform(on: &navigator.engine)
                if number % 10 == 9 && random.next() % 2 == 0 { continue }
            }
            guard follow(navigator, &reconciler, &window, "step \(number)") else { return }
        }
    }

    /// Every journey of `P` (what `flowctl generate scripts` writes), the
    /// window following after each step.
    static func journeys<P: FlowProgram>(_: P.Type) throws -> Int {
        let program = try P.definition.loaded().program
        var explorer = try Explorer(program: program)
        explorer.explore()
        var steps = 0
        for journey in try Journeys(exploring: explorer).scripts {
            let leading = journey.steps.prefix(while: \.isAssume)
            let guards = leading.compactMap { step -> P.Guard? in
                if case .assume(let symbol, true) = step { P.Guard(rawValue: program.name(symbol)) } else { nil }
            }
            var navigator = try FlowNavigator<P>(assuming: guards)
            var reconciler = FlowReconciler<P>()
            var window = FakeWindow<P>()
            follow(navigator, &reconciler, &window, "\(journey.name) start")
            for step in journey.steps.dropFirst(leading.count) where !step.isExpect {
                try step.perform(on: &navigator.engine)
                guard follow(navigator, &reconciler, &window, "\(journey.name): \(step)") else { return steps }
                steps += 1
            }
        }
        return steps
    }

    @Test("a UIKit-shaped journey: a log-in cover, a tab bar, a link into a hidden tab, a sheet that finishes with a payload, a log-out, a link that waits for log-in")
    func bankingJourney() throws {
        var navigator = try FlowNavigator<Banking>()
        var reconciler = FlowReconciler<Banking>()
        var window = FakeWindow<Banking>()
        func step(_ body: (inout FlowNavigator<Banking>) throws -> Void) rethrows -> [FlowChange<Banking>] {
            try body(&navigator)
            let changes = reconciler.changes(toShow: navigator)
            window.apply(changes)
            #expect(window.problems.isEmpty)
            #expect(window.layers == navigator.shownLayers)
            return changes
        }
        func screens(_ layer: FlowShownLayer<Banking>) -> [[Banking.Screen]] { layer.stacks.map { $0.map(\.screen) } }

        // The app starts on the welcome screen: the window's root.
        #expect(step { _ in } == [.setRoot(navigator.shownLayers[0])])
        #expect(screens(navigator.shownLayers[0]) == [[.bank(.welcome)]])

        // Log-in: a cover the user cannot swipe away.
        #expect(try step { try $0.send(.logIn) } == [.present(navigator.shownLayers[1])])
        #expect(navigator.shownLayers[1].kind == .cover)
        #expect(navigator.top == .login(.pin) && navigator.top.isLocked && navigator.top.title == "Enter your PIN")

        // The PIN is right: the cover goes, and a tab bar is the new root.
        #expect(try step { try $0.send(.entered) } == [.dismiss(downTo: 1), .setRoot(navigator.shownLayers[0])])
        let tabBar = navigator.shownLayers[0]
        #expect(tabBar.tabs == [.accounts, .payments, .more] && tabBar.selectedTab == .accounts)
        #expect(screens(tabBar) == [[.accounts(.accounts)], [.payments(.payments)], [.more(.more)]])
        #expect(navigator.isAssumed(.loggedIn))

        // On Payments, a push notification opens a transaction: pushed on Accounts, which is selected.
        #expect(try step { try $0.selectTab(.payments) } == [.selectTab(.payments, layer: 0)])
        let accountsRoot = navigator.shownLayers[0].stacks[0][0]
        let link = try step { try $0.open("bank://transaction/t9") }
        let transaction = navigator.shownLayers[0].stacks[0][1]
        #expect(link == [.push([transaction], layer: 0, tab: .accounts), .selectTab(.accounts, layer: 0)])
        #expect(transaction.screen == .accounts(.transaction(id: "t9")))
        #expect(navigator.shownLayers[0].stacks[0][0] == accountsRoot)

        // The user swipes back: the store hears it, the window already shows it.
        #expect(try step { try $0.syncStack([.accounts(.accounts)], layer: 0) } == [.pop(toCount: 1, layer: 0, tab: .accounts)])

        // A transfer in a sheet; it finishes with the payee, pushed on Payments with no way back.
        _ = try step { try $0.selectTab(.payments) }
        let sheet = try step { try $0.send(.newTransfer) }
        #expect(sheet == [.present(navigator.shownLayers[1])] && navigator.shownLayers[1].kind == .sheet)
        let amount = try step { try $0.send(.choose(name: "Ann")) }
        #expect(amount == [.push([navigator.shownLayers[1].stacks[0][1]], layer: 1, tab: nil)])
        _ = try step { try $0.send(.confirm) }
        let sent = try step { try $0.send(.send) }
        let payee = navigator.shownLayers[0].stacks[1][1]
        #expect(sent == [.dismiss(downTo: 1), .push([payee], layer: 0, tab: .payments)])
        #expect(payee.screen == .payments(.sent(payee: "Ann")) && payee.screen.hidesBackButton)
        #expect(try step { try $0.send(.done) } == [.pop(toCount: 1, layer: 0, tab: .payments)])

        // Log-out from More: the tab bar goes, the welcome screen is the root again.
        _ = try step { try $0.selectTab(.more) }
        #expect(try step { try $0.send(.logOut) } == [.setRoot(navigator.shownLayers[0])])
        #expect(screens(navigator.shownLayers[0]) == [[.bank(.welcome)]] && !navigator.isAssumed(.loggedIn))

        // Logged out, a link waits for the log-in; after it, the tab bar comes with the transaction on top.
        #expect(try step { try $0.open("bank://transaction/t1") } == [.present(navigator.shownLayers[1])])
        #expect(try step { try $0.send(.entered) } == [.dismiss(downTo: 1), .setRoot(navigator.shownLayers[0])])
        #expect(screens(navigator.shownLayers[0])[0] == [.accounts(.accounts), .accounts(.transaction(id: "t1"))])
        #expect(navigator.shownLayers[0].selectedTab == .accounts)
    }

    @Test("a reconciler asked twice without a step between has nothing to do; a new one builds the whole screen")
    func idempotent() throws {
        var navigator = try FlowNavigator<Banking>()
        try navigator.send(.logIn)
        var reconciler = FlowReconciler<Banking>()
        #expect(reconciler.changes(toShow: navigator) == [.setRoot(navigator.shownLayers[0]), .present(navigator.shownLayers[1])])
        #expect(reconciler.changes(toShow: navigator).isEmpty)
    }

    static let programs = ["Login", "PlacesFinder", "Shop", "SwiftUICoordinator", "Wayfarer", "Photoshare", "Nav", "Banking"]

    @Test("journeys and random walks of every bundled app and test program", arguments: programs)
    func followsEveryStep(program: String) throws {
        switch program {
        case "Login": try Self.check(Login.self)
        case "PlacesFinder": try Self.check(PlacesFinder.self)
        case "Shop": try Self.check(Shop.self)
        case "SwiftUICoordinator": try Self.check(SwiftUICoordinator.self)
        case "Wayfarer": try Self.check(Wayfarer.self)
        case "Photoshare": try Self.check(Photoshare.self)
        case "Nav": try Self.check(Nav.self)
        default: try Self.check(Banking.self)
        }
    }

    static func check<P: FlowProgram>(_ type: P.Type) throws {
        #expect(try journeys(type) > 0)
        try randomWalk(type, steps: 100_000, seed: 7)
    }
}

@Suite("Typed effects name the very screens a step added and removed")
struct TypedEffectTests {
    @Test("a transfer that finishes: its sheet is dismissed, and the result handler's push carries the payload")
    func finishWithPayload() throws {
        var navigator = try FlowNavigator<Banking>(assuming: [.loggedIn])
        try navigator.send(.logIn)
        try navigator.send(.entered)
        try navigator.selectTab(.payments)
        #expect(try navigator.send(.newTransfer) == [.flowStarted("Transfer"), .presented(.sheet, .transfer(.payee))])
        #expect(try navigator.send(.choose(name: "Ann")) == [.pushed(.transfer(.amount(payee: "Ann")))])
        try navigator.send(.confirm)
        #expect(try navigator.send(.send) == [.dismissed(.sheet), .flowFinished("Transfer", result: "sent"), .pushed(.payments(.sent(payee: "Ann")))])
        #expect(try navigator.send(.done) == [.popped(.payments(.sent(payee: "Ann")))])
    }

    @Test("a link that replaces a hidden tab's screens names each screen it pops and pushes")
    func linkIntoHiddenTab() throws {
        var navigator = try FlowNavigator<Banking>(assuming: [.loggedIn])
        try navigator.send(.logIn)
        try navigator.send(.entered)
        try navigator.send(.open(id: "a1"))
        try navigator.send(.transaction(id: "t1"))
        try navigator.selectTab(.payments)
        let effects = try navigator.open("bank://transaction/t9")
        #expect(effects == [.popped(.accounts(.transaction(id: "t1"))), .popped(.accounts(.account(id: "a1"))),
                            .tabSelected(.accounts), .pushed(.accounts(.transaction(id: "t9")))])
    }
}
