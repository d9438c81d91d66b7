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
        // Fields read in place: a copy of an edge retains its strings and arrays.
        for e in edges.indices {
            guard edges[e].findings.isEmpty else {
                groups.append([e])
                continue
            }
            let key = Key(from: edges[e].from, to: edges[e].to, kind: edges[e].kind, mode: edges[e].mode,
                          isResult: edges[e].isResult, into: edges[e].intoCluster, outOf: edges[e].outOfCluster,
                          onJourney: !edges[e].steps.isEmpty)
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

    /// `detail(of: edges[e])`, written to `text` (the DOT writer's tooltips,
    /// one per edge, without making a string of each).
    package func writeDetail(ofEdge e: Int, to text: inout ByteWriter) {
        let handler = Int(edges[e].handler)
        guard edges[e].detail.isEmpty, program.handlers.indices.contains(handler) else { return text.write(edges[e].detail) }
        program.writeHandlerText(program.handlers[handler], to: &text)
    }

    /// The label of a drawn edge: each merged edge's label once, one a
    /// line; with a journey, a taken edge's label follows its steps,
    /// `3, 7: select(id)` (not the plain edge from a flow's box to its cluster).
    public func label(of group: [Int]) -> String {
        if group.count == 1, edges.indices.contains(group[0]) { return line(ofEdge: group[0]) }
        var lines: [String] = []
        var seen = Set<String>()
        for e in group where edges.indices.contains(e) {
            let line = line(ofEdge: e)
            if !line.isEmpty, seen.insert(line).inserted { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// One edge's line of a label: its label, after its steps when the
    /// journey took it. (By index: a copy of an edge retains its seven
    /// strings and arrays, twice per edge drawn.)
    func line(ofEdge e: Int) -> String {
        guard hasJourney && !edges[e].steps.isEmpty && edges[e].kind != .reference else { return edges[e].label }
        return FlowGraph.stepPrefix(edges[e].steps, limit: 4) + (edges[e].label.isEmpty ? "" : ": " + edges[e].label)
    }

    /// `3, 7, 9`: the first `limit` steps, then `…` when there are more.
    package static func stepPrefix(_ steps: [Int], limit: Int) -> String {
        let shown = steps.prefix(max(1, limit)).map(String.init).joined(separator: ", ")
        return steps.count > limit ? shown + ", …" : shown
    }
}
