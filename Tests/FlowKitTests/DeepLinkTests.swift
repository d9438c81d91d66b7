import FlowKit
import Testing

/// Typed deep-link builders round-trip through `open`, on the Wayfarer app
/// (flows/wayfarer.flow): typed captures, a flow parameter bound by a link,
/// and a gated link that waits for its guard.
@Suite struct DeepLinkTests {
    func signedIn() throws -> FlowNavigator<Wayfarer> {
        try FlowNavigator<Wayfarer>(assuming: [.onboarded, .signedIn])
    }

    @Test(arguments: [0, 7, -3, Int.max])
    func intCaptures(_ id: Int) throws {
        var navigator = try signedIn()
        try navigator.open(Wayfarer.hotelURL(id: id))
        #expect(navigator.top == .explore(.hotel(id: id)))
        #expect(navigator.selectedTab == .explore)
        try navigator.open(Wayfarer.threadURL(thread: id))
        #expect(navigator.selectedTab == .inbox)
    }

    @Test(arguments: ["paris", "São Paulo", "a&b=c?d#e", "100%", "/"])
    func stringCapturesInPathsAndQueries(_ text: String) throws {
        var navigator = try signedIn()
        try navigator.open(Wayfarer.resultsURL(query: text))
        #expect(navigator.top == .explore(.results(query: text)))
        try navigator.open(Wayfarer.cardURL(name: text))
        #expect(navigator.top == .traveller(.card(user: text)))
        try navigator.open(Wayfarer.articleURL(slug: text))
        #expect(navigator.top == .support(.article(slug: text)))
    }

    @Test func aGatedLinkWaitsForItsGuard() throws {
        var navigator = try FlowNavigator<Wayfarer>(assuming: [.onboarded])
        let effects = try navigator.open(Wayfarer.tripURL(id: 12))
        #expect(effects.contains(.linkPending(Wayfarer.tripURL(id: 12))))
        #expect(navigator.layers.last?.kind == .cover)
        // Onboarding is busy (flows/wayfarer.flow): signed in, the trip still waits for the user to be through it.
        let signedIn = navigator.assume(.signedIn)
        #expect(signedIn == [.guardSet(.signedIn, true)])
        #expect(navigator.top == .onboarding(.welcome))
        _ = try navigator.send(.signIn)
        let opened = try navigator.send(.submit)
        #expect(opened.contains(.linkOpened(Wayfarer.tripURL(id: 12))))
        #expect(navigator.top == .trips(.trip(id: 12)))
    }

    @Test func aURLNoLinkMatchesIsRefused() throws {
        var navigator = try signedIn()
        let before = navigator.savedState
        #expect(throws: FlowError.self) { try navigator.open("wayfarer://hotel/not-a-number") }
        #expect(throws: FlowError.self) { try navigator.open("other://settings") }
        #expect(navigator.savedState == before)
        #expect(Wayfarer.settingsURL() == "wayfarer://settings")
    }
}
