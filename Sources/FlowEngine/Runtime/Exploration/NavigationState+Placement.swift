import FlowModel

extension NavigationState {
    /// How the active route stands: pushed, or the root of the top layer's kind.
    public var placement: Placement {
        guard let top = layers.last else { return [] }
        if top.stack.count > 1 { return .pushed }
        switch top.kind {
        case .base: return .baseRoot
        case .sheet: return .sheetRoot
        case .cover: return .coverRoot
        case .alert: return .alertRoot
        case .dialog: return .dialogRoot
        case .popover: return .popoverRoot
        }
    }
}
