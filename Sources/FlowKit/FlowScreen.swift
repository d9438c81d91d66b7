/// A generated `Screen`: what a host reads of a screen before the user acts
/// (docs/generated-api.md "Screen facts"). The generated code conforms;
/// app code reads `screen.title`, a generic host `P.Screen`'s.
public protocol FlowScreen: Hashable, Sendable, Codable {
    /// The route's title in the flow file (`route login "Log in"`), or nil.
    var title: String? { get }
    /// Whether the route is `[noBack]`: a host shows no back button and
    /// turns the pop gesture off.
    var hidesBackButton: Bool { get }
    /// Whether the route is `[locked]`: the root of a sheet (or dialog,
    /// popover) the user cannot swipe away.
    var isLocked: Bool { get }
}
