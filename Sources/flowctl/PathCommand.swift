import FlowDSL
import FlowEngine

/// `flowctl path FILE ROUTE [--format text|json]` (docs/releases.md): the
/// shortest steps from the launch to a route, as a script that `simulate`
/// replays — the paths of validate's findings, on demand.
enum PathCommand {
    static let command = FlowCtl.Command(
        name: "path",
        summary: "Print the shortest steps to a route, as a script simulate replays",
        help: """
        OVERVIEW: Print the shortest steps from the app's launch to a route, as a
        scenario script that 'flowctl simulate --script' replays.

        USAGE: flowctl path <file> <route> [--format text|json]

        The route is named as 'expect top' names it: Flow.route, or the route alone
        when no other flow has a route of that name. path explores the states the
        engine reaches from the launch as validate does (every event a screen
        answers, back, tab taps, each link's sample URL, the guards the app sets),
        breadth first, with validate's limits, and prints the way to the nearest
        state whose active route is the one named: one step a line, as the paths of
        validate's findings are written, then 'expect top Flow.route'. Events get a
        sample value per parameter ("1", 1, 1.0, true); 'assume g' lines set the
        guards the way needs (leading ones are in force when the entry starts).

        A way without a deep link is preferred, however long; when only opening a
        URL reaches the route, the path opens one and a note on standard error says
        so.

            flowctl path flows/shop.flow Checkout.payment > payment.script
            flowctl simulate flows/shop.flow --script payment.script

        OPTIONS:
          --format <format>   text (default): the script; json: {"route", "steps",
                              "opensLink"}, the steps without the closing expect top
          -h, --help          Show this help

        A program with errors of the F0xx or F1xx families is not run: path prints
        them and exits 1, as simulate does.

        EXIT STATUS: 0 a path was printed, 1 no run from the launch shows the route
        (or the exploration stopped at a limit before it did: then a message says
        that it was not proved unreachable) or the program has F0xx/F1xx errors,
        2 bad usage (an unknown route) or unreadable input.

        """,
        options: [
            OptionSpec(name: "--format", takesValue: true, choices: ["text", "json"]),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> ExitCode {
        let positionals = arguments.positionals
        guard positionals.count == 2 else {
            switch positionals.count {
            case 0: throw UsageError(message: "missing the .flow file and the route to reach")
            case 1: throw UsageError(message: "missing the route to reach in '\(positionals[0])' (Flow.route, or route)")
            default: throw UsageError(message: "path takes one file and one route")
            }
        }
        let (path, name) = (positionals[0], positionals[1])
        let program: Program
        switch RunnableProgram.compile(path, command: "path", console: &console) {
        case .success(let compiled): program = compiled
        case .failure(let status): return status
        }
        let route = try resolve(name, in: program, path: path)
        let target = program.qualifiedName(route)

        // The same states, and limits, as validate's findings.
        let graph: StateGraph
        do throws(NavigationError) {
            graph = try StateGraph(program: program, limits: StateGraph.Limits.forValidation(of: program))
        } catch {
            console.err("flowctl path: \(error.description)\n")
            return .failure
        }
        guard let node = graph.nearestState(showing: route) else {
            console.err("flowctl path: \(unreached(target, graph))\n")
            return .failure
        }
        if !graph.isNavigable(node) {
            // Phase two (links) runs only once phase one is complete: no way without a link exists.
            var note = "only a deep link reaches \(target): no path without opening a URL does"
            if let limit = graph.limitHit { note += "; the exploration stopped early (\(limit)), so a shorter one may exist" }
            console.err("flowctl path: note: \(note)\n")
        }
        let steps = graph.path(to: node).map { $0.scriptText(in: program) }
        if arguments.value("--format") == "json" {
            var json = JSONWriter()
            json.beginObject()
            json.field("route", target)
            json.key("steps")
            json.beginArray()
            for step in steps { json.string(step) }
            json.endArray()
            json.field("opensLink", !graph.isNavigable(node))
            json.endObject()
            console.out(json.output + "\n")
        } else {
            console.out(steps.map { $0 + "\n" }.joined() + "expect top \(target)\n")
        }
        return .success
    }

    /// The route `name` names, as `expect top` reads it: `Flow.route`, or a
    /// route name that only one flow has. Anything else is a usage error,
    /// with the name closest to it.
    static func resolve(_ name: String, in program: Program, path: String) throws(UsageError) -> RouteID {
        let routes = program.routes.indices.map { RouteID($0) }
        if let exact = routes.first(where: { program.qualifiedName($0) == name }) { return exact }
        let bare = routes.filter { program.name(program.routes[Int($0)].name) == name }
        if bare.count == 1 { return bare[0] }
        if bare.count > 1 {
            let names = bare.map { program.qualifiedName($0) }
            throw UsageError(message: "'\(name)' names a route in more than one flow (\(names.joined(separator: ", "))): say which, as \(names[0])")
        }
        // A route of that name in another flow (`Checkout.product` for `Shop.product`).
        if let dot = name.lastIndex(of: "."),
           let other = routes.first(where: { program.name(program.routes[Int($0)].name) == name[name.index(after: dot)...] }) {
            throw UsageError(message: "no route '\(name)' in '\(path)'; did you mean '\(program.qualifiedName(other))'?")
        }
        // Else the closest of the names `expect top` accepts: qualified ones for a
        // qualified name, else each route's name, qualified where it alone is ambiguous.
        var counts: [String: Int] = [:]
        for route in program.routes { counts[program.name(route.name), default: 0] += 1 }
        let candidates = routes.map { r in
            let plain = program.name(program.routes[Int(r)].name)
            return name.contains(".") || counts[plain, default: 0] > 1 ? program.qualifiedName(r) : plain
        }
        let hint = Suggestion.closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(message: "no route '\(name)' in '\(path)'\(hint)")
    }

    /// Why no path was printed: proved unreachable, or not proved.
    static func unreached(_ target: String, _ graph: StateGraph) -> String {
        if let limit = graph.limitHit {
            return "no path to \(target) was found before the exploration stopped (\(limit)): that none exists was not proved"
        }
        if !graph.oversized.isEmpty {
            return "no path to \(target) was found, but \(graph.oversized.count) state(s) larger than \(graph.limits.maxStateSize) screens and flows were not explored further: that none exists was not proved"
        }
        let count = graph.count
        return "no path reaches \(target): no state the app reaches from its launch shows it (\(count) state\(count == 1 ? "" : "s"), every step explored)"
    }
}
