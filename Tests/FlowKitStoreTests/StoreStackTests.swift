import FlowKit
import Testing

/// A store at `steps` of the Stacks program, each event required to succeed.
@MainActor
func stacksStore(_ events: [Stacks.Event]) throws -> FlowStore<Stacks> {
    let store = try FlowStore<Stacks>()
    for event in events {
        try #require(store.send(event), "event \(event) was refused: \(String(describing: store.lastError))")
    }
    return store
}

@MainActor
@Suite("FlowStore: navigation stacks written by the UI")
struct StoreStackTests {
    @Test("a shorter path is one step of backs, and observers see it")
    func shorterPathIsOneStep() throws {
        let store = try stacksStore([.open(id: 1), .more(id: 1)])
        #expect(store.path(layer: 0) == [.stacks(.detail(id: 1)), .stacks(.more(id: 1))])
        var steps = 0
        store.onEffects = { _ in steps += 1 }
        let probe = ObservationProbe { _ = store.path(layer: 0) }

        #expect(store.setPath([], layer: 0))

        #expect(store.layers.map(\.stack) == [[.stacks(.home)]])
        #expect(steps == 1)
        #expect(probe.didFire)
        #expect(store.lastError == nil)
    }

    @Test("a path popped by one screen pops one screen")
    func popOne() throws {
        let store = try stacksStore([.open(id: 1), .more(id: 1)])
        #expect(store.setPath([.stacks(.detail(id: 1))], layer: 0))
        #expect(store.top == .stacks(.detail(id: 1)))
    }

    @Test("the same path is no step")
    func samePathIsNoStep() throws {
        let store = try stacksStore([.open(id: 1)])
        var steps = 0
        store.onEffects = { _ in steps += 1 }
        #expect(store.setPath([.stacks(.detail(id: 1))], layer: 0))
        #expect(store.setPath([], layer: 0) && store.setPath([], layer: 0))
        #expect(steps == 1)
        #expect(store.refusedWrites == 0)
    }

    @Test("writes the engine cannot follow are refused, change nothing and make the views re-read", arguments: [
        // a longer path: the UI pushed by itself
        [Stacks.Screen.stacks(.detail(id: 1)), .stacks(.more(id: 1)), .stacks(.more(id: 2))],
        // not a prefix of the stack
        [.stacks(.detail(id: 2))],
        // the same length, another screen
        [.stacks(.detail(id: 1)), .stacks(.more(id: 9))],
    ])
    func refusedPaths(path: [Stacks.Screen]) throws {
        let store = try stacksStore([.open(id: 1), .more(id: 1)])
        let before = snapshot(store)
        let probe = ObservationProbe { _ = store.path(layer: 0) }

        #expect(!store.setPath(path, layer: 0))

        #expect(snapshot(store) == before)
        #expect(store.refusedWrites == 1)
        #expect(store.lastError != nil)
        #expect(probe.didFire)
    }

    @Test("a [noBack] screen cannot be popped by the UI: the path snaps back")
    func noBackRefuses() throws {
        let store = try stacksStore([.open(id: 1), .confirm])
        let before = snapshot(store)
        #expect(!store.setPath([.stacks(.detail(id: 1))], layer: 0))
        #expect(!store.setPath([], layer: 0))
        #expect(snapshot(store) == before)
        #expect(store.refusedWrites == 2)
    }

    @Test("popping across a child flow's first screen finishes it with cancel")
    func popAcrossChildFlow() throws {
        let store = try stacksStore([.checkout, .pay])
        #expect(store.path(layer: 0) == [.checkout(.cart), .checkout(.payment)])
        #expect(store.setPath([], layer: 0))
        #expect(store.layers.map(\.stack) == [[.stacks(.home)]])
        // The child is gone: its events are no longer handled.
        #expect(!store.send(.pay))
    }

    @Test("popping into a child flow keeps it running")
    func popWithinChildFlow() throws {
        let store = try stacksStore([.checkout, .pay])
        #expect(store.setPath([.checkout(.cart)], layer: 0))
        #expect(store.send(.pay))
    }

    @Test("a path written for a layer under a sheet, or for no layer, is refused")
    func wrongLayer() throws {
        let store = try stacksStore([.open(id: 1), .settings])
        let before = snapshot(store)
        #expect(!store.setPath([], layer: 0))
        #expect(!store.setPath([], layer: 7))
        #expect(!store.setPath([], layer: -1))
        #expect(snapshot(store) == before)
        #expect(store.path(layer: 7).isEmpty && store.root(layer: 7) == nil)
    }

    @Test("a sheet's own stack is a path too")
    func sheetPath() throws {
        let store = try stacksStore([.settings, .advanced])
        #expect(store.root(layer: 1) == .stacks(.settings))
        #expect(store.path(layer: 1) == [.stacks(.advanced)])
        #expect(store.setPath([], layer: 1))
        #expect(store.layers.map(\.stack) == [[.stacks(.home)], [.stacks(.settings)]])
    }
}
