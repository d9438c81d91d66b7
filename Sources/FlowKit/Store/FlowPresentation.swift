/// A layer presented over another: what a `.sheet(item:)`, `.fullScreenCover(item:)`,
/// `.popover(item:)`, `.alert` or `.confirmationDialog` shows.
///
/// Its identity is the presented layer's place, kind and root screen, so a sheet replaced by
/// another in one step is presented anew, and a binding written for a layer that has gone
/// already (SwiftUI dismissing nested presentations one by one) is recognised and ignored.
public struct FlowPresentation<P: FlowProgram>: Identifiable, Hashable, Sendable {
    /// What tells one presentation from another.
    public struct ID: Hashable, Sendable {
        /// The index of the presented layer in `FlowNavigator.layers`.
        public var layer: Int
        /// How it is presented.
        public var kind: FlowLayerKind
        /// Its first screen (for a tab container, its first tab's).
        public var root: P.Screen
    }

    /// The presentation's identity.
    public var id: ID

    /// The index of the presented layer in `FlowNavigator.layers` (one above the presenting layer).
    public var layer: Int { id.layer }

    /// How it is presented.
    public var kind: FlowLayerKind { id.kind }

    /// The presented layer's first screen: for an alert or a dialog, its only one.
    public var root: P.Screen { id.root }
}
