import FlowEngine
import FlowTestSupport
import Testing

@Suite("Scenario scripts")
struct ScenarioScriptTests {
    @Test("every step form parses", arguments: [
        ("getStarted", ScenarioScript.Step.send("getStarted", [:])),
        ("send back", .send("back", [:])),
        ("send open", .send("open", [:])),
        ("open(id: 3)", .send("open", ["id": .int(3)])),
        (#"select(id: "4#2", n: -1, x: 2.5, ok: true)"#, .send("select", ["id": .string("4#2"), "n": .int(-1), "x": .double(2.5), "ok": .bool(true)])),
        ("back", .back),
        (#"open "shop://a?b=c""#, .open("shop://a?b=c")),
        ("assume loggedIn", .assume("loggedIn", true)),
        ("assume !loggedIn", .assume("loggedIn", false)),
        ("expect top Auth.login", .expectTop("Auth.login")),
        ("expect tab Search", .expectTab("Search")),
        ("expect error", .expectError),
    ])
    func forms(line: String, step: ScenarioScript.Step) {
        let (script, errors) = ScenarioScript.parse(line + "   # a comment")
        #expect(errors.isEmpty)
        #expect(script.lines.map(\.step) == [step])
    }

    @Test("expect stack parses layers, kinds, entries and arguments")
    func expectStack() throws {
        let (script, errors) = ScenarioScript.parse(#"expect stack a > Shop.b(id: "1", n: 2) | sheet: c | cover: d > e"#)
        #expect(errors.isEmpty)
        guard case .expectStack(let stack) = script.lines.first?.step else {
            Issue.record("not an expect stack")
            return
        }
        #expect(stack.layers.map(\.kind) == [.base, .sheet, .cover])
        #expect(stack.layers.map { $0.entries.map(\.name) } == [["a", "Shop.b"], ["c"], ["d", "e"]])
        #expect(stack.layers[0].entries[1].arguments?.map(\.0) == ["id", "n"])
        #expect(stack.layers[0].entries[0].arguments == nil)
    }

    @Test("bad lines are reported with their numbers, all of them", arguments: [
        ("open \"unterminated", 1, "expected a quoted URL after 'open': open \"scheme://...\""),
        ("select(id: )", 1, "expected a value for 'id' (a string, number, true or false)"),
        ("select(id: 1", 1, "expected ')' to close the arguments of 'select'"),
        ("select(id: 1, id: 2)", 1, "argument 'id' is given twice"),
        ("\n\nexpect nothing", 3, "expected 'top', 'stack', 'tab' or 'error' after 'expect', found 'nothing'"),
        ("expect stack sheet: a", 1, "the first layer is the app's base: it has no 'sheet:', 'cover:', 'alert:', 'dialog:' or 'popover:'"),
        ("assume", 1, "expected a guard name after 'assume'"),
        ("42", 1, "expected an event or a command, found '42'"),
        ("go now", 1, "unexpected 'now' after event 'go'"),
    ])
    func errors(text: String, line: Int, message: String) {
        let (_, errors) = ScenarioScript.parse(text)
        #expect(errors == [ScenarioScript.ParseError(line: line, message: message)])
    }

    @Test("a rejected step stops the run unless 'expect error' follows; expectations name their line")
    func runnerFailures() throws {
        let nav = try navigator(dslExample)
        var runner = ScenarioRunner(navigator: nav)
        let first = runner.run(ScenarioScript.parse("ready\nbogus\nexpect top login").script.lines)
        #expect(!first)
        #expect(runner.failure == ScenarioRunner.Failure(line: 2, message: "step rejected: no handler for 'bogus' at route 'walkthrough' or any flow above it"))
        var second = ScenarioRunner(navigator: nav)
        let secondPassed = second.run(ScenarioScript.parse("ready\nbogus\nexpect error\nexpect top login").script.lines)
        #expect(!secondPassed)
        #expect(second.failure == ScenarioRunner.Failure(line: 4, message: "expected top login, but it is walkthrough"))
        var third = ScenarioRunner(navigator: nav)
        let thirdPassed = third.run(ScenarioScript.parse("ready\nexpect error").script.lines)
        #expect(!thirdPassed)
        #expect(third.failure?.line == 2)
    }

    @Test("a trace line cuts a long stack and a long pile of layers in the middle; the state itself is whole")
    func traceOfADeepNavigation() throws {
        let nav = try navigator(allowingFindings: true, """
        flow App [entry] {
          start r
          route r { on next -> push r  on up -> sheet r }
        }
        """)
        var runner = ScenarioRunner(navigator: nav)
        let deeper = runner.run(ScenarioScript.parse(String(repeating: "next\n", count: 12)).script.lines)
        #expect(deeper)
        #expect(runner.trace[10].stack == "r > r > r > r > r > r > r > r > r > r > r > r")
        #expect(runner.trace[11].stack == "r > r > r > r > … 1 more … > r > r > r > r > r > r > r > r")
        #expect(runner.navigator.stackDescription == Array(repeating: "r", count: 13).joined(separator: " > "))
        let higher = runner.run(ScenarioScript.parse(String(repeating: "up\n", count: 8)).script.lines)
        #expect(higher)
        let base = "r > r > r > r > … 1 more … > r > r > r > r > r > r > r > r"
        #expect(runner.trace.last?.stack == "\(base) | sheet: r | … 2 more layers … | sheet: r | sheet: r | sheet: r | sheet: r | sheet: r")
        #expect(runner.navigator.state.layers.count == 9)
    }
}
