import FlowKit
import Testing

@MainActor
@Suite("FlowStore: presentations dismissed by the user")
struct StorePresentationTests {
    @Test("what is presented over each layer, by kind")
    func presentations() throws {
        let store = try stacksStore([.settings, .help])
        let settings = try #require(store.presentation(over: 0))
        #expect(settings.kind == .sheet && settings.layer == 1 && settings.root == .stacks(.settings))
        #expect(store.presentation(over: 0, kind: .sheet) == settings)
        #expect(store.presentation(over: 0, kind: .cover) == nil)
        #expect(store.presentation(over: 1)?.root == .stacks(.help))
        #expect(store.presentation(over: 2) == nil)
        #expect(store.presentation(over: -1) == nil)

        let cover = try stacksStore([.promo])
        #expect(cover.presentation(over: 0, kind: .cover)?.root == .stacks(.promo))
        #expect(cover.presentation(over: 0, kind: .sheet) == nil)
    }

    @Test("a sheet swiped down goes with the screens pushed in it, in one step")
    func sheetWithStack() throws {
        let store = try stacksStore([.settings, .advanced])
        let sheet = try #require(store.presentation(over: 0))
        var steps = 0
        store.onEffects = { _ in steps += 1 }
        let probe = ObservationProbe { _ = store.presentation(over: 0) }

        store.userDismissed(sheet.id)

        #expect(store.layers.map(\.stack) == [[.stacks(.home)]])
        #expect(steps == 1)
        #expect(probe.didFire)
        #expect(store.refusedWrites == 0)
    }

    @Test("nested sheets dismissed one at a time: each is its own step")
    func oneAtATime() throws {
        let store = try stacksStore([.settings, .help])
        var steps = 0
        store.onEffects = { _ in steps += 1 }
        store.userDismissed(try #require(store.presentation(over: 1)).id)
        #expect(store.layers.map(\.stack) == [[.stacks(.home)], [.stacks(.settings)]])
        store.userDismissed(try #require(store.presentation(over: 0)).id)
        #expect(store.layers.map(\.stack) == [[.stacks(.home)]])
        #expect(steps == 2)
    }

    @Test("a parent sheet dismissed takes the sheet over it in the same step; the late write about the child is ignored")
    func parentDismissal() throws {
        let store = try stacksStore([.settings, .help])
        let parent = try #require(store.presentation(over: 0))
        let child = try #require(store.presentation(over: 1))
        var steps = 0
        store.onEffects = { _ in steps += 1 }

        store.userDismissed(parent.id)
        store.userDismissed(child.id)

        #expect(store.layers.map(\.stack) == [[.stacks(.home)]])
        #expect(steps == 1)
        #expect(store.refusedWrites == 0)
    }

    @Test("a write about a presentation that was replaced by another is ignored")
    func staleIdentity() throws {
        let store = try stacksStore([.settings])
        let settings = try #require(store.presentation(over: 0))
        store.userDismissed(settings.id)
        #expect(store.send(.terms))
        store.userDismissed(settings.id)     // the settings sheet is gone; the terms sheet stays
        #expect(store.presentation(over: 0)?.root == .stacks(.terms))
        #expect(store.refusedWrites == 0)
    }

    @Test("a [locked] sheet and a cover cannot be dismissed by the user: nothing changes, the views re-read", arguments: [
        Stacks.Event.terms, .promo,
    ])
    func undismissable(event: Stacks.Event) throws {
        let store = try stacksStore([event])
        let presented = try #require(store.presentation(over: 0))
        let before = snapshot(store)
        let probe = ObservationProbe { _ = store.presentation(over: 0) }

        store.userDismissed(presented.id)

        #expect(snapshot(store) == before)
        #expect(store.refusedWrites == 1)
        #expect(store.lastError != nil)
        #expect(probe.didFire)
    }

    @Test("a parent sheet under a [locked] one cannot be dismissed: the whole dismissal is refused")
    func lockedAbove() throws {
        let store = try stacksStore([.settings, .legal])
        let before = snapshot(store)
        store.userDismissed(try #require(store.presentation(over: 0)).id)
        #expect(snapshot(store) == before)
        #expect(store.refusedWrites == 1)
    }
}
