import FlowKit
import Foundation
import Testing

@MainActor
@Suite("FlowStore: the app's steps")
struct StoreStepTests {
    @Test("a refused event changes nothing and says why; the next step that succeeds clears the error")
    func refusedEvent() throws {
        let store = try stacksStore([.open(id: 1)])
        let before = snapshot(store)
        #expect(!store.send(.pay))
        #expect(snapshot(store) == before)
        #expect(store.lastError != nil)
        #expect(store.refusedWrites == 0)     // not a write from the UI
        #expect(store.send(.more(id: 1)))
        #expect(store.lastError == nil)
    }

    @Test("back, deep links and their refusals")
    func backAndLinks() throws {
        let store = try stacksStore([.open(id: 1)])
        #expect(store.back())
        #expect(store.top == .stacks(.home))
        #expect(!store.back())

        #expect(store.open("stacks://detail/42"))
        #expect(store.layers.map(\.stack) == [[.stacks(.home), .stacks(.detail(id: 42))]])
        let before = snapshot(store)
        #expect(!store.open("stacks://detail/not-a-number"))
        #expect(!store.open("other://detail/1"))
        #expect(snapshot(store) == before)
        #expect(store.open("stacks://help"))
        #expect(store.top == .stacks(.help))
    }

    @Test("every step that succeeds is observed and delivered to the effect streams, in order")
    func effectStream() async throws {
        let store = try FlowStore<Stacks>()
        let stream = store.effects()
        var iterator = stream.makeAsyncIterator()
        #expect(store.send(.open(id: 1)))
        #expect(!store.send(.pay))              // refused: nothing delivered
        #expect(store.back())
        let first = await iterator.next()
        let second = await iterator.next()
        #expect(first == [.pushed(.stacks(.detail(id: 1)))])
        #expect(second == [.popped(.stacks(.detail(id: 1)))])
    }

    @Test("observers of the top screen see app steps")
    func observation() throws {
        let store = try FlowStore<Stacks>()
        let probe = ObservationProbe { _ = store.top }
        #expect(store.send(.settings))
        #expect(probe.didFire)
    }

    @Test("a saved state restores the same screen; a damaged one is refused")
    func savedState() throws {
        let store = try stacksStore([.open(id: 3), .settings, .advanced])
        let data = store.savedState
        let restored = try FlowStore<Stacks>(restoring: data)
        #expect(snapshot(restored) == snapshot(store))
        #expect(throws: (any Error).self) { try FlowStore<Stacks>(restoring: Data("{".utf8)) }
        #expect(throws: (any Error).self) { try FlowStore<Tabbed>(restoring: data) }
    }
}
