import FlowEngine

/// The report of what a random walk reached (`RandomWalk.Reach`): how many
/// routes it showed and handlers it fired, and those it never did.
///
/// A route is visited when it is the active screen after a step (or at the
/// start). A handler fired when it ran in a step that succeeded (a handler
/// whose actions were rejected changed nothing): the one that answered the
/// step's event, or a result handler (`on C.done`) that a `finish` in it
/// reached. The handlers that count are those `flowctl cover` counts
/// (`Coverage.counts`): a link's `else` actions are no `on` line.
struct WalkCoverage {
    let program: Program
    private(set) var visited: [Bool]
    private(set) var fired: [Bool]
    /// The handlers that count, in program order.
    let countedHandlers: [HandlerID]

    /// How many never-visited routes and never-fired handlers the text lists.
    static let textLimit = 10
    /// How many the JSON lists.
    static let jsonLimit = 100

    /// The coverage a walk reached (`RandomWalk.Summary.reach`); nothing
    /// reached when it has none.
    init(program: Program, reach: RandomWalk.Reach?) {
        self.program = program
        visited = reach?.routes ?? []
        fired = reach?.handlers ?? []
        if visited.count != program.routes.count { visited = [Bool](repeating: false, count: program.routes.count) }
        if fired.count != program.handlers.count { fired = [Bool](repeating: false, count: program.handlers.count) }
        countedHandlers = program.handlers.indices.map { HandlerID($0) }.filter { Coverage.counts($0, in: program) }
    }

    /// The routes never visited, in program order.
    var neverVisited: [RouteID] { visited.indices.filter { !visited[$0] }.map { RouteID($0) } }
    /// The handlers that never fired, in program order.
    var neverFired: [HandlerID] { countedHandlers.filter { !fired[Int($0)] } }

    /// `Shop.product`.
    func name(route: RouteID) -> String { program.qualifiedName(route) }

    /// `Shop.product on buy when loggedIn`, `Shop on logout` for a flow's own
    /// handler, `Explore on Booking.booked` for a result's.
    func name(handler: HandlerID) -> String {
        let h = program.handlers[Int(handler)]
        let owner = h.route >= 0 ? program.qualifiedName(h.route) : program.name(program.flows[Int(h.flow)].name)
        let condition = h.guardCondition.map { " when \($0.negated ? "!" : "")\(program.name($0.name))" } ?? ""
        return "\(owner) on \(program.eventText(h.event))\(condition)"
    }

    /// The file and line a span starts at, for the lists.
    func place(_ span: SourceSpan, _ lines: inout [Int32: LineIndex]) -> (file: String, line: Int)? {
        guard span.isValid, program.files.indices.contains(Int(span.file)) else { return nil }
        let file = program.files[Int(span.file)]
        let index = lines[span.file] ?? LineIndex(file.bytes)
        lines[span.file] = index
        return (file.path, index.location(of: Int(span.start)).line)
    }

    /// Two paragraphs for people:
    ///
    ///     routes: 44 of 46 visited; never visited:
    ///       Trips.edit        flows/wayfarer.flow:80
    ///       …
    ///       and 3 more
    ///     handlers: 90 of 97 fired; never fired:
    ///       Trips.trip on share   flows/wayfarer.flow:88
    var text: String {
        var lines: [Int32: LineIndex] = [:]
        let routes = neverVisited
        let handlers = neverFired
        var out = "routes: \(visited.count - routes.count) of \(visited.count) visited"
        out += list(routes.prefix(Self.textLimit).map { (name(route: $0), program.routes[Int($0)].span) }, of: routes.count,
                    "never visited", &lines)
        out += "handlers: \(countedHandlers.count - handlers.count) of \(countedHandlers.count) fired"
        out += list(handlers.prefix(Self.textLimit).map { (name(handler: $0), program.handlers[Int($0)].span) }, of: handlers.count,
                    "never fired", &lines)
        return out
    }

    /// `; never visited:` and the items shown (the first of `count`), one a line, their places aligned.
    private func list(_ shown: [(String, SourceSpan)], of count: Int, _ title: String, _ lines: inout [Int32: LineIndex]) -> String {
        guard !shown.isEmpty else { return "\n" }
        let width = shown.map { $0.0.unicodeScalars.count }.max() ?? 0
        var out = "; \(title):\n"
        for (name, span) in shown {
            let padding = String(repeating: " ", count: width - name.unicodeScalars.count + 2)
            out += "  \(name)" + (place(span, &lines).map { "\(padding)\($0.file):\($0.line)" } ?? "") + "\n"
        }
        if count > shown.count { out += "  and \(count - shown.count) more\n" }
        return out
    }

    /// `"routes": {...}, "handlers": {...}` into an open JSON object.
    func write(to json: inout JSONWriter) {
        var lines: [Int32: LineIndex] = [:]
        let routes = neverVisited
        let handlers = neverFired
        json.key("routes")
        json.beginObject()
        json.field("total", visited.count)
        json.field("visited", visited.count - routes.count)
        writeList(routes.prefix(Self.jsonLimit).map { (name(route: $0), program.routes[Int($0)].span) }, of: routes.count,
                  key: "route", list: "neverVisited", to: &json, &lines)
        json.endObject()
        json.key("handlers")
        json.beginObject()
        json.field("total", countedHandlers.count)
        json.field("fired", countedHandlers.count - handlers.count)
        writeList(handlers.prefix(Self.jsonLimit).map { (name(handler: $0), program.handlers[Int($0)].span) }, of: handlers.count,
                  key: "handler", list: "neverFired", to: &json, &lines)
        json.endObject()
    }

    /// `"neverVisited": [{"route", "file", "line"}], "more": N`: the items shown, the first of `count`.
    private func writeList(_ shown: [(String, SourceSpan)], of count: Int, key: String, list: String, to json: inout JSONWriter,
                           _ lines: inout [Int32: LineIndex]) {
        json.key(list)
        json.beginArray()
        for (name, span) in shown {
            json.beginObject()
            json.field(key, name)
            if let place = place(span, &lines) {
                json.field("file", place.file)
                json.field("line", place.line)
            }
            json.endObject()
        }
        json.endArray()
        json.field("more", count - shown.count)
    }
}
