/// A generated enum of some of a program's events: the events one screen
/// can send (`Shop.Screen.Shop.ProductEvent`), or the program's system
/// events (`Shop.SystemEvent`).
///
/// A view that is handed a `FlowSender` of its screen's type can send only
/// what its route can dispatch (its handlers and those of the flows above
/// it), so removing a handler from the `.flow` file breaks the views that
/// send it at compile time. App code never conforms to it by hand.
public protocol FlowEvents<Program>: Hashable, Sendable {
    /// The program the events belong to.
    associatedtype Program: FlowProgram
    /// The event's index in the program's event list and its arguments.
    var code: FlowCode { get }
}

/// Sends the events of one screen (`FlowEvents`) through a store: what a
/// screen's view holds instead of the store, so that it can send nothing
/// its screen cannot.
///
/// ```swift
/// struct ProductView: View {
///     let send: FlowSender<Shop.Screen.Shop.ProductEvent>
///     var body: some View { Button("Buy") { send(.buy) } }
/// }
/// ProductView(send: store.sender())
/// ```
@MainActor
public struct FlowSender<Events: FlowEvents> {
    let deliver: @MainActor (Events) -> Bool

    /// A sender that hands each event to `deliver` (a test's recorder, say),
    /// which returns whether the step was taken.
    public init(_ deliver: @escaping @MainActor (Events) -> Bool) {
        self.deliver = deliver
    }

    /// Sends `event`. Returns false, changing nothing, when it is refused
    /// (the store's `lastError` says why).
    @discardableResult
    public func callAsFunction(_ event: Events) -> Bool {
        deliver(event)
    }
}
