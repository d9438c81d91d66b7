import FlowEngine
import Foundation
import FlowTestSupport
import Testing

/// Generates a random, valid flow program: a tree of flows with pushes,
/// sheets, covers, replaces, sets, pops, child flows in every mode, results,
/// guards, tabs and `then` chains.
func generatedProgram(seed: UInt64) -> String {
    var rng = SplitMix64(seed: seed)
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    let flowCount = 3 + pick(5)
    var text = "flow F0 [entry] { tabs T0, T1 }\n"
    for t in 0..<2 {
        text += "flow T\(t) { start r0  route r0 { on go -> start F1  on other -> select T\(1 - t) }  on F1.done -> popToRoot }\n"
    }
    for f in 1..<flowCount {
        let routes = 2 + pick(4)
        text += "flow F\(f) {\n  start r0\n"
        for r in 0..<routes {
            text += "  route r\(r)\(r == routes - 1 ? "(n: Int)" : "") {\n"
            if r == 0 && f + 1 < flowCount { text += "    on down -> start F\(f + 1)\n" }
            for e in 0..<(1 + pick(3)) {
                let target = pick(routes)
                let argument = target == routes - 1 ? "(n: 1)" : ""
                let action: String
                switch pick(12) {
                case 0: action = "push r\(target)\(argument)"
                case 1: action = "sheet r\(target)\(argument)"
                case 2: action = "cover r\(target)\(argument)"
                case 3: action = "replace r\(target)\(argument)"
                case 4: action = "set [r0, r\(target)\(argument)]"
                case 5: action = "pop"
                case 6: action = "popToRoot"
                case 7: action = "dismiss"
                case 8 where f + 1 < flowCount: action = "start F\(f + 1)\([" as sheet", " as cover", "", " as root"][pick(4)])"
                case 9: action = "finish done"
                case 10: action = "push r\(target)\(argument) then pop"
                default: action = "finish cancel"
                }
                let condition = pick(4) == 0 ? " when g\(pick(2))" : ""
                text += "    on e\(e)\(condition) -> \(action)\n"
            }
            text += "  }\n"
        }
        if f + 1 < flowCount { text += "  on F\(f + 1).done -> pop\n" }
        text += "}\n"
    }
    return text
}

@Suite("Random walks")
struct RandomWalkTests {
    @Test("random walks on generated programs never break an invariant", arguments: 0..<25)
    func invariantsHold(seed: UInt64) throws {
        var nav = try navigator(allowingFindings: true, generatedProgram(seed: seed))
        nav.assume("g0")
        let summary = RandomWalk.run(&nav, steps: 3_000, seed: seed, maxDepth: 200)
        #expect(summary.brokenInvariant == nil, "\(summary.brokenInvariant?.problems ?? [])")
        #expect(summary.steps == 3_000)
        #expect(nav.invariantViolations() == [])
    }

    @Test("direct steps change nothing: the walk with and without them is the same", arguments: 0..<15)
    func directStepsAreTheSameWalk(seed: UInt64) throws {
        let source = generatedProgram(seed: seed)
        var direct = try navigator(allowingFindings: true, source)
        var general = try navigator(allowingFindings: true, source)
        var traceDirect: [String] = []
        var traceGeneral: [String] = []
        let a = RandomWalk.run(&direct, steps: 3_000, seed: seed, maxDepth: 200, directSteps: true) {
            traceDirect.append("\($0.event) \($0.rejection.map(\.description) ?? "")")
        }
        let b = RandomWalk.run(&general, steps: 3_000, seed: seed, maxDepth: 200, directSteps: false) {
            traceGeneral.append("\($0.event) \($0.rejection.map(\.description) ?? "")")
        }
        #expect(a == b)
        #expect(traceDirect == traceGeneral)
        #expect(direct.state == general.state)
    }

    /// (Both walks gather their choices the same way, the flow-level
    /// handlers kept between direct steps included, so this test cannot see
    /// a kept handler gone stale: `keptFlowHandlersLeaveTheWalkAsItWas` can.)
    @Test("direct steps change nothing on programs of every construct, links, guard changes and coverage included",
          arguments: UInt64(0)..<40)
    func directStepsAreTheSameWalkEverywhere(seed: UInt64) throws {
        // Compiled without exploring its states (what this test needs is the program, and exploring is slow).
        let program = Validation.run(text: randomProgram(seed: seed, size: 1 + Int(seed % 5)), exploresStates: false).program
        var direct = try Navigator(program: program)
        var general = try Navigator(program: program)
        var traceDirect: [String] = []
        var traceGeneral: [String] = []
        let a = RandomWalk.run(&direct, steps: 2_000, seed: seed, maxDepth: 200, directSteps: true, reach: true,
                               firesSystemEvents: true, links: true, guards: true) {
            traceDirect.append("\($0.event) \($0.rejection.map(\.description) ?? "")")
        }
        let b = RandomWalk.run(&general, steps: 2_000, seed: seed, maxDepth: 200, directSteps: false, reach: true,
                               firesSystemEvents: true, links: true, guards: true) {
            traceGeneral.append("\($0.event) \($0.rejection.map(\.description) ?? "")")
        }
        // The first step where they part, with the steps before it: a whole trace is too long to read.
        let parted = traceDirect.indices.first { $0 >= traceGeneral.count || traceDirect[$0] != traceGeneral[$0] }
        #expect(parted == nil && traceDirect.count == traceGeneral.count,
                "seed \(seed), step \((parted ?? 0) + 1): \(traceDirect[max(0, (parted ?? 0) - 3)...(parted ?? 0)]) directly, \(traceGeneral[max(0, (parted ?? 0) - 3)...(parted ?? 0)]) in general")
        #expect(a == b, "seed \(seed)")
        #expect(direct.state == general.state, "seed \(seed)")
    }

    /// The walks of `Fixtures/walks/flow-handlers.flow` recorded before the
    /// walk kept the flow-level handlers it gathered between direct steps
    /// (`WalkChoices`): a guard step there turns flow-level handlers on and
    /// off on the same screen, and two child flows take one instance slot
    /// in turn. A handler kept past such a change offers what dispatch
    /// would not, and the walk for the seed is no longer the one it was.
    /// (Comparing the walk with and without direct steps cannot see it:
    /// both gather the choices the same way.)
    @Test("the walk for a seed is the one recorded before flow-level handlers were kept between steps", arguments: 1...4)
    func keptFlowHandlersLeaveTheWalkAsItWas(seed: Int) throws {
        let folder = repositoryRoot + "/Tests/FlowEngineTests/Fixtures/walks/"
        let source = try String(contentsOfFile: folder + "flow-handlers.flow", encoding: .utf8)
        let recorded = try String(contentsOfFile: folder + "flow-handlers.trace", encoding: .utf8)
        var expected: [String] = []
        var current = -1
        for line in recorded.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("seed ") { current = Int(line.dropFirst(5)) ?? -1 } else if current == seed { expected.append(String(line)) }
        }
        #expect(expected.count == 400)
        var nav = try navigator(allowingFindings: true, source)
        var events: [String] = []
        _ = RandomWalk.run(&nav, steps: 400, seed: UInt64(seed), reach: true, guards: true) { events.append($0.event) }
        #expect(events == expected)
        // The walk took each kind of step the test is about.
        #expect(events.contains("assume loggedIn") && events.contains("assume !loggedIn"))
        #expect(events.contains("helpA") && events.contains("helpB") && events.contains("logout"))
    }

    @Test("the same seed gives the same walk")
    func deterministic() throws {
        let source = generatedProgram(seed: 7)
        var a = try navigator(allowingFindings: true, source)
        var b = try navigator(allowingFindings: true, source)
        var traceA: [String] = []
        var traceB: [String] = []
        let summaryA = RandomWalk.run(&a, steps: 2_000, seed: 42) { traceA.append("\($0.number) \($0.event) \($0.rejection != nil)") }
        let summaryB = RandomWalk.run(&b, steps: 2_000, seed: 42) { traceB.append("\($0.number) \($0.event) \($0.rejection != nil)") }
        #expect(summaryA == summaryB)
        #expect(traceA == traceB)
        #expect(a.state == b.state)
        var c = try navigator(allowingFindings: true, source)
        var traceC: [String] = []
        _ = RandomWalk.run(&c, steps: 2_000, seed: 43) { traceC.append("\($0.number) \($0.event) \($0.rejection != nil)") }
        #expect(traceC != traceA)
    }

    @Test("a screen with more choices than the walk's first buffer holds offers every one of them")
    func manyChoices() throws {
        // 100 events at the root (and back once pushed): past the 64 the choice buffer starts with.
        let events = (0..<100).map { "on e\($0) -> push detail" }.joined(separator: "  ")
        var nav = try navigator("flow App [entry] { start home  route home { \(events) }  route detail {} }")
        var names = Set<String>()
        let summary = RandomWalk.run(&nav, steps: 4_000, seed: 3, onStep: { names.insert($0.event) })
        #expect(summary.brokenInvariant == nil && summary.rejected == 0)
        #expect(names == Set((0..<100).map { "e\($0)" } + ["back"]))
    }

    @Test("a walk on the DSL example keeps its invariants and rejects nothing it offered as back")
    func shopWalk() throws {
        var nav = try navigator(dslExample)
        let summary = RandomWalk.run(&nav, steps: 20_000, seed: 1)
        #expect(summary.brokenInvariant == nil)
    }
}

/// (v1) Random walks tap tabs while a tab container fills the top layer.
@Suite("Random walks: tab taps")
struct RandomWalkTabTests {
    @Test("a walk over tabs with no events of their own still moves between them; a twin without tabs restarts")
    func tapsTabs() throws {
        var nav = try navigator("""
            flow App [entry] { tabs A, B }
            flow A { start a  route a [final] }
            flow B { start b  route b [final] }
            """)
        var names: [String] = []
        let summary = RandomWalk.run(&nav, steps: 50, seed: 1, onStep: { names.append($0.event) })
        #expect(summary.brokenInvariant == nil)
        #expect(summary.restarts == 0)
        #expect(Set(names) == ["tab A", "tab B"])
        var twin = try navigator("flow App [entry] { start a  route a [final] }")
        let alone = RandomWalk.run(&twin, steps: 5, seed: 1)
        #expect(alone.restarts == 5)
    }
}

/// What a walk reached (`RandomWalk.Reach`): the routes it showed and the handlers dispatch ran.
@Suite("Random walks: reach")
struct RandomWalkReachTests {
    /// The walk's reach as names: `Flow.route` for routes; `Flow.route on e` or `Flow on e` for handlers.
    func reached(_ nav: inout Navigator, steps: Int = 2_000, seed: UInt64 = 1) throws -> (routes: [String], handlers: [String]) {
        let summary = RandomWalk.run(&nav, steps: steps, seed: seed, reach: true)
        #expect(summary.brokenInvariant == nil)
        let reach = try #require(summary.reach)
        let program = nav.program
        let routes = program.routes.indices.filter { reach.routes[$0] }.map { program.qualifiedName(RouteID($0)) }
        let handlers = program.handlers.indices.filter { reach.handlers[$0] }.map { h in
            let handler = program.handlers[h]
            let owner = handler.route >= 0 ? program.qualifiedName(handler.route) : program.name(program.flows[Int(handler.flow)].name)
            return "\(owner) on \(program.name(handler.event.name))"
        }
        return (routes, handlers)
    }

    @Test("a route's handler shadows its flow's for the same event: the flow's never fires, though the walk picks it")
    func routeShadowsFlow() throws {
        var nav = try navigator("""
            flow App [entry] {
              start home
              route home { on ping -> stay  on next -> push other }
              route other [noBack] { on ping -> pop }
              route never
              on ping -> push never
            }
            """)
        let reach = try reached(&nav)
        #expect(reach.routes == ["App.home", "App.other"])
        #expect(reach.handlers == ["App.home on ping", "App.home on next", "App.other on ping"])
    }

    @Test("a guarded handler whose guard holds shadows the fallback; one whose guard never holds never fires", arguments: [true, false])
    func guards(assumed: Bool) throws {
        var nav = try navigator("""
            flow App [entry] {
              start home
              route home { on go when g -> push a  on go -> push b }
              route a { on done -> pop }
              route b { on done -> pop }
            }
            """)
        if assumed { nav.assume("g") }
        let reach = try reached(&nav)
        #expect(reach.routes == (assumed ? ["App.home", "App.a"] : ["App.home", "App.b"]))
        #expect(reach.handlers == (assumed ? ["App.home on go", "App.a on done"] : ["App.home on go", "App.b on done"]))
        #expect(nav.program.handlers[Int(nav.program.routes[0].handlers.lower)].guardCondition != nil)
    }

    @Test("a flow's back handler picked where the implicit back applies is no handler fired")
    func implicitBack() throws {
        var nav = try navigator("""
            flow App [entry] {
              start home
              route home { on open -> push detail  on back -> stay }
              route detail { on x -> stay }
              on back -> popToRoot
            }
            """)
        let reach = try reached(&nav)
        #expect(reach.routes == ["App.home", "App.detail"])
        #expect(reach.handlers == ["App.home on open", "App.home on back", "App.detail on x"])
    }

    @Test("a handler whose step is rejected did not fire; a result handler a finish reached did")
    func rejectedAndResults() throws {
        var nav = try navigator(allowingFindings: true, """
            flow App [entry] {
              start home
              route home { on login -> start Auth as sheet  on bad -> pop }
              on Auth.done -> stay
            }
            flow Auth { start form  route form { on submit -> finish done } }
            """)
        let reach = try reached(&nav)
        #expect(reach.routes == ["App.home", "Auth.form"])
        #expect(reach.handlers == ["App.home on login", "App on done", "Auth.form on submit"])
    }

    @Test("no step: only the start; without reach: none, and the same walk", arguments: 0..<5)
    func sameWalk(seed: UInt64) throws {
        let source = generatedProgram(seed: seed)
        var still = try navigator(allowingFindings: true, source)
        let start = try #require(still.state.activeIDs).route
        let none = RandomWalk.run(&still, steps: 0, seed: seed, reach: true)
        #expect(none.reach?.routes.indices.filter { none.reach?.routes[$0] == true } == [Int(start)])
        #expect(none.reach?.handlers.contains(true) == false)
        var with = try navigator(allowingFindings: true, source)
        var without = try navigator(allowingFindings: true, source)
        let a = RandomWalk.run(&with, steps: 3_000, seed: seed, maxDepth: 200, reach: true)
        var b = RandomWalk.run(&without, steps: 3_000, seed: seed, maxDepth: 200)
        #expect(b.reach == nil)
        #expect(a.reach?.routes.count == with.program.routes.count)
        #expect(a.reach?.handlers.count == with.program.handlers.count)
        b.reach = a.reach
        #expect(a == b)
        #expect(with.state == without.state)
    }
}

/// (v2) `[system]` events are sent by the app, not tapped (docs/language.md).
@Suite("Random walks: system events")
struct RandomWalkSystemEventTests {
    static let program = """
        flow App [entry] {
          start home
          route home { on go -> push details  on expired [system] -> push expired }
          route details { on expired [system] -> push expired }
          route expired [final]
        }
        """

    @Test("a walk never fires a [system] event by default, and does when asked")
    func systemEvents() throws {
        var plain = try navigator(Self.program)
        var names: [String] = []
        let summary = RandomWalk.run(&plain, steps: 500, seed: 1, reach: true, onStep: { names.append($0.event) })
        #expect(summary.brokenInvariant == nil && summary.rejected == 0)
        #expect(Set(names) == ["go", "back"])
        #expect(summary.reach?.routes == [true, true, false])

        var asked = try navigator(Self.program)
        var askedNames: [String] = []
        let all = RandomWalk.run(&asked, steps: 500, seed: 1, reach: true, firesSystemEvents: true,
                                 onStep: { askedNames.append($0.event) })
        #expect(all.brokenInvariant == nil)
        #expect(Set(askedNames) == ["go", "back", "expired"])
        #expect(all.reach?.routes == [true, true, true])
    }

    @Test("a script sends a system event like any other")
    func scriptSends() throws {
        var nav = try navigator(Self.program)
        _ = try nav.send("expired", arguments: [:])
        #expect(nav.state.activeEntry.map { nav.program.name(nav.program.routes[Int($0.route)].name) } == "expired")
    }
}

@Suite("Random walks with links and guard changes")
struct RandomWalkExtrasTests {
    static let source = """
        flow App [entry] {
          start home
          route home { on browse -> push list }
          route list {
            on pick(id: String) when loggedIn -> push detail(id: id)
            on pick(id: String) -> sheet login
          }
          route detail(id: String)
          route login { on close -> dismiss }
        }
        link "app://item/:id" -> App/detail(id: id)
        """

    static func trace(links: Bool, guards: Bool, seed: UInt64, steps: Int = 12) throws -> [String] {
        var nav = try navigator(allowingFindings: true, source)
        var lines: [String] = []
        let summary = RandomWalk.run(&nav, steps: steps, seed: seed, maxDepth: 50, links: links, guards: guards) { step in
            lines.append(step.event + (step.rejection == nil ? "" : " (rejected)"))
        }
        #expect(summary.brokenInvariant == nil)
        return lines
    }

    @Test("a fixed seed gives an exact walk with a link and an assume step")
    func exactTrace() throws {
        let lines = try Self.trace(links: true, guards: true, seed: 4)
        #expect(lines == [
            #"open "app://item/1""#, "assume loggedIn", "assume !loggedIn", #"open "app://item/1""#, #"open "app://item/1""#,
            #"open "app://item/1""#, "assume loggedIn", #"open "app://item/1""#, "back", #"open "app://item/1""#,
            "assume !loggedIn", "assume loggedIn",
        ])
        #expect(try Self.trace(links: true, guards: true, seed: 4) == lines)
    }

    @Test("without the flags the walk is what it always was: events, back and tabs only")
    func defaultWalkUnchanged() throws {
        for seed in UInt64(0)..<20 {
            let lines = try Self.trace(links: false, guards: false, seed: seed, steps: 200)
            #expect(!lines.contains { $0.hasPrefix("open ") || $0.hasPrefix("assume ") })
        }
    }
}
