import FlowAnalysis
import FlowModel
import FlowRuntime

/// Renders a `FlowGraph` as a Mermaid `stateDiagram-v2`: flows as composite
/// states, routes as states, handlers as labelled transitions (the
/// overview: flows as states). Ids are generated; every label is reduced
/// to safe characters, the rest written as Mermaid entity codes (`#35;`),
/// so any name or title is accepted. Parallel edges are one transition, its
/// labels separated by commas. Mermaid cannot style a state diagram's
/// transitions, so a journey shows as its steps before each taken label and
/// as classes on the states (`journey`, the rest `dimmed`); there is no legend.
package enum MermaidWriter {
    public static func write(_ graph: FlowGraph) -> String {
        var out = "stateDiagram-v2\n  direction \(graph.view == .overview ? "TB" : "LR")\n"
        var inCluster = [Bool](repeating: false, count: graph.nodes.count)
        for cluster in graph.clusters {
            out += "  state \"\(text(cluster.label + (cluster.isTabContainer ? " (tabs)" : "")))\" as f\(cluster.flow) {\n"
            for n in cluster.nodes {
                inCluster[n] = true
                out += "    state \"\(text(DOTWriter.shorten(graph.nodes[n].label)))\" as \(graph.nodes[n].id)\n"
                if graph.nodes[n].isStart, graph.nodes[n].kind != .exit { out += "    [*] --> \(graph.nodes[n].id)\n" }
            }
            out += "  }\n"
        }
        for (n, node) in graph.nodes.enumerated() where !inCluster[n] {
            out += "  state \"\(text(DOTWriter.shorten(node.label)))\" as \(node.id)\n"
            if node.kind == .flow && node.isStart { out += "  [*] --> \(node.id)\n" }
        }
        for group in graph.drawnEdges() {
            guard let first = group.first else { continue }
            let edge = graph.edges[first]
            let kind = graph.view == .overview || edge.kind == .push || edge.kind == .link ? "" : edge.kind.rawValue
            let label = [graph.label(of: group).split(separator: "\n").joined(separator: ", "), kind]
                .filter { !$0.isEmpty }.joined(separator: " · ")
            out += "  \(graph.nodes[edge.from].id) --> \(graph.nodes[edge.to].id)\(label.isEmpty ? "" : " : \(text(DOTWriter.shorten(label, lines: group.count)))")\n"
        }
        var classes: [(String, [String])] = [("deadEnd", []), ("unreachable", []), ("finding", []), ("journey", []), ("dimmed", [])]
        for node in graph.nodes where !node.findings.isEmpty {
            switch DOTWriter.findingLook(node.findings) {
            case .severe: classes[0].1.append(node.id)
            case .faded: classes[1].1.append(node.id)
            case .marked: classes[2].1.append(node.id)
            }
        }
        if graph.hasJourney {
            for node in graph.nodes { classes[node.steps.isEmpty ? 4 : 3].1.append(node.id) }
        }
        out += "  classDef deadEnd stroke:#dc2626,stroke-width:3px,color:#dc2626\n"
        out += "  classDef unreachable stroke-dasharray:4 4,color:#94a3b8\n"
        out += "  classDef finding stroke:#dc2626\n"
        if graph.hasJourney {
            out += "  classDef journey stroke:#ea580c,stroke-width:3px\n"
            out += "  classDef dimmed stroke:#e2e8f0,color:#94a3b8\n"
        }
        for (name, ids) in classes where !ids.isEmpty { out += "  class \(ids.joined(separator: ",")) \(name)\n" }
        return out
    }

    /// Letters, digits, spaces and `_ . , ( ) / - [ ]` pass; anything else
    /// becomes `#NNN;`; line breaks become spaces.
    public static func text(_ label: String) -> String {
        var out = ""
        for scalar in label.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", " ", "_", ".", ",", "(", ")", "/", "-", "[", "]", "|", "!", "?":
                out.unicodeScalars.append(scalar)
            case "\n", "\r", "\t":
                out += " "
            default:
                if scalar.value >= 0x20 && scalar.value != 0x7F { out += "#\(scalar.value);" }
            }
        }
        return out
    }
}
