import FlowDSL
import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// Graphviz's `dot`, if installed (CI installs it; see .ci/run).
let dotPath = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// Runs `dot -Tsvg` on `source`; returns its exit status and stderr.
func renderWithGraphviz(_ source: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dotPath ?? "/usr/bin/dot")
    process.arguments = ["-Tsvg", "-o", "/dev/null"]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message)
}

let drawnFiles = ["flows/login.flow", "flows/placesfinder.flow", "flows/shop.flow", "flows/swiftui-coordinator.flow",
                  "flows/wayfarer.flow", "flows/photoshare/app.flow", "Tests/flowctlTests/Fixtures/hostile.flow",
                  "Tests/flowctlTests/Fixtures/data.flow"]

@Suite("flowctl graph")
struct GraphCommandTests {
    @Test("golden DOT for two bundled apps", arguments: ["login", "placesfinder"])
    func golden(name: String) throws {
        let result = try runFlowctl(["graph", "flows/\(name).flow"])
        #expect(result.status == 0)
        #expect(result.stdout == (try FlowTestSupport.golden("\(name).dot")))
    }

    @Test("Graphviz renders every bundled app and the hostile names without an error or a warning",
          .enabled(if: dotPath != nil, "Graphviz is not installed (CI installs it)"), arguments: drawnFiles)
    func graphvizAccepts(file: String) throws {
        for options in [[], ["--show-back"], ["--no-findings"]] {
            let result = try runFlowctl(["graph", file] + options)
            #expect(result.status == 0)
            let (status, message) = try renderWithGraphviz(result.stdout)
            #expect(status == 0, "\(file) \(options)")
            #expect(message == "", "\(file) \(options)")
        }
    }

    @Test("a link that presents draws its actions from its target; an over link is a node of the entry flow with its actions drawn from it (v2)")
    func linkActions() throws {
        let validation = Validation.run(text: """
            flow App [entry] {
              start home
              route home { on open -> push post(id: 1) }
              route post(id: Int) { on close -> pop }
              route comments(id: Int) { on done -> dismiss }
              route confirm(action: String) { on ok -> stay }
            }
            link post "app://p/:id" -> App/post(id: id) then sheet comments(id: id)
            link "app://confirm/:a" -> over alert confirm(action: a)
            """)
        let dot = DOTWriter.write(FlowGraph(validation.program, findings: validation.diagnostics))
        let edges = dot.split(separator: "\n").filter { $0.contains(" -> ") && ($0.contains("l0") || $0.contains("l1") || $0.contains("then")) }
        #expect(edges == [
            ##"  l0 -> r1 [color="#9333ea", style="dashed", tooltip="link \"app://p/:id\""];"##,
            ##"  r1 -> r2 [label="then (link)", color="#2563eb", style="dashed", tooltip="on link \"app://p/:id\" -> sheet comments(id: :id)"];"##,
            ##"  l1 -> r3 [label="over", color="#a21caf", style="dashed", tooltip="on link \"app://confirm/:a\" -> alert confirm(action: :a)"];"##,
        ])
        #expect(dot.contains(##"l1 [label="app://confirm/:a", style="filled", shape=cds"##))
    }

    @Test("one cluster per flow; one edge per handler, per link, per flow started in place and per tab; parallel ones drawn as one",
          arguments: drawnFiles)
    func counts(file: String) throws {
        let validation = try Validation.run(repositoryRoot + "/" + file)
        let program = validation.program
        let graph = FlowGraph(program, findings: validation.diagnostics)
        let dot = DOTWriter.write(graph)
        let lines = dot.split(separator: "\n")
        #expect(lines.filter { $0.contains("subgraph cluster_") }.count == program.flows.count)
        let structure = FlowTopology(program).edges.filter { ($0.mode == .flowStart || $0.mode == .tab) && $0.parent != $0.child }.count
        let transitions = program.handlers.count + program.links.count + structure
        #expect(graph.edges.filter { $0.kind != .reference }.count == transitions)
        // One edge from a box to its cluster per flow that has boxes, unless a tab or in-place edge leads there.
        let boxed = Set(graph.nodes.filter { $0.kind == .reference }.map(\.flow))
        let linked = Set(graph.edges.filter { $0.kind == .tab || $0.kind == .startsInPlace }.map(\.intoCluster))
        #expect(graph.edges.filter { $0.kind == .reference }.count == boxed.subtracting(linked).count)
        // The picture draws parallel edges once: as many lines as groups, and every edge in one group.
        let groups = graph.drawnEdges()
        #expect(lines.filter { $0.contains(" -> ") }.count == groups.count)
        #expect(groups.flatMap { $0 }.sorted() == Array(graph.edges.indices))
        let back = DOTWriter.write(FlowGraph(program, findings: [], options: .init(showBack: true)))
        #expect(back.split(separator: "\n").filter { $0.contains(" -> ") }.count > groups.count)
    }

    @Test("a busy route says so under its name (v2)")
    func busyRoute() {
        let program = Validation.run(text: """
            flow App [entry] { start home  route home { on share -> push sharing }  route sharing "Sharing" [busy] { on done [system] -> pop } }
            """).program
        let dot = DOTWriter.write(FlowGraph(program, findings: []))
        #expect(dot.contains(##"r1 [label="Sharing\nsharing\n[busy]"]"##), "\(dot)")
        #expect(dot.contains(##"r0 [label="home", peripheries=2]"##), "\(dot)")
    }

    @Test("findings colour what they point at, with the code in a tooltip")
    func findings() throws {
        let dead = try runFlowctl(["graph", "flows/broken/F203-dead-end.flow"])
        #expect(dead.stdout.contains(##"r1 [label="Big sale\npromo", color="#dc2626", fontcolor="#dc2626", penwidth=2, tooltip="F203: dead end: at 'promo', reached as the root of a full-screen cover, no step of the user leads anywhere: no handler answers with a change and there is no way back"];"##))
        let unreachable = try runFlowctl(["graph", "flows/broken/F201-unreachable.flow"])
        #expect(unreachable.stdout.contains(##"r1 [label="orphan", style="rounded,filled,dashed", fillcolor="#ecfdf5", color="#cbd5e1", fontcolor="#94a3b8", tooltip="F201: "##))
        let cycle = try runFlowctl(["graph", "flows/broken/F205-push-cycle.flow"])
        #expect(cycle.stdout.contains(##"r1 -> r2 [label="author", color="#dc2626", fontcolor="#dc2626", penwidth=2, tooltip="F205: "##))
        let plain = try runFlowctl(["graph", "--no-findings", "flows/broken/F205-push-cycle.flow"])
        #expect(!plain.stdout.contains("#dc2626"))
    }

    @Test("red means a reported finding: an allowed F205 or F209 is drawn as any other edge, an alert is not red")
    func redIsForFindings() throws {
        // Shutter allows its one push cycle and its one start cycle, and has no error.
        let shutter = try runFlowctl(["graph", "flows/photoshare/app.flow"])
        #expect(shutter.status == 0)
        #expect(!shutter.stdout.contains("#dc2626"))
        #expect(shutter.stdout.contains(##"r48 -> r49 [label="block", color="#a21caf", style="dashed""##))
        let allowed = """
            flow App [entry] {
              start home
              route home { on more -> push more }
              route more { on more -> push more } // flowctl:allow F205
              route gallery { on nested -> start App } // flowctl:allow F209
            }
            """
        let quiet = DOTWriter.write(FlowGraph(Validation.run(text: allowed).program, findings: Validation.run(text: allowed).diagnostics))
        #expect(!quiet.contains("#dc2626"))
        // The twin without the allow comments: the cycle's push and the start are red.
        let reported = Validation.run(text: allowed.replacingOccurrences(of: "// flowctl:allow F205", with: "")
            .replacingOccurrences(of: "// flowctl:allow F209", with: ""))
        let red = DOTWriter.write(FlowGraph(reported.program, findings: reported.diagnostics))
        #expect(red.components(separatedBy: "penwidth=2, tooltip=\"F205: ").count - 1 == 1)
        #expect(red.components(separatedBy: "penwidth=2, tooltip=\"F209: ").count - 1 == 1)
        #expect(red.contains(##"r1 -> r1 [label="more", color="#dc2626""##))
    }

    @Test("--flow draws one flow with its parent and children collapsed")
    func focus() throws {
        let result = try runFlowctl(["graph", "flows/wayfarer.flow", "--flow", "Booking"])
        #expect(result.status == 0)
        #expect(result.stdout.components(separatedBy: "subgraph cluster_").count - 1 == 2)
        #expect(result.stdout.contains("subgraph cluster_legend {"))
        #expect(result.stdout.contains(#"[label="Explore", style="solid", shape=box3d"#))
        #expect(result.stdout.contains(#"[label="AddCard", style="solid", shape=box3d"#))
        let typo = try runFlowctl(["graph", "flows/wayfarer.flow", "--flow", "Bookin"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "flowctl graph: no flow named 'Bookin' in 'flows/wayfarer.flow'; did you mean 'Booking'?\nSee 'flowctl graph --help'.\n")
    }

    @Test("flow parameters, start arguments, payloads and gated links are legible in DOT, Mermaid and JSON")
    func dataFeatures() throws {
        let dot = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow"]).stdout
        #expect(dot.contains(#"label="Profile(username: String)""#))
        // Labels name parameters without types, and an argument only where it renames.
        #expect(dot.contains(#"r0 -> c1_0 [label="open(name) → Profile(username: name)""#))
        #expect(dot.contains(#"tooltip="on open(name: String) -> start Profile(username: name)"];"#))
        #expect(dot.contains(#"r3 -> x2 [label="choose(id) → picked(id)""#))
        #expect(dot.contains(#"c2_0 -> r1 [label="Picker.picked(id)""#))
        #expect(dot.contains(#"l0 -> r1 [label="when loggedIn""#))
        #expect(dot.contains(#"l0 -> c3_0 [label="else (while !loggedIn)""#))
        let mermaid = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow", "--format", "mermaid"]).stdout
        #expect(mermaid.contains("state \"Profile(username#58; String)\" as f1"))
        #expect(mermaid.contains("r3 --> x2 : choose(id) #8594; picked(id) #183; finish"))
        let json = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow", "--format", "json"]).stdout
        #expect(json.contains(#""parameters":[{"name":"username","type":"String"}]"#) || json.contains(#""parameters": [{"name": "username", "type": "String"}]"#))
        // The twin: a flow without parameters has an empty list and a plain label.
        #expect(dot.contains(#"label="Picker"; "#))
        #expect(json.contains(#""parameters":[]"#) || json.contains(#""parameters": []"#))
    }

    @Test("guarded starts of flows in place say when each applies")
    func guardedStarts() {
        let (program, _) = compile("""
            flow App [entry] { start Main when loggedIn  start Guest }
            flow Main { start feed  route feed [final] }
            flow Guest { start intro  route intro { on login -> start Main as cover } }
            """)
        let dot = DOTWriter.write(FlowGraph(program, findings: []))
        #expect(dot.contains(#"a0 [label="starts Main when loggedIn, else Guest""#))
        #expect(dot.contains(#"a0 -> r0 [label="when loggedIn""#))
        // The twin: the fallback's edge has no label.
        #expect(dot.contains(#"a0 -> r1 [color="#))
    }

    @Test("Mermaid output quotes every label safely")
    func mermaid() throws {
        let result = try runFlowctl(["graph", "--format", "mermaid", "Tests/flowctlTests/Fixtures/hostile.flow"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("stateDiagram-v2\n"))
        #expect(result.stdout.contains(#"state "She said #34;hi#34; #92; then left node" as r0"#))
        // Inside a state's quoted label no raw quote, and no line break inside any statement.
        for line in result.stdout.split(separator: "\n") where line.contains("state \"") {
            #expect(line.filter { $0 == "\"" }.count == 2, "\(line)")
        }
        #expect(MermaidWriter.text("a:b\"c😀\nd") == "a#58;b#34;c#128512; d")
    }

    @Test("JSON lists flows, nodes, edges and findings")
    func json() throws {
        let result = try runFlowctl(["graph", "--format", "json", "flows/shop.flow"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["flows"] as? [Any])?.count == 4)
        // 18 handlers, links and tabs, and 3 edges from a flow's box to its cluster (Auth, Shop, Checkout).
        let edges = try #require(object["edges"] as? [[String: Any]])
        #expect(edges.count == 21)
        #expect(edges.filter { $0["kind"] as? String == "reference" }.map { $0["to"] as? String } == ["r1", "r5", "r8"])
        #expect(object["view"] as? String == "routes")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["code"] as? String } == ["F205"])
        #expect(findings.first?["line"] as? Int == 31)
    }

    @Test("a file with syntax errors draws nothing; usage mistakes exit 2")
    func errors() throws {
        let broken = try runFlowctl(["graph", "flows/broken/F001-syntax.flow"])
        #expect(broken.status == 1)
        #expect(broken.stdout == "")
        #expect(broken.stderr.hasSuffix("flowctl graph: 'flows/broken/F001-syntax.flow' has syntax errors; nothing to draw\n"))
        let format = try runFlowctl(["graph", "flows/shop.flow", "--format", "svg"])
        #expect(format.status == 2)
        #expect(format.stderr == "flowctl graph: invalid value 'svg' for '--format' (expected dot, mermaid, json)\nSee 'flowctl graph --help'.\n")
    }
}
