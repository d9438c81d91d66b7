import FlowDSL
import FlowEngine
import Foundation
import FlowTestSupport
import Testing

/// The codes of findings about a place the user can reach: each carries a path.
private let placeCodes: Set<DiagnosticCode> = [.deadEnd, .trap, .unboundedStack, .resultNeverHandled, .recursiveFlow]

/// Replays `steps` as `flowctl simulate -e STEP…` does (leading `assume`
/// steps in force at the start) and returns the navigator after them.
func replay(_ program: Program, _ steps: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Navigator {
    let (script, errors) = ScenarioScript.parse(steps.joined(separator: "\n"))
    #expect(errors.isEmpty, "\(errors)", sourceLocation: sourceLocation)
    var runner = ScenarioRunner(navigator: try Navigator(program: program, assuming: ScenarioScript.leadingGuards(script.lines)))
    runner.run(script.lines)
    #expect(runner.failure == nil, "\(steps): \(runner.failure?.message ?? "")", sourceLocation: sourceLocation)
    return runner.navigator
}

/// Whether `finding` is about a place the entry can reach: not on a route
/// F201 calls unreachable, nor in a handler of one.
func isReachable(_ finding: Diagnostic, _ program: Program, _ diagnostics: [Diagnostic]) -> Bool {
    let unreachable = Set(diagnostics.filter { $0.code == .unreachableRoute }.map(\.span))
    if unreachable.contains(finding.span) { return false }
    if let action = program.actions.firstIndex(where: { $0.span == finding.span }),
       let handler = program.handlers.first(where: { $0.actions.range.contains(action) }), handler.route >= 0 {
        return !unreachable.contains(program.routes[Int(handler.route)].span)
    }
    return true
}

/// Whether the replayed path ends where `finding` is: on its route (F203,
/// F204), or where its action's handler can run (on the handler's route,
/// or inside its flow for a flow-level or result handler).
func endsAtFinding(_ finding: Diagnostic, _ program: Program, _ navigator: Navigator) -> Bool {
    guard let active = navigator.state.activeIDs else { return false }
    let flows = navigator.state.ancestry(of: active.instance).map { navigator.state.instances[Int($0)].flow }
    if let route = program.routes.firstIndex(where: { $0.span == finding.span }) {
        return active.route == RouteID(route)
    }
    if let action = program.actions.firstIndex(where: { $0.span == finding.span }),
       let handler = program.handlers.first(where: { $0.actions.range.contains(action) }) {
        // F205's path ends on the grown state, after the cycle (whose first growing action in
        // source order it points at) ran once more: any replay that succeeds ends there.
        if finding.code == .unboundedStack { return true }
        // F207's and F306's paths end with the step that drops: anywhere.
        if finding.code == .resultNeverHandled || finding.code == .pendingLinkDropped { return true }
        if handler.route >= 0 && !handler.event.isResult { return active.route == handler.route }
        return flows.contains(handler.flow)
    }
    // F209 through a flow's start or tabs: the flow that starts itself runs.
    return program.flows.indices.contains { f in flows.contains(FlowID(f)) && program.flows[f].span.file == finding.span.file }
}

@Suite("Counterexample paths (issue 9 item 1)")
struct ReachingPathTests {
    static let brokenFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "flows/broken")) ?? []
        return names.filter { $0.hasSuffix(".flow") }.sorted().map { "flows/broken/" + $0 }
    }()

    @Test("every reachable-place finding of every broken file has a path that the engine replays to it", arguments: brokenFiles)
    func brokenFile(_ path: String) throws {
        let validation = try Validation.run(path)
        let runs = validation.program.runBlockers.isEmpty && validation.program.entry >= 0
        let all = validation.diagnostics + validation.suppressed
        for finding in all where placeCodes.contains(finding.code) && isReachable(finding, validation.program, all) {
            guard runs else {
                #expect(finding.path == nil, "a program the engine does not run has no paths")
                continue
            }
            let steps = try #require(finding.path, "\(finding.code.rawValue) \(finding.message)")
            let navigator = try replay(validation.program, steps)
            #expect(endsAtFinding(finding, validation.program, navigator), "\(finding.message): \(steps) ends at \(navigator.activeRouteName)")
        }
    }

    @Test("the broken files of the reachable-place codes each have such a finding")
    func brokenFilesHaveFindings() throws {
        for (file, code) in [("F203-dead-end", DiagnosticCode.deadEnd), ("F204-trap", .trap), ("F205-push-cycle", .unboundedStack),
                             ("F207-result-never-handled", .resultNeverHandled), ("F209-recursive", .recursiveFlow)] {
            let validation = try Validation.run("flows/broken/\(file).flow")
            #expect(validation.diagnostics.contains { $0.code == code && $0.path != nil }, "\(file)")
        }
    }

    /// The routes and handlers random walks reach in `program`, with every
    /// combination of the generated programs' guards `g0` and `g1`.
    static func walked(_ program: Program) throws -> RandomWalk.Reach {
        var reach = RandomWalk.Reach(routes: program.routes.map { _ in false }, handlers: program.handlers.map { _ in false })
        for guards in [[], ["g0"], ["g1"], ["g0", "g1"]] {
            var navigator = try Navigator(program: program, assuming: guards)
            let summary = RandomWalk.run(&navigator, steps: 4_000, seed: 7, maxDepth: 100, reach: true)
            let walked = try #require(summary.reach)
            for r in walked.routes.indices where walked.routes[r] { reach.routes[r] = true }
            for h in walked.handlers.indices where walked.handlers[h] { reach.handlers[h] = true }
        }
        return reach
    }

    @Test("findings of generated programs: one whose place a random walk reaches has a path, replayed to its place", arguments: 0..<40)
    func generatedPrograms(seed: UInt64) throws {
        let (program, diagnostics) = compile(generatedProgram(seed: seed))
        #expect(program.runBlockers.isEmpty)
        let walked = try Self.walked(program)
        for finding in diagnostics where placeCodes.contains(finding.code) {
            guard let steps = finding.path else {
                // The static checks over-approximate (`push r then pop` never shows r): no
                // path is right only for a place no run reaches, which no walk may reach either.
                if let route = program.routes.firstIndex(where: { $0.span == finding.span }) {
                    #expect(!walked.routes[route], "seed \(seed): \(finding.message) has no path, but a walk reached it")
                }
                if let action = program.actions.firstIndex(where: { $0.span == finding.span }),
                   let handler = program.handlers.indices.first(where: { program.handlers[$0].actions.range.contains(action) }) {
                    #expect(!walked.handlers[handler], "seed \(seed): \(finding.message) has no path, but a walk ran its handler")
                }
                continue
            }
            let navigator = try replay(program, steps)
            #expect(endsAtFinding(finding, program, navigator), "seed \(seed): \(finding.message): \(steps) ends at \(navigator.activeRouteName)")
        }
    }

    @Test("the generated programs have many reachable-place findings with paths")
    func generatedProgramsHavePaths() {
        var withPaths = 0
        for seed in UInt64(0)..<40 {
            withPaths += compile(generatedProgram(seed: seed)).diagnostics.count { placeCodes.contains($0.code) && $0.path != nil }
        }
        #expect(withPaths >= 40, "\(withPaths)")
    }

    @Test("events with arguments, guards assumed, a fallback chosen by clearing a guard")
    func guardsAndArguments() {
        let source = """
            flow App [entry] {
              start home
              route home { on browse -> push list }
              route list { on select(id: String, n: Int, ok: Bool, x: Double) -> push detail(id: id) }
              route detail(id: String) {
                on buy when loggedIn -> cover receipt
                on buy -> push login
              }
              route receipt
              route login [noBack] { on signIn -> push welcome }
              route welcome [noBack]
            }
            """
        let diagnostics = compile(source).diagnostics.filter { $0.code == .deadEnd }
        #expect(diagnostics.map(\.path) == [
            ["browse", #"select(id: "1", n: 1, ok: true, x: 1.0)"#, "assume loggedIn", "buy"],
            ["browse", #"select(id: "1", n: 1, ok: true, x: 1.0)"#, "buy", "signIn"],
        ])
    }

    @Test("a fallback reached only with its guarded twin's guard cleared")
    func clearedGuard() {
        let source = """
            flow App [entry] {
              start home
              route home { on go when !ready -> push wait  on go -> cover end }
              route wait
              route end
            }
            """
        let findings = compile(source).diagnostics.filter { $0.code == .deadEnd }
        #expect(findings.map(\.path) == [["assume ready", "go"]])
    }

    @Test("tab taps, `send` for an event named like a command, and the app's start")
    func tabsAndCommands() {
        let source = """
            flow Root [entry] { tabs Home, Settings }
            flow Home { start feed  route feed { on open -> cover story } route story }
            flow Settings { start prefs  route prefs { on tab -> cover about }  route about }
            """
        let findings = compile(source).diagnostics.filter { $0.code == .deadEnd }
        #expect(findings.map(\.path) == [["send open"], ["tab Settings", "send tab"]])
        let start = compile("flow App [entry] { start home  route home }").diagnostics
        #expect(start.map(\.path) == [[]])
    }

    @Test("a route a deep link also reaches: the path navigates there (v2: a URL only where navigating cannot)")
    func deepLink() throws {
        let source = """
            flow App [entry] {
              start home
              route home { on next -> push a }
              route a { on next -> push b }
              route b { on next -> push promo(code: 2, tag: "x") }
              route promo(code: Int, tag: String) [noBack]
            }
            link "app://promo/:code/x%20y?tag=:tag" -> App/promo(code: code, tag: tag) when member else push a
            """
        let (program, diagnostics) = compile(source)
        let promo = try #require(diagnostics.first { $0.code == .deadEnd && $0.message.contains("'promo'") })
        // v2: paths prefer steps inside the app; a URL only where navigating cannot get there.
        #expect(promo.path == ["next", "next", "next"])
        let navigator = try replay(program, promo.path ?? [])
        #expect(navigator.stackDescription == "home > a > b > promo(code: 2, tag: \"x\")")
    }

    @Test("a guarded start: a leading assume is in force when the entry starts, as simulate runs it")
    func leadingAssume() throws {
        let source = """
            flow App [entry] {
              start welcome when returning
              start intro
              route intro [final] { on next when returning -> push intro  on next -> push intro }
              route welcome { on next -> cover shop }
              route shop
            }
            """
        let (program, diagnostics) = compile(source)
        let shop = try #require(diagnostics.first { $0.code == .deadEnd })
        #expect(shop.path == ["assume returning", "next"])
        let navigator = try replay(program, shop.path ?? [])
        #expect(navigator.stackDescription == "welcome | cover: shop")
    }

    @Test("guarded starts: a guard set before the start restarts the app; a path never mixes that up with a later assume")
    func guardedStarts() throws {
        let source = """
            flow App [entry] {
              start onboarding when firstRun
              start home when loggedIn
              start login
              route onboarding { on done -> cover welcome }
              route login [final]
              route home { on buy when firstRun -> cover promo  on buy -> cover cart }
              route welcome
              route promo
              route cart
            }
            """
        let (program, diagnostics) = compile(source)
        let paths = diagnostics.filter { $0.code == .deadEnd }.map { finding in
            let route = program.routes.first { $0.span == finding.span }.map { program.name($0.name) } ?? "?"
            return route + ": " + (finding.path?.joined(separator: ", ") ?? "none")
        }
        // promo needs firstRun after a start at home: as leading steps, `assume loggedIn, assume firstRun`
        // would start at onboarding instead, so the path marks the start with `expect top` first (v2).
        #expect(paths == ["welcome: assume firstRun, done", "promo: assume loggedIn, expect top App.home, assume firstRun, buy",
                          "cart: assume loggedIn, buy"])
        for finding in diagnostics where finding.path != nil {
            let navigator = try replay(program, finding.path ?? [])
            #expect(endsAtFinding(finding, program, navigator))
        }
    }

    @Test("F207: the path ends with the step that drops the result, for a route's handler and a result handler")
    func droppedResults() throws {
        let source = """
            flow App [entry] { start home  route home { on go -> start Mid } }
            flow Mid {
              start m
              route m { on login -> start Login as sheet }
              on Login.done -> finish lost
            }
            flow Login { start form  route form { on submit -> finish done  on skip -> finish skipped } }
            """
        let (program, diagnostics) = compile(source)
        let dropped = diagnostics.filter { $0.code == .resultNeverHandled }
        // v2: the path ends with the step that drops the result (docs/diagnostics.md#findings-on-the-engines-states).
        #expect(dropped.map(\.path) == [["go", "login", "submit"], ["go", "login", "skip"]])
        let stacks = try dropped.map { try replay(program, $0.path ?? []).stackDescription }
        #expect(stacks == ["home", "home > m"])
    }

    @Test("a program the engine does not run (F1xx) has findings without paths")
    func notRunnable() {
        let source = """
            flow App [entry] { start home  route home { on go -> cover end  on x -> push nowhere }  route end }
            """
        let diagnostics = compile(source).diagnostics
        #expect(diagnostics.map(\.code) == [.unknownRoute, .deadEnd] || diagnostics.map(\.code) == [.deadEnd, .unknownRoute])
        #expect(diagnostics.allSatisfy { $0.path == nil })
    }
}


