import FlowModel
import FlowRuntime
import Foundation

/// A program's reachable shapes (`ReachableShapes`), explored once, when
/// the first saved state is restored, and shared by every navigator of the
/// program: restoring explores the program's states, and an app restores
/// once per launch or scene.
final class ShapesOnFirstUse: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var shapes: ReachableShapes?

    /// The shapes of `program`, explored on the first call.
    func shapes(of program: Program) -> ReachableShapes {
        lock.lock()
        defer { lock.unlock() }
        if let shapes { return shapes }
        let explored = ReachableShapes(program: program)
        shapes = explored
        return explored
    }
}
