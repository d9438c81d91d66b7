import FlowModel

/// The ways each parent flow starts each child flow (a bit per
/// `FlowTopology.Mode`), by Parent→Child pair: an open-addressing table of
/// integers, read at every `start` and by every invariant check of a
/// random walk, where a dictionary hashed each pair with SipHash.
struct ChildModeTable: Sendable {
    /// Each slot's pair (`parent << 32 | child`), or `empty`.
    private var pairs: [UInt64]
    private var modes: [UInt8]
    private let mask: Int
    private static let empty = UInt64.max

    /// The table of `topology`'s edges.
    /// - Complexity: O(edges).
    init(_ topology: FlowTopology) {
        var capacity = 8
        while capacity < 2 * topology.edges.count { capacity *= 2 }
        pairs = [UInt64](repeating: ChildModeTable.empty, count: capacity)
        modes = [UInt8](repeating: 0, count: capacity)
        mask = capacity - 1
        for edge in topology.edges {
            let slot = slot(of: ChildModeTable.pair(edge.parent, edge.child))
            pairs[slot] = ChildModeTable.pair(edge.parent, edge.child)
            modes[slot] |= 1 << edge.mode.rawValue
        }
    }

    /// The modes in which `parent` starts `child`; 0 when it never does.
    /// - Complexity: O(1) expected (the table is at most half full).
    func modes(_ parent: FlowID, _ child: FlowID) -> UInt8 {
        let slot = slot(of: ChildModeTable.pair(parent, child))
        return pairs[slot] == ChildModeTable.empty ? 0 : modes[slot]
    }

    /// The slot holding `pair`, or the empty one where it would go (linear probing).
    private func slot(of pair: UInt64) -> Int {
        var slot = Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while pairs[slot] != pair && pairs[slot] != ChildModeTable.empty { slot = (slot + 1) & mask }
        return slot
    }

    private static func pair(_ parent: FlowID, _ child: FlowID) -> UInt64 {
        UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: child))
    }
}
