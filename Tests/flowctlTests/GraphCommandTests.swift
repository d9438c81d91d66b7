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
        // The named link's edge to its target then its action (a sheet); the over link a node of App, its edge the alert.
        #expect(dot == ##"""
            digraph flows {
              graph [compound=true, newrank=true, rankdir=LR, nodesep=0.25, ranksep=0.45, fontname="Helvetica", fontsize=12];
              node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
              edge [fontname="Helvetica", fontsize=9, color="#334155"];
              subgraph cluster_0 {
                label="App [entry]"; style=rounded; color="#94a3b8"; fontname="Helvetica-Bold"; penwidth=2;
                r0 [label="home", peripheries=2];
                r1 [label="post(id: Int)"];
                r2 [label="comments(id: Int)"];
                r3 [label="confirm(action: String)"];
                b0 [label="back", shape=plain, fontcolor="#64748b"];
                l0 [label="app://p/:id", style="filled", shape=cds, fillcolor="#f3e8ff", fontsize=9];
                l1 [label="app://confirm/:a", style="filled", shape=cds, fillcolor="#f3e8ff", fontsize=9];
              }
              r0 -> r1 [label="open", color="#334155", tooltip="on open -> push post(id: 1)"];
              r1 -> b0 [label="close", color="#64748b", style="dotted", tooltip="on close -> pop"];
              r2 -> b0 [label="done", color="#64748b", style="dotted", tooltip="on done -> dismiss"];
              r3 -> r3 [label="ok", color="#94a3b8", style="dotted", tooltip="on ok -> stay"];
              l0 -> r1 [color="#9333ea", style="dashed", tooltip="link \"app://p/:id\""];
              r1 -> r2 [label="then (link)", color="#2563eb", style="dashed", tooltip="on link \"app://p/:id\" -> sheet comments(id: :id)"];
              l1 -> r3 [label="over", color="#a21caf", style="dashed", tooltip="on link \"app://confirm/:a\" -> alert confirm(action: :a)"];
            }

            """##)
    }

    @Test("one cluster per flow; one edge per handler, per link, per flow started in place and per tab; parallel ones drawn as one",
          arguments: drawnFiles)
    func counts(file: String) throws {
        let validation = try Validation.run(repositoryRoot + "/" + file)
        let program = validation.program
        let graph = FlowGraph(program, findings: validation.diagnostics)
        let dot = DOTWriter.write(graph)
        let lines = dot.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("  subgraph cluster_") }.count == program.flows.count)
        let structure = FlowTopology(program).edges.filter { ($0.mode == .flowStart || $0.mode == .tab) && $0.parent != $0.child }.count
        // A link's own edge goes to its target; an `over` link has none (its actions' edge leaves its node).
        let transitions = program.handlers.count + program.links.filter { !$0.isOver }.count + structure
        #expect(graph.edges.filter { $0.kind != .reference }.count == transitions)
        // One edge from a box to its cluster per flow that has boxes, unless a tab or in-place edge leads there.
        let boxed = Set(graph.nodes.filter { $0.kind == .reference }.map(\.flow))
        let linked = Set(graph.edges.filter { $0.kind == .tab || $0.kind == .startsInPlace }.map(\.intoCluster))
        #expect(graph.edges.filter { $0.kind == .reference }.count == boxed.subtracting(linked).count)
        // The picture draws parallel edges once: as many lines as groups, and every edge in one group.
        let groups = graph.drawnEdges()
        #expect(lines.filter(isEdgeStatement).count == groups.count)
        #expect(groups.flatMap { $0 }.sorted() == Array(graph.edges.indices))
        let back = DOTWriter.write(FlowGraph(program, findings: [], options: .init(showBack: true)))
        #expect(back.split(separator: "\n").filter(isEdgeStatement).count > groups.count)
    }

    @Test("parallel edges are grouped as a plain comparison of every pair groups them")
    func drawnEdgesGroupLikeEveryPair() {
        var merged = 0
        for seed in 1...6 as ClosedRange<UInt64> {
            let validation = Validation.run(text: randomProgram(seed: seed, size: 4), exploresStates: false)
            for showBack in [false, true] {
                let graph = FlowGraph(validation.program, findings: validation.diagnostics, options: .init(showBack: showBack))
                let expected = Self.groupedPairwise(graph)
                #expect(graph.drawnEdges() == expected, "seed \(seed), showBack \(showBack)")
                merged += graph.edges.count - expected.count
            }
        }
        // The programs do have parallel edges to merge.
        #expect(merged > 0)
    }

    /// The oracle: each edge joins the first group before it whose first
    /// edge draws alike (an edge with findings is always alone).
    static func groupedPairwise(_ graph: FlowGraph) -> [[Int]] {
        var groups: [[Int]] = []
        for (e, edge) in graph.edges.enumerated() {
            let g = edge.findings.isEmpty ? groups.firstIndex { group in
                let first = graph.edges[group[0]]
                return first.findings.isEmpty && first.from == edge.from && first.to == edge.to && first.kind == edge.kind
                    && first.mode == edge.mode && first.isResult == edge.isResult && first.intoCluster == edge.intoCluster
                    && first.outOfCluster == edge.outOfCluster && first.steps.isEmpty == edge.steps.isEmpty
            } : nil
            if let g { groups[g].append(e) } else { groups.append([e]) }
        }
        return groups
    }

    @Test("a busy route says so under its name (v2)")
    func busyRoute() {
        let program = Validation.run(text: """
            flow App [entry] { start home  route home { on share -> push sharing }  route sharing "Sharing" [busy] { on done [system] -> pop } }
            """).program
        let dot = DOTWriter.write(FlowGraph(program, findings: []))
        #expect(dot == ##"""
            digraph flows {
              graph [compound=true, newrank=true, rankdir=LR, nodesep=0.25, ranksep=0.45, fontname="Helvetica", fontsize=12];
              node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
              edge [fontname="Helvetica", fontsize=9, color="#334155"];
              subgraph cluster_0 {
                label="App [entry]"; style=rounded; color="#94a3b8"; fontname="Helvetica-Bold"; penwidth=2;
                r0 [label="home", peripheries=2];
                r1 [label="Sharing\nsharing\n[busy]"];
                b0 [label="back", shape=plain, fontcolor="#64748b"];
              }
              r0 -> r1 [label="share", color="#334155", tooltip="on share -> push sharing"];
              r1 -> b0 [label="done [system]", color="#64748b", style="dotted", tooltip="on done [system] -> pop"];
            }

            """##)
    }

    @Test("findings colour what they point at, with the code in a tooltip")
    func findings() throws {
        // The pictures (their legends are GraphViewsTests' business).
        let dead = try runFlowctl(["graph", "flows/broken/F203-dead-end.flow"])
        #expect(dead.status == 0)
        #expect(withoutLegend(dead.stdout) == Self.picture(##"""
                r0 [label="home", peripheries=2];
                r1 [label="Big sale\npromo", color="#dc2626", fontcolor="#dc2626", penwidth=2, tooltip="F203: dead end: at 'promo', reached as the root of a full-screen cover, no step of the user leads anywhere: no handler answers with a change and there is no way back"];
              }
              r0 -> r1 [label="promo", color="#7c3aed", style="bold,dashed", tooltip="on promo -> cover promo"];

            """##))
        let unreachable = try runFlowctl(["graph", "flows/broken/F201-unreachable.flow"])
        #expect(withoutLegend(unreachable.stdout) == Self.picture(##"""
                r0 [label="home", style="rounded,filled", peripheries=2, fillcolor="#ecfdf5"];
                r1 [label="orphan", style="rounded,filled,dashed", fillcolor="#ecfdf5", color="#cbd5e1", fontcolor="#94a3b8", tooltip="F201: route 'orphan' is unreachable: no reachable state of the app shows it"];
              }

            """##))
        let cycle = try runFlowctl(["graph", "flows/broken/F205-push-cycle.flow"])
        #expect(withoutLegend(cycle.stdout) == Self.picture(##"""
                r0 [label="feed", peripheries=2];
                r1 [label="post"];
                r2 [label="profile"];
              }
              r0 -> r1 [label="open", color="#334155", tooltip="on open -> push post"];
              r1 -> r2 [label="author", color="#dc2626", fontcolor="#dc2626", penwidth=2, tooltip="F205: the navigation can grow without bound: from 'post', the steps 'author → latest' show 'post' again with more on screen, and can be taken again and again"];
              r2 -> r1 [label="latest", color="#334155", tooltip="on latest -> push post"];

            """##))
        // --no-findings: the same edge drawn as any push.
        let plain = try runFlowctl(["graph", "--no-findings", "flows/broken/F205-push-cycle.flow"])
        #expect(withoutLegend(plain.stdout) == Self.picture(##"""
                r0 [label="feed", peripheries=2];
                r1 [label="post"];
                r2 [label="profile"];
              }
              r0 -> r1 [label="open", color="#334155", tooltip="on open -> push post"];
              r1 -> r2 [label="author", color="#334155", tooltip="on author -> push profile"];
              r2 -> r1 [label="latest", color="#334155", tooltip="on latest -> push post"];

            """##))
    }

    /// A one-flow program's DOT picture, `App [entry]`, whose cluster's nodes, closing brace and edges are `body`.
    static func picture(_ body: String) -> String {
        ##"""
        digraph flows {
          graph [compound=true, newrank=true, rankdir=LR, nodesep=0.25, ranksep=0.45, fontname="Helvetica", fontsize=12];
          node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
          edge [fontname="Helvetica", fontsize=9, color="#334155"];
          subgraph cluster_0 {
            label="App [entry]"; style=rounded; color="#94a3b8"; fontname="Helvetica-Bold"; penwidth=2;

        """## + body + "}\n"
    }

    @Test("red means a reported finding: an allowed F205 or F209 is drawn as any other edge, an alert is not red")
    func redIsForFindings() throws {
        // Shutter allows its one push cycle and its one start cycle, and has no error.
        let shutter = try runFlowctl(["graph", "flows/photoshare/app.flow"])
        #expect(shutter.status == 0)
        // (544 lines: no golden; nothing in them is red.)
        #expect(!shutter.stdout.contains("#dc2626"))
        #expect(line(shutter.stdout, startingWith: "  r49 -> r50 ") == ##"  r49 -> r50 [label="block", color="#a21caf", style="dashed", tooltip="on block -> alert blockConfirm(username: username)"];"##)
        let allowed = """
            flow App [entry] {
              start home
              route home { on more -> push more  on browse -> push gallery } // flowctl:allow F205
              route more { on more -> push more } // flowctl:allow F205
              route gallery { on nested -> start App } // flowctl:allow F209
            }
            """
        let quiet = DOTWriter.write(FlowGraph(Validation.run(text: allowed).program, findings: Validation.run(text: allowed).diagnostics))
        // (gallery's start nests App again: F209 there, and F205 where the nesting grows the stack.)
        #expect(quiet == Self.picture(##"""
                r0 [label="home", peripheries=2];
                r1 [label="more"];
                r2 [label="gallery"];
              }
              r0 -> r1 [label="more", color="#334155", tooltip="on more -> push more"];
              r0 -> r2 [label="browse", color="#334155", tooltip="on browse -> push gallery"];
              r1 -> r1 [label="more", color="#334155", tooltip="on more -> push more"];
              r2 -> r0 [label="nested", color="#15803d", style="bold", tooltip="on nested -> start App"];

            """##))
        // The twin without the allow comments: the cycle's push and the start are red.
        let reported = Validation.run(text: allowed.replacingOccurrences(of: "// flowctl:allow F205", with: "")
            .replacingOccurrences(of: "// flowctl:allow F209", with: ""))
        let red = DOTWriter.write(FlowGraph(reported.program, findings: reported.diagnostics))
        #expect(red.components(separatedBy: "penwidth=2, tooltip=\"F205: ").count - 1 == 2)
        #expect(red.components(separatedBy: "penwidth=2, tooltip=\"F209: ").count - 1 == 1)
        #expect(red == Self.picture(##"""
                r0 [label="home", peripheries=2];
                r1 [label="more"];
                r2 [label="gallery"];
              }
              r0 -> r1 [label="more", color="#334155", tooltip="on more -> push more"];
              r0 -> r2 [label="browse", color="#dc2626", fontcolor="#dc2626", penwidth=2, tooltip="F205: the navigation can grow without bound: from 'gallery', the steps 'nested → browse' show 'gallery' again with more on screen, and can be taken again and again"];
              r1 -> r1 [label="more", color="#dc2626", fontcolor="#dc2626", penwidth=2, tooltip="F205: the navigation can grow without bound: from 'more', the steps 'more' show 'more' again with more on screen, and can be taken again and again"];
              r2 -> r0 [label="nested", color="#dc2626", style="bold", fontcolor="#dc2626", penwidth=2, tooltip="F209: flow 'App' starts itself through 'start App': App → App (unbounded nesting)"];

            """##))
    }

    @Test("--flow draws one flow with its parent and children collapsed")
    func focus() throws {
        let result = try runFlowctl(["graph", "flows/wayfarer.flow", "--flow", "Booking"])
        #expect(result.status == 0)
        // Booking's cluster, its parent Explore and its child AddCard as boxes, the edges
        // between them (Explore starts Booking and answers its result), and the legend
        // (the golden is `flowctl graph flows/wayfarer.flow --flow Booking`).
        #expect(result.stdout.components(separatedBy: "subgraph cluster_").count - 1 == 2)
        #expect(result.stdout == (try FlowTestSupport.golden("wayfarer-booking.dot")))
        let typo = try runFlowctl(["graph", "flows/wayfarer.flow", "--flow", "Bookin"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "flowctl graph: no flow named 'Bookin' in 'flows/wayfarer.flow'; did you mean 'Booking'?\nSee 'flowctl graph --help'.\n")
    }

    @Test("flow parameters, start arguments, payloads and gated links are legible in DOT, Mermaid and JSON")
    func dataFeatures() throws {
        let dot = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow"]).stdout
        #expect(line(dot, startingWith: "    label=\"Profile") == ##"    label="Profile(username: String)"; style=rounded; color="#94a3b8"; fontname="Helvetica-Bold";"##)
        // Labels name parameters without types, and an argument only where it renames; the tooltip has the handler.
        #expect(line(dot, startingWith: "  r0 -> c1_0 ") == ##"  r0 -> c1_0 [label="open(name) → Profile(username: name)", color="#15803d", style="bold", tooltip="on open(name: String) -> start Profile(username: name)"];"##)
        #expect(line(dot, startingWith: "  r3 -> x2 ") == ##"  r3 -> x2 [label="choose(id) → picked(id)", color="#0f766e", arrowhead=tee, tooltip="on choose(id: Int) -> finish picked(id: id)"];"##)
        #expect(line(dot, startingWith: "  c2_0 -> r1 ") == ##"  c2_0 -> r1 [label="Picker.picked(id)", color="#0e7490", style="bold", fontcolor="#0e7490", tooltip="on Picker.picked(id: Int) -> push item(id: id)"];"##)
        // The gated link: its target when the guard holds, else the flow that gates it; the log-in is
        // not busy, so a second URL puts another cover over it (F205, in red, its message the tooltip).
        #expect(line(dot, startingWith: "  l0 -> r1 ") == ##"  l0 -> r1 [label="when loggedIn", color="#9333ea", style="dashed", tooltip="link \"app://item/:id\""];"##)
        #expect(line(dot, startingWith: "  l0 -> c3_0 ") == ##"  l0 -> c3_0 [label="else (while !loggedIn)", color="#dc2626", style="bold,dashed", fontcolor="#dc2626", penwidth=2, tooltip="F205: the navigation can grow without bound: from 'login', the steps 'open \"app://item/1\"' show 'login' again with more on screen, and can be taken again and again"];"##)
        let mermaid = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow", "--format", "mermaid"]).stdout
        #expect(line(mermaid, startingWith: "  state \"Profile") == "  state \"Profile(username#58; String)\" as f1 {")
        #expect(line(mermaid, startingWith: "  r3 --> x2 ") == "  r3 --> x2 : choose(id) #8594; picked(id) #183; finish")
        let json = try runFlowctl(["graph", "Tests/flowctlTests/Fixtures/data.flow", "--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let flows = try #require(object["flows"] as? [[String: Any]])
        #expect(flows.map { "\($0["name"] ?? "")" } == ["App", "Profile", "Picker", "Auth"])
        #expect(flows.map { ($0["parameters"] as? [[String: String]]) ?? [["missing": ""]] } == [[], [["name": "username", "type": "String"]], [], []])
        // The twin: a flow without parameters has an empty list and a plain label.
        #expect(line(dot, startingWith: "    label=\"Picker") == ##"    label="Picker"; style=rounded; color="#94a3b8"; fontname="Helvetica-Bold";"##)
    }

    @Test("guarded starts of flows in place say when each applies")
    func guardedStarts() {
        let (program, _) = compile("""
            flow App [entry] { start Main when loggedIn  start Guest }
            flow Main { start feed  route feed [final] }
            flow Guest { start intro  route intro { on login -> start Main as cover } }
            """)
        let dot = DOTWriter.write(FlowGraph(program, findings: []))
        // The twin: the fallback's edge (to Guest's intro) has no label.
        #expect(dot == ##"""
            digraph flows {
              graph [compound=true, newrank=true, rankdir=LR, nodesep=0.25, ranksep=0.45, fontname="Helvetica", fontsize=12];
              node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
              edge [fontname="Helvetica", fontsize=9, color="#334155"];
              subgraph cluster_0 {
                label="App [entry]"; style=rounded; color="#94a3b8"; fontname="Helvetica-Bold"; penwidth=2;
                a0 [label="starts Main when loggedIn, else Guest", shape=plain, fontcolor="#475569"];
              }
              subgraph cluster_1 {
                label="Main"; style=rounded; color="#94a3b8"; fontname="Helvetica-Bold";
                r0 [label="feed", style="rounded,filled", peripheries=2, fillcolor="#ecfdf5"];
              }
              subgraph cluster_2 {
                label="Guest"; style=rounded; color="#94a3b8"; fontname="Helvetica-Bold";
                r1 [label="intro", peripheries=2];
                c1_2 [label="Main", style="solid", shape=box3d, fontsize=10, color="#64748b", fontcolor="#475569", tooltip="Main: drawn in full in its own cluster"];
              }
              a0 -> r0 [label="when loggedIn", color="#94a3b8", style="bold", lhead=cluster_1, tooltip="start Main in its place"];
              a0 -> r1 [color="#94a3b8", style="bold", lhead=cluster_2, tooltip="start Guest in its place"];
              r1 -> c1_2 [label="login", color="#15803d", style="bold,dashed", tooltip="on login -> start Main as cover"];
            }

            """##)
    }

    @Test("Mermaid output quotes every label safely")
    func mermaid() throws {
        let result = try runFlowctl(["graph", "--format", "mermaid", "Tests/flowctlTests/Fixtures/hostile.flow"])
        #expect(result.status == 0)
        // The golden is `flowctl graph --format mermaid Tests/flowctlTests/Fixtures/hostile.flow`.
        #expect(result.stdout == (try FlowTestSupport.golden("hostile.mmd")))
        #expect(line(result.stdout, startingWith: "    state \"She said") == #"    state "She said #34;hi#34; #92; then left node" as r0"#)
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
