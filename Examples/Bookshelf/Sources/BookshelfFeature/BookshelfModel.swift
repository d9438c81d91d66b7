import FlowKit
import Foundation
import Observation

/// The Bookshelf app's model: its navigation store plus the little state the screens share.
///
/// Every navigation change goes through `store`, whose engine runs the program that
/// `Navigation/Bookshelf.flow` describes; the names used here (`Bookshelf.Event.open(id:)`,
/// `Bookshelf.Screen.library(.book(id:))`, ...) are generated from that file on every build,
/// so renaming a route or an event there breaks this file at compile time, not at run time.
/// Each screen's events have their own type (`Bookshelf.Screen.SignIn.CredentialsEvent`): code
/// that acts for one screen sends only what that screen can send, and removing a handler from
/// the `.flow` file breaks the code that sends it (CI removes one to check).
@MainActor
@Observable
public final class BookshelfModel {
    /// The navigation.
    public let store: FlowStore<Bookshelf>

    /// Whether someone is signed in (the `signedIn` guard of the flow files follows it).
    public private(set) var isSignedIn: Bool

    /// Starts the app, signed in or not.
    public init(signedIn: Bool = false) throws {
        store = try FlowStore(assuming: signedIn ? [.signedIn] : [])
        isSignedIn = signedIn
    }

    /// Starts the app from a saved navigation state (see `savedNavigation`).
    public init(restoring data: Data, signedIn: Bool) throws {
        store = try FlowStore(restoring: data)
        isSignedIn = signedIn
        store.assume(.signedIn, signedIn)
    }

    /// The launch screen finished loading.
    public func launched() { store.send(Bookshelf.Screen.Bookshelf.LaunchEvent.ready) }

    /// The user signed in on the credentials screen.
    public func signIn() {
        isSignedIn = true
        store.assume(.signedIn)
        store.send(Bookshelf.Screen.SignIn.CredentialsEvent.submit)
    }

    /// The user signed out from the profile tab.
    public func signOut() {
        isSignedIn = false
        store.assume(.signedIn, false)
        store.send(Bookshelf.Screen.Profile.AccountEvent.signOut)
    }

    /// What the library's book screen sends: its view holds this sender, not the store.
    public var libraryBook: FlowSender<Bookshelf.Screen.Library.BookEvent> { store.sender() }

    /// The author button of a book in the library tab. Returns whether the step was taken.
    @discardableResult
    public func showAuthor(named name: String) -> Bool {
        libraryBook(.openAuthor(name: name))
    }

    /// A URL the app was asked to open (`onOpenURL`). Returns whether it was a Bookshelf link.
    @discardableResult
    public func handle(_ url: URL) -> Bool {
        store.open(url.absoluteString)
    }

    /// The navigation to save (in `@SceneStorage`, say) and restore at the next launch.
    public var savedNavigation: Data {
        store.savedState
    }
}
