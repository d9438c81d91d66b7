/// Where a route can stand on the screen, as a set of bits: the ways it can
/// be reached (docs/language.md#how-a-program-runs decides from these whether `back` exists) and the
/// kinds of layer it can be in.
public struct Placement: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Pushed on a stack (not a layer's root).
    @inlinable public static var pushed: Placement { Placement(rawValue: 1) }
    /// Root of the app's base layer.
    @inlinable public static var baseRoot: Placement { Placement(rawValue: 2) }
    /// Root of a sheet.
    @inlinable public static var sheetRoot: Placement { Placement(rawValue: 4) }
    /// Root of a full-screen cover.
    @inlinable public static var coverRoot: Placement { Placement(rawValue: 8) }
    /// In the base layer.
    @inlinable public static var inBase: Placement { Placement(rawValue: 16) }
    /// In a sheet.
    @inlinable public static var inSheet: Placement { Placement(rawValue: 32) }
    /// In a cover.
    @inlinable public static var inCover: Placement { Placement(rawValue: 64) }
    /// With a tab bar of two or more tabs on screen (in a tab's stack, not
    /// under a modal): tab taps are a way out.
    @inlinable public static var tabBar: Placement { Placement(rawValue: 128) }
    /// (v1) Root of an alert (its layer counts as a cover's: no implicit back).
    @inlinable public static var alertRoot: Placement { Placement(rawValue: 256) }
    /// (v1) Root of a dialog (its layer counts as a sheet's).
    @inlinable public static var dialogRoot: Placement { Placement(rawValue: 512) }
    /// (v1) Root of a popover (its layer counts as a sheet's).
    @inlinable public static var popoverRoot: Placement { Placement(rawValue: 1024) }

    /// The ways, in the order findings name them.
    public static let ways: [Placement] = [.baseRoot, .pushed, .sheetRoot, .coverRoot, .alertRoot, .dialogRoot, .popoverRoot]
    package static let wayCount = 7
    package static let layers: Placement = [.inBase, .inSheet, .inCover, .tabBar]
    package static let modal: Placement = [.inSheet, .inCover]

    /// Index of a way bit in `ways` order, for witness tables.
    package static func wayIndex(_ way: Placement) -> Int {
        switch way {
        case .baseRoot: 0
        case .pushed: 1
        case .sheetRoot: 2
        case .coverRoot: 3
        case .alertRoot: 4
        case .dialogRoot: 5
        default: 6
        }
    }
}
