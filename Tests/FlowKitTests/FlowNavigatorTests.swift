import FlowKit
import Foundation
import Testing

/// Every operation (docs/generated-api.md) of the typed navigator, through the generated `Shop`
/// program (flows/shop.flow), and the state unchanged after each refusal.
@Suite struct FlowNavigatorTests {
    typealias S = Shop.Screen

    /// A navigator at the shop's catalog (logged in at start).
    func atCatalog() throws -> FlowNavigator<Shop> {
        var navigator = try FlowNavigator<Shop>(assuming: [.loggedIn])
        try navigator.send(.ready)
        return navigator
    }

    /// Checks that `body` throws and leaves the navigator as it was.
    func expectRefused(_ navigator: inout FlowNavigator<Shop>, sourceLocation: SourceLocation = #_sourceLocation,
                       _ body: (inout FlowNavigator<Shop>) throws -> Void) {
        let before = navigator.layers
        let saved = navigator.savedState
        #expect(throws: FlowError.self, sourceLocation: sourceLocation) { try body(&navigator) }
        #expect(navigator.layers == before, sourceLocation: sourceLocation)
        #expect(navigator.savedState == saved, sourceLocation: sourceLocation)
    }

    @Test func startsAtTheEntryWithTheGuardsAssumed() throws {
        let plain = try FlowNavigator<Shop>()
        #expect(plain.top == .app(.splash))
        #expect(!plain.isAssumed(.loggedIn))
        let assumed = try FlowNavigator<Shop>(assuming: [.loggedIn])
        #expect(assumed.isAssumed(.loggedIn))
        #expect(assumed.layers == [FlowLayer(kind: .base, stack: [.app(.splash)])])
    }

    @Test func sendFollowsGuardsAndReturnsTypedEffects() throws {
        var navigator = try FlowNavigator<Shop>()
        let effects = try navigator.send(.ready)
        #expect(effects == [.flowStarted("Auth"), .presented(.cover, .auth(.walkthrough))])
        #expect(navigator.layers.map(\.kind) == [.base, .cover])
        #expect(navigator.top == .auth(.walkthrough))

        var loggedIn = try FlowNavigator<Shop>()
        loggedIn.assume(.loggedIn)
        try loggedIn.send(.ready)
        #expect(loggedIn.layers == [FlowLayer(kind: .base, stack: [.shop(.catalog)])])
    }

    @Test func eventsCarryTheirArguments() throws {
        var navigator = try atCatalog()
        #expect(try navigator.send(.select(id: "42")) == [.pushed(.shop(.product(id: "42")))])
        try navigator.send(.related(id: "7"))
        #expect(navigator.layers[0].stack == [.shop(.catalog), .shop(.product(id: "42")), .shop(.product(id: "7"))])
        #expect(navigator.top == .shop(.product(id: "7")))
    }

    @Test func anUnhandledEventIsRefusedWithNothingChanged() throws {
        var navigator = try atCatalog()
        expectRefused(&navigator) { try $0.send(.pay) }
        do {
            try navigator.send(.pay)
        } catch {
            #expect(error.navigationError != nil)
            #expect(error.description == "no handler for 'pay' at route 'catalog' or any flow above it")
        }
    }

    @Test func backPopsAndIsRefusedAtARoot() throws {
        var navigator = try atCatalog()
        expectRefused(&navigator) { try $0.back() }
        try navigator.send(.select(id: "1"))
        #expect(try navigator.back() == [.popped(.shop(.product(id: "1")))])
        #expect(navigator.top == .shop(.catalog))
    }

    @Test func openRebuildsTheNavigationAndRefusesUnknownURLs() throws {
        var navigator = try atCatalog()
        try navigator.open(Shop.productURL(id: "9"))
        #expect(navigator.layers[0].stack == [.shop(.catalog), .shop(.product(id: "9"))])
        expectRefused(&navigator) { try $0.open("shop://nowhere") }
        expectRefused(&navigator) { try $0.open("") }
    }

    @Test(arguments: ["9", "a b", "ünï/cödé?&=#%", "x%2Fy", "-._~"])
    func deepLinkBuildersRoundTripThroughOpen(_ id: String) throws {
        var navigator = try atCatalog()
        try navigator.open(Shop.productURL(id: id))
        #expect(navigator.top == .shop(.product(id: id)))
    }

    @Test func assumeIsAStepWithAnEffect() throws {
        var navigator = try FlowNavigator<Shop>()
        #expect(navigator.assume(.loggedIn) == [.guardSet(.loggedIn, true)])
        #expect(navigator.isAssumed(.loggedIn))
        navigator.assume(.loggedIn, false)
        #expect(!navigator.isAssumed(.loggedIn))
    }

    @Test func modalLayersAndChildFlowResults() throws {
        var navigator = try atCatalog()
        try navigator.send(.select(id: "42"))
        try navigator.send(.buy)
        #expect(navigator.layers.map(\.kind) == [.base, .sheet])
        #expect(navigator.layers[1].stack == [.checkout(.cart)])
        try navigator.send(.pay)
        expectRefused(&navigator) { try $0.back() }   // [noBack]
        let effects = try navigator.send(.paid)
        #expect(effects.contains(.flowFinished("Checkout", result: "done")))
        #expect(navigator.layers == [FlowLayer(kind: .base, stack: [.shop(.catalog), .shop(.receipt)])])
    }

    @Test func screensAreCodable() throws {
        let screens: [S] = [.shop(.product(id: "42")), .app(.splash), .checkout(.payment)]
        let data = try JSONEncoder().encode(screens)
        #expect(try JSONDecoder().decode([S].self, from: data) == screens)
    }

    @Test func guardsAndTabsHaveTheirNames() {
        #expect(Shop.Guard.allCases.map(\.rawValue) == ["loggedIn"])
        #expect(Shop.Tab.allCases.isEmpty)
        #expect(Shop.Tab(rawValue: "Shop") == nil)
    }
}
