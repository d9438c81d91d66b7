// The app's views: built on Apple platforms only (FlowKitUI is empty elsewhere).
#if canImport(SwiftUI)
import FlowKit
import Foundation
import FlowKitUI
import SwiftUI

/// The whole app: one `FlowHost` draws every screen the engine shows.
public struct BookshelfView: View {
    let model: BookshelfModel
    @SceneStorage("navigation") private var savedNavigation: Data?

    public init(model: BookshelfModel) {
        self.model = model
    }

    public var body: some View {
        FlowHost(model.store, tabLabel: tabLabel) { screen in
            ScreenView(screen: screen, model: model)
        }
        .onOpenURL { model.handle($0) }
        .onChange(of: model.store.layers) {
            savedNavigation = model.savedNavigation
        }
    }

    private func tabLabel(_ tab: Bookshelf.Tab) -> Text {
        switch tab {
        case .library: Text("Library")
        case .discover: Text("Discover")
        case .profile: Text("Profile")
        }
    }
}

/// One screen of the app, by its generated `Screen` value.
struct ScreenView: View {
    let screen: Bookshelf.Screen
    let model: BookshelfModel

    var body: some View {
        let store = model.store
        switch screen {
        case .bookshelf(.launch):
            ProgressView().task { @MainActor in model.launched() }
        case .signIn(.welcome):
            Button("Sign in") { store.send(.signIn) }
        case .signIn(.credentials):
            Form {
                Button("Sign in") { model.signIn() }
                Button("Forgot password?") { store.send(.forgotPassword) }
            }
        case .signIn(.resetPassword):
            Button("Send reset link") { store.send(.sent) }
        case .library(.shelf):
            List(["dune", "earthsea"], id: \.self) { id in
                Button(id) { store.send(.open(id: id)) }
            }
            .toolbar {
                Button("Add") { store.send(.addBook) }
                Button("Discover") { store.send(.browse) }
                Button("Account") { store.send(.account) }
            }
        case .library(.book(let id)), .discover(.book(let id)):
            Button("About the author of \(id)") { store.send(.openAuthor(name: "Author of \(id)")) }
        case .library(.author(let name)), .discover(.author(let name)):
            Text(name)
        case .library(.addBook):
            Form {
                Button("Save") { store.send(.save) }
                Button("Scan a barcode") { store.send(.scan) }
            }
        case .library(.scanner):
            Button("Found it") { store.send(.found(id: "scanned")) }
        case .discover(.featured):
            Form {
                Button("Book of the week") { store.send(.open(id: "week")) }
                Button("My books") { store.send(.myBooks) }
            }
        case .profile(.account):
            Form {
                Button("Settings") { store.send(.openSettings) }
                Button("My books") { store.send(.myBooks) }
                Button("Sign out") { model.signOut() }
            }
        case .profile(.settings):
            Text("Settings")
        }
    }
}
#endif
