/// What kind of layer a layer is: the app's base, or a modal over it.
/// (v1) An alert or a dialog holds exactly one entry; a popover is a sheet
/// in every respect but its kind.
public enum LayerKind: String, Hashable, Sendable, Codable {
    case base, sheet, cover, alert, dialog, popover

    /// An alert or a dialog: one entry, removed by any handled event.
    public var isTransient: Bool { self == .alert || self == .dialog }

    /// What starts a layer of this kind in `expect stack` (docs/simulate.md):
    /// nothing for the base, `sheet: `, `cover: `, ... for a modal layer.
    public var stackPrefix: String { self == .base ? "" : "\(rawValue): " }
}

extension LayerKind {
    /// A small number for the state's encoding.
    package var code: Int {
        switch self {
        case .base: 0
        case .sheet: 1
        case .cover: 2
        case .alert: 3
        case .dialog: 4
        case .popover: 5
        }
    }
}
