import FlowDSL
import FlowEngine
import FlowKit
@testable import FlowGenerator
import FlowTestSupport
import Foundation
import Testing

/// Per-screen events (issue 17; docs/generated-api.md "Per-screen events"):
/// each route's own enum of what it can send, and `SystemEvent`.
@Suite struct ScreenEventTests {
    static let source = """
        flow App [entry] {
          start home
          route home { on open -> start Detail  on settings -> sheet settings }
          route settings { on close -> dismiss }
          on logout -> set [home]
          on expired [system] -> set [home]
          on Detail.done -> stay
        }
        flow Detail {
          start page
          route page {
            on like(id: Int) -> stay
            on back -> pop
            on finished -> finish done
            on more -> start Sub
          }
          on share from Sub -> stay
          on Sub.done -> stay
        }
        flow Sub { start a  route a { on report -> finish done } }
        flow Other { start b  route b [final] { on elsewhere -> stay } }
        """

    func generated() throws -> String {
        let validation = Validation.run(text: Self.source, path: "t.flow")
        #expect(validation.errorCount == 0, "\(validation.diagnostics.map(\.message))")
        return try SwiftGenerator.generate(validation.program)
    }

    /// The cases of the enum `typeName` in the generated text, in order.
    func cases(of typeName: String, in source: String) -> [String] {
        guard let start = source.range(of: "enum \(typeName): FlowEvents {\n") else { return ["(no \(typeName))"] }
        var result: [String] = []
        for line in source[start.upperBound...].split(separator: "\n") {
            let text = line.drop { $0 == " " }
            if text.hasPrefix("var code") { break }
            if text.hasPrefix("case ") { result.append(String(text.dropFirst(5))) }
        }
        return result
    }

    @Test("a route's enum holds its own events and its flows' and the flows' above it; not back, results, system events or other branches")
    func whatEachScreenSends() throws {
        let source = try generated()
        #expect(cases(of: "HomeEvent", in: source) == ["open", "settings", "logout"])
        #expect(cases(of: "SettingsEvent", in: source) == ["close", "logout"])
        // Detail's page: App's, then its own; not Detail's `share from Sub`, whose scope is below it.
        #expect(cases(of: "PageEvent", in: source) == ["logout", "like(id: Swift.Int)", "finished", "more"])
        // Sub's screen: App's and Detail's scoped one, whose scope covers it; not Other's.
        #expect(cases(of: "AEvent", in: source) == ["logout", "share", "report"])
        #expect(cases(of: "BEvent", in: source) == ["elsewhere"])
        #expect(cases(of: "SystemEvent", in: source) == ["expired"])
    }

    @Test("a screen's events send through the typed navigator and store like the program's own")
    func sending() throws {
        var navigator = try FlowNavigator<Shop>(assuming: [.loggedIn])
        try navigator.send(Shop.Screen.App.SplashEvent.ready)
        #expect(navigator.top == .shop(.catalog))
        let effects = try navigator.send(Shop.Screen.Shop.CatalogEvent.select(id: "42"))
        #expect(effects == [.pushed(.shop(.product(id: "42")))])
        // Refused like any event: not handled where the user is now, the state unchanged.
        let before = navigator.layers
        #expect(throws: FlowError.self) { try navigator.send(Shop.Screen.App.SplashEvent.ready) }
        #expect(navigator.layers == before)
    }

    @Test("a sender delivers to the store and reports refusals")
    @MainActor func sender() throws {
        let store = try FlowStore<Shop>(assuming: [.loggedIn])
        let splash: FlowSender<Shop.Screen.App.SplashEvent> = store.sender()
        #expect(splash(.ready))
        #expect(store.top == .shop(.catalog))
        #expect(!splash(.ready))
        #expect(store.lastError != nil)
        var recorded: [Shop.Screen.Shop.CatalogEvent] = []
        let recorder = FlowSender<Shop.Screen.Shop.CatalogEvent> { recorded.append($0); return true }
        recorder(.select(id: "7"))
        #expect(recorded == [.select(id: "7")])
    }

    @Test("reset returns to the entry's start, keeping the guards")
    @MainActor func reset() throws {
        let store = try FlowStore<Shop>(assuming: [.loggedIn])
        store.send(.ready)
        store.send(.select(id: "42"))
        #expect(store.reset())
        #expect(store.top == .app(.splash))
        #expect(store.navigator.isAssumed(.loggedIn))
    }
}
