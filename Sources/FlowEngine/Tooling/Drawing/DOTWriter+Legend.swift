import FlowAnalysis
import FlowModel
import FlowRuntime

/// The legend: a small `Legend` cluster with one sample per style that the
/// picture uses (and only those), each saying what it means.
extension DOTWriter {
    /// One line of the legend: a sample edge (`edge` holds its attributes)
    /// or a sample node (`node`), and what it means.
    struct LegendRow {
        package var order: Int
        var text: String
        var edge: String?
        var node: String?
    }

    /// The rows for `graph`, in a fixed order: actions, flows, links, then
    /// findings, then the journey.
    /// - Complexity: O(nodes + edges).
    static func legendRows(_ graph: FlowGraph) -> [LegendRow] {
        // By order, the edge rows' first (`legendOrders` of them), then the others'.
        var rows = [LegendRow?](repeating: nil, count: 62)
        // Each kind of edge once: most edges are of a kind already seen, so
        // that is asked first, without copying the edge.
        for e in graph.edges.indices {
            let order = legendOrder(kind: graph.edges[e].kind, mode: graph.edges[e].mode, isResult: graph.edges[e].isResult)
            guard rows[order] == nil else { continue }
            let edge = graph.edges[e]
            let text = legendTexts[order]
            let (color, style) = look(kind: edge.kind, mode: edge.mode, isResult: edge.isResult)
            var attributes = "color=\"\(color)\""
            if style.utf8CodeUnitCount > 0 { attributes += ", style=\"\(style)\"" }
            // The arrowhead as drawn (a result that swaps the root is shown as a plain result).
            if !(edge.isResult && edge.kind != .finish) {
                attributes += arrowhead(kind: edge.kind, mode: edge.mode).description
            }
            rows[order] = LegendRow(order: order, text: text, edge: attributes)
        }
        if graph.nodes.contains(where: { $0.kind == .reference }) {
            rows[40] = LegendRow(order: 40, text: "a flow (drawn in its own cluster)",
                                 node: "shape=box3d, color=\"#64748b\", fontcolor=\"#475569\", fontsize=9")
        }
        let looks = graph.nodes.filter { !$0.findings.isEmpty }.map { findingLook($0.findings) }
            + graph.clusters.filter { !$0.findings.isEmpty }.map { _ in FindingLook.faded }
        if looks.contains(.severe) {
            rows[50] = LegendRow(order: 50, text: "dead end · trap",
                                 node: "color=\"\(findingColor)\", fontcolor=\"\(findingColor)\", penwidth=2, fontsize=9")
        }
        if looks.contains(.faded) {
            rows[51] = LegendRow(order: 51, text: "unreachable · never started",
                                 node: "style=\"rounded,dashed\", color=\"#cbd5e1\", fontcolor=\"#94a3b8\", fontsize=9")
        }
        if looks.contains(.marked) || graph.edges.contains(where: { !$0.findings.isEmpty }) {
            rows[52] = LegendRow(order: 52, text: "a finding (its tooltip has the code)",
                                 edge: "color=\"\(findingColor)\", fontcolor=\"\(findingColor)\", penwidth=2")
        }
        if graph.hasJourney {
            rows[60] = LegendRow(order: 60, text: "the journey (steps: event)",
                                 edge: "color=\"\(journeyColor)\", fontcolor=\"\(journeyTextColor)\", penwidth=3")
            rows[61] = LegendRow(order: 61, text: "not taken", edge: "color=\"\(dimColor)\", fontcolor=\"#94a3b8\"")
        }
        return rows.compactMap { $0 }
    }

    /// How many places `legendOrder` has for edges.
    static let legendOrders = 31

    /// Where an edge's style sits in the legend (`legendTexts` names each place).
    static func legendOrder(kind: FlowGraph.EdgeKind, mode: StartMode?, isResult: Bool) -> Int {
        if isResult && kind != .finish { return 21 }
        switch kind {
        case .push: return 0
        case .sheet: return 1
        case .cover: return 2
        case .alert: return 3
        case .dialog: return 4
        case .popover: return 5
        case .replace, .set: return 6
        case .pop, .popTo, .popToRoot, .dismiss: return 7
        case .stay: return 8
        case .implicitBack: return 9
        case .start:
            switch mode {
            case .sheet?, .cover?: return 11
            case .root?: return 12
            default: return 10
            }
        case .select: return 13
        case .startsInPlace, .tab: return 14
        case .reference: return 15
        case .finish: return 20
        case .result: return 21
        case .link: return 30
        }
    }

    /// What the legend calls each place of `legendOrder` (empty: none has it).
    static let legendTexts: [String] = {
        var texts = [String](repeating: "", count: legendOrders)
        for (order, text) in [(0, "push"), (1, "sheet"), (2, "cover"), (3, "alert"), (4, "dialog"), (5, "popover"),
                              (6, "replace · set"), (7, "pop · dismiss"), (8, "stay (no change)"), (9, "implicit back"),
                              (10, "start a flow (pushed)"), (11, "start a flow as sheet · cover"), (12, "start a flow as root"),
                              (13, "select a tab"), (14, "tab · started in place"), (15, "a flow's box → its cluster"),
                              (20, "finish (to the exit)"), (21, "a child's result"), (30, "deep link")] {
            texts[order] = text
        }
        return texts
    }()

    /// The `Legend` cluster: the edge samples in lines of three, each
    /// between two dots (a line is one chain, so the legend stays short;
    /// the overview, drawn top to bottom, has them side by side instead),
    /// then each node sample, a box labelled with its meaning.
    static func writeLegend(_ graph: FlowGraph, _ out: inout ByteWriter) {
        let rows = legendRows(graph)
        guard !rows.isEmpty else { return }
        out.write("""
          subgraph cluster_legend {
            label="Legend"; style=rounded; color="#cbd5e1"; fontcolor="#64748b"; fontname="Helvetica-Bold"; fontsize=10;

        """ as StaticString)
        let samples = rows.filter { $0.edge != nil }
        let perLine = graph.view == .overview ? 1 : legendLine
        var line = 0
        var index = 0
        while index < samples.count {
            let chain = samples[index..<min(index + perLine, samples.count)]
            for dot in 0...chain.count {
                out.write("    legend\(line)_\(dot) [shape=point, width=0.04, color=\"#94a3b8\", label=\"\"];\n")
            }
            for (step, row) in chain.enumerated() {
                out.write("    legend\(line)_\(step) -> legend\(line)_\(step + 1) [label=")
                out.quoted(row.text)
                out.write(", \(row.edge ?? "")];\n")
            }
            index += perLine
            line += 1
        }
        for (n, row) in rows.filter({ $0.node != nil }).enumerated() {
            out.write("    legend\(n) [label=")
            out.quoted(row.text)
            out.write(", \(row.node ?? "")];\n")
        }
        out.write("  }\n")
    }

    /// Edge samples per line of the legend.
    static var legendLine: Int { 3 }
}
