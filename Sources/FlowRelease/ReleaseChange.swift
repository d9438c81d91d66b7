/// One difference between two releases (docs/releases.md): what changed, whether
/// it breaks users of the old release, and a concrete example of each way
/// it does.
package struct ReleaseChange: Hashable, Sendable {
    /// What kind of difference.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `renamed`: a route or a flow that says `was(OldName)` (docs/language.md).
        case added, removed, renamed, changed
    }

    /// What the change is about, in the order reports list them.
    package enum Subject: String, Hashable, Sendable, CaseIterable {
        case program, flow, tabs, route, event, result, link, declaration, finding
    }

    /// Where a change is shown: a place in a file of the new release when
    /// it has one (for annotations on the changed lines), else the old.
    package struct Place: Hashable, Sendable {
        public var file: String
        public var line: Int
        package var column: Int
        /// Whether the place is in the new release.
        package var isNew: Bool
    }

    public var kind: Kind
    package var subject: Subject
    /// The name of what changed, as the old release has it: `Shop.product`, `shop://product/:id`, `Event.select(id:)`.
    public var name: String
    /// One line for people: `route Shop.product removed`.
    package var summary: String
    /// What users of the old release lose, each with its example: the URL
    /// that stops matching, the Swift declaration app code can no longer
    /// compile against, the saved screen that no longer restores, the
    /// route no user reaches any more. Empty when the change breaks nothing.
    public var breaks: [String] = []
    /// A concrete example of the change itself (`push settings` → `sheet settings`).
    public var example: String = ""
    package var place: Place?
    /// The program (its root file's name) the change is in.
    public var program: String = ""

    /// Whether a user of the old release is broken by it.
    package var isBreaking: Bool { !breaks.isEmpty }
}
