import FlowDSL
import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// The bundled apps, each with the scenario script beside it.
let journeys = [("flows/login.flow", "flows/login.script"), ("flows/placesfinder.flow", "flows/placesfinder.script"),
                ("flows/shop.flow", "flows/shop.script"), ("flows/swiftui-coordinator.flow", "flows/swiftui-coordinator.script"),
                ("flows/wayfarer.flow", "flows/wayfarer.script"), ("flows/photoshare/app.flow", "flows/photoshare/app.script"),
                ("Tests/flowctlTests/Fixtures/data.flow", "Tests/flowctlTests/Fixtures/data.script")]

/// Runs `script` over `source` as `--highlight` does.
func journey(_ source: String, _ script: String) throws -> (Program, Journey) {
    let validation = Validation.run(text: source)
    let lines = ScenarioScript.parse(script).script.lines
    let navigator = try Navigator(program: validation.program, assuming: ScenarioScript.leadingGuards(lines))
    return (validation.program, Journey.run(lines, from: navigator))
}

/// The handler of `program` written as `text` (`Program.handlerText`).
func handler(_ program: Program, _ text: String) -> HandlerID? {
    program.handlers.indices.first { program.handlerText(program.handlers[$0]) == text }.map(HandlerID.init)
}

@Suite("flowctl graph --overview, the legend, --highlight")
struct GraphViewsTests {
    @Test("golden overview of a small app, legend included")
    func overviewGolden() throws {
        let result = try runFlowctl(["graph", "flows/shop.flow", "--overview"])
        #expect(result.status == 0)
        #expect(result.stdout == (try FlowTestSupport.golden("shop-overview.dot")))
    }

    @Test("the overview: one node per flow, starts labelled how, results with their payload, tabs, in place, links")
    func overview() throws {
        let validation = try sharedValidation(of: repositoryRoot + "/flows/photoshare/app.flow")
        let graph = FlowGraph(validation.program, findings: validation.diagnostics, options: .init(overview: true))
        #expect(graph.view == .overview)
        #expect(graph.clusters.isEmpty)
        #expect(graph.nodes.filter { $0.kind == .flow }.count == validation.program.flows.count)
        #expect(graph.nodes.filter { $0.kind == .links }.count == 1)
        let name = { (n: Int) in validation.program.name(validation.program.flows[Int(graph.nodes[n].flow)].name) }
        func edge(_ from: String, _ to: String, _ kind: FlowGraph.EdgeKind) -> FlowGraph.Edge? {
            graph.edges.first { $0.kind == kind && (graph.nodes[$0.from].kind == .links ? "links" : name($0.from)) == from && name($0.to) == to }
        }
        #expect(edge("App", "Auth", .startsInPlace)?.label == "in place")
        #expect(edge("App", "Main", .start)?.label == "root")
        #expect(edge("Main", "Home", .tab)?.label == "tab")
        #expect(edge("Me", "Settings", .start)?.label == "sheet")
        #expect(edge("Home", "Composer", .start)?.label == "cover")
        #expect(edge("Search", "Profile", .start)?.label == "pushed")
        #expect(edge("MediaPicker", "Composer", .result)?.label == "picked(assetId: String)")
        #expect(edge("Main", "App", .result)?.label == "loggedOut")
        #expect(edge("Reels", "Home", .select)?.label == "select")
        #expect(edge("links", "Login", .start)?.label == "cover (while !loggedIn)")
        #expect(edge("links", "Search", .link)?.label == "https://shutter.app/explore\nhttps://shutter.app/explore/tags/:tag?sort=:sort?\nhttps://shutter.app/explore/locations/:id")
        // Two flows of one kind and mode are one edge, whatever the number of handlers.
        let starts = graph.edges.filter { $0.kind == .start }.map { "\($0.from)>\($0.to):\($0.label)" }
        #expect(Set(starts).count == starts.count)
        // Every link lands on the flow of its target, once; an `over` link on the entry, whose actions it runs.
        #expect(edge("links", "App", .link)?.label == "shutter://switch (over)")
        #expect(graph.edges.filter { $0.kind == .link }.map { $0.label.split(separator: "\n").count }.reduce(0, +) == validation.program.links.count)
        // Shutter allows its start cycle (F209): no finding on any edge.
        #expect(graph.edges.allSatisfy { $0.findings.isEmpty })
    }

    @Test("the overview marks findings on the flow, or on the edge of the start or result they point at")
    func overviewFindings() throws {
        let source = """
            flow App [entry] {
              start home
              route home { on more -> start Gallery  on loop -> push home }
              on Gallery.done -> push home
            }
            flow Gallery { start grid  route grid { on nested -> start Gallery as root } }
            flow Lost { start x  route x [final] }
            """
        let validation = Validation.run(text: source)
        let dot = DOTWriter.write(FlowGraph(validation.program, findings: validation.diagnostics, options: .init(overview: true)))
        // F206 points at the result's handler, F209 at the self-start: their edges; F202 fades the flow.
        // (v2: the push cycle's F205 is at `push home`, inside App: the flow is marked, not the start edge.)
        #expect(dot == ##"""
            digraph flows {
              graph [rankdir=TB, nodesep=0.4, ranksep=0.7, fontname="Helvetica", fontsize=12];
              node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
              edge [fontname="Helvetica", fontsize=9, color="#334155"];
              f0 [label="App\n1 route", color="#dc2626", penwidth=2, tooltip="F205: the navigation can grow without bound: from 'home', the steps 'loop' show 'home' again with more on screen, and can be taken again and again"];
              f1 [label="Gallery\n1 route"];
              f2 [label="Lost\n1 route", style="rounded,dashed", color="#cbd5e1", fontcolor="#94a3b8", tooltip="F202: flow 'Lost' is never started: no reachable state of the app runs it"];
              f0 -> f1 [label="pushed", color="#15803d", style="bold", tooltip="on more -> start Gallery"];
              f1 -> f0 [label="done", color="#dc2626", style="bold", fontcolor="#dc2626", penwidth=2, tooltip="F206: 'Gallery' never finishes with 'done', so this handler never runs"];
              f1 -> f1 [label="root", color="#dc2626", style="bold", fontcolor="#dc2626", penwidth=2, arrowhead=diamond, tooltip="F209: flow 'Gallery' starts itself through 'start Gallery as root': Gallery → Gallery (unbounded nesting)"];
            }

            """##)
        // The twin without findings: nothing red, nothing faded; the entry still drawn thicker.
        #expect(DOTWriter.write(FlowGraph(validation.program, findings: [], options: .init(overview: true))) == ##"""
            digraph flows {
              graph [rankdir=TB, nodesep=0.4, ranksep=0.7, fontname="Helvetica", fontsize=12];
              node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
              edge [fontname="Helvetica", fontsize=9, color="#334155"];
              f0 [label="App\n1 route", penwidth=2];
              f1 [label="Gallery\n1 route"];
              f2 [label="Lost\n1 route"];
              f0 -> f1 [label="pushed", color="#15803d", style="bold", tooltip="on more -> start Gallery"];
              f1 -> f0 [label="done", color="#0e7490", style="bold", fontcolor="#0e7490", tooltip="on Gallery.done -> push home"];
              f1 -> f1 [label="root", color="#15803d", style="bold", arrowhead=diamond, tooltip="on nested -> start Gallery as root"];
            }

            """##)
    }

    @Test("the overview in Mermaid and JSON")
    func overviewFormats() throws {
        let mermaid = try runFlowctl(["graph", "flows/shop.flow", "--overview", "--format", "mermaid"])
        #expect(mermaid.stdout == """
            stateDiagram-v2
              direction TB
              state "App 1 route" as f0
              [*] --> f0
              state "Auth 4 routes" as f1
              state "Shop 3 routes" as f2
              state "Checkout 2 routes" as f3
              state "deep links" as links
              f0 --> f2 : root
              f0 --> f1 : cover
              f1 --> f0 : done
              f2 --> f3 : sheet
              f3 --> f2 : done
              links --> f2 : shop#58;//product/#58;id
              classDef deadEnd stroke:#dc2626,stroke-width:3px,color:#dc2626
              classDef unreachable stroke-dasharray:4 4,color:#94a3b8
              classDef finding stroke:#dc2626
              class f2 finding

            """)
        let json = try runFlowctl(["graph", "flows/shop.flow", "--overview", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["view"] as? String == "overview")
        let flows = try #require(object["flows"] as? [[String: Any]])
        #expect(flows.map { $0["name"] as? String } == ["App", "Auth", "Shop", "Checkout"])
        #expect(flows.map { $0["nodes"] as? [String] } == [["f0"], ["f1"], ["f2"], ["f3"]])
        let edges = try #require(object["edges"] as? [[String: Any]])
        #expect(edges.map { "\($0["from"] ?? "")>\($0["to"] ?? "") \($0["kind"] ?? "") \($0["label"] ?? "")" } == [
            "f0>f2 start root", "f0>f1 start cover", "f1>f0 result done", "f2>f3 start sheet", "f3>f2 result done",
            "links>f2 link shop://product/:id",
        ])
    }

    @Test("--overview excludes --flow and --show-back")
    func overviewUsage() throws {
        let focus = try runFlowctl(["graph", "flows/shop.flow", "--overview", "--flow", "Shop"])
        #expect(focus.status == 2)
        #expect(focus.stderr == "flowctl graph: --overview draws every flow; it cannot be combined with --flow\nSee 'flowctl graph --help'.\n")
        let back = try runFlowctl(["graph", "flows/shop.flow", "--overview", "--show-back"])
        #expect(back.status == 2)
        #expect(back.stdout == "")
    }

    @Test("the legend lists exactly the styles the picture uses (golden)")
    func legend() throws {
        let dot = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow"]).stdout
        let start = try #require(dot.range(of: "  subgraph cluster_legend {"))
        let legend = String(dot[start.lowerBound...].dropLast("}\n".count))
        #expect(legend == (try FlowTestSupport.golden("data-legend.dot")))
        // login uses five styles, and nothing else is explained.
        let login = try runFlowctl(["graph", "flows/login.flow"]).stdout
        let labels = login.split(separator: "\n").filter { $0.contains("legend") && $0.contains(" -> ") }
            .compactMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }
        #expect(labels == ["push", "sheet", "cover", "replace · set", "pop · dismiss"])
        // --no-legend, and the library API's default, leave it out: the golden picture, without its legend.
        let golden = try FlowTestSupport.golden("login.dot")
        #expect(legendBlock(golden) != nil)
        #expect(try runFlowctl(["graph", "flows/login.flow", "--no-legend"]).stdout == withoutLegend(golden))
        let validation = try Validation.run(repositoryRoot + "/flows/login.flow")
        #expect(DOTWriter.write(FlowGraph(validation.program, findings: [])) == withoutLegend(golden))
        // Findings: the faded and the red samples appear only where the picture has them.
        let broken = try runFlowctl(["graph", "flows/broken/F203-dead-end.flow"]).stdout
        #expect(legendBlock(broken) == ##"""
              subgraph cluster_legend {
                label="Legend"; style=rounded; color="#cbd5e1"; fontcolor="#64748b"; fontname="Helvetica-Bold"; fontsize=10;
                legend0_0 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend0_1 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend0_0 -> legend0_1 [label="cover", color="#7c3aed", style="bold,dashed"];
                legend0 [label="dead end · trap", color="#dc2626", fontcolor="#dc2626", penwidth=2, fontsize=9];
              }

            """##)
        #expect(legendBlock(login) == ##"""
              subgraph cluster_legend {
                label="Legend"; style=rounded; color="#cbd5e1"; fontcolor="#64748b"; fontname="Helvetica-Bold"; fontsize=10;
                legend0_0 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend0_1 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend0_2 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend0_3 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend0_0 -> legend0_1 [label="push", color="#334155"];
                legend0_1 -> legend0_2 [label="sheet", color="#2563eb", style="dashed"];
                legend0_2 -> legend0_3 [label="cover", color="#7c3aed", style="bold,dashed"];
                legend1_0 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend1_1 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend1_2 [shape=point, width=0.04, color="#94a3b8", label=""];
                legend1_0 -> legend1_1 [label="replace · set", color="#d97706"];
                legend1_1 -> legend1_2 [label="pop · dismiss", color="#64748b", style="dotted"];
              }

            """##)
    }

    @Test("golden highlight of a short script: the links it opened, the handlers it ran, results included")
    func highlightGolden() throws {
        let result = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow", "--highlight", "Tests/flowctlTests/Fixtures/data.script",
                                     "--no-legend"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == (try FlowTestSupport.golden("data-highlight.dot")))
    }

    @Test("which handlers a step ran: the engine's dispatch, then each that a finish delivers to")
    func journeyHandlers() throws {
        let source = """
            flow App [entry] {
              start home
              route home { on go -> start Child }
              route bye [final]
              route chosen [final]
              on modal -> start Picker as sheet
              on Child.cancel -> push bye
              on Picker.picked -> push chosen
            }
            flow Child { start a  route a { on next -> push b }  route b [final] }
            flow Picker { start list  route list { on choose -> finish picked } }
            """
        let (program, run) = try journey(source, """
            go
            next
            back
            back          # Child's first screen: Child finishes with cancel
            modal
            choose
            expect top chosen
            """)
        #expect(run.failure == nil)
        #expect(run.stepCount == 6)
        let steps = { (text: String) in handler(program, text).flatMap { run.handlers[$0] } }
        #expect(steps("on go -> start Child") == [1])
        #expect(steps("on next -> push b") == [2])
        #expect(steps("on Child.cancel -> push bye") == [4])
        #expect(steps("on modal -> start Picker as sheet") == [5])
        #expect(steps("on choose -> finish picked") == [6])
        #expect(steps("on Picker.picked -> push chosen") == [6])
        #expect(run.handlers.count == 6)
        // The implicit backs: b to a (step 3), a to home (step 4, then bye on top).
        let route = { (name: String) in RouteID(program.routes.firstIndex { program.name($0.name) == name } ?? -1) }
        #expect(run.implicitBacks[Journey.RoutePair(from: route("b"), to: route("a"))] == [3])
        #expect(run.implicitBacks[Journey.RoutePair(from: route("a"), to: route("bye"))] == [4])
        #expect(run.routes[route("home")] == [0])
        #expect(run.routes[route("a")] == [1, 3])
        #expect(run.routes[route("chosen")] == [6])
        #expect(run.links.isEmpty)
    }

    @Test("a journey through tabs, flows started in place, a gated link and a guard that opens it")
    func journeyStructure() throws {
        let validation = try sharedValidation(of: repositoryRoot + "/flows/photoshare/app.flow")
        let text = try String(contentsOfFile: repositoryRoot + "/flows/photoshare/app.script", encoding: .utf8)
        let lines = ScenarioScript.parse(text).script.lines
        let run = Journey.run(lines, from: try Navigator(program: validation.program, assuming: ScenarioScript.leadingGuards(lines)))
        #expect(run.failure == nil)
        let program = validation.program
        let flow = { (name: String) in FlowID(program.flows.firstIndex { program.name($0.name) == name } ?? -1) }
        // Logged out at the start: App starts Auth in its place at step 0.
        #expect(run.inPlace[Journey.FlowPair(parent: flow("App"), child: flow("Auth"))]?.first == 0)
        // The script taps Home (its first tap) and lands on Search by a deep link.
        #expect(run.tabs[Journey.FlowPair(parent: flow("Main"), child: flow("Search"))] != nil)
        #expect(run.tabs[Journey.FlowPair(parent: flow("Main"), child: flow("Home"))] != nil)
        // The first /natgeo link waits behind the log-in and opens on `assume loggedIn` (a step of its own).
        let profileLink = try #require(program.links.firstIndex { $0.patternText == "https://shutter.app/:username" })
        let opened = try #require(run.links[profileLink]?.first)
        let gate = try #require(run.handlers[program.links[profileLink].gateHandler]?.first)
        #expect(gate < opened)
    }

    @Test("--highlight: a failing script exits 1 with simulate's message; a bad script 2; an unrunnable program 1")
    func highlightErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graph-highlight-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let failing = directory.appendingPathComponent("failing.script").path
        try "getStarted\nexpect top main\n".write(toFile: failing, atomically: true, encoding: .utf8)
        let failed = try runFlowctl(["graph", "flows/login.flow", "--highlight", failing])
        #expect(failed.status == 1)
        #expect(failed.stdout == "")
        #expect(failed.stderr == "\(failing):2: expected top main, but it is login\n")
        let simulated = try runFlowctl(["simulate", "flows/login.flow", "--script", failing])
        #expect(simulated.stderr == failed.stderr)
        let rejected = directory.appendingPathComponent("rejected.script").path
        try "fly\n".write(toFile: rejected, atomically: true, encoding: .utf8)
        let refused = try runFlowctl(["graph", "flows/login.flow", "--highlight", rejected])
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(rejected):1: step rejected: no handler for 'fly' at route 'walkthrough' or any flow above it\n")
        let malformed = directory.appendingPathComponent("malformed.script").path
        try "expect\n".write(toFile: malformed, atomically: true, encoding: .utf8)
        let bad = try runFlowctl(["graph", "flows/login.flow", "--highlight", malformed])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("\(malformed):1: error: "))
        let none = directory.appendingPathComponent("none").path
        let missing = try runFlowctl(["graph", "flows/login.flow", "--highlight", none])
        #expect(missing.status == 2)
        #expect(missing.stderr == "flowctl graph: cannot read script '\(none)': no such file\n")
        let binary = directory.appendingPathComponent("binary.script").path
        try Data([0x66, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: binary))
        let notText = try runFlowctl(["graph", "flows/login.flow", "--highlight", binary])
        #expect(notText.status == 2)
        #expect(notText.stderr == "flowctl graph: cannot read script '\(binary)': it is not UTF-8 text\n")
        let unrunnable = try runFlowctl(["graph", "flows/broken/F101-unknown-route.flow", "--highlight", failing])
        #expect(unrunnable.status == 1)
        #expect(unrunnable.stdout == "")
        #expect(unrunnable.stderr.hasSuffix("flowctl graph: 'flows/broken/F101-unknown-route.flow' has errors the engine cannot run; fix them first (flowctl validate)\n"))
    }

    @Test("--highlight in Mermaid and JSON: steps on labels and classes; steps in JSON")
    func highlightFormats() throws {
        let arguments = ["graph", "Tests/flowctlTests/Fixtures/data.flow", "--highlight", "Tests/flowctlTests/Fixtures/data.script"]
        // The golden: steps before the labels (`4#58; pick`), the journey's class and the dimmed one.
        let mermaid = try runFlowctl(arguments + ["--format", "mermaid"])
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout == (try FlowTestSupport.golden("data-highlight.mmd")))
        let json = try runFlowctl(arguments + ["--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let edges = try #require(object["edges"] as? [[String: Any]])
        #expect(edges.first { $0["handler"] as? String == "on pick -> start Picker as sheet" }?["steps"] as? [Int] == [4])
        #expect(edges.first { $0["handler"] as? String == "on peek -> push item(id: 0)" }?["steps"] as? [Int] == [])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        #expect(nodes.first { $0["id"] as? String == "r1" }?["steps"] as? [Int] == [2, 5])
        // Without --highlight there is no "steps" key, and nothing else differs: the highlighted text
        // less its "steps" is the plain one.
        let plain = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow", "--format", "json"]).stdout
        #expect(plain == json.replacingOccurrences(of: #","steps":\[[0-9,]*\]"#, with: "", options: .regularExpression))
        #expect(plain != json)
        let plainObject = try #require(try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])
        let plainNodes = try #require(plainObject["nodes"] as? [[String: Any]])
        let plainEdges = try #require(plainObject["edges"] as? [[String: Any]])
        #expect(plainNodes.count == nodes.count && plainNodes.allSatisfy { $0["steps"] == nil })
        #expect(plainEdges.count == edges.count && plainEdges.allSatisfy { $0["steps"] == nil })
    }

    @Test("Graphviz renders the overview and each bundled app's journey without a message",
          .enabled(if: dotPath != nil, "Graphviz is not installed (CI installs it)"), arguments: journeys.map { $0.0 + " " + $0.1 })
    func graphvizAcceptsViews(pair: String) throws {
        let parts = pair.split(separator: " ").map(String.init)
        for options in [["--overview"], ["--highlight", parts[1]], ["--highlight", parts[1], "--overview"],
                        ["--highlight", parts[1], "--show-back"], ["--no-legend"]] {
            let result = try runFlowctl(["graph", parts[0]] + options)
            #expect(result.status == 0, "\(pair) \(options): \(result.stderr)")
            let (status, message) = try renderWithGraphviz(result.stdout)
            #expect(status == 0, "\(pair) \(options)")
            #expect(message == "", "\(pair) \(options)")
        }
    }

    @Test("Graphviz renders the hostile names' overview", .enabled(if: dotPath != nil, "Graphviz is not installed (CI installs it)"))
    func hostileOverview() throws {
        let result = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/hostile.flow", "--overview"])
        #expect(result.status == 0)
        let (status, message) = try renderWithGraphviz(result.stdout)
        #expect(status == 0)
        #expect(message == "")
    }
}
