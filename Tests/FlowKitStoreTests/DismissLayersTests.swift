import FlowKit
import Testing

@Suite("FlowNavigator.dismissLayers: the user dismissed a layer and everything above it")
struct DismissLayersTests {
    @Test("a sheet with a pushed screen goes in one step, as backs: pop, then dismiss")
    func dismissesAsBacks() throws {
        var navigator = try FlowNavigator<Stacks>()
        for event: Stacks.Event in [.settings, .advanced] { _ = try navigator.send(event) }
        let effects = try navigator.dismissLayers(from: 1)
        #expect(navigator.layers.map(\.stack) == [[.stacks(.home)]])
        #expect(effects == [.popped(.stacks(.advanced)), .dismissed(.sheet)])
    }

    @Test("no such modal layer, the base layer, a locked sheet, a cover: throws and changes nothing", arguments: [
        ([Stacks.Event.settings], 0),
        ([.settings], 2),
        ([.settings], -1),
        ([.terms], 1),
        ([.promo], 1),
        ([.settings, .legal], 1),
    ])
    func refusals(events: [Stacks.Event], index: Int) throws {
        var navigator = try FlowNavigator<Stacks>()
        for event in events { _ = try navigator.send(event) }
        let before = navigator.layers
        #expect(throws: FlowError.self) { try navigator.dismissLayers(from: index) }
        #expect(navigator.layers == before)
    }
}

extension DismissLayersTests {
    @Test("nested sheets: dismissing the lower one takes both")
    func nested() throws {
        var navigator = try FlowNavigator<Stacks>()
        for event: Stacks.Event in [.settings, .help] { _ = try navigator.send(event) }
        let effects = try navigator.dismissLayers(from: 1)
        #expect(navigator.layers.map(\.stack) == [[.stacks(.home)]])
        #expect(effects == [.dismissed(.sheet), .dismissed(.sheet)])
    }
}
