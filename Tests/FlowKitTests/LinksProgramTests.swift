import FlowKit
import Testing

/// v2's parameter defaults and URL patterns through the typed API, on
/// `Tests/FlowKitTests/Fixtures/links.flow` (generated as `Links`).
@Suite struct LinksProgramTests {
    @Test func aScreensDefaultsAreItsAssociatedValuesDefaults() throws {
        var navigator = try FlowNavigator<Links>()
        try navigator.send(.open(id: "7"))
        #expect(navigator.top == .app(.post(id: "7")))
        #expect(navigator.top == .app(.post(id: "7", tab: 0, zoom: 1, draft: false, note: "a \"note\"")))
        try navigator.back()
        try navigator.send(.openAt(id: "7", tab: 3))
        #expect(navigator.top == .app(.post(id: "7", tab: 3)))
    }

    @Test func aLinkStepThatLeavesParametersOutGetsTheirDefaults() throws {
        var navigator = try FlowNavigator<Links>()
        try navigator.open(Links.postURL(id: "a/b"))
        #expect(navigator.top == .app(.post(id: "a/b")))
    }
}
