import FlowDSL
import FlowEngine

/// `flowctl cover FILE SCRIPT... [--format text|json] [--require-all]`:
/// which handlers a suite of scenario scripts fired (transition coverage)
/// and which routes it showed (`Coverage`).
enum CoverCommand {
    static let command = FlowCtl.Command(
        name: "cover",
        summary: "Run scenario scripts and report the handlers and routes they never reached",
        help: """
        OVERVIEW: Run scenario scripts against a program and report its transition
        coverage: every handler ('on' line: a route's or a flow's, a result's, each
        guarded variant apart) fired by some script or not, and every route shown
        (the active screen at the start or after a step) or not. Handlers and
        routes that no run from the entry's start reaches are listed apart, as
        unreachable.

        USAGE: flowctl cover <file> <script>... [--format text|json] [--require-all]

        Each script runs from the entry's start, as 'flowctl simulate --script'
        runs it (leading 'assume' steps are in force when the entry starts).

        OPTIONS:
          --format <format>   text (default) or json:
                              {"handlers", "reachable", "covered", "uncovered": [{"file",
                              "line", "column", "flow", "route", "event"}], "unreachable": [...],
                              "routes": {"count", "reachable", "shown", "notShown": [{"file",
                              "line", "column", "flow", "route"}], "unreachable": [...]}}
          --require-all       Exit 1 unless every reachable handler is covered (routes
                              not shown are reported, not required)
          -h, --help          Show this help

        EXIT STATUS: 0 every script held (and, with --require-all, every reachable
        handler was fired), 1 a script failed (a rejected step, an expectation) or
        the program has F0xx/F1xx errors, 2 bad usage or unreadable input.

        """,
        options: [
            OptionSpec(name: "--format", takesValue: true, choices: ["text", "json"]),
            OptionSpec(name: "--require-all"),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> ExitCode {
        guard let path = arguments.positionals.first else { throw UsageError(message: "missing the .flow file and the scripts to run") }
        let scriptPaths = Array(arguments.positionals.dropFirst())
        guard !scriptPaths.isEmpty else { throw UsageError(message: "missing the scripts to run against '\(path)'") }
        var scripts: [[ScenarioScript.Line]] = []
        for scriptPath in scriptPaths {
            guard let lines = RunnableProgram.script(scriptPath, command: "cover", console: &console) else { return .usage }
            scripts.append(lines)
        }
        let validation: Validation
        switch RunnableProgram.load(path, command: "cover", console: &console) {
        case .success(let loaded): validation = loaded
        case .failure(let status): return status
        }
        let program = validation.program
        var coverage: Coverage
        do throws(NavigationError) {
            coverage = try Coverage(program: program)
        } catch {
            console.err("flowctl cover: \(error.description)\n")
            return .failure
        }
        var status = ExitCode.success
        // A navigator at the start for each set of leading guards, made once: scripts copy it.
        var starts: [[String]: Navigator] = [:]
        for (scriptPath, lines) in zip(scriptPaths, scripts) {
            let guards = ScenarioScript.leadingGuards(lines)
            let navigator: Navigator
            do throws(NavigationError) {
                if let made = starts[guards] { navigator = made } else {
                    navigator = try Navigator(program: program, assuming: guards)
                    starts[guards] = navigator
                }
            } catch {
                // With these leading guards the app cannot start: this script fails, the others run.
                console.err("\(scriptPath): the app cannot start with \(guards.joined(separator: ", ")): \(error.description)\n")
                status = .failure
                continue
            }
            var runner = ScenarioRunner(navigator: navigator)
            runner.recordCoverage()
            if !runner.run(lines), let failure = runner.failure {
                console.err("\(scriptPath):\(failure.line): \(failure.message)\n")
                status = .failure
            }
            coverage.record(handlersRun: runner.handlersRun ?? [], routesShown: runner.routesShown ?? [])
        }
        console.out(arguments.value("--format") == "json" ? json(coverage) : text(coverage))
        if arguments.has("--require-all") && !coverage.uncovered.isEmpty && status == .success { status = .failure }
        return status
    }

    /// A handler's place and names, for both forms.
    struct Place {
        var file: String
        var line: Int
        var column: Int
        var flow: String
        var route: String?
        var event: String
    }

    static func places(_ handlers: [HandlerID], _ program: Program) -> [Place] {
        var renderer = DiagnosticRenderer(files: program.files, useColor: false)
        return handlers.map { h in
            let handler = program.handlers[Int(h)]
            let (line, column) = renderer.location(handler.span)
            var event = program.eventText(handler)
            if let condition = handler.guardCondition { event += " when \(condition.negated ? "!" : "")\(program.name(condition.name))" }
            return Place(file: renderer.path(handler.span), line: line, column: column,
                         flow: program.name(program.flows[Int(handler.flow)].name),
                         route: handler.route >= 0 ? program.name(program.routes[Int(handler.route)].name) : nil, event: event)
        }
    }

    /// A route's place and names, for both forms.
    static func places(routes: [RouteID], _ program: Program) -> [Place] {
        var renderer = DiagnosticRenderer(files: program.files, useColor: false)
        return routes.map { r in
            let route = program.routes[Int(r)]
            let (line, column) = renderer.location(route.span)
            return Place(file: renderer.path(route.span), line: line, column: column,
                         flow: program.name(program.flows[Int(route.flow)].name), route: program.name(route.name), event: "")
        }
    }

    /// `1 route`, `7 routes`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `75.0%`, rounded down; all of nothing is 100%.
    static func percent(_ part: Int, of whole: Int) -> String {
        let permille = whole == 0 ? 1000 : part * 1000 / whole
        return "\(permille / 10).\(permille % 10)%"
    }

    static func text(_ coverage: Coverage) -> String {
        let reachable = coverage.reachableCount
        let covered = coverage.coveredCount
        var out = "\(covered) of \(reachable) reachable handlers covered (\(percent(covered, of: reachable))); "
            + "\(counted(coverage.handlers.count, "handler")), \(coverage.handlers.count - reachable) unreachable\n"
        let routes = coverage.program.routes.count
        let reachableRoutes = coverage.reachableRouteCount
        let shown = coverage.shownRouteCount
        out += "\(shown) of \(reachableRoutes) reachable routes shown (\(percent(shown, of: reachableRoutes))); "
            + "\(counted(routes, "route")), \(routes - reachableRoutes) unreachable\n"
        func list(_ title: String, _ handlers: [HandlerID]) {
            guard !handlers.isEmpty else { return }
            out += title + ":\n"
            for place in places(handlers, coverage.program) {
                let owner = place.flow + (place.route.map { ".\($0)" } ?? "")
                out += "  \(place.file):\(place.line):\(place.column): \(owner): on \(place.event)\n"
            }
        }
        if coverage.isPartial {
            out += "note: the exploration stopped at its budget (a program this deep copies too much): some handlers it calls unreachable may not be\n"
        }
        func list(_ title: String, routes: [RouteID]) {
            guard !routes.isEmpty else { return }
            out += title + ":\n"
            for place in places(routes: routes, coverage.program) {
                out += "  \(place.file):\(place.line):\(place.column): \(place.flow).\(place.route ?? "")\n"
            }
        }
        list("uncovered", coverage.uncovered)
        list("not shown", routes: coverage.notShown)
        list("unreachable (no run from the start fires them)", coverage.unreachable)
        list("unreachable routes (no run from the start shows them)", routes: coverage.unreachableRoutes)
        return out
    }

    static func json(_ coverage: Coverage) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("handlers", coverage.handlers.count)
        json.field("reachable", coverage.reachableCount)
        json.field("covered", coverage.coveredCount)
        if coverage.isPartial { json.field("partial", true) }
        for (key, handlers) in [("uncovered", coverage.uncovered), ("unreachable", coverage.unreachable)] {
            json.key(key)
            json.beginArray()
            for place in places(handlers, coverage.program) {
                json.beginObject()
                json.field("file", place.file)
                json.field("line", place.line)
                json.field("column", place.column)
                json.field("flow", place.flow)
                json.key("route")
                if let route = place.route { json.string(route) } else { json.null() }
                json.field("event", place.event)
                json.endObject()
            }
            json.endArray()
        }
        json.key("routes")
        json.beginObject()
        json.field("count", coverage.program.routes.count)
        json.field("reachable", coverage.reachableRouteCount)
        json.field("shown", coverage.shownRouteCount)
        for (key, routes) in [("notShown", coverage.notShown), ("unreachable", coverage.unreachableRoutes)] {
            json.key(key)
            json.beginArray()
            for place in places(routes: routes, coverage.program) {
                json.beginObject()
                json.field("file", place.file)
                json.field("line", place.line)
                json.field("column", place.column)
                json.field("flow", place.flow)
                json.field("route", place.route ?? "")
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
        json.endObject()
        return json.output + "\n"
    }
}
