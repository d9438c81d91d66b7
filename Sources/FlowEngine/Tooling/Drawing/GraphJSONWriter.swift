import FlowAnalysis
import FlowModel
import FlowRuntime

/// Renders a `FlowGraph` as JSON for other tools; the schema is in
/// docs/graph.md. One edge per handler, link, tab and flow started in place
/// (the overview: per way one flow shows or answers another), never merged
/// as the pictures merge parallel edges.
package enum GraphJSONWriter {
    /// `locate` turns a span into (file, line, column) for findings.
    public static func write(_ graph: FlowGraph, locate: (SourceSpan) -> (String, Int, Int)) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("view", graph.view.rawValue)
        flows(graph, &json)
        nodes(graph, &json)
        edges(graph, &json)
        findings(graph, locate, &json)
        json.endObject()
        return json.output + "\n"
    }

    /// `"flows"`: the route view's clusters, or the overview's flow nodes,
    /// each with its parameters, tabs and nodes.
    static func flows(_ graph: FlowGraph, _ json: inout JSONWriter) {
        let program = graph.program
        json.key("flows")
        json.beginArray()
        let flows: [(FlowID, [Int])] = graph.view == .overview
            ? graph.nodes.indices.filter { graph.nodes[$0].kind == .flow }.map { (graph.nodes[$0].flow, [$0]) }
            : graph.clusters.map { ($0.flow, $0.nodes) }
        for (flow, members) in flows {
            json.beginObject()
            json.field("id", "f\(flow)")
            json.field("name", program.name(program.flows[Int(flow)].name))
            json.field("entry", flow == program.entry)
            // v1: the flow's parameters, each {"name", "type"}.
            json.key("parameters")
            json.beginArray()
            for parameter in program.parameters[program.flows[Int(flow)].parameters.range] {
                json.beginObject()
                json.field("name", program.name(parameter.name))
                json.field("type", parameter.type.rawValue)
                json.endObject()
            }
            json.endArray()
            json.key("tabs")
            json.beginArray()
            for tab in program.tabs(of: flow) { json.string(program.name(program.flows[Int(tab)].name)) }
            json.endArray()
            json.key("nodes")
            json.beginArray()
            for n in members { json.string(graph.nodes[n].id) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
    }

    /// `"nodes"`: each with its kind, flow, label, findings and steps.
    static func nodes(_ graph: FlowGraph, _ json: inout JSONWriter) {
        let program = graph.program
        json.key("nodes")
        json.beginArray()
        for node in graph.nodes {
            json.beginObject()
            json.field("id", node.id)
            json.field("kind", node.kind.rawValue)
            json.key("flow")
            let holder = node.kind == .flow ? node.flow : node.cluster
            if holder >= 0 { json.string(program.name(program.flows[Int(holder)].name)) } else { json.null() }
            if node.kind == .reference || node.kind == .collapsedFlow, node.flow >= 0 {
                json.field("refersTo", program.name(program.flows[Int(node.flow)].name))
            }
            json.field("label", node.label)
            if node.route >= 0 { json.field("route", program.name(program.routes[Int(node.route)].name)) }
            json.field("start", node.isStart)
            codes(node.findings, &json)
            if graph.hasJourney { steps(node.steps, &json) }
            json.endObject()
        }
        json.endArray()
    }

    /// `"edges"`: one per handler, link, tab and flow started in place.
    static func edges(_ graph: FlowGraph, _ json: inout JSONWriter) {
        json.key("edges")
        json.beginArray()
        for edge in graph.edges {
            json.beginObject()
            json.field("from", graph.nodes[edge.from].id)
            json.field("to", graph.nodes[edge.to].id)
            json.field("kind", edge.kind.rawValue)
            if let mode = edge.mode { json.field("mode", mode.rawValue) }
            json.field("event", edge.event)
            if let guardText = edge.guardText { json.field("guard", guardText) }
            if let transition = edge.transition { json.field("transition", transition) }
            json.field("result", edge.isResult)
            json.field("label", edge.label)
            json.field("handler", graph.detail(of: edge))
            codes(edge.findings, &json)
            if graph.hasJourney { steps(edge.steps, &json) }
            json.endObject()
        }
        json.endArray()
    }

    /// `"findings"`: every finding drawn, in source order, located.
    static func findings(_ graph: FlowGraph, _ locate: (SourceSpan) -> (String, Int, Int), _ json: inout JSONWriter) {
        json.key("findings")
        json.beginArray()
        let all = graph.nodes.flatMap(\.findings) + graph.edges.flatMap(\.findings) + graph.clusters.flatMap(\.findings)
        for finding in all.sorted(by: Diagnostic.sourceOrder) {
            let (file, line, column) = locate(finding.span)
            json.beginObject()
            json.field("code", finding.code.rawValue)
            json.field("severity", finding.severity.rawValue)
            json.field("message", finding.message)
            json.field("file", file)
            json.field("line", line)
            json.field("column", column)
            json.endObject()
        }
        json.endArray()
    }

    static func steps(_ steps: [Int], _ json: inout JSONWriter) {
        json.key("steps")
        json.beginArray()
        for step in steps { json.int(step) }
        json.endArray()
    }

    static func codes(_ findings: [Diagnostic], _ json: inout JSONWriter) {
        json.key("findings")
        json.beginArray()
        for finding in findings { json.string(finding.code.rawValue) }
        json.endArray()
    }
}
