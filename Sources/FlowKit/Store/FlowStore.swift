import Observation

/// An observable owner of a `FlowNavigator` for SwiftUI: the single source of truth of an app's navigation.
///
/// Views read the navigation from the store (`layers`, `path(layer:tab:)`, `presentation(over:kind:)`,
/// `selectedTab(layer:)`) and SwiftUI tracks what each view read. Every change is an engine step:
/// the app's own steps (`send`, `back`, `open`, `selectTab`, `assume`) and what the user
/// did on screen, which SwiftUI writes back through bindings (`setPath`, `userDismissed`,
/// `setSelectedTab`). A step the engine refuses changes nothing; the store records the error in
/// `lastError` and, for a write from the UI, tells the views to re-read the state so that the
/// screen snaps back to what the engine holds.
///
/// ```swift
/// @State var store = try! FlowStore<App>()   // in an app: handle the error
/// store.send(.select(id: "42"))
/// ```
@MainActor
@Observable
public final class FlowStore<P: FlowProgram> {
    /// The engine. Read it freely; change it only through the store's steps.
    public private(set) var navigator: FlowNavigator<P>

    /// Why the last step was refused; nil after a step that succeeded.
    public private(set) var lastError: FlowError?

    /// How many writes from the UI the store refused. Every binding getter reads it, so a refusal
    /// makes SwiftUI re-read the engine's state even though the state did not change.
    public private(set) var refusedWrites = 0

    /// Called on the main actor after every step that succeeded, with the step's effects
    /// (for an app that animates, logs or reacts to navigation).
    @ObservationIgnored public var onEffects: (([FlowEffect<P>]) -> Void)?

    @ObservationIgnored var effectContinuations: [Int: AsyncStream<[FlowEffect<P>]>.Continuation] = [:]
    @ObservationIgnored var nextContinuationKey = 0
    @ObservationIgnored var pendingDismissals: [FlowPresentation<P>.ID] = []

    /// A store whose engine starts the entry flow with `guards` set.
    public init(assuming guards: [P.Guard] = []) throws {
        navigator = try FlowNavigator<P>(assuming: guards)
    }

    /// A store around an engine in any state (a restored one, or one a test prepared).
    public init(navigator: FlowNavigator<P>) {
        self.navigator = navigator
    }

    deinit {
        for continuation in effectContinuations.values { continuation.finish() }
    }

    // MARK: Reading

    /// The layers on screen, bottom first.
    public var layers: [FlowLayer<P>] { navigator.layers }

    /// The active route: the top entry of the top layer.
    public var top: P.Screen { navigator.top }

    // MARK: The app's steps

    /// Sends a user event to the active route. Returns false, changing nothing, when it is refused.
    @discardableResult
    public func send(_ event: P.Event) -> Bool {
        step { try $0.send(event) }
    }

    /// Sends an event of one screen (its views hold a `sender()` instead of the store), or a
    /// system event (`P.SystemEvent`: what the app itself reports, such as a revoked token).
    @discardableResult
    public func send<E: FlowEvents>(_ event: E) -> Bool where E.Program == P {
        step { try $0.send(event) }
    }

    /// A sender of one screen's events, for the view that draws it: it can send nothing else.
    public func sender<E: FlowEvents>(for events: E.Type = E.self) -> FlowSender<E> where E.Program == P {
        FlowSender { [weak self] event in self?.send(event) ?? false }
    }

    /// Returns to the entry flow's start (a forced log-out, say): every layer and flow goes,
    /// the guards keep their values (set them first with `assume`). Returns false, changing
    /// nothing, when the start cannot be shown.
    @discardableResult
    public func reset() -> Bool {
        step { try $0.reset() }
    }

    /// The system back button: the implicit back or the route's `back` handler.
    @discardableResult
    public func back() -> Bool {
        step { try $0.back() }
    }

    /// Opens a deep link (say, from `onOpenURL`).
    @discardableResult
    public func open(_ url: String) -> Bool {
        step { try $0.open(url) }
    }

    /// The user's tap on a tab of the tab container on top of the screen (the language's
    /// `tab T` step): it is selected, every tab keeping its stack; tapping the selected tab pops
    /// it to its root. For a tab bar the app draws itself; `FlowHost` uses `setSelectedTab`.
    @discardableResult
    public func selectTab(_ tab: P.Tab) -> Bool {
        step { try $0.selectTab(tab) }
    }

    /// Sets or clears a guard. A step like any other: a pending deep link may open.
    public func assume(_ guardValue: P.Guard, _ value: Bool = true) {
        step { navigator in navigator.assume(guardValue, value) }
    }

    /// Runs one engine step in place: the navigator leaves its state unchanged when a step
    /// throws, so nothing is copied (a copy of the engine's state per step would cost more
    /// than the step), and observers are told once, around the mutation.
    @discardableResult
    func step(_ body: (inout FlowNavigator<P>) throws -> [FlowEffect<P>]) -> Bool {
        let effects: [FlowEffect<P>]
        do {
            effects = try _$observationRegistrar.withMutation(of: self, keyPath: \.navigator) {
                try body(&_navigator)
            }
        } catch let error as FlowError {
            lastError = error
            return false
        } catch {
            // The navigator throws only FlowError; keep whatever else as a description.
            lastError = .invalidState(String(describing: error))
            return false
        }
        if lastError != nil { lastError = nil }
        deliver(effects)
        return true
    }

    /// A step caused by a write from the UI: a refusal also makes the views re-read the state.
    @discardableResult
    func userStep(_ body: (inout FlowNavigator<P>) throws -> [FlowEffect<P>]) -> Bool {
        if step(body) { return true }
        refusedWrites &+= 1
        return false
    }

    /// Marks a write from the UI that the store refused without asking the engine.
    func refuseWrite(_ error: FlowError) {
        lastError = error
        refusedWrites &+= 1
    }
}
