/// Renders a `FlowGraph` as Graphviz DOT.
///
/// Every node id is generated (`r12`, `x3`, `l0`); names and titles only
/// appear inside quoted, escaped labels, so Graphviz accepts any program
/// whatever its names (`node`, `Graph`, quotes, backslashes, emoji).
/// Edge styles tell the actions apart; findings colour what they point at
/// and ride along as tooltips.
public enum DOTWriter {
    public static func write(_ graph: FlowGraph) -> String {
        var out = ByteWriter(capacity: graph.nodes.count * 64 + graph.edges.count * 160)
        out.write("""
        digraph flows {
          graph [compound=true, newrank=true, rankdir=LR, fontname="Helvetica", fontsize=12, nodesep=0.35, ranksep=0.6];
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
                node(graph.nodes[n], &out)
            }
            out.write("  }\n")
        }
        for (n, node) in graph.nodes.enumerated() where !inCluster[n] {
            out.write("  ")
            self.node(node, &out)
        }
        for edge in graph.edges { self.edge(edge, graph, &out) }
        out.write("}\n")
        return out.text
    }

    static func node(_ node: FlowGraph.Node, _ out: inout ByteWriter) {
        var attributes: [String] = []
        var styles: [String] = []
        switch node.kind {
        case .route:
            if node.isStart { attributes.append("peripheries=2") }
            if node.isFinal { styles += ["rounded", "filled"]; attributes.append("fillcolor=\"#ecfdf5\"") }
        case .exit: attributes += ["shape=doublecircle", "fontsize=9", "width=0.3", "color=\"#0f766e\""]
        case .back: attributes += ["shape=plain", "fontcolor=\"#64748b\""]
        case .tabs: attributes += ["shape=tab", "fillcolor=\"#e2e8f0\""]; styles.append("filled")
        case .anchor: attributes += ["shape=plain", "fontcolor=\"#475569\""]
        case .collapsedFlow: attributes.append("shape=box3d"); styles.append("solid")
        case .link: attributes += ["shape=cds", "fillcolor=\"#f3e8ff\"", "fontsize=9"]; styles.append("filled")
        }
        if !node.findings.isEmpty {
            let codes = Set(node.findings.map(\.code))
            if codes.contains(.deadEnd) || codes.contains(.trap) {
                attributes += ["color=\"#dc2626\"", "fontcolor=\"#dc2626\"", "penwidth=2"]
            } else if codes.contains(.unreachableRoute) || codes.contains(.linkUnreachable) {
                if node.kind == .route && !styles.contains("rounded") { styles.append("rounded") }
                styles.append("dashed")
                attributes += ["color=\"#cbd5e1\"", "fontcolor=\"#94a3b8\""]
            } else {
                attributes.append("color=\"#dc2626\"")
            }
        }
        out.write(node.id)
        out.write(" [label=")
        out.quoted(shorten(node.label))
        if !styles.isEmpty {
            out.write(", style=\"")
            out.write(styles.joined(separator: ","))
            out.write("\"")
        }
        for attribute in attributes {
            out.write(", ")
            out.write(attribute)
        }
        if !node.findings.isEmpty {
            out.write(", tooltip=")
            out.quoted(tooltip(node.findings))
        }
        out.write("];\n")
    }

    static func edge(_ edge: FlowGraph.Edge, _ graph: FlowGraph, _ out: inout ByteWriter) {
        out.write("  ")
        out.write(graph.nodes[edge.from].id)
        out.write(" -> ")
        out.write(graph.nodes[edge.to].id)
        out.write(" [")
        if !edge.label.isEmpty {
            out.write("label=")
            out.quoted(shorten(edge.label))
            out.write(", ")
        }
        let (color, style) = look(edge)
        let marked = !edge.findings.isEmpty
        out.write("color=\"")
        out.write(marked ? findingColor : color)
        out.write("\"")
        if !style.isEmpty {
            out.write(", style=\"")
            out.write(style)
            out.write("\"")
        }
        if marked {
            out.write(", fontcolor=\"\(findingColor)\", penwidth=2")
        } else if edge.isResult {
            out.write(", fontcolor=\"#0e7490\"")
        }
        switch edge.kind {
        case .finish: out.write(", arrowhead=tee")
        case .implicitBack: out.write(", arrowhead=empty, constraint=false, fontcolor=\"#94a3b8\"")
        case .start where edge.mode == .root: out.write(", arrowhead=diamond")
        default: break
        }
        if edge.intoCluster >= 0 {
            out.write(", lhead=cluster_")
            out.write(Int(edge.intoCluster))
        }
        if edge.outOfCluster >= 0 {
            out.write(", ltail=cluster_")
            out.write(Int(edge.outOfCluster))
        }
        if marked {
            out.write(", tooltip=")
            out.quoted(tooltip(edge.findings))
        } else if !edge.detail.isEmpty {
            out.write(", tooltip=")
            out.quoted(edge.detail)
        }
        out.write("];\n")
    }

    /// Colour and style by action: push solid, sheet dashed, cover bold
    /// dashed, alert/dialog/popover dashed (fuchsia, orange, cyan),
    /// replace/set amber, back moves dotted grey, starts green, finish dark
    /// teal, results teal, links purple. Red is kept for findings alone, so
    /// that a red edge or node always means `validate` reported something.
    static func look(_ edge: FlowGraph.Edge) -> (String, String) {
        if edge.isResult && edge.kind != .finish { return ("#0e7490", edgeStyle(edge)) }
        switch edge.kind {
        case .push: return ("#334155", "")
        case .sheet: return ("#2563eb", "dashed")
        case .cover: return ("#7c3aed", "bold,dashed")
        case .alert: return ("#a21caf", "dashed")
        case .dialog: return ("#c2410c", "dashed")
        case .popover: return ("#0891b2", "dashed")
        case .replace, .set: return ("#d97706", "")
        case .pop, .popTo, .popToRoot, .dismiss: return ("#64748b", "dotted")
        case .stay: return ("#94a3b8", "dotted")
        case .start: return ("#15803d", edgeStyle(edge))
        case .select: return ("#15803d", "dotted")
        case .finish: return ("#0f766e", "")
        case .link: return ("#9333ea", "dashed")
        case .implicitBack: return ("#94a3b8", "dotted")
        case .startsInPlace, .tab: return ("#94a3b8", "bold")
        }
    }

    /// The colour of findings, and of nothing else.
    static let findingColor = "#dc2626"

    static func edgeStyle(_ edge: FlowGraph.Edge) -> String {
        switch edge.mode {
        case .sheet?: "bold,dashed"
        case .cover?: "bold,dashed"
        case .root?: "bold"
        default: edge.kind == .sheet ? "dashed" : (edge.kind == .cover ? "bold,dashed" : "bold")
        }
    }

    static func tooltip(_ findings: [Diagnostic]) -> String {
        findings.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "\n")
    }

    /// Labels longer than 120 scalars are cut (the tooltip has the whole text).
    static func shorten(_ text: String) -> String {
        guard text.utf8.count > 120 else { return text }
        let scalars = text.unicodeScalars
        guard scalars.count > 120 else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(119))) + "…"
    }

    /// A DOT double-quoted string: backslashes and quotes escaped, line
    /// breaks as `\n`, other control characters dropped.
    public static func quote(_ text: String) -> String {
        var out = ByteWriter()
        out.quoted(text)
        return out.text
    }
}
