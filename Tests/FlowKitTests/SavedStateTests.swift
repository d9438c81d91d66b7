import FlowKit
import Foundation
import Testing

/// Saved states for state restoration: a round trip gives the same screen,
/// and anything malformed or foreign is refused with nothing changed.
@Suite struct SavedStateTests {
    @Test func roundTripKeepsLayersTabsAndGuards() throws {
        var navigator = try FlowNavigator<Nav>(assuming: [.Type_])
        try navigator.send(.open(id: 1))
        try navigator.send(.author(name: "ann"))
        let restored = try FlowNavigator<Nav>(restoring: navigator.savedState)
        #expect(restored.layers == navigator.layers)
        #expect(restored.isAssumed(.Type_))
        #expect(restored.savedState == navigator.savedState)
    }

    @Test func roundTripOfAModalLayer() throws {
        var navigator = try FlowNavigator<Shop>(assuming: [.loggedIn])
        try navigator.send(.ready)
        try navigator.send(.select(id: "42"))
        try navigator.send(.buy)
        var restored = try FlowNavigator<Shop>(restoring: navigator.savedState)
        #expect(restored.layers == navigator.layers)
        try restored.back()
        #expect(restored.top == .shop(.product(id: "42")))
    }

    static let malformed: [(String, String)] = [
        ("", "not a FlowKit state file"),
        ("{", "not a FlowKit state file"),
        ("[]", "not a FlowKit state file"),
        (#"{"format": "other", "version": 1, "entry": "App", "flows": [], "layers": [], "guards": []}"#, "format is 'other'"),
        (#"{"format": "flowkit-state", "version": 9, "entry": "App", "flows": [], "layers": [], "guards": []}"#, "version 9"),
    ]

    @Test(arguments: malformed)
    func malformedDataIsRefused(_ item: (String, String)) throws {
        #expect { try FlowNavigator<Shop>(restoring: Data(item.0.utf8)) } throws: { error in
            guard case FlowError.invalidState(let problem) = error else { return false }
            return problem.contains(item.1)
        }
        var navigator = try FlowNavigator<Shop>()
        let before = navigator.savedState
        #expect(throws: FlowError.self) { try navigator.restore(Data(item.0.utf8)) }
        #expect(navigator.savedState == before)
    }

    @Test func aStateOfAnotherProgramIsRefused() throws {
        var navigator = try FlowNavigator<Nav>()
        try navigator.send(.open(id: 1))
        // Both entries are called differently: Root versus App.
        #expect { try FlowNavigator<Shop>(restoring: navigator.savedState) } throws: { error in
            guard case FlowError.invalidState(let problem) = error else { return false }
            return problem.contains("entry flow 'Root'")
        }
        // Same entry name, other flows: Login's state in the Shop program.
        var login = try FlowNavigator<Login>()
        let data = login.savedState
        _ = try? login.back()
        #expect(throws: FlowError.self) { try FlowNavigator<Wayfarer>(restoring: data) }
    }

    @Test func aStateWithABadArgumentIsRefused() throws {
        var navigator = try FlowNavigator<Nav>()
        try navigator.send(.open(id: 1))
        let text = String(decoding: navigator.savedState, as: UTF8.self).replacingOccurrences(of: "\"1\"", with: "\"one\"")
        #expect { try FlowNavigator<Nav>(restoring: Data(text.utf8)) } throws: { error in
            guard case FlowError.invalidState(let problem) = error else { return false }
            return problem.contains("is not Int")
        }
    }
    @Test func aFlowTreeTheProgramCannotProduceIsRefusedWithTheEnginesMessage() throws {
        var navigator = try FlowNavigator<Shop>(assuming: [.loggedIn])
        try navigator.send(.ready)
        try navigator.send(.select(id: "42"))
        try navigator.send(.buy)
        // Checkout moved under the App, which never starts it.
        let json = try #require(try JSONSerialization.jsonObject(with: navigator.savedState) as? [String: Any])
        var flows = try #require(json["flows"] as? [[String: Any]])
        #expect(flows.map { $0["flow"] as? String } == ["App", "Shop", "Checkout"])
        flows[2]["parent"] = 0
        var edited = json
        edited["flows"] = flows
        let data = try JSONSerialization.data(withJSONObject: edited)
        let expected = FlowError.invalidState("flow #2 ('Checkout') runs under flow #0 ('App'), but 'App' never starts 'Checkout'")
        #expect(throws: expected) { try FlowNavigator<Shop>(restoring: data) }
        let before = navigator.savedState
        #expect(throws: expected) { try navigator.restore(data) }
        #expect(navigator.savedState == before)
        #expect(expected.description == "invalid saved state: flow #2 ('Checkout') runs under flow #0 ('App'), but 'App' never starts 'Checkout'")
    }

    @Test func aRepairingRestoreKeepsWhatTheProgramReachesAndReportsTheRest() throws {
        var navigator = try FlowNavigator<Shop>(assuming: [.loggedIn])
        try navigator.send(.ready)
        try navigator.send(.select(id: "42"))
        try navigator.send(.buy)
        // A release that no longer has the cart: the product stays, the sheet goes.
        let text = String(decoding: navigator.savedState, as: UTF8.self).replacingOccurrences(of: "Checkout.cart", with: "Checkout.basket")
        let expected = FlowError.invalidState("route 'Checkout.basket' no longer exists")
        #expect(throws: expected) { try FlowNavigator<Shop>(restoring: Data(text.utf8)) }
        let repaired = try FlowNavigator<Shop>(restoring: Data(text.utf8), repairing: true, restoringGuards: false)
        #expect(repaired.top == .shop(.product(id: "42")))
        #expect(!repaired.isAssumed(.loggedIn))
        #expect(repaired.restoreReport == FlowRestoreReport(dropped: [
            "1 screen from 'Checkout.basket' up in layer #1 (sheet): route 'Checkout.basket' no longer exists",
        ]))
        #expect(navigator.restoreReport == nil)
    }
}
