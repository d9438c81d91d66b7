import FlowDSL
import FlowEngine
import Foundation

/// `flowctl graph FILE [--format dot|mermaid|json] [--overview | --flow NAME]
/// [--highlight SCRIPT] [--show-back] [--no-findings] [--no-legend]`.
enum GraphCommand {
    static let command = FlowCtl.Command(
        name: "graph",
        summary: "Draw the navigation: DOT for Graphviz, Mermaid, or JSON",
        help: """
        OVERVIEW: Print a program's transition graph, with its findings marked.

        USAGE: flowctl graph <file> [--format dot|mermaid|json] [--overview | --flow <name>]
                                    [--highlight <script>] [--show-back] [--no-findings]
                                    [--no-legend]

        One cluster per flow, one node per route, one edge per handler, per
        deep link, per tab and per flow started in another's place. A flow that
        another starts is a box in that flow's cluster (its starts go in, its
        results come out), with one grey arrow to its own cluster; the clusters
        stack down the flow tree. Edges are styled by action: push solid, sheet
        dashed, cover bold dashed, alert/dialog/popover dashed, replace/set
        amber, pop/dismiss dotted grey, start green (into the child's box),
        finish dark teal (to the flow's exit), results teal (from the child's
        box), links purple; parallel edges are one, a label per line. Red is
        for findings only: unreachable routes are faded, dead ends and traps
        red, a reported cycle and other findings red edges (an allowed warning
        is not drawn), each with a tooltip giving the code and message. DOT
        output ends with a legend of the styles it uses.

            flowctl graph flows/shop.flow | dot -Tsvg > shop.svg
            flowctl graph flows/photoshare/app.flow --overview | dot -Tpng > app.png
            flowctl graph flows/shop.flow --highlight flows/shop.script | dot -Tsvg > trip.svg

        OPTIONS:
          --format <format>     dot (default), mermaid (stateDiagram-v2) or json
          --overview            One node per flow; edges for starts (pushed, sheet,
                                cover, root, in place, tab), results, selects and links
          --flow <name>         Draw one flow, its parents and direct children collapsed
          --highlight <script>  Run a scenario script (as simulate --script does) and
                                draw its journey over the graph: the routes it showed and
                                the edges it took thick and orange, with their step
                                numbers; the rest grey
          --show-back           Also draw the implicit back edges
          --no-findings         Do not mark findings
          --no-legend           DOT without the legend
          -h, --help            Show this help

        EXIT STATUS: 0 drawn (findings do not change it), 1 the program has syntax
        errors, or (--highlight) errors the engine cannot run or a script that
        fails, 2 bad usage or unreadable input.

        """,
        options: [
            OptionSpec(name: "--format", takesValue: true, choices: ["dot", "mermaid", "json"]),
            OptionSpec(name: "--flow", takesValue: true),
            OptionSpec(name: "--overview"),
            OptionSpec(name: "--highlight", takesValue: true),
            OptionSpec(name: "--show-back"),
            OptionSpec(name: "--no-findings"),
            OptionSpec(name: "--no-legend"),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing the .flow file to draw" : "graph takes one file")
        }
        let validation: Validation
        do throws(FileReadError) {
            validation = try Validation.run(path, memo: console.validations)
        } catch {
            console.err("flowctl graph: cannot read '\(path)': \(error.reason)\n")
            return .usage
        }
        let syntaxErrors = validation.diagnostics.filter { $0.code.rawValue < "F100" }
        if !syntaxErrors.isEmpty {
            var renderer = DiagnosticRenderer(files: validation.program.files, useColor: console.colorOutput)
            console.err(syntaxErrors.map { renderer.render($0) }.joined())
            console.err("flowctl graph: '\(path)' has syntax errors; nothing to draw\n")
            return .failure
        }
        let program = validation.program
        let overview = arguments.has("--overview")
        if overview, arguments.value("--flow") != nil {
            throw UsageError(message: "--overview draws every flow; it cannot be combined with --flow")
        }
        if overview, arguments.has("--show-back") {
            throw UsageError(message: "--overview draws no routes, so no implicit back; drop --show-back")
        }
        var focus: FlowID?
        if let name = arguments.value("--flow") {
            guard let index = program.flows.firstIndex(where: { program.name($0.name) == name }) else {
                let hint = Suggestion.closest(to: name, among: program.flows.map { program.name($0.name) }).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "no flow named '\(name)' in '\(path)'\(hint)")
            }
            focus = FlowID(index)
        }
        var journey: Journey?
        if let scriptPath = arguments.value("--highlight") {
            switch self.journey(scriptPath, path, validation, &console) {
            case .success(let run): journey = run
            case .failure(let status): return status.code
            }
        }
        let options = FlowGraph.Options(showBack: arguments.has("--show-back"), showFindings: !arguments.has("--no-findings"),
                                        focus: focus, overview: overview, journey: journey)
        let graph = FlowGraph(program, findings: validation.diagnostics, options: options)
        switch arguments.value("--format") ?? "dot" {
        case "mermaid": console.out(MermaidWriter.write(graph))
        case "json":
            var renderer = DiagnosticRenderer(files: program.files, useColor: false)
            console.out(GraphJSONWriter.write(graph) { span in
                let (line, column) = renderer.location(span)
                return (renderer.path(span), line, column)
            })
        default: console.out(bytes: DOTWriter.bytes(graph, legend: !arguments.has("--no-legend")))
        }
        console.keepUntilExit?((validation, graph))
        return .success
    }

    /// A finished command's status, as an error for `Result`.
    struct Stop: Error { var code: ExitCode }

    /// Runs the `--highlight` script as `simulate --script` would: an
    /// unreadable or malformed script is bad usage (2); a program with
    /// errors the engine cannot run (F0xx, F1xx) or a script that fails is 1,
    /// with simulate's messages.
    static func journey(_ scriptPath: String, _ path: String, _ validation: Validation,
                        _ console: inout Console) -> Result<Journey, Stop> {
        guard let lines = RunnableProgram.script(scriptPath, command: "graph", console: &console) else {
            return .failure(Stop(code: .usage))
        }
        let blocking = validation.diagnostics.filter { $0.severity == .error && $0.code.rawValue < "F200" }
        if !blocking.isEmpty {
            var renderer = DiagnosticRenderer(files: validation.program.files, useColor: console.colorOutput)
            console.err(blocking.map { renderer.render($0) }.joined())
            console.err("flowctl graph: '\(path)' has errors the engine cannot run; fix them first (flowctl validate)\n")
            return .failure(Stop(code: .failure))
        }
        let navigator: Navigator
        do throws(NavigationError) {
            navigator = try Navigator(program: validation.program, assuming: ScenarioScript.leadingGuards(lines))
        } catch {
            console.err("flowctl graph: \(error.description)\n")
            return .failure(Stop(code: .failure))
        }
        let journey = Journey.run(lines, from: navigator)
        if let failure = journey.failure {
            console.err("\(scriptPath):\(failure.line): \(failure.message)\n")
            return .failure(Stop(code: .failure))
        }
        return .success(journey)
    }
}
