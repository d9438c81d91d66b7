import FlowModel

/// One change to what is on screen, as a UI applies it. The changes
/// between two moments, applied in order to the layers of the first, give
/// exactly the layers of the second, identities included; an entry or a
/// layer the engine kept is never removed and added again. FlowKit's
/// `FlowReconciler` turns them into a host's operations (docs/app-guide.md
/// "Hosting in UIKit").
///
/// The order is the one a UI can follow: the layers that go, top first;
/// then, bottom layer first, the changes inside the layers that stay (each
/// tab's stack, then the selected tab); then the new layers, bottom first.
public enum ScreenChange: Hashable, Sendable {
    /// The top layer goes, with everything it shows. `layer` is its index
    /// (the number of layers left after it goes).
    case dismissLayer(layer: Int)
    /// In layer `layer`, the stack of tab `tab` (0 for a plain stack) keeps
    /// its first `keeping` entries and then shows `adding`, root first: a
    /// push when `keeping` is the stack's length, a pop to `keeping` when
    /// `adding` is empty, a replacement of the stack from `keeping` on
    /// otherwise.
    case updateStack(layer: Int, tab: Int, keeping: Int, adding: [Entry])
    /// The tab container filling layer `layer` shows tab `tab`.
    case selectTab(layer: Int, tab: Int)
    /// A new layer on top, whole: a stack, or a tab container with all its
    /// tabs' stacks and its selected tab. At index 0, the app's new base.
    case presentLayer(Layer)

    /// The shortest list of changes from `before` to `after`, matching
    /// layers and entries by identity (`Layer.identity`, `Entry.identity`).
    /// A layer stays when it has the same identity, kind, tab container and
    /// number of tabs as the one at its index before, and every layer
    /// below it stays; a stack keeps the longest prefix of the same entries.
    /// - Complexity: O(entries of `before` and `after`).
    public static func changes(from before: [Layer], to after: [Layer]) -> [ScreenChange] {
        var kept = 0
        while kept < before.count, kept < after.count, staysTheSame(before[kept], as: after[kept]) { kept += 1 }
        var changes: [ScreenChange] = []
        for l in stride(from: before.count - 1, through: kept, by: -1) { changes.append(.dismissLayer(layer: l)) }
        for l in 0..<kept {
            let old = before[l]
            let new = after[l]
            for t in new.stacks.indices {
                let oldStack = old.stacks[t]
                let newStack = new.stacks[t]
                var prefix = 0
                while prefix < oldStack.count, prefix < newStack.count, oldStack[prefix].isSameEntry(as: newStack[prefix]) { prefix += 1 }
                if prefix < oldStack.count || prefix < newStack.count {
                    changes.append(.updateStack(layer: l, tab: t, keeping: prefix, adding: Array(newStack[prefix...])))
                }
            }
            if old.selected != new.selected { changes.append(.selectTab(layer: l, tab: new.selected)) }
        }
        for l in kept..<after.count { changes.append(.presentLayer(after[l])) }
        return changes
    }

    /// Whether `new` is `old` kept: the same layer, holding the same kind of
    /// content (its stacks may differ).
    private static func staysTheSame(_ old: Layer, as new: Layer) -> Bool {
        old.identity == new.identity && old.kind == new.kind && old.container == new.container
            && old.stacks.count == new.stacks.count
    }
}
