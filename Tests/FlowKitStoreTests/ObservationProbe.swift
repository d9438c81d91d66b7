import FlowKit
import Foundation
import Observation

/// Whether reading something observed from a store was invalidated by a change.
final class ObservationProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false

    /// Starts tracking what `read` reads.
    @MainActor
    init(_ read: () -> Void) {
        withObservationTracking(read) { [self] in
            lock.lock()
            fired = true
            lock.unlock()
        }
    }

    /// Whether what was read has changed since.
    var didFire: Bool {
        lock.lock()
        defer { lock.unlock() }
        return fired
    }
}

/// What a layer shows, for comparing a store's state before and after a refused write.
struct LayerSnapshot<P: FlowProgram>: Equatable {
    var kind: FlowLayerKind
    var stack: [P.Screen]
    var selectedTab: P.Tab?
    var tabStacks: [[P.Screen]]
}

/// A store's whole screen.
@MainActor
func snapshot<P: FlowProgram>(_ store: FlowStore<P>) -> [LayerSnapshot<P>] {
    store.layers.map { LayerSnapshot(kind: $0.kind, stack: $0.stack, selectedTab: $0.selectedTab, tabStacks: $0.tabStacks) }
}
