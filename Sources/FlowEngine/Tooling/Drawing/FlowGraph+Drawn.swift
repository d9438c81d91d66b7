import FlowAnalysis
import FlowModel
import FlowRuntime

/// What every writer draws the same way: parallel edges merged, labels
/// with the journey's steps.
extension FlowGraph {
    /// The edges as drawn: parallel edges (the same two nodes, kind, mode,
    /// clusters, and both on or both off the journey) are one, in the order
    /// of their first; an edge with a finding is always drawn alone, so that
    /// its colour and tooltip are its own. Each group lists edge indices.
    /// - Complexity: O(edges).
    package func drawnEdges() -> [[Int]] {
        struct Key: Hashable {
            var from: Int
            var to: Int
            var kind: EdgeKind
            var mode: StartMode?
            var isResult: Bool
            var into: FlowID
            var outOf: FlowID
            var onJourney: Bool

            /// Two words: the synthesized hash feeds the hasher eight fields one by one.
            func hash(into hasher: inout Hasher) {
                hasher.combine(UInt64(truncatingIfNeeded: from) << 32 | UInt64(UInt32(truncatingIfNeeded: to)))
                hasher.combine(UInt64(UInt32(bitPattern: into)) << 32 | UInt64(UInt32(bitPattern: outOf)))
            }
        }
        var groups: [[Int]] = []
        groups.reserveCapacity(edges.count)
        var index: [Key: Int] = [:]
        index.reserveCapacity(edges.count)
        for (e, edge) in edges.enumerated() {
            guard edge.findings.isEmpty else {
                groups.append([e])
                continue
            }
            let key = Key(from: edge.from, to: edge.to, kind: edge.kind, mode: edge.mode, isResult: edge.isResult,
                          into: edge.intoCluster, outOf: edge.outOfCluster, onJourney: !edge.steps.isEmpty)
            if let g = index[key] {
                groups[g].append(e)
            } else {
                index[key] = groups.count
                groups.append([e])
            }
        }
        return groups
    }

    /// What an edge's tooltip says: its `detail`, or else its handler as written.
    package func detail(of edge: Edge) -> String {
        guard edge.detail.isEmpty, program.handlers.indices.contains(Int(edge.handler)) else { return edge.detail }
        return program.handlerText(program.handlers[Int(edge.handler)])
    }

    /// The label of a drawn edge: each merged edge's label once, one a
    /// line; with a journey, a taken edge's label follows its steps,
    /// `3, 7: select(id)` (not the plain edge from a flow's box to its cluster).
    public func label(of group: [Int]) -> String {
        if group.count == 1, edges.indices.contains(group[0]) { return line(of: edges[group[0]]) }
        var lines: [String] = []
        var seen = Set<String>()
        for e in group where edges.indices.contains(e) {
            let line = line(of: edges[e])
            if !line.isEmpty, seen.insert(line).inserted { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// One edge's line of a label: its label, after its steps when the journey took it.
    func line(of edge: Edge) -> String {
        guard hasJourney && !edge.steps.isEmpty && edge.kind != .reference else { return edge.label }
        return FlowGraph.stepPrefix(edge.steps, limit: 4) + (edge.label.isEmpty ? "" : ": " + edge.label)
    }

    /// `3, 7, 9`: the first `limit` steps, then `…` when there are more.
    package static func stepPrefix(_ steps: [Int], limit: Int) -> String {
        let shown = steps.prefix(max(1, limit)).map(String.init).joined(separator: ", ")
        return steps.count > limit ? shown + ", …" : shown
    }
}
