import FlowTestSupport
import Foundation
import Testing

private let fixture = "Tests/flowctlTests/Fixtures/cover/"

/// What `command` prints for flows/broken/F101-unknown-route.flow, which the engine does not run: its error, then why.
private func unrunnable(_ command: String) -> String {
    """
    flows/broken/F101-unknown-route.flow:3:32: error: unknown route 'detials' in flow 'App'; did you mean 'details'? [F101]
      |
    3 |   route home { on next -> push detials }
      |                                ^~~~~~~
    flowctl \(command): 'flows/broken/F101-unknown-route.flow' has errors the engine cannot run (F0xx, F1xx); fix them first (flowctl validate)

    """
}

@Suite("flowctl cover")
struct CoverCommandTests {
    @Test("counts: each handler, guarded variants apart, a result handler, each route shown, and those no run reaches")
    func text() throws {
        let result = try runFlowctl(["cover", fixture + "app.flow", fixture + "browse.script", fixture + "join.script"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            6 of 8 reachable handlers covered (75.0%); 9 handlers, 1 unreachable
            5 of 6 reachable routes shown (83.3%); 7 routes, 1 unreachable
            uncovered:
              \(fixture)app.flow:6:8: App.home: on buy when member
              \(fixture)app.flow:11:22: App.receipt: on close
            not shown:
              \(fixture)app.flow:11:9: App.receipt
            unreachable (no run from the start fires them):
              \(fixture)app.flow:13:21: App.legacy: on go
            unreachable routes (no run from the start shows them):
              \(fixture)app.flow:13:9: App.legacy

            """)
        #expect(result.stderr == "")
    }

    @Test("--format json: the counts and each handler's place, flow, route and event; each route's place and names")
    func json() throws {
        let result = try runFlowctl(["cover", fixture + "app.flow", fixture + "browse.script", fixture + "join.script", "--format", "json"])
        #expect(result.status == 0)
        let file = fixture + "app.flow"
        #expect(result.stdout == """
            {"handlers":9,"reachable":8,"covered":6,"uncovered":[\
            {"file":"\(file)","line":6,"column":8,"flow":"App","route":"home","event":"buy when member"},\
            {"file":"\(file)","line":11,"column":22,"flow":"App","route":"receipt","event":"close"}],\
            "unreachable":[{"file":"\(file)","line":13,"column":21,"flow":"App","route":"legacy","event":"go"}],\
            "routes":{"count":7,"reachable":6,"shown":5,\
            "notShown":[{"file":"\(file)","line":11,"column":9,"flow":"App","route":"receipt"}],\
            "unreachable":[{"file":"\(file)","line":13,"column":9,"flow":"App","route":"legacy"}]}}

            """)
    }

    @Test("one script alone: what it fires, a flow-level result handler included")
    func oneScript() throws {
        let result = try runFlowctl(["cover", fixture + "app.flow", fixture + "browse.script", "--format", "json"])
        #expect(result.status == 0)
        // Rate.rated, App's result handler, is covered: it is not among the uncovered.
        let file = fixture + "app.flow"
        #expect(result.stdout == """
            {"handlers":9,"reachable":8,"covered":5,"uncovered":[\
            {"file":"\(file)","line":6,"column":8,"flow":"App","route":"home","event":"buy when member"},\
            {"file":"\(file)","line":7,"column":8,"flow":"App","route":"home","event":"buy"},\
            {"file":"\(file)","line":11,"column":22,"flow":"App","route":"receipt","event":"close"}],\
            "unreachable":[{"file":"\(file)","line":13,"column":21,"flow":"App","route":"legacy","event":"go"}],\
            "routes":{"count":7,"reachable":6,"shown":4,\
            "notShown":[{"file":"\(file)","line":11,"column":9,"flow":"App","route":"receipt"},\
            {"file":"\(file)","line":12,"column":9,"flow":"App","route":"join"}],\
            "unreachable":[{"file":"\(file)","line":13,"column":9,"flow":"App","route":"legacy"}]}}

            """)
    }

    @Test("a script that fails: exit 1, its line named, and the coverage of what ran")
    func failingScript() throws {
        let result = try runFlowctl(["cover", fixture + "app.flow", fixture + "fails.script", fixture + "join.script"])
        #expect(result.status == 1)
        #expect(result.stderr == "\(fixture)fails.script:2: expected top home, but it is list\n")
        // (The run stops at the failure: join.script's handlers are uncovered too.)
        #expect(result.stdout == """
            2 of 8 reachable handlers covered (25.0%); 9 handlers, 1 unreachable
            3 of 6 reachable routes shown (50.0%); 7 routes, 1 unreachable
            uncovered:
              \(fixture)app.flow:6:8: App.home: on buy when member
              \(fixture)app.flow:9:19: App.list: on open(id: Int)
              \(fixture)app.flow:10:28: App.item: on done
              \(fixture)app.flow:11:22: App.receipt: on close
              \(fixture)app.flow:14:6: App: on Rate.rated
              \(fixture)app.flow:17:43: Rate.stars: on rate
            not shown:
              \(fixture)app.flow:10:9: App.item
              \(fixture)app.flow:11:9: App.receipt
              \(fixture)app.flow:17:32: Rate.stars
            unreachable (no run from the start fires them):
              \(fixture)app.flow:13:21: App.legacy: on go
            unreachable routes (no run from the start shows them):
              \(fixture)app.flow:13:9: App.legacy

            """)
    }

    @Test("--require-all fails while a reachable handler is uncovered")
    func requireAll() throws {
        let result = try runFlowctl(["cover", fixture + "app.flow", fixture + "browse.script", "--require-all"])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            5 of 8 reachable handlers covered (62.5%); 9 handlers, 1 unreachable
            4 of 6 reachable routes shown (66.6%); 7 routes, 1 unreachable
            uncovered:
              \(fixture)app.flow:6:8: App.home: on buy when member
              \(fixture)app.flow:7:8: App.home: on buy
              \(fixture)app.flow:11:22: App.receipt: on close
            not shown:
              \(fixture)app.flow:11:9: App.receipt
              \(fixture)app.flow:12:9: App.join
            unreachable (no run from the start fires them):
              \(fixture)app.flow:13:21: App.legacy: on go
            unreachable routes (no run from the start shows them):
              \(fixture)app.flow:13:9: App.legacy

            """)
    }

    @Test("bad usage and unreadable input exit 2; a program the engine does not run exits 1", arguments: [
        (["cover"], 2, "flowctl cover: missing the .flow file and the scripts to run\nSee 'flowctl cover --help'.\n"),
        (["cover", "flows/shop.flow"], 2, "flowctl cover: missing the scripts to run against 'flows/shop.flow'\nSee 'flowctl cover --help'.\n"),
        (["cover", "flows/shop.flow", "nowhere.script"], 2, "flowctl cover: cannot read script 'nowhere.script': no such file\n"),
        (["cover", "nowhere.flow", "flows/shop.script"], 2, "flowctl cover: cannot read 'nowhere.flow': no such file\n"),
        (["cover", "flows/shop.flow", "flows/shop.script", "--format", "xml"], 2,
         "flowctl cover: invalid value 'xml' for '--format' (expected text, json)\nSee 'flowctl cover --help'.\n"),
        (["cover", "flows/broken/F101-unknown-route.flow", "flows/shop.script"], 1, unrunnable("cover")),
    ] as [([String], Int32, String)])
    func usage(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try runFlowctl(arguments)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test("a program with no handler at all: nothing to cover is all of it")
    func nothingToCover() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-cover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let flow = directory.appendingPathComponent("still.flow")
        try "flow App [entry] { start home  route home [final] }\n".write(to: flow, atomically: true, encoding: .utf8)
        let script = directory.appendingPathComponent("still.script")
        try "expect top home\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try runFlowctl(["cover", flow.path, script.path, "--require-all"])
        #expect(result.status == 0)
        #expect(result.stdout == "0 of 0 reachable handlers covered (100.0%); 0 handlers, 0 unreachable\n"
                + "1 of 1 reachable routes shown (100.0%); 1 route, 0 unreachable\n")
    }

    @Test("a script line that does not parse is named, exit 2")
    func badScript() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-cover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("bad.script")
        try "browse\nexpect nothing\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try runFlowctl(["cover", fixture + "app.flow", script.path])
        #expect(result.status == 2)
        #expect(result.stderr == "\(script.path):2: error: expected 'top', 'stack', 'tab' or 'error' after 'expect', found 'nothing'\n")
    }
}

@Suite("flowctl generate scripts")
struct GenerateScriptsTests {
    /// A fresh directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let apps = ["flows/login.flow", "flows/placesfinder.flow", "flows/shop.flow", "flows/swiftui-coordinator.flow",
                       "flows/wayfarer.flow", "flows/photoshare/app.flow",
                       "Examples/Bookshelf/Sources/BookshelfFeature/Navigation/Bookshelf.flow"]

    @Test("every bundled app: the scripts run, and cover all its reachable handlers", arguments: apps)
    func bundledApp(_ app: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = try runFlowctl(["generate", "scripts", app, "-o", directory.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map { directory.path + "/" + $0 }
        #expect(generated.stdout.hasPrefix("\(scripts.count) scripts ("))
        let cover = try runFlowctl(["cover", app] + scripts + ["--require-all", "--format", "json"])
        #expect(cover.status == 0, "\(cover.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(cover.stdout.utf8)) as? [String: Any])
        #expect(report["covered"] as? Int == report["reachable"] as? Int)
        #expect((report["reachable"] as? Int ?? 0) > 0)
        #expect((report["uncovered"] as? [Any])?.isEmpty == true)
    }

    @Test("the fixture's journeys, exactly: named after their last step, each step followed by its screen")
    func fixtureJourneys() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Scripts left from an earlier run go; other files stay.
        try "old".write(to: directory.appendingPathComponent("9-old.script"), atomically: true, encoding: .utf8)
        try "keep".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try runFlowctl(["generate", "scripts", fixture + "app.flow", "-o", directory.path])
        #expect(result.status == 0)
        #expect(result.stdout == "4 scripts (15 steps) written to \(directory.path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
            "1-receipt-close.script", "2-join-back.script", "3-list-back.script", "4-stars-rate.script", "notes.txt",
        ])
        #expect(try String(contentsOf: directory.appendingPathComponent("1-receipt-close.script"), encoding: .utf8) == """
            # Generated by `flowctl generate scripts` from app.flow: receipt-close, ending on 'home'.
            assume member
            buy
            expect stack home | cover: receipt
            close
            expect stack home

            """)
        // A journey goes on from where it stands: the backs of a whole stack, one after the other.
        #expect(try String(contentsOf: directory.appendingPathComponent("3-list-back.script"), encoding: .utf8) == """
            # Generated by `flowctl generate scripts` from app.flow: list-back, ending on 'home'.
            browse
            expect stack home > list
            send open(id: 1)
            expect stack home > list > item(id: 1)
            done
            expect stack home > list > item(id: 1) | sheet: stars
            back
            expect stack home > list > item(id: 1)
            back
            expect stack home > list
            back
            expect stack home

            """)
    }

    @Test("bad usage exits 2; a program the engine does not run exits 1", arguments: [
        (["generate", "scripts", "flows/shop.flow"], 2,
         "flowctl generate: generate scripts needs -o <directory> to write the scripts to\nSee 'flowctl generate --help'.\n"),
        (["generate", "scripts", "flows/shop.flow", "-o", "x", "--name", "Shop"], 2,
         "flowctl generate: --name is for 'generate swift', not 'generate scripts'\nSee 'flowctl generate --help'.\n"),
        (["generate", "scripts"], 2, "flowctl generate: missing the .flow file to generate from\nSee 'flowctl generate --help'.\n"),
        (["generate", "scripts", "flows/broken/F101-unknown-route.flow", "-o", "/tmp/flowkit-never"], 1, unrunnable("generate")),
    ] as [([String], Int32, String)])
    func usage(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try runFlowctl(arguments)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }
}
