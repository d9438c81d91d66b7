import FlowEngine
import FlowTestSupport
import Testing

/// docs/language.md#how-a-program-runs "What runs": what the engine would refuse on every path is an
/// error at validation, never a surprise at run time. Each row is the form
/// of a runtime refusal that no path can avoid, and the finding that
/// validation reports for it. (The forms no check reports yet are listed in
/// issue 7's reply, not here.)
@Suite("Refusals on every path are validation errors")
struct AlwaysRefusedTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var refusal: String
        var source: String
        var code: DiagnosticCode
        /// For a program that runs (F2xx, F3xx): the step and its exact refusal.
        var step: String?
        var error: NavigationError?
        var testDescription: String { "\(refusal) → \(code.rawValue)" }
    }

    static let rows: [Row] = [
        Row(refusal: "nothingToPop (pop)", source: """
            flow App [entry] { start home  route home { on up -> pop  on go -> push other }  route other [final] }
            """, code: .impossibleBack, step: "up",
            error: .nothingToPop(action: "pop", route: "home", place: "the app's base stack")),
        Row(refusal: "nothingToPop (popToRoot)", source: """
            flow App [entry] { start home  route home { on top -> popToRoot  on go -> push other }  route other [final] }
            """, code: .impossibleBack, step: "top",
            error: .nothingToPop(action: "popToRoot", route: "home", place: "the app's base stack")),
        Row(refusal: "notBelow (pop to)", source: """
            flow App [entry] { start home  route home { on up -> pop to other  on go -> push other }  route other [final] }
            """, code: .impossibleBack, step: "up", error: .notBelow(target: "other", route: "home")),
        Row(refusal: "alreadyOnTop (pop to)", source: """
            flow App [entry] { start home  route home { on again -> pop to home  on go -> push other }  route other [final] }
            """, code: .impossibleBack, step: "again", error: .alreadyOnTop(target: "home", route: "home")),
        Row(refusal: "nothingToDismiss", source: """
            flow App [entry] { start home  route home { on close -> dismiss  on go -> push other }  route other [final] }
            """, code: .impossibleBack, step: "close", error: .nothingToDismiss(route: "home")),
        Row(refusal: "noWayBack (a dead end)", source: """
            flow App [entry] { start home  route home { on promo -> cover promo }  route promo }
            """, code: .deadEnd, step: "promo\nback",
            error: .noWayBack(route: "promo", reason: "the root of a cover has no implicit back and no handler on the way up answers 'back'")),
        Row(refusal: "noMatchingLink (a bad pattern: no URL opens it)", source: """
            flow App [entry] { start home  route home [final] }
            link "home/:x" -> App/home
            """, code: .badLinkPattern, step: "open \"home/1\"",
            error: .noMatchingLink(url: "home/1", problem: "'home/1' has no scheme; expected scheme://host/...")),
        Row(refusal: "noMatchingLink (a target no step reaches: the link is left out)", source: """
            flow App [entry] { start home  route home [final] }
            flow Shop { start catalog  route catalog [final] }
            link "app://shop" -> App/Shop/catalog
            """, code: .linkTargetNotFound, step: "open \"app://shop\"", error: .noMatchingLink(url: "app://shop", problem: "no link matches it")),
        Row(refusal: "noMatchingLink (a route of a flow that always shows a tab container in its place: the link is left out)", source: """
            flow App [entry] { start Main  route other [final]  on more -> push other }
            flow Main { tabs T, U }
            flow T { start t  route t [final] }
            flow U { start u  route u [final] }
            link "app://other" -> App/other
            """, code: .linkTargetNotFound, step: "open \"app://other\"", error: .noMatchingLink(url: "app://other", problem: "no link matches it")),
        Row(refusal: "noMatchingLink (a parameter no capture binds)", source: """
            flow App [entry] { start home  route home { on go(id: String) -> push product(id: id) }  route product(id: String) [final] }
            link "app://product/:sku" -> App/product(id: id)
            """, code: .linkParameterUnbound, step: "open \"app://product/1\"",
            error: .noMatchingLink(url: "app://product/1", problem: "it has the shape of link 'app://product/:sku', but its target's arguments are not all bound by its captures (F303)")),
        Row(refusal: "unsupported: flows that start each other in their place without end", source: """
            flow App [entry] { start home  route home { on go -> start A as sheet } }
            flow A { start B }
            flow B { start A }
            """, code: .neverRunnable),
        Row(refusal: "noSuchTab (select of a farther container's tab)", source: """
            flow App [entry] { tabs A, B }
            flow A { start a  route a { on more -> start Inner as sheet } }
            flow B { start b  route b [final] }
            flow Inner { tabs C, D }
            flow C { start c  route c { on b -> select B } }
            flow D { start d  route d [final] }
            """, code: .selectOutsideTabs),
        Row(refusal: "unsupported: finish in the entry flow, which nothing starts", source: """
            flow App [entry] { start home  route home { on quit -> finish done } }
            """, code: .impossibleBack, step: "quit",
            error: .unsupported(event: "quit", problem: "'finish done' would end 'App', the entry flow: no flow is above it to return to")),
        Row(refusal: "unsupported: an action after finish in the same chain", source: """
            flow App [entry] { start home  route home { on go -> start Child as sheet }  on Child.done -> stay }
            flow Child { start first  route first { on ok -> finish done then push second }  route second [final] }
            """, code: .impossibleBack, step: "go\nok",
            error: .unsupported(event: "ok", problem: "'push second' comes after 'Child' finished in the same chain: nothing is left to act for 'Child'")),
        Row(refusal: "unsupported: a push onto the alert the chain just presented", source: """
            flow App [entry] { start home  route home { on warn -> alert oops then push other  on go -> push other }  route oops { on ok -> stay }  route other [final] }
            """, code: .impossibleBack, step: "warn",
            error: .unsupported(event: "warn", problem: "'push other' cannot push onto an alert, which holds one screen")),
        Row(refusal: "noTabContainer (select)", source: """
            flow App [entry] { start home  route home { on search -> select Search } }
            flow Search { start s  route s [final] }
            """, code: .selectOutsideTabs),
        Row(refusal: "unsupported: a tab container pushed", source: """
            flow App [entry] { start home  route home { on go -> start Tabs } }
            flow Tabs { tabs A, B }
            flow A { start a  route a [final] }
            flow B { start b  route b [final] }
            """, code: .malformedTabContainer),
        Row(refusal: "unsupported: a tab whose start is a tab container (nested)", source: """
            flow App [entry] { tabs A, B }
            flow A { start Inner }
            flow Inner { tabs C, D }
            flow B { start b  route b [final] }
            flow C { start c  route c [final] }
            flow D { start d  route d [final] }
            """, code: .neverRunnable),
        Row(refusal: "unsupported: a tab with parameters", source: """
            flow App [entry] { tabs A, B }
            flow A(user: String) { start a  route a [final] }
            flow B { start b  route b [final] }
            """, code: .neverRunnable),
        Row(refusal: "unsupported: a flow with no start", source: """
            flow App [entry] { route home [final] }
            """, code: .missingStart),
        Row(refusal: "unsupported: a start without the flow's arguments", source: """
            flow App [entry] { start home  route home { on go -> start Profile } }
            flow Profile(user: String) { start page  route page [final] }
            """, code: .argumentMismatch),
        Row(refusal: "unsupported: a start route with parameters and no arguments", source: """
            flow App [entry] { start home  route home(id: Int) [final] }
            """, code: .argumentMismatch),
        Row(refusal: "unsupported: a result's payload without the handler's parameter", source: """
            flow App [entry] { start home  route home { on pick -> start Picker as sheet }  route item(id: Int) [final]  on Picker.picked(id: Int) -> push item(id: id) }
            flow Picker { start list  route list { on choose -> finish picked } }
            """, code: .argumentMismatch),
    ]

    @Test("validation reports the refusal's form as an error; a program that still runs refuses the step exactly so", arguments: rows)
    func reported(row: Row) throws {
        let (program, diagnostics) = compile(row.source)
        #expect(diagnostics.contains { $0.code == row.code && $0.severity == .error }, "\(diagnostics.map(\.code.rawValue))")
        guard let step = row.step, let error = row.error else {
            // F0xx/F1xx: the engine does not run it at all.
            #expect(row.code.stopsRunning)
            #expect(throws: NavigationError.self) { try Navigator(program: program) }
            return
        }
        #expect(!row.code.stopsRunning)
        var nav = try Navigator(program: program)
        let lines = step.split(separator: "\n").map(String.init)
        if lines.count > 1 { walk(&nav, lines.dropLast().joined(separator: "\n")) }
        let last = try ScenarioScript.parseStep(Substring(lines[lines.count - 1])).get()
        expectRejected(&nav, error) { (n: inout Navigator) throws(NavigationError) in
            switch last {
            case .send(let event, let arguments): _ = try n.send(event, arguments: arguments)
            case .back: _ = try n.back()
            case .open(let url): _ = try n.open(url)
            default: Issue.record("unexpected step \(last)")
            }
        }
    }
}
