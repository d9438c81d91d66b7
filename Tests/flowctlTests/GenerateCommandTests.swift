import FlowTestSupport
import Foundation
import Testing

@Suite("flowctl generate swift")
struct GenerateCommandTests {
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "flowctl-generate-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("prints the generated file, the committed golden for the shop")
    func standardOutput() throws {
        let result = try runFlowctl(["generate", "swift", "flows/shop.flow", "--name", "Shop"])
        #expect(result.status == 0)
        let golden = try String(contentsOfFile: repositoryRoot + "/Tests/FlowKitTests/Generated/Shop.swift", encoding: .utf8)
        #expect(result.stdout == golden)
        // Warnings are printed, as validate prints them less its summary, and do not stop it.
        #expect(result.stderr == """
            flows/shop.flow:31:31: warning: the navigation can grow without bound: from 'product', the steps 'related(id: "1")' show 'product' again with more on screen, and can be taken again and again [F205]
               |
            31 |     on related(id: String) -> push product(id: id)
               |                               ^~~~~~~~~~~~~~~~~~~~
            flows/shop.flow:31:31: note: reached by: assume loggedIn → ready → select(id: "1") → related(id: "1")

            """)
    }

    @Test("allowed warnings (v1) are not printed, as validate does not print them; F401 is")
    func allowedWarnings() throws {
        let result = try runFlowctl(["generate", "swift", "Tests/flowctlTests/Fixtures/allowed.flow"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            Tests/flowctlTests/Fixtures/allowed.flow:9:22: warning: allow F202 suppresses nothing: no F202 warning on this line [F401]
              |
            9 |   route gone [final] // flowctl:allow F201, F202
              |                      ^~~~~~~~~~~~~~~~~~~~~~~~~~~

            """)
    }

    @Test("a program with errors: no file, the findings as validate prints them, exit 1")
    func errors() throws {
        let directory = try temporaryDirectory()
        let output = directory + "/Out.swift"
        let result = try runFlowctl(["generate", "swift", "flows/broken/F203-dead-end.flow", "-o", output])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
        // Exactly what validate prints, its summary included.
        #expect(result.stderr == """
            flows/broken/F203-dead-end.flow:4:9: error: dead end: at 'promo', reached as the root of a full-screen cover, no step of the user leads anywhere: no handler answers with a change and there is no way back [F203]
              |
            4 |   route promo "Big sale"
              |         ^~~~~
            flows/broken/F203-dead-end.flow:3:28: note: reached as the root of a full-screen cover by 'cover promo' here
            flows/broken/F203-dead-end.flow:4:9: note: reached by: promo
            1 program checked: 1 error, 0 warnings

            """)
        #expect(result.stderr == (try runFlowctl(["validate", "flows/broken/F203-dead-end.flow"])).stdout)
        #expect(result.stdout.isEmpty)
    }

    @Test("-o writes the file, and leaves an identical one untouched")
    func output() throws {
        let directory = try temporaryDirectory()
        let output = directory + "/nested/Shop.swift"
        let written = try runFlowctl(["generate", "swift", "flows/shop.flow", "-o", output])
        #expect(written.status == 0 && written.stdout.isEmpty)
        // The file holds what standard output would.
        let printed = try runFlowctl(["generate", "swift", "flows/shop.flow"]).stdout
        #expect(try String(contentsOfFile: output, encoding: .utf8) == printed)
        let first = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        let again = try runFlowctl(["generate", "swift", "flows/shop.flow", "--output", output])
        #expect(again.status == 0 && again.stdout.isEmpty)
        let second = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(first != nil && first == second)
        // A changed program rewrites it.
        #expect(try runFlowctl(["generate", "swift", "flows/shop.flow", "-o", output, "--name", "Other"]).status == 0)
        let rewritten = try String(contentsOfFile: output, encoding: .utf8)
        #expect(rewritten == (try runFlowctl(["generate", "swift", "flows/shop.flow", "--name", "Other"])).stdout)
        #expect(line(rewritten, startingWith: "enum ") == "enum Other: FlowProgram {")
    }

    @Test("a library: an error, or with --if-program a file that declares nothing")
    func library() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/lib.flow"
        try "flow A { start x  route x [final] }\nflow B { start y  route y [final] }\n".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try runFlowctl(["generate", "swift", file])
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "\(file): error: the program has no entry flow: mark one flow [entry] to generate its Swift API\n")
        let empty = try runFlowctl(["generate", "swift", file, "--if-program"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "// Generated by `flowctl generate swift` from lib.flow: it has no entry flow (a library), so it declares nothing.\n")
    }

    @Test("bad usage exits 2", arguments: [
        (["generate"], "flowctl generate: missing the language to generate (swift) and the .flow file\nSee 'flowctl generate --help'.\n"),
        (["generate", "kotlin", "flows/shop.flow"],
         "flowctl generate: unknown kind 'kotlin': generate swift (the typed API) or scripts (journeys)\nSee 'flowctl generate --help'.\n"),
        (["generate", "swift"], "flowctl generate: missing the .flow file to generate from\nSee 'flowctl generate --help'.\n"),
        (["generate", "swift", "a.flow", "b.flow"], "flowctl generate: generate takes one file\nSee 'flowctl generate --help'.\n"),
        (["generate", "swift", "flows/shop.flow", "--name", "1x"],
         "flowctl generate: '--name' needs a Swift identifier, not '1x'\nSee 'flowctl generate --help'.\n"),
        (["generate", "swift", "flows/shop.flow", "--name", "class"],
         "flowctl generate: '--name' cannot be 'class': the generated code uses that name itself (a Swift keyword, or a type such as Screen)\nSee 'flowctl generate --help'.\n"),
        (["generate", "swift", "flows/shop.flow", "--name", "Screen"],
         "flowctl generate: '--name' cannot be 'Screen': the generated code uses that name itself (a Swift keyword, or a type such as Screen)\nSee 'flowctl generate --help'.\n"),
        (["generate", "swift", "flows/shop.flow", "--access", "open"],
         "flowctl generate: invalid value 'open' for '--access' (expected internal, public)\nSee 'flowctl generate --help'.\n"),
        (["generate", "swift", "no-such.flow"], "flowctl generate: cannot read 'no-such.flow': no such file\n"),
    ])
    func usage(_ item: ([String], String)) throws {
        let result = try runFlowctl(item.0)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == item.1)
    }

    @Test("an entry flow named like a generated type: F115 and exit 1 without --name; with --name, the program generates")
    func reservedEntryName() throws {
        let fixture = "Tests/FlowKitTests/Fixtures/clashes.flow"
        let refused = try runFlowctl(["generate", "swift", fixture])
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr.hasPrefix("""
            Tests/FlowKitTests/Fixtures/clashes.flow:4:6: error: the entry flow 'Screen' cannot name the program's generated Swift type: the generated code uses that name itself; rename the flow, or generate with --name [F115]
              |
            4 | flow Screen [entry] {
              |      ^~~~~~

            """))
        #expect(refused.stderr.hasSuffix("1 program checked: 1 error, 6 warnings\n"))
        let named = try runFlowctl(["generate", "swift", fixture, "--name", "Clashes"])
        #expect(named.status == 0)
        #expect(!named.stderr.contains("F115"))
        #expect(named.stdout == (try String(contentsOfFile: repositoryRoot + "/Tests/FlowKitTests/Generated/Clashes.swift", encoding: .utf8)))
    }

    @Test("--help")
    func help() throws {
        let result = try runFlowctl(["generate", "--help"])
        #expect(result.status == 0)
        #expect(helpEntry(result.stdout, "USAGE: ") == """
            USAGE: flowctl generate swift <file> [--name <name>] [-o <out>]
                                                 [--access public|internal] [--if-program]
                   flowctl generate scripts <file> -o <directory>
            """)
        #expect(helpEntry(try runFlowctl(["--help"]).stdout, "generate  ")
                == "  generate  Write the typed Swift API of a program (for FlowKit), or journeys as scripts")
    }
}
