import FlowDSL
import FlowEngine
import FlowTestSupport
import Foundation
import Testing

@Suite("flowctl graph --overview and the legend")
struct GraphViewsTests {
    @Test("golden overview of a small app, legend included")
    func overviewGolden() throws {
        let result = try runFlowctl(["graph", "flows/shop.flow", "--overview"])
        #expect(result.status == 0)
        #expect(result.stdout == (try FlowTestSupport.golden("shop-overview.dot")))
    }

    @Test("the overview: one node per flow, starts labelled how, results with their payload, tabs, in place, links")
    func overview() throws {
        let validation = try Validation.run(repositoryRoot + "/flows/photoshare/app.flow")
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
        #expect(edge("links", "Search", .link)?.label == "https://shutter.app/explore\nhttps://shutter.app/explore/tags/:tag\nhttps://shutter.app/explore/locations/:id")
        // Two flows of one kind and mode are one edge, whatever the number of handlers.
        let starts = graph.edges.filter { $0.kind == .start }.map { "\($0.from)>\($0.to):\($0.label)" }
        #expect(Set(starts).count == starts.count)
        // Every link lands on the flow of its target, once.
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
        // F205 points at the push-mode start on the cycle, F206 at the result's handler, F209 at the self-start: their edges;
        // F202 fades the flow.
        #expect(dot.contains(##"  f0 -> f1 [label="pushed", color="#dc2626", style="bold", fontcolor="#dc2626", penwidth=2, tooltip="F205: "##))
        #expect(dot.contains(##"  f1 -> f0 [label="done", color="#dc2626", style="bold", fontcolor="#dc2626", penwidth=2, tooltip="F206: "##))
        #expect(dot.contains(##"  f1 -> f1 [label="root", color="#dc2626", style="bold", fontcolor="#dc2626", penwidth=2, arrowhead=diamond, tooltip="F209: "##))
        #expect(dot.contains(##"  f2 [label="Lost\n1 route", style="rounded,dashed", color="#cbd5e1", fontcolor="#94a3b8", tooltip="F202: "##))
        #expect(dot.contains(#"  f0 [label="App\n1 route", penwidth=2];"#))
        // The twin without findings: nothing red.
        #expect(!DOTWriter.write(FlowGraph(validation.program, findings: [], options: .init(overview: true))).contains("#dc2626"))
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
        // --no-legend, and the library API's default, leave it out.
        #expect(!(try runFlowctl(["graph", "flows/login.flow", "--no-legend"]).stdout.contains("legend")))
        let validation = try Validation.run(repositoryRoot + "/flows/login.flow")
        #expect(!DOTWriter.write(FlowGraph(validation.program, findings: [])).contains("legend"))
        // Findings: the faded and the red samples appear only where the picture has them.
        let broken = try runFlowctl(["graph", "flows/broken/F203-dead-end.flow"]).stdout
        #expect(broken.contains(##"legend0 [label="dead end · trap", color="#dc2626""##))
        #expect(!login.contains("dead end"))
    }

    @Test("Graphviz renders every overview, and every picture without its legend, without a message",
          .enabled(if: dotPath != nil, "Graphviz is not installed (CI installs it)"), arguments: drawnFiles)
    func graphvizAcceptsViews(file: String) throws {
        for options in [["--overview"], ["--no-legend"]] {
            let result = try runFlowctl(["graph", file] + options)
            #expect(result.status == 0, "\(file) \(options): \(result.stderr)")
            let (status, message) = try renderWithGraphviz(result.stdout)
            #expect(status == 0, "\(file) \(options)")
            #expect(message == "", "\(file) \(options)")
        }
    }
}
