import FlowAnalysis
import FlowModel
import FlowRuntime

/// Renders a `FlowGraph` as Graphviz DOT.
///
/// Every node id is generated (`r12`, `x3`, `l0`); names and titles only
/// appear inside quoted, escaped labels, so Graphviz accepts any program
/// whatever its names (`node`, `Graph`, quotes, backslashes, emoji).
/// Edge styles tell the actions apart; findings colour what they point at
/// and ride along as tooltips. Parallel edges (the same two nodes, the
/// same look) are drawn as one with a label per line (`FlowGraph.drawnEdges`).
/// With a journey, what it took is drawn thick and orange, its steps before
/// each label, and the rest grey.
package enum DOTWriter {
    /// - Parameter legend: add a `Legend` cluster showing each style the
    ///   picture uses (`flowctl graph` adds it unless `--no-legend`).
    public static func write(_ graph: FlowGraph, legend: Bool = false) -> String {
        String(decoding: bytes(graph, legend: legend), as: UTF8.self)
    }

    /// `write(_:legend:)`'s text as UTF-8 bytes, for a caller that writes
    /// them out as they are (checking megabytes of UTF-8 to make a String
    /// costs as much as a tenth of the drawing).
    package static func bytes(_ graph: FlowGraph, legend: Bool = false) -> [UInt8] {
        var out = ByteWriter(capacity: graph.nodes.count * 64 + graph.edges.count * 160)
        out.write("digraph flows {\n  graph [")
        out.write(graph.view == .overview ? overviewLayout : routeLayout)
        out.write("""
        , fontname="Helvetica", fontsize=12];
          node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
          edge [fontname="Helvetica", fontsize=9, color="#334155"];

        """ as StaticString)
        var inCluster = [Bool](repeating: false, count: graph.nodes.count)
        for cluster in graph.clusters {
            out.write("  subgraph cluster_")
            out.write(Int(cluster.flow))
            out.write(" {\n    label=")
            out.quoted(cluster.label + (cluster.isTabContainer ? " (tabs)" : ""))
            if !cluster.findings.isEmpty {
                out.write("; style=\"rounded,dashed\"; fontcolor=\"#94a3b8\"; tooltip=")
                out.quoted(tooltip(cluster.findings))
            } else if cluster.isTabContainer {
                out.write("; style=\"rounded,filled\"; fillcolor=\"#f1f5f9\"")
            } else {
                out.write("; style=rounded")
            }
            out.write("; color=\"#94a3b8\"; fontname=\"Helvetica-Bold\"")
            if cluster.isEntry { out.write("; penwidth=2") }
            out.write(";\n")
            for n in cluster.nodes {
                inCluster[n] = true
                out.write("    ")
                node(graph.nodes[n], graph, &out)
            }
            out.write("  }\n")
        }
        for (n, node) in graph.nodes.enumerated() where !inCluster[n] {
            out.write("  ")
            self.node(node, graph, &out)
        }
        var scratch = ByteWriter(capacity: 256)
        for group in graph.drawnEdges() { edge(group, graph, &out, scratch: &scratch) }
        if legend { writeLegend(graph, &out) }
        out.write("}\n")
        return out.bytes
    }

    /// The route view: left to right, flows as clusters that edges may point
    /// into; `newrank` ranks across clusters (without it Graphviz 2.43 fails
    /// on Shutter with "trouble in init_rank").
    static let routeLayout = #"compound=true, newrank=true, rankdir=LR, nodesep=0.25, ranksep=0.45"#
    /// The overview: flows top to bottom, from the entry down the flow tree.
    static let overviewLayout = #"rankdir=TB, nodesep=0.4, ranksep=0.7"#

    // MARK: - Nodes

    /// How a node is drawn: its shape and fill, then its colours.
    struct NodeLook {
        var attributes: [String] = []
        var styles: [String] = []
        // Each set by the kind, then a finding, then the journey: the last wins.
        var color: StaticString?
        var fontColor: StaticString?
        var penWidth: StaticString?
        var tooltip = ""
    }

    static func node(_ node: FlowGraph.Node, _ graph: FlowGraph, _ out: inout ByteWriter) {
        var look = kindLook(node, graph)
        if !node.findings.isEmpty { markFindings(node, &look) }
        if graph.hasJourney { markJourney(node, &look) }
        if node.kind == .reference, graph.program.flows.indices.contains(Int(node.flow)) {
            look.tooltip += (look.tooltip.isEmpty ? "" : "\n")
                + "\(graph.program.name(graph.program.flows[Int(node.flow)].name)): drawn in full in its own cluster"
        }
        out.write(node.id)
        out.write(" [label=")
        out.quoted(shorten(node.label))
        if !look.styles.isEmpty {
            out.write(", style=\"")
            out.write(look.styles.joined(separator: ","))
            out.write("\"")
        }
        for attribute in look.attributes {
            out.write(", ")
            out.write(attribute)
        }
        if let color = look.color {
            out.write(", color=\"")
            out.write(color)
            out.write("\"")
        }
        if let fontColor = look.fontColor {
            out.write(", fontcolor=\"")
            out.write(fontColor)
            out.write("\"")
        }
        if let penWidth = look.penWidth {
            out.write(", penwidth=")
            out.write(penWidth)
        }
        if !look.tooltip.isEmpty {
            out.write(", tooltip=")
            out.quoted(look.tooltip)
        }
        out.write("];\n")
    }

    /// The shape, fill and colours of a node's kind.
    static func kindLook(_ node: FlowGraph.Node, _ graph: FlowGraph) -> NodeLook {
        var look = NodeLook()
        switch node.kind {
        case .route:
            if node.isStart { look.attributes.append("peripheries=2") }
            if node.isFinal { look.styles += ["rounded", "filled"]; look.attributes.append("fillcolor=\"#ecfdf5\"") }
        case .exit:
            look.attributes += ["shape=doublecircle", "fontsize=9", "width=0.3"]
            look.color = "#0f766e"
        case .back:
            look.attributes.append("shape=plain")
            look.fontColor = "#64748b"
        case .tabs:
            look.attributes += ["shape=tab", "fillcolor=\"#e2e8f0\""]
            look.styles.append("filled")
        case .anchor:
            look.attributes.append("shape=plain")
            look.fontColor = "#475569"
        case .collapsedFlow:
            look.attributes.append("shape=box3d")
            look.styles.append("solid")
        case .reference:
            look.attributes += ["shape=box3d", "fontsize=10"]
            look.styles.append("solid")
            look.color = "#64748b"
            look.fontColor = "#475569"
        case .link:
            look.attributes += ["shape=cds", "fillcolor=\"#f3e8ff\"", "fontsize=9"]
            look.styles.append("filled")
        case .links:
            look.attributes += ["shape=cds", "fillcolor=\"#f3e8ff\""]
            look.styles.append("filled")
        case .flow:
            if node.isStart { look.penWidth = "2" }
            if graph.program.flows.indices.contains(Int(node.flow)), graph.program.flows[Int(node.flow)].isTabContainer {
                look.attributes += ["shape=tab", "fillcolor=\"#e2e8f0\""]
                look.styles.append("filled")
            }
        }
        return look
    }

    /// A node with findings: red, faded or outlined (`findingLook`), and
    /// the findings in its tooltip.
    static func markFindings(_ node: FlowGraph.Node, _ look: inout NodeLook) {
        look.tooltip = tooltip(node.findings)
        switch findingLook(node.findings) {
        case .severe:
            look.color = findingColor
            look.fontColor = findingColor
            look.penWidth = "2"
        case .faded:
            if (node.kind == .route || node.kind == .flow) && !look.styles.contains("rounded") { look.styles.append("rounded") }
            look.styles.append("dashed")
            look.color = "#cbd5e1"
            look.fontColor = "#94a3b8"
        case .marked:
            look.color = findingColor
        }
    }

    /// With a journey drawn: a node it passes is highlighted, with its
    /// steps in the tooltip; the others are dimmed.
    static func markJourney(_ node: FlowGraph.Node, _ look: inout NodeLook) {
        if node.steps.isEmpty {
            look.color = dimColor
            look.fontColor = dimTextColor
            look.penWidth = nil
        } else {
            look.color = journeyColor
            look.penWidth = "2.5"
            look.tooltip += (look.tooltip.isEmpty ? "" : "\n") + (node.route >= 0 ? "on top after " : "reached at ") + stepList(node.steps)
        }
    }

    /// How findings mark a node: red and thick (a dead end, a trap), faded
    /// (unreachable, never started), or a red border (anything else).
    enum FindingLook { case severe, faded, marked }

    static func findingLook(_ findings: [Diagnostic]) -> FindingLook {
        var faded = true
        for finding in findings {
            switch finding.code {
            case .deadEnd, .trap: return .severe
            case .unreachableRoute, .linkUnreachable, .flowNeverStarted: break
            default: faded = false
            }
        }
        return faded ? .faded : .marked
    }

    // MARK: - Edges

    /// One drawn edge: a group of parallel model edges (`drawnEdges`);
    /// `scratch` holds its tooltip while it is escaped into `out`.
    static func edge(_ group: [Int], _ graph: FlowGraph, _ out: inout ByteWriter, scratch: inout ByteWriter) {
        guard let first = group.first else { return }
        // The edge's fields are read in place: a copy of it would retain
        // its seven strings and arrays.
        let edges = graph.edges
        out.write("  ")
        out.write(graph.nodes[edges[first].from].id)
        out.write(" -> ")
        out.write(graph.nodes[edges[first].to].id)
        out.write(" [")
        let label = graph.label(of: group)
        if !label.isEmpty {
            out.write("label=")
            out.quoted(shorten(label, lines: group.count))
            out.write(", ")
        }
        let kind = edges[first].kind
        let mode = edges[first].mode
        let isResult = edges[first].isResult
        let (color, style) = look(kind: kind, mode: mode, isResult: isResult)
        let marked = !edges[first].findings.isEmpty
        let onJourney = !edges[first].steps.isEmpty
        var lineColor = marked ? findingColor : color
        var textColor: StaticString? = marked ? findingColor : (isResult ? "#0e7490" : nil)
        var width: StaticString? = marked ? "2" : nil
        if graph.hasJourney {
            if onJourney {
                if !marked { lineColor = journeyColor }
                textColor = marked ? findingColor : journeyTextColor
                width = "3"
            } else {
                lineColor = dimColor
                textColor = dimTextColor
                width = nil
            }
        }
        out.write("color=\"")
        out.write(lineColor)
        out.write("\"")
        if style.utf8CodeUnitCount > 0 {
            out.write(", style=\"")
            out.write(style)
            out.write("\"")
        }
        if let textColor {
            out.write(", fontcolor=\"")
            out.write(textColor)
            out.write("\"")
        }
        if let width {
            out.write(", penwidth=")
            out.write(width)
        }
        writeArrowAttributes(kind: kind, mode: mode, &out)
        let intoCluster = edges[first].intoCluster
        if intoCluster >= 0 {
            out.write(", lhead=cluster_")
            out.write(Int(intoCluster))
        }
        let outOfCluster = edges[first].outOfCluster
        if outOfCluster >= 0 {
            out.write(", ltail=cluster_")
            out.write(Int(outOfCluster))
        }
        scratch.removeAll()
        if marked {
            scratch.write(tooltip(edges[first].findings))
        } else {
            // Each edge's detail a line, those with none left out.
            for e in group {
                let separator = scratch.count > 0
                if separator { scratch.write("\n") }
                let before = scratch.count
                graph.writeDetail(ofEdge: e, to: &scratch)
                if separator && scratch.count == before { scratch.removeLast(1) }
            }
        }
        if scratch.count > 0 {
            out.write(", tooltip=")
            out.quoted(scratch)
        }
        out.write("];\n")
    }

    /// Arrowheads and ranking by kind: a bar into an exit, a diamond for a
    /// root swap, a hollow head for an implicit back. Neither an implicit
    /// back nor the edge from a flow's box to its cluster has a say in the
    /// ranks: each flow's cluster is laid out from the left on its own, and
    /// the clusters stack top to bottom down the flow tree, instead of each
    /// starting where its box is (Shutter was twice as wide that way).
    static func writeArrowAttributes(kind: FlowGraph.EdgeKind, mode: StartMode?, _ out: inout ByteWriter) {
        out.write(arrowhead(kind: kind, mode: mode))
        if kind == .implicitBack || kind == .reference { out.write(", constraint=false") }
    }

    /// The arrowhead's attribute, when it is not the plain one.
    static func arrowhead(kind: FlowGraph.EdgeKind, mode: StartMode?) -> StaticString {
        switch kind {
        case .finish: ", arrowhead=tee"
        case .implicitBack: ", arrowhead=empty"
        case .reference: ", arrowhead=vee"
        case .start where mode == .root: ", arrowhead=diamond"
        default: ""
        }
    }

    /// Colour and style by action: push solid, sheet dashed, cover bold
    /// dashed, alert/dialog/popover dashed (fuchsia, orange, cyan),
    /// replace/set amber, back moves dotted grey, starts green, finish dark
    /// teal, results teal, links purple. Red is kept for findings alone, so
    /// that a red edge or node always means `validate` reported something.
    static func look(kind: FlowGraph.EdgeKind, mode: StartMode?, isResult: Bool) -> (StaticString, StaticString) {
        if isResult && kind != .finish { return ("#0e7490", kind == .result ? "bold" : edgeStyle(kind: kind, mode: mode)) }
        switch kind {
        case .push: return ("#334155", "")
        case .sheet: return ("#2563eb", "dashed")
        case .cover: return ("#7c3aed", "bold,dashed")
        case .alert: return ("#a21caf", "dashed")
        case .dialog: return ("#c2410c", "dashed")
        case .popover: return ("#0891b2", "dashed")
        case .replace, .set: return ("#d97706", "")
        case .pop, .popTo, .popToRoot, .dismiss: return ("#64748b", "dotted")
        case .stay: return ("#94a3b8", "dotted")
        case .start: return ("#15803d", edgeStyle(kind: kind, mode: mode))
        case .select: return ("#15803d", "dotted")
        case .finish: return ("#0f766e", "")
        case .result: return ("#0e7490", "bold")
        case .link: return ("#9333ea", "dashed")
        case .implicitBack: return ("#94a3b8", "dotted")
        case .startsInPlace, .tab: return ("#94a3b8", "bold")
        case .reference: return ("#cbd5e1", "")
        }
    }

    /// The colour of findings, and of nothing else.
    static let findingColor: StaticString = "#dc2626"
    /// What a journey took.
    static let journeyColor: StaticString = "#ea580c"
    static let journeyTextColor: StaticString = "#c2410c"
    /// What a journey did not take.
    static let dimColor: StaticString = "#e2e8f0"
    static let dimTextColor: StaticString = "#cbd5e1"

    static func edgeStyle(kind: FlowGraph.EdgeKind, mode: StartMode?) -> StaticString {
        switch mode {
        case .sheet?: "bold,dashed"
        case .cover?: "bold,dashed"
        case .root?: "bold"
        default: kind == .sheet ? "dashed" : (kind == .cover ? "bold,dashed" : "bold")
        }
    }

    static func tooltip(_ findings: [Diagnostic]) -> String {
        findings.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "\n")
    }

    /// `steps 3, 7, 9` (the first eight, then `…`).
    static func stepList(_ steps: [Int]) -> String {
        (steps.count == 1 ? "step " : "steps ") + FlowGraph.stepPrefix(steps, limit: 8)
    }

    /// Labels longer than 120 scalars are cut (the tooltip has the whole
    /// text); a merged label may have 120 per line it merges.
    static func shorten(_ text: String, lines: Int = 1) -> String {
        let limit = 120 * max(1, lines)
        guard text.utf8.count > limit else { return text }
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(limit - 1))) + "…"
    }

    /// A DOT double-quoted string: backslashes and quotes escaped, line
    /// breaks as `\n`, other control characters dropped.
    package static func quote(_ text: String) -> String {
        var out = ByteWriter()
        out.quoted(text)
        return out.text
    }
}
