import FlowKit
import Testing

@MainActor
@Suite("FlowStore: tabs")
struct StoreTabTests {
    @Test("each tab has its own path; the tab view's selection is the engine's")
    func tabPaths() throws {
        let store = try FlowStore<Tabbed>()
        #expect(store.tabs(layer: 0) == [.search, .profile])
        #expect(store.tabs(layer: 1) == [])
        #expect(store.selectedTab(layer: 0) == .search)
        #expect(store.send(.find(query: "owls")))
        #expect(store.path(layer: 0, tab: .search) == [.search(.results(query: "owls"))])
        #expect(store.path(layer: 0, tab: .profile) == [])
        #expect(store.root(layer: 0, tab: .profile) == .profile(.profile))
        #expect(store.path(layer: 0) == store.path(layer: 0, tab: .search))
    }

    @Test("a select action switches tabs, each keeping its stack, and observers of the selection see it")
    func selectAction() throws {
        let store = try FlowStore<Tabbed>()
        #expect(store.send(.find(query: "owls")))
        let probe = ObservationProbe { _ = store.selectedTab(layer: 0) }
        #expect(store.send(.showProfile))
        #expect(probe.didFire)
        #expect(store.selectedTab(layer: 0) == .profile)
        #expect(store.send(.showSearch))
        #expect(store.top == .search(.results(query: "owls")))
    }

    @Test("tapping the selected tab is no step")
    func tapSelected() throws {
        let store = try FlowStore<Tabbed>()
        var steps = 0
        store.onEffects = { _ in steps += 1 }
        #expect(store.setSelectedTab(.search, layer: 0))
        #expect(steps == 0 && store.refusedWrites == 0)
    }

    @Test("tapping another tab is the tab step: selected, every stack kept, observers of the selection see it")
    func tapOther() throws {
        let store = try FlowStore<Tabbed>()
        #expect(store.send(.find(query: "owls")))
        let probe = ObservationProbe { _ = store.selectedTab(layer: 0) }
        var effects: [FlowEffect<Tabbed>] = []
        store.onEffects = { effects += $0 }
        #expect(store.setSelectedTab(.profile, layer: 0))
        #expect(probe.didFire)
        #expect(effects == [.tabSelected(.profile)])
        #expect(store.selectedTab(layer: 0) == .profile)
        #expect(store.top == .profile(.profile))
        #expect(store.refusedWrites == 0)
        #expect(store.setSelectedTab(.search, layer: 0))
        #expect(store.top == .search(.results(query: "owls")))
    }

    @Test("a tab's path popped by the user is syncStack on that tab")
    func tabPathPop() throws {
        let store = try FlowStore<Tabbed>()
        #expect(store.send(.find(query: "owls")) && store.send(.refine))
        #expect(store.setPath([.search(.results(query: "owls"))], layer: 0, tab: .search))
        #expect(store.top == .search(.results(query: "owls")))
    }

    @Test("writes about a tab that is not selected, or a tab bar under a sheet, are refused")
    func refusedTabWrites() throws {
        let store = try FlowStore<Tabbed>()
        #expect(store.send(.find(query: "owls")))
        #expect(store.send(.showProfile))
        #expect(store.send(.edit))
        #expect(store.send(.showSearch))
        let before = snapshot(store)
        // The profile tab is not selected: its NavigationStack cannot have been popped.
        #expect(!store.setPath([], layer: 0, tab: .profile))
        #expect(snapshot(store) == before)

        #expect(store.send(.filters))
        let withSheet = snapshot(store)
        #expect(!store.setSelectedTab(.search, layer: 0))
        #expect(!store.setSelectedTab(.search, layer: 3))
        #expect(!store.setSelectedTab(.search, layer: 1))     // the sheet is not a tab container
        #expect(snapshot(store) == withSheet)
        #expect(store.refusedWrites == 4)
    }
}

@MainActor
@Suite("FlowStore: the app's tab step")
struct StoreSelectTabTests {
    @Test("selectTab is the user's tap: another tab is selected; the selected one pops to its root")
    func selectTab() throws {
        let store = try FlowStore<Tabbed>()
        #expect(store.send(.find(query: "owls")))
        #expect(store.selectTab(.profile))
        #expect(store.top == .profile(.profile))
        #expect(store.selectTab(.search))
        #expect(store.top == .search(.results(query: "owls")))
        #expect(store.selectTab(.search))
        #expect(store.top == .search(.search))
    }

    @Test("selectTab under a sheet is refused and changes nothing")
    func refusedUnderSheet() throws {
        let store = try FlowStore<Tabbed>()
        #expect(store.send(.filters))
        let before = snapshot(store)
        #expect(!store.selectTab(.profile))
        #expect(snapshot(store) == before)
        #expect(store.lastError != nil)
    }
}
