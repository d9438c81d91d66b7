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
        childModes[Navigator.pairKey(parent, child)] ?? 0
    }

    static func pairKey(_ parent: FlowID, _ child: FlowID) -> UInt64 {
        UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: child))
    }

    /// Every Parent→Child pair of the program's flow tree and its modes.
    /// - Complexity: O(edges).
    static func childModes(_ topology: FlowTopology) -> [UInt64: UInt8] {
        var modes: [UInt64: UInt8] = [:]
        for edge in topology.edges { modes[pairKey(edge.parent, edge.child), default: 0] |= 1 << edge.mode.rawValue }
        return modes
    }

    /// Where each instance's chain of parents leads: to a root (an
    /// instance without a parent), into a cycle, or to a slot that is not a
    /// running instance. Each instance is resolved once.
    /// - Complexity: O(instances).
    static func parentChains(_ instances: [FlowInstance]) -> [ParentChain] {
        var verdict = [ParentChain](repeating: .unknown, count: instances.count)
        var onPath = [Int32](repeating: -1, count: instances.count)
        var path: [Int32] = []
        for i in instances.indices where instances[i].isRunning && verdict[i] == .unknown {
            path.removeAll(keepingCapacity: true)
            var current = Int32(i)
            var outcome = ParentChain.rooted
            while true {
                if current < 0 { break }
                guard Int(current) < instances.count, instances[Int(current)].isRunning else {
                    outcome = .broken
                    break
                }
                if verdict[Int(current)] != .unknown {
                    // A chain that meets a cycle hangs below it, without being on it.
                    outcome = verdict[Int(current)] == .cycle ? .belowCycle : verdict[Int(current)]
                    break
                }
                if onPath[Int(current)] >= 0 {
                    // Back at an instance of this walk: from it on, the path is a cycle.
                    for p in path[Int(onPath[Int(current)])...] { verdict[Int(p)] = .cycle }
                    outcome = .belowCycle
                    break
                }
                onPath[Int(current)] = Int32(path.count)
                path.append(current)
                current = instances[Int(current)].parent
            }
            for p in path where verdict[Int(p)] == .unknown { verdict[Int(p)] = outcome }
        }
        return verdict
    }

    /// Where an instance's chain of parents leads (see `parentChains`).
    enum ParentChain: UInt8 {
        case unknown, rooted, cycle, belowCycle, broken
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
