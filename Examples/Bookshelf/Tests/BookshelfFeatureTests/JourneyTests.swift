import BookshelfFeature
import FlowKit
import Foundation
import Testing

/// Journeys through the Bookshelf app, written against the Swift generated from
/// `Navigation/Bookshelf.flow`: what the user taps (events), what SwiftUI writes back
/// (popped paths, dismissed sheets, tab taps), deep links and saved states.
@MainActor
@Suite("Bookshelf journeys")
struct JourneyTests {
    /// A model that launched and signed in: the library tab's shelf.
    private func signedIn() throws -> BookshelfModel {
        let model = try BookshelfModel()
        model.launched()
        #expect(model.store.top == .signIn(.welcome))
        #expect(model.store.presentation(over: 0, kind: .cover)?.root == .signIn(.welcome))
        #expect(model.store.send(.signIn))
        model.signIn()
        return model
    }

    @Test("sign in, then the shelf of the library tab")
    func signIn() throws {
        let model = try signedIn()
        #expect(model.store.top == .library(.shelf))
        #expect(model.store.layers.count == 1)
        #expect(model.store.tabs(layer: 0) == [.library, .discover, .profile])
        #expect(model.store.selectedTab(layer: 0) == .library)
    }

    @Test("a screen's sender sends that screen's events; sent from elsewhere, one is refused with the engine's reason")
    func screenSender() throws {
        let model = try signedIn()
        #expect(!model.showAuthor(named: "Ursula K. Le Guin"))
        let reason = model.store.lastError?.description ?? ""
        #expect(reason.contains("openAuthor") && reason.contains("shelf"), "\(reason)")
        #expect(model.store.top == .library(.shelf))
        #expect(model.store.send(.open(id: "earthsea")))
        #expect(model.showAuthor(named: "Ursula K. Le Guin"))
        #expect(model.store.top == .library(.author(name: "Ursula K. Le Guin")))
    }

    @Test("a signed-in launch skips the sign-in cover")
    func signedInLaunch() throws {
        let model = try BookshelfModel(signedIn: true)
        model.launched()
        #expect(model.store.top == .library(.shelf))
    }

    @Test("the user pops with the back button's menu: one step back to the shelf")
    func userPops() throws {
        let model = try signedIn()
        let store = model.store
        #expect(store.send(.open(id: "dune")))
        #expect(model.showAuthor(named: "Frank Herbert"))
        #expect(store.path(layer: 0, tab: .library) == [.library(.book(id: "dune")), .library(.author(name: "Frank Herbert"))])

        #expect(store.setPath([], layer: 0, tab: .library))

        #expect(store.top == .library(.shelf))
    }

    @Test("switching tabs keeps each tab's stack; a tap on the selected tab is no step")
    func tabs() throws {
        let model = try signedIn()
        let store = model.store
        #expect(store.send(.open(id: "dune")))
        #expect(store.send(.browse))
        #expect(store.selectedTab(layer: 0) == .discover)
        #expect(store.top == .discover(.featured))
        #expect(store.send(.open(id: "week")))
        #expect(store.send(.myBooks))
        #expect(store.top == .library(.book(id: "dune")))
        #expect(store.path(layer: 0, tab: .discover) == [.discover(.book(id: "week"))])
        #expect(store.setSelectedTab(.library, layer: 0))
        #expect(store.top == .library(.book(id: "dune")))
    }

    @Test("a tap on another tab selects it, and a tap back finds the first tab's stack as it was")
    func tabTap() throws {
        let model = try signedIn()
        let store = model.store
        #expect(store.send(.open(id: "dune")))
        #expect(store.setSelectedTab(.profile, layer: 0))
        #expect(store.selectedTab(layer: 0) == .profile)
        #expect(store.refusedWrites == 0)
        #expect(store.setSelectedTab(.library, layer: 0))
        #expect(store.top == .library(.book(id: "dune")))
    }

    @Test("adding a book: a sheet with its own stack, swiped down in one step")
    func addBookSheet() throws {
        let model = try signedIn()
        let store = model.store
        #expect(store.send(.addBook) && store.send(.scan))
        #expect(store.layers.map(\.stack) == [[.library(.shelf)], [.library(.addBook), .library(.scanner)]])
        store.userDismissed(try #require(store.presentation(over: 0, kind: .sheet)).id)
        #expect(store.layers.map(\.stack) == [[.library(.shelf)]])
    }

    @Test("a scanned book: the sheet goes and the book is pushed, in one event")
    func scan() throws {
        let model = try signedIn()
        let store = model.store
        #expect(store.send(.addBook) && store.send(.scan) && store.send(.found(id: "isbn-1")))
        #expect(store.layers.map(\.stack) == [[.library(.shelf), .library(.book(id: "isbn-1"))]])
    }

    @Test("a deep link from another tab rebuilds the library tab")
    func deepLink() throws {
        let model = try signedIn()
        #expect(model.store.send(.browse))
        #expect(model.handle(URL(string: "bookshelf://book/earthsea")!))
        #expect(model.store.selectedTab(layer: 0) == .library)
        #expect(model.store.path(layer: 0, tab: .library) == [.library(.book(id: "earthsea"))])
    }

    @Test("a URL the app does not know changes nothing")
    func unknownLink() throws {
        let model = try signedIn()
        let before = model.store.top
        #expect(!model.handle(URL(string: "bookshelf://nowhere")!))
        #expect(model.store.top == before)
        #expect(model.store.lastError != nil)
    }

    @Test("a refused step: an event the screen does not handle, and a cover the user cannot swipe away")
    func refusedSteps() throws {
        let model = try BookshelfModel()
        model.launched()
        let store = model.store
        #expect(!store.send(.save))
        #expect(store.top == .signIn(.welcome))
        store.userDismissed(try #require(store.presentation(over: 0)).id)
        #expect(store.top == .signIn(.welcome))
        #expect(store.refusedWrites == 1)
    }

    @Test("signing out goes back to the sign-in screen")
    func signOut() throws {
        let model = try signedIn()
        #expect(model.store.send(.account))
        #expect(model.store.top == .profile(.account))
        model.signOut()
        #expect(model.store.top == .signIn(.welcome))
        #expect(model.store.layers.count == 1)
        #expect(!model.isSignedIn)
    }

    @Test("the navigation saved at one launch is restored at the next")
    func savedAndRestored() throws {
        let model = try signedIn()
        #expect(model.store.send(.addBook))
        #expect(model.store.send(.scan))
        let data = model.savedNavigation

        let next = try BookshelfModel(restoring: data, signedIn: true)
        #expect(next.store.layers.map(\.stack) == model.store.layers.map(\.stack))
        #expect(next.store.top == .library(.scanner))
        #expect(next.store.presentation(over: 0, kind: .sheet)?.root == .library(.addBook))
        #expect(throws: (any Error).self) { try BookshelfModel(restoring: Data("[]".utf8), signedIn: true) }
    }
}
