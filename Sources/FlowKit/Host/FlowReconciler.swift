import FlowModel
import FlowRuntime

/// What a host keeps to follow a navigator: what it last showed. Each call
/// of `changes(toShow:)` gives the shortest list of host operations from
/// there to what the navigator shows now (`FlowChange`), however many
/// steps, restores or resets happened between, and remembers the new
/// screen. Platform-neutral: every decision of a host lives here, tested
/// on Linux; a host only applies the operations (docs/app-guide.md
/// "Hosting in UIKit").
public struct FlowReconciler<P: FlowProgram>: Sendable {
    /// The engine's layers as the host shows them (nothing before the first call).
    private var shown: [Layer] = []

    public init() {}

    /// The operations that bring the host from what it showed at the last
    /// call (nothing, at the first: the whole screen is built) to what
    /// `navigator` shows; the host shows that from then on.
    public mutating func changes(toShow navigator: FlowNavigator<P>) -> [FlowChange<P>] {
        let now = navigator.engine.state.layers
        let changes = navigator.hostChanges(ScreenChange.changes(from: shown, to: now), from: shown, to: now)
        shown = now
        return changes
    }
}

extension FlowNavigator {
    /// The engine's changes from `before` to `after` (the navigator's
    /// layers) as host operations: consecutive dismissals in one, a new
    /// base as a root, a stack change as a push, a pop or a replacement.
    func hostChanges(_ changes: [ScreenChange], from before: [Layer], to after: [Layer]) -> [FlowChange<P>] {
        var result: [FlowChange<P>] = []
        var count = before.count
        var i = 0
        while i < changes.count {
            switch changes[i] {
            case .dismissLayer(var lowest):
                while i + 1 < changes.count, case .dismissLayer(let next) = changes[i + 1] {
                    lowest = next
                    i += 1
                }
                // The base itself goes only for a new one: `setRoot` replaces it.
                if max(lowest, 1) < count { result.append(.dismiss(downTo: max(lowest, 1))) }
                count = lowest
            case .presentLayer(let layer):
                result.append(count == 0 ? .setRoot(shownLayer(layer)) : .present(shownLayer(layer)))
                count += 1
            case .updateStack(let l, let t, let keeping, let adding):
                let tabs = self.tabs(of: after[l])
                let tab = tabs.indices.contains(t) ? tabs[t] : nil
                if adding.isEmpty {
                    result.append(.pop(toCount: keeping, layer: l, tab: tab))
                } else if keeping == before[l].stacks[t].count {
                    result.append(.push(adding.map(shownScreen), layer: l, tab: tab))
                } else {
                    result.append(.replaceStack(after[l].stacks[t].map(shownScreen), layer: l, tab: tab))
                }
            case .selectTab(let l, let t):
                let tabs = self.tabs(of: after[l])
                if tabs.indices.contains(t) { result.append(.selectTab(tabs[t], layer: l)) }
            }
            i += 1
        }
        return result
    }
}
