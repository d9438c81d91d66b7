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
        var groups: [[Int]] = []
        groups.reserveCapacity(edges.count)
        // Group ids by the hash of an edge's ends and clusters, open
        // addressing: a group matches when its first edge draws like this one.
        var capacity = 16
        while capacity < edges.count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        // Fields read in place: a copy of an edge retains its strings and arrays.
        for e in edges.indices {
            guard edges[e].findings.isEmpty else {
                groups.append([e])
                continue
            }
            var slot = drawingHash(e) & mask
            while true {
                let g = Int(slots[slot])
                if g < 0 {
                    slots[slot] = Int32(groups.count)
                    groups.append([e])
                    break
                }
                if drawsAlike(groups[g][0], e) {
                    groups[g].append(e)
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        return groups
    }

    /// A hash of what `drawsAlike` compares first: the ends and the clusters.
    private func drawingHash(_ e: Int) -> Int {
        let ends = UInt64(truncatingIfNeeded: edges[e].from) << 32 | UInt64(UInt32(truncatingIfNeeded: edges[e].to))
        let clusters = UInt64(UInt32(bitPattern: edges[e].intoCluster)) << 32 | UInt64(UInt32(bitPattern: edges[e].outOfCluster))
        var h = (ends ^ (clusters &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        return Int(truncatingIfNeeded: h)
    }

    /// Whether two edges are drawn as one: the same ends, kind, mode,
    /// clusters, and both on or both off the journey.
    private func drawsAlike(_ a: Int, _ b: Int) -> Bool {
        edges[a].from == edges[b].from && edges[a].to == edges[b].to && edges[a].kind == edges[b].kind
            && edges[a].mode == edges[b].mode && edges[a].isResult == edges[b].isResult
            && edges[a].intoCluster == edges[b].intoCluster && edges[a].outOfCluster == edges[b].outOfCluster
            && edges[a].steps.isEmpty == edges[b].steps.isEmpty
    }

    /// What an edge's tooltip says: its `detail`, or else its handler as written.
    package func detail(of edge: Edge) -> String {
        guard let handler = detailHandler(edge.detail, edge.handler) else { return edge.detail }
        return program.handlerText(handler)
    }

    /// `detail(of: edges[e])`, written to `text` (the DOT writer's tooltips,
    /// one per edge, without making a string of each).
    package func writeDetail(ofEdge e: Int, to text: inout ByteWriter) {
        guard let handler = detailHandler(edges[e].detail, edges[e].handler) else { return text.write(edges[e].detail) }
        program.writeHandlerText(handler, to: &text)
    }

    /// The handler a tooltip writes out: an edge's own, when the edge has
    /// no `detail` of its own.
    private func detailHandler(_ detail: String, _ handler: HandlerID) -> Handler? {
        detail.isEmpty && program.handlers.indices.contains(Int(handler)) ? program.handlers[Int(handler)] : nil
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
