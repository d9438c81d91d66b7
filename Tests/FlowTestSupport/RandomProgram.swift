import FlowEngine

/// A random well-formed `.flow` program: the same text for the same seed,
/// and every construct of the language that compiles without an F0xx/F1xx
/// error (docs/language.md), so that the engine runs it:
///
/// - several flows: children started pushed, `as sheet`, `as cover` and
///   `as root`; a flow whose `start` is a flow; guarded `start` items with
///   their fallback; flow parameters bound by `start F(k: …)`;
/// - a tab container (started as root, sheet, cover or as the entry's
///   start; never pushed) whose tabs `select` each other;
/// - routes with titles, parameters and the attributes `final`, `noBack`,
///   `locked`, `busy` (with the `[system]` event that ends it); events with payloads; arguments from literals and from the
///   event's, the route's and the flow's parameters;
/// - every action (`push sheet cover alert dialog popover replace set pop
///   "pop to" popToRoot dismiss start finish select stay assume`), `with` names,
///   `then` chains, guards (`when g`, `when !g`) on handlers, `on back`
///   handlers, flow-level handlers, result handlers `on C.x` with payloads;
/// - links with captures (of routes' and flows' parameters) and gated
///   links `when g else start Auth as cover`; (v2) named links, links that
///   present after their path (`then sheet r`), a link `over` what is
///   shown, optional query items of parameters with a default (`?n=:n?`),
///   fragment items (`#n=:n`), rest captures (`/*id`) and `link default`.
///
/// `size` scales the number of flows and routes (1 is tiny, 4 the default).
/// Programs are not meant to be free of F2xx findings: dead ends, traps and
/// failing pops are what the checks and the differential oracle look for.
public func randomProgram(seed: UInt64, size: Int = 4) -> String {
    var generator = RandomProgramGenerator(seed: seed, size: max(1, size))
    return generator.build()
}

struct RandomProgramGenerator {
    var rng: SplitMix64
    let size: Int

    init(seed: UInt64, size: Int) {
        rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        self.size = size
    }

    mutating func pick(_ n: Int) -> Int { n <= 1 ? 0 : Int(rng.next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { pick(100) < percent }
    mutating func element<T>(_ list: [T]) -> T { list[pick(list.count)] }

    /// Events with a fixed signature each, the same everywhere they are handled.
    static let events: [(name: String, parameters: [(String, String)])] = [
        ("next", []), ("open", [("id", "String")]), ("count", [("n", "Int")]), ("close", []),
        ("save", []), ("toggle", [("on", "Bool")]), ("rate", [("x", "Double")]), ("logout", []),
        ("more", []), ("back", []),
    ]
    static let routeNames = ["home", "list", "detail", "edit", "confirm", "info", "settings", "done"]
    static let routeParameters: [[(String, String)]] = [[], [], [("id", "String")], [("n", "Int")], [("id", "String"), ("n", "Int")]]
    static let guards = ["g0", "g1", "loggedIn"]
    static let literals = ["String": "\"v\"", "Int": "2", "Bool": "true", "Double": "1.5"]

    struct FlowPlan {
        var name: String
        var routes: [(name: String, parameters: [(String, String)], attributes: [String])] = []
        var parameters: [(String, String)] = []
        var isTabContainer = false
        var isTab = false
        /// The flows this one starts (its children), with how.
        var children: [(flow: Int, mode: String)] = []
        /// The results this flow may finish with: `done`, and maybe `picked(id: String)`.
        var results: [(String, [(String, String)])] = [("done", [])]
        /// A flow started in its place (`start F`), when its start is a flow.
        var startFlow: Int?
    }

    var flows: [FlowPlan] = []
    var text = ""

    mutating func build() -> String {
        plan()
        for index in flows.indices { writeFlow(index) }
        writeLinks()
        return text
    }

    /// The flows and how each is started: a tree (each child has a lower-numbered parent), so no flow starts itself.
    mutating func plan() {
        let regular = 1 + pick(size) + size / 2
        let tabCount = chance(70) ? 2 + pick(2) : 0
        // 0: the entry; then the tab container and its tabs; then the regular flows; Auth last.
        flows.append(FlowPlan(name: "App"))
        var tabsIndex = -1
        if tabCount > 0 {
            tabsIndex = flows.count
            var container = FlowPlan(name: "Tabs")
            container.isTabContainer = true
            flows.append(container)
            for t in 0..<tabCount {
                var tab = FlowPlan(name: "Tab\(t)")
                tab.isTab = true
                flows.append(tab)
            }
        }
        let firstRegular = flows.count
        for r in 0..<regular {
            var flow = FlowPlan(name: "F\(r + 1)")
            if chance(25) { flow.parameters = [("k", element(["Int", "String"]))] }
            if chance(40) { flow.results.append(("picked", [("id", "String")])) }
            flows.append(flow)
        }
        let auth = flows.count
        flows.append(FlowPlan(name: "Auth"))

        // Routes.
        for index in flows.indices where !flows[index].isTabContainer {
            let count = index == auth ? 2 : 1 + pick(size) + (size > 2 ? 1 : 0)
            var names = Self.routeNames
            for r in 0..<min(count, names.count) {
                let name = names.remove(at: r == 0 ? 0 : pick(names.count))
                var attributes: [String] = []
                if r > 0 && chance(12) { attributes.append("final") }
                if r > 0 && chance(12) { attributes.append("noBack") }
                if chance(10) { attributes.append("locked") }
                // A start route takes no parameters (`start r` binds none).
                let parameters = r == 0 || index == auth ? [] : element(Self.routeParameters)
                flows[index].routes.append((name, parameters, attributes))
            }
        }

        // Who starts whom. The tab container: the entry's start (in its place), or as root, sheet or cover.
        if tabsIndex >= 0 {
            let mode = element(["place", "as root", "as sheet", "as cover"])
            if mode == "place" { flows[0].startFlow = tabsIndex } else { flows[0].children.append((tabsIndex, mode)) }
        }
        for r in firstRegular..<auth {
            // A parent: the entry, a tab, or an earlier regular flow.
            var parents = [0]
            if tabsIndex >= 0 { parents += Array((tabsIndex + 1)..<firstRegular) }
            parents += Array(firstRegular..<r)
            let parent = element(parents)
            let canPlace = flows[parent].startFlow == nil && !flows[parent].isTab && parent != 0 && flows[r].parameters.isEmpty
            let mode = canPlace && chance(15) ? "place" : element(["", "as sheet", "as cover", "as root", ""])
            if mode == "place" { flows[parent].startFlow = r } else { flows[parent].children.append((r, mode)) }
        }
        flows[0].children.append((auth, "as cover"))
    }

    var guardsUsed: [String] { Self.guards }

    mutating func guardSuffix(_ percent: Int) -> String {
        guard chance(percent) else { return "" }
        return " when " + (chance(30) ? "!" : "") + element(guardsUsed)
    }

    /// An argument list for `parameters`, each value a literal or a name in scope of the same type.
    mutating func arguments(_ parameters: [(String, String)], scope: [(String, String)]) -> String {
        guard !parameters.isEmpty else { return "" }
        let list = parameters.map { parameter -> String in
            let candidates = scope.filter { $0.1 == parameter.1 }.map(\.0)
            let value = !candidates.isEmpty && chance(60) ? element(candidates) : Self.literals[parameter.1] ?? "0"
            return "\(parameter.0): \(value)"
        }
        return "(" + list.joined(separator: ", ") + ")"
    }

    static func declaration(_ parameters: [(String, String)]) -> String {
        parameters.isEmpty ? "" : "(" + parameters.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
    }

    /// (v2) Routes of these names give their `n: Int` a default (`n: Int = 2`):
    /// a link may leave it out (`?n=:n?`). By name, so no seed's program changes shape.
    static let defaultingRoutes: Set<String> = ["edit", "info"]

    static func hasDefault(_ route: String, _ parameter: String) -> Bool {
        parameter == "n" && defaultingRoutes.contains(route)
    }

    static func routeDeclaration(_ route: String, _ parameters: [(String, String)]) -> String {
        parameters.isEmpty ? "" : "(" + parameters.map {
            "\($0.0): \($0.1)" + (hasDefault(route, $0.0) ? " = " + (literals[$0.1] ?? "0") : "")
        }.joined(separator: ", ") + ")"
    }

    mutating func target(_ flow: Int, scope: [(String, String)]) -> String {
        let route = element(flows[flow].routes)
        return route.name + arguments(route.parameters, scope: scope)
    }

    /// One random action of flow `flow`'s handlers.
    mutating func action(_ flow: Int, scope: [(String, String)]) -> String {
        let plan = flows[flow]
        let transition = chance(10) ? " with fade" : ""
        switch pick(21) {
        case 0, 1, 2: return "push " + target(flow, scope: scope) + transition
        case 3: return "sheet " + target(flow, scope: scope) + transition
        case 4: return "cover " + target(flow, scope: scope) + transition
        case 5: return "alert " + target(flow, scope: scope)
        case 6: return "dialog " + target(flow, scope: scope)
        case 7: return "popover " + target(flow, scope: scope)
        case 8: return "replace " + target(flow, scope: scope)
        case 9:
            let count = 1 + pick(2)
            var targets: [String] = []
            for _ in 0..<count { targets.append(target(flow, scope: scope)) }
            return "set [" + targets.joined(separator: ", ") + "]"
        case 10, 11: return "pop"
        case 12:
            // `pop to R` takes R's arguments too: only routes without parameters.
            let plain = plan.routes.filter(\.parameters.isEmpty)
            return plain.isEmpty ? "pop" : "pop to " + element(plain).name
        case 13: return "popToRoot"
        case 14: return "dismiss"
        case 15 where !plan.children.isEmpty:
            let child = element(plan.children)
            return "start " + flows[child.flow].name + arguments(flows[child.flow].parameters, scope: scope)
                + (flows[child.flow].isTabContainer ? " " + element(["as root", "as sheet", "as cover"])
                   : element(["", " as sheet", " as cover", " as root"]))
        case 16 where flow != 0:
            let result = element(plan.results)
            return "finish " + result.0 + arguments(result.1, scope: scope)
        case 17 where plan.isTab:
            return "select " + element(flows.filter(\.isTab)).name
        case 18: return "stay"
        case 19: return "assume " + (chance(40) ? "!" : "") + element(guardsUsed)
        default: return "push " + target(flow, scope: scope)
        }
    }

    mutating func chain(_ flow: Int, scope: [(String, String)]) -> String {
        var text = action(flow, scope: scope)
        if chance(18) { text += " then " + action(flow, scope: scope) }
        if chance(4) { text += " then " + action(flow, scope: scope) }
        return text
    }

    /// Handlers of user events (and `back`), no two with the same event and guard.
    mutating func handlers(_ flow: Int, count: Int, scope: [(String, String)], indent: String) -> String {
        var out = ""
        var seen: Set<String> = []
        for _ in 0..<count {
            let event = element(Self.events)
            let guardText = guardSuffix(25)
            guard seen.insert(event.name + guardText).inserted else { continue }
            let scope = event.parameters + scope
            out += "\(indent)on \(event.name)\(Self.declaration(event.parameters))\(guardText) -> \(chain(flow, scope: scope))\n"
        }
        return out
    }

    mutating func writeFlow(_ index: Int) {
        let plan = flows[index]
        let attributes = index == 0 ? " [entry]" : ""
        text += "flow \(plan.name)\(Self.declaration(plan.parameters))\(attributes) {\n"
        if plan.isTabContainer {
            text += "  tabs " + flows.filter(\.isTab).map(\.name).joined(separator: ", ") + "\n}\n"
            return
        }
        // Start items: maybe guarded ones first, then the fallback.
        if let start = plan.startFlow {
            if chance(40) { text += "  start \(plan.routes[0].name) when \(element(guardsUsed))\n" }
            text += "  start \(flows[start].name)\n"
        } else {
            if plan.routes.count > 1 && chance(20) {
                let other = plan.routes.dropFirst().first { $0.parameters.isEmpty }
                if let other { text += "  start \(other.name) when \(chance(30) ? "!" : "")\(element(guardsUsed))\n" }
            }
            text += "  start \(plan.routes[0].name)\n"
        }
        // The guaranteed starts of each child, first in the source (a link's path takes the first).
        var routeHandlers = [String](repeating: "", count: plan.routes.count)
        for child in plan.children {
            let route = pick(plan.routes.count)
            let event = "go\(flows[child.flow].name)"
            let mode = child.mode.isEmpty ? "" : " " + child.mode
            let scope = plan.routes[route].parameters + plan.parameters
            routeHandlers[route] += "    on \(event)\(guardSuffix(10)) -> start \(flows[child.flow].name)"
                + arguments(flows[child.flow].parameters, scope: scope) + mode + "\n"
        }
        for (r, route) in plan.routes.enumerated() {
            let title = chance(20) ? " \"The \(route.name) screen\"" : ""
            var attributeList = route.attributes
            let scope = route.parameters + plan.parameters
            var body = routeHandlers[r]
            // (v2) A busy screen (an upload): URLs opened there wait; the app's event ends it.
            if r > 0 && index != flows.count - 1 && chance(8) {
                attributeList.append("busy")
                body += "    on uploaded [system] -> \(chain(index, scope: scope))\n"
            }
            let attributes = attributeList.isEmpty ? "" : " [" + attributeList.joined(separator: ", ") + "]"
            if index == flows.count - 1 {
                // Auth: signing in finishes it, closing it cancels it.
                body += r == 0 ? "    on signIn -> finish done\n    on more -> push \(plan.routes[1].name)\n" : "    on close -> finish cancel\n"
            } else {
                body += handlers(index, count: pick(4), scope: scope, indent: "    ")
            }
            text += "  route \(route.name)\(Self.routeDeclaration(route.name, route.parameters))\(title)\(attributes)"
            text += body.isEmpty ? "\n" : " {\n" + body + "  }\n"
        }
        // Flow-level handlers, and the results of the children.
        text += handlers(index, count: pick(3), scope: plan.parameters, indent: "  ")
        // The app's own event on the entry (a session that expires): a step of the app, never a way out.
        if index == 0 && chance(25) { text += "  on expired [system] -> \(chain(index, scope: plan.parameters))\n" }
        for child in plan.children where chance(70) {
            let childPlan = flows[child.flow]
            let results = childPlan.isTabContainer ? [] : childPlan.results + [("cancel", [])]
            guard !results.isEmpty else { continue }
            let result = element(results)
            text += "  on \(childPlan.name).\(result.0)\(Self.declaration(result.1)) -> \(chain(index, scope: result.1 + plan.parameters))\n"
        }
        text += "}\n"
    }

    /// The path of flows from the entry to `flow`, each started by the one before; nil if none.
    func path(to flow: Int) -> [Int]? {
        var chain = [flow]
        var current = flow
        while current != 0 {
            guard let parent = flows.indices.first(where: { p in
                flows[p].startFlow == current || flows[p].children.contains { $0.flow == current }
                    || (flows[p].isTabContainer && flows[current].isTab)
            }) else { return nil }
            chain.insert(parent, at: 0)
            current = parent
        }
        return chain
    }

    mutating func writeLinks() {
        let count = pick(size + 1)
        var used: Set<String> = []
        for l in 0..<count {
            let flow = pick(flows.count - 1)
            guard !flows[flow].isTabContainer, let chain = path(to: flow) else { continue }
            let route = element(flows[flow].routes)
            var captures: [String] = []
            var steps: [String] = []
            for f in chain {
                var step = flows[f].name
                if !flows[f].parameters.isEmpty {
                    captures.append("k\(f)")
                    step += "(" + flows[f].parameters.map { "\($0.0): k\(f)" }.joined(separator: ", ") + ")"
                }
                steps.append(step)
            }
            var target = route.name
            if !route.parameters.isEmpty {
                target += "(" + route.parameters.map { "\($0.0): \($0.0)" }.joined(separator: ", ") + ")"
                captures += route.parameters.map(\.0)
            }
            steps.append(target)
            let host = "l\(l)"
            guard used.insert(host).inserted else { continue }
            // (v2) The route's `n`, when it has a default, is an optional query item or a
            // fragment item; a last capture of a String, a rest capture (`/*id`).
            var items = ""
            if let n = captures.lastIndex(of: "n"), n >= captures.count - route.parameters.count, chance(50) {
                captures.remove(at: n)
                items = Self.hasDefault(route.name, "n") && chance(70) ? "?n=:n?" : "#n=:n"
            }
            var segments = captures.map { "/:\($0)" }
            if let last = captures.last, route.parameters.last(where: { $0.0 == last })?.1 == "String", chance(30) {
                segments[segments.count - 1] = "/*" + last
            }
            let pattern = "app://\(host)" + segments.joined() + items
            let name = chance(20) ? "n\(l) " : ""
            var line = "link \(name)\"\(pattern)\" -> " + steps.joined(separator: "/")
            // (v2) A link that presents after its path: a route of the path's last flow.
            let plain = flows[flow].routes.filter(\.parameters.isEmpty)
            if !plain.isEmpty, chance(20) {
                line += " then " + element(["push ", "sheet ", "cover ", "alert "]) + element(plain).name
            }
            if chance(35) { line += " when loggedIn else start Auth as cover" }
            text += line + "\n"
        }
        // (v2) A link over whatever is shown: a route of the entry flow.
        let entryPlain = flows[0].routes.filter(\.parameters.isEmpty)
        if !entryPlain.isEmpty, chance(30) {
            text += "link \"app://over\" -> over " + element(["sheet ", "cover ", "alert ", "dialog "]) + element(entryPlain).name + "\n"
        }
        // (v2) What no other link matches: a route of the entry flow.
        if !entryPlain.isEmpty, chance(25) {
            text += "link default -> \(flows[0].name)/" + element(entryPlain).name + "\n"
        }
    }
}
