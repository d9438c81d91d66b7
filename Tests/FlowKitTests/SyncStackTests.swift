import FlowKit
import Testing

/// `syncStack`: the UI popped screens itself (docs/generated-api.md), through the
/// generated `Nav` program (Fixtures/navigation.flow): a tab container,
/// a child flow pushed on a tab's stack, `[noBack]` and a route with its
/// own `back` handler.
@Suite struct SyncStackTests {
    /// The Home tab's stack after `steps`.
    func navigator(_ steps: [Nav.Event], assuming guards: [Nav.Guard] = []) throws -> FlowNavigator<Nav> {
        var navigator = try FlowNavigator<Nav>(assuming: guards)
        for step in steps { try navigator.send(step) }
        return navigator
    }

    func expectRefused(_ navigator: inout FlowNavigator<Nav>, _ stack: [Nav.Screen], layer: Int = 0,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let before = navigator.layers
        let saved = navigator.savedState
        #expect(sourceLocation: sourceLocation) { try navigator.syncStack(stack, layer: layer) } throws: { error in
            guard case FlowError.invalidStack = error else { return false }
            return true
        }
        #expect(navigator.layers == before, sourceLocation: sourceLocation)
        #expect(navigator.savedState == saved, sourceLocation: sourceLocation)
    }

    @Test func theSameStackIsNoStep() throws {
        var navigator = try navigator([.open(id: 1)])
        #expect(try navigator.syncStack([.home(.feed), .home(.post(id: 1))], layer: 0) == [])
        #expect(navigator.top == .home(.post(id: 1)))
    }

    @Test func backToTheRootIsOneStepOfSeveralBacks() throws {
        var navigator = try navigator([.open(id: 1), .author(name: "ann"), .open(id: 2)])
        let effects = try navigator.syncStack([.home(.feed)], layer: 0)
        #expect(effects == [.popped(.home(.post(id: 2))), .popped(.home(.profile(name: "ann"))), .popped(.home(.post(id: 1)))])
        #expect(navigator.layers[0].stack == [.home(.feed)])
        #expect(navigator.layers[0].selectedTab == .home)
    }

    @Test func aPrefixInTheMiddle() throws {
        var navigator = try navigator([.open(id: 1), .author(name: "ann"), .open(id: 2)])
        try navigator.syncStack([.home(.feed), .home(.post(id: 1))], layer: 0)
        #expect(navigator.top == .home(.post(id: 1)))
    }

    @Test func notAPrefixIsRefused() throws {
        var navigator = try navigator([.open(id: 1), .author(name: "ann")])
        expectRefused(&navigator, [.home(.feed), .home(.post(id: 2))])
        expectRefused(&navigator, [.home(.post(id: 1))])
    }

    @Test("each refusal says what is wrong, screens written as the flow language writes them", arguments: [
        ([Nav.Screen.home(.feed), .home(.post(id: 2))],
         "screen #1 is post(id: 2), the layer shows post(id: 1) there: not a prefix of the layer's stack (going back only removes screens from the top)"),
        ([Nav.Screen.home(.feed), .home(.post(id: 9)), .home(.locked)],
         "the new stack has 3 screens, the layer 2 screens; going back never adds screens"),
        ([Nav.Screen.home(.post(id: 1))],
         "screen #0 is post(id: 1), the layer shows feed there: not a prefix of the layer's stack (going back only removes screens from the top)"),
    ])
    func refusalMessages(stack: [Nav.Screen], message: String) throws {
        var opened = try navigator([.open(id: 1)])
        #expect(throws: FlowError.invalidStack(message)) { try opened.syncStack(stack, layer: 0) }
    }

    @Test func deeperThanTheLayerIsRefused() throws {
        var navigator = try navigator([.open(id: 1)])
        expectRefused(&navigator, [.home(.feed), .home(.post(id: 1)), .home(.locked)])
    }

    @Test func anEmptyStackIsRefused() throws {
        var navigator = try navigator([.open(id: 1)])
        expectRefused(&navigator, [])
    }

    @Test func aLayerThatIsNotThereOrNotOnTopIsRefused() throws {
        var navigator = try navigator([.settings, .self_])
        #expect(navigator.layers.map(\.kind) == [.base, .sheet])
        expectRefused(&navigator, [.settings(.default)], layer: 2)
        expectRefused(&navigator, [.settings(.default)], layer: -1)
        // The base layer is under the sheet: the user cannot have touched it.
        expectRefused(&navigator, [.home(.feed)], layer: 0)
    }

    @Test func aNoBackScreenStopsIt() throws {
        var navigator = try navigator([.open(id: 1), .like, .open(name: "ann"), .open(id: 2)])
        #expect(navigator.layers[0].stack == [.home(.feed), .home(.post(id: 1)), .home(.locked), .home(.profile(name: "ann")), .home(.post(id: 2))])
        expectRefused(&navigator, [.home(.feed), .home(.post(id: 1))])
        try navigator.syncStack([.home(.feed), .home(.post(id: 1)), .home(.locked)], layer: 0)
        #expect(navigator.top == .home(.locked))
    }

    @Test func aScreenWithItsOwnBackHandlerThatDoesSomethingElse() throws {
        // `custom` handles back with popToRoot: one back leaves [feed], not [feed, post]; asking for [feed] is one back.
        var navigator = try navigator([.open(id: 1), .open])
        expectRefused(&navigator, [.home(.feed), .home(.post(id: 1))])
        try navigator.syncStack([.home(.feed)], layer: 0)
        #expect(navigator.layers[0].stack == [.home(.feed)])
    }

    @Test func acrossAChildFlowsFirstScreenFinishesItWithCancel() throws {
        var navigator = try navigator([.compose, .next(in: true)])
        #expect(navigator.layers[0].stack == [.home(.feed), .composer(.draft), .composer(.review)])
        let effects = try navigator.syncStack([.home(.feed)], layer: 0)
        #expect(effects.contains(.flowFinished("Composer", result: "cancel")))
        #expect(navigator.layers[0].stack == [.home(.feed)])
    }

    @Test func aCancelHandlerThatShowsAScreenMakesItRefused() throws {
        // With Type set, Home answers Composer.cancel by pushing `cancelled`: not the stack the UI asked for.
        var navigator = try navigator([.compose], assuming: [.Type_])
        expectRefused(&navigator, [.home(.feed)])
    }

    @Test func theSelectedTabsStackIsSynced() throws {
        var navigator = try navigator([.open(id: 1)])
        let layer = try #require(navigator.layers.first)
        #expect(layer.tabs == [.home, .settings])
        #expect(layer.stack(for: .home) == [.home(.feed), .home(.post(id: 1))])
        #expect(layer.stack(for: .settings) == [.settings(.default)])
        try navigator.syncStack([.home(.feed)], layer: 0)
        #expect(navigator.layers[0].tabStacks == [[.home(.feed)], [.settings(.default)]])
    }
}

/// `selectTab`: the user tapped a tab (docs/generated-api.md), through `Nav`.
@Suite struct SelectTabTests {
    @Test func selectsAnotherTabKeepingStacks() throws {
        var navigator = try FlowNavigator<Nav>()
        try navigator.send(.open(id: 1))
        #expect(try navigator.selectTab(.settings) == [.tabSelected(.settings)])
        #expect(navigator.selectedTab == .settings)
        #expect(navigator.top == .settings(.default))
        try navigator.selectTab(.home)
        #expect(navigator.top == .home(.post(id: 1)))
    }

    @Test func tappingTheSelectedTabPopsToItsRoot() throws {
        var navigator = try FlowNavigator<Nav>()
        try navigator.send(.open(id: 1))
        try navigator.send(.author(name: "ann"))
        let effects = try navigator.selectTab(.home)
        #expect(effects == [.popped(.home(.profile(name: "ann"))), .popped(.home(.post(id: 1)))])
        #expect(navigator.layers[0].stack == [.home(.feed)])
    }

    @Test func refusedUnderASheetWithNothingChanged() throws {
        var navigator = try FlowNavigator<Nav>()
        try navigator.send(.settings)
        try navigator.send(.self_)
        let before = navigator.savedState
        #expect(throws: FlowError.self) { try navigator.selectTab(.home) }
        #expect(navigator.savedState == before)
    }

    @Test func aProgramWithoutTabsHasNoTabToSelect() throws {
        #expect(Shop.Tab.allCases.isEmpty)
        #expect(try FlowNavigator<Shop>().selectedTab == nil)
    }
}
