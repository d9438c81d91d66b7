import FlowModel

/// The flow trees the program can produce (docs/language.md#how-a-program-runs "State"): which flow a
/// running instance may have as a direct child, and how it shows it. What
/// saved states are checked against, and an invariant of every step.
extension Navigator {
    /// The ways a running instance of `parent` can have an instance of
    /// `child` as a direct child, one bit per `FlowTopology.Mode`; 0 when it
    /// never can. A parent has children only through the program's edges:
    /// a `start` action in its handlers (a gated link's `else` actions count
    /// as the entry's), its own `start` item naming a flow, its tabs; a deep
    /// link's step Parent/Child takes one of those edges (the engine refuses
    /// any other, and validation reports it as F302).
    /// - Complexity: O(1).
    func startModes(_ parent: FlowID, _ child: FlowID) -> UInt8 {
        childModes.modes(parent, child)
    }

    /// Where each instance's chain of parents leads: to a root (an
    /// instance without a parent), into a cycle, or to a slot that is not a
    /// running instance. Each instance is resolved once, and the verdicts
    /// are the only array: a chain being walked is marked `visiting`.
    /// - Complexity: O(instances).
    package static func parentChains(_ instances: [FlowInstance]) -> [ParentChain] {
        var verdict = [ParentChain](repeating: .unknown, count: instances.count)
        verdict.withUnsafeMutableBufferPointer { resolveParentChains(instances, into: $0) }
        return verdict
    }

    /// `parentChains` into `verdict` (one per instance, all `unknown`): what
    /// the invariants use, in a buffer on the stack, since making an array
    /// costs as much as the rest of their check.
    /// Every index is checked against `instances` before it is read.
    static func resolveParentChains(_ instances: [FlowInstance], into verdict: UnsafeMutableBufferPointer<ParentChain>) {
        precondition(verdict.count == instances.count, "one verdict per instance")
        for i in instances.indices where instances[i].isRunning && verdict[i] == .unknown {
            var current = Int32(i)
            var outcome = ParentChain.rooted
            var cycle: Int32 = -1
            while current >= 0 {
                guard Int(current) < instances.count, instances[Int(current)].isRunning else {
                    outcome = .broken
                    break
                }
                let known = verdict[Int(current)]
                if known == .visiting {
                    // Back on this walk's own chain: from `current` on, it is a cycle.
                    cycle = current
                    outcome = .belowCycle
                    break
                }
                if known != .unknown {
                    // A chain that meets a cycle hangs below it, without being on it.
                    outcome = known == .cycle ? .belowCycle : known
                    break
                }
                verdict[Int(current)] = .visiting
                current = instances[Int(current)].parent
            }
            // The cycle's members first (all still visiting), then the chain up to it or to its end.
            if cycle >= 0 {
                var member = cycle
                while verdict[Int(member)] == .visiting {
                    verdict[Int(member)] = .cycle
                    member = instances[Int(member)].parent
                }
            }
            var walked = Int32(i)
            while walked >= 0, Int(walked) < instances.count, verdict[Int(walked)] == .visiting {
                verdict[Int(walked)] = outcome
                walked = instances[Int(walked)].parent
            }
        }
    }

    /// Where an instance's chain of parents leads (see `parentChains`).
    /// `visiting` is only a mark while they are worked out, never a verdict.
    package enum ParentChain: UInt8 {
        case unknown, rooted, cycle, belowCycle, broken, visiting
    }

    /// Whether a tab container's layer of `kind` fits the ways its parent
    /// starts it (`modes`, from `startModes`; `isEntry` for the entry flow):
    /// the entry fills the base; a container started only `as sheet` or
    /// `as cover` fills a layer of that kind; one started as root or in its
    /// parent's place fills the layer it was started in, any but an alert or
    /// a dialog, which hold one screen.
    static func containerFits(_ kind: LayerKind, modes: UInt8, isEntry: Bool) -> Bool {
        if isEntry { return kind == .base }
        if kind.isTransient { return false }
        let sheet: UInt8 = 1 << FlowTopology.Mode.sheet.rawValue
        let cover: UInt8 = 1 << FlowTopology.Mode.cover.rawValue
        if modes & ~(sheet | cover) != 0 { return true }
        return (kind == .sheet && modes & sheet != 0) || (kind == .cover && modes & cover != 0)
    }

    /// How a parent can start a child, for messages: "as a sheet or as a cover".
    static func modesText(_ modes: UInt8) -> String {
        let names: [(FlowTopology.Mode, String)] = [(.push, "pushed"), (.sheet, "as a sheet"), (.cover, "as a cover"), (.root, "as root"),
                                                   (.flowStart, "in its place"), (.tab, "as a tab")]
        return names.filter { modes & (1 << $0.0.rawValue) != 0 }.map(\.1).joined(separator: " or ")
    }
}
