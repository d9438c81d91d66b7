import FlowKit
import Testing

/// Generated programs whose names clash with Swift or with the generated
/// code (Fixtures/clashes.flow) and events that share a name
/// (Fixtures/navigation.flow) run as their `.flow` files say.
@Suite struct GeneratedNamesTests {
    @Test func renamedCasesStillNameTheirRoutesAndEvents() throws {
        var navigator = try FlowNavigator<Clashes>()
        #expect(navigator.top == .screen(.self_))
        try navigator.send(.init__)
        #expect(navigator.top == .screen(.Type_))
        try navigator.back()
        try navigator.send(.Type_(in: 3))
        #expect(navigator.top == .string(.Int))
    }

    @Test func flowsNamedLikeSwiftTypes() throws {
        var navigator = try FlowNavigator<Clashes>()
        try navigator.send(.rawValue_)
        #expect(navigator.layers.map(\.kind) == [.base, .sheet])
        #expect(navigator.top == .swift(.Bool))
        try navigator.back()
        try navigator.send(.hashValue_(_0: true))
        #expect(navigator.top == .codingKeys(.protocol))
    }

    @Test func routesAndFlowsNamedLikeTheScreenFacts() throws {
        var navigator = try FlowNavigator<Clashes>()
        try navigator.send(.facts)
        #expect(navigator.top == .screen(.title_))
        #expect(navigator.top.title == "Title")
        #expect(navigator.top.hidesBackButton)
        #expect(!navigator.top.isLocked)
        try navigator.send(.next)
        #expect(navigator.top == .screen(.isLocked_))
        #expect(navigator.top.isLocked)
        #expect(navigator.top.title == nil)
        try navigator.reset()
        try navigator.send(.titled)
        #expect(navigator.top == .title_(.hidesBackButton_))
        #expect(!navigator.top.hidesBackButton)
    }

    @Test func keywordLabelsAndAnUnderscoreParameter() throws {
        var navigator = try FlowNavigator<Clashes>()
        try navigator.send(.init__)
        // `init(let:var:)` shares its name with the parameterless `init`: matched by reflection;
        // at `Type` no route handler named `init` comes first, so the flow's answers.
        try navigator.send(.init_(let: "x", var: 1.5))
        #expect(navigator.top == .screen(.default(_0: "x")))
    }

    @Test func keywordLabelsOfARouteRoundTripThroughTheEngine() throws {
        var navigator = try FlowNavigator<Clashes>()
        try navigator.send(.repeat(let: 7, `inout`: true))
        #expect(navigator.top == .screen(.repeat(let: 7, `inout`: true)))
        #expect(navigator.layers.map(\.stack) == [[.screen(.self_), .screen(.repeat(let: 7, `inout`: true))]])
    }

    @Test func aBuilderWithKeywordCaptures() throws {
        #expect(Clashes.defaultURL(in: "a/b", let: "c d") == "clash://type/a%2Fb/x?let=c%20d")
        var navigator = try FlowNavigator<Clashes>()
        try navigator.open(Clashes.defaultURL(in: "a/b", let: "c d"))
        #expect(navigator.top == .screen(.default(_0: "a/b")))
    }

    @Test func overloadedEventsReachTheirHandlers() throws {
        var navigator = try FlowNavigator<Nav>()
        try navigator.send(.open(id: 1))                    // a case of an overloaded name
        #expect(navigator.top == .home(.post(id: 1)))
        try navigator.send(.open)                           // the parameterless one, by its static property
        #expect(navigator.top == .home(.custom))
        try navigator.send(.open(name: "ann"))              // the flow-level handler
        #expect(navigator.top == .home(.profile(name: "ann")))
        #expect(Nav.Event.open == .open_)
    }

    @Test func anOverloadWithTheWrongLabelsForTheHandlerIsRefused() throws {
        var navigator = try FlowNavigator<Nav>()
        // `feed` answers `open` with (id: Int): `open(name:)` is dispatched to it and refused.
        let before = navigator.savedState
        #expect(throws: FlowError.self) { try navigator.send(.open(name: "ann")) }
        #expect(throws: FlowError.self) { try navigator.send(.open) }
        #expect(navigator.savedState == before)
    }

    @Test func codesOfEveryEventAreDistinct() {
        let events: [Nav.Event] = [.open(id: 1), .compose, .settings, .like, .open, .done, .open(name: "x"), .next(in: true),
                                   .send, .discard, .self_, .close, .author(name: "y")]
        let ids = events.map { Nav.code(for: $0).id }
        #expect(Set(ids).count == events.count)
        #expect(!ids.contains(-1))
    }
}
