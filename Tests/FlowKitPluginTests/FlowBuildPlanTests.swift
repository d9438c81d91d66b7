import Foundation
import Testing

// FlowImportScanner.swift and FlowBuildPlan.swift are symbolic links to the plugin's own files:
// a plugin cannot be a test dependency, so its planning code is compiled here too.

@Suite("The plugin's import scanner")
struct FlowImportScannerTests {
    @Test("imports are read in order, as written", arguments: [
        ("import \"a.flow\"\nimport \"lib/b.flow\"\nflow A { start x route x }", ["a.flow", "lib/b.flow"]),
        ("// import \"commented.flow\"\nimport \"real.flow\"", ["real.flow"]),
        ("/* outer /* import \"nested.flow\" */ still comment */ import \"after.flow\"", ["after.flow"]),
        ("flow A { route x \"import \\\"title.flow\\\"\" }", []),
        ("flow import { start x route x }", []),
        ("flow A { start x route x { on import -> push y } }\nimport \"late.flow\"", ["late.flow"]),
        ("import \"with \\\"quote\\\".flow\"", ["with \"quote\".flow"]),
        ("import \"unterminated.flow", []),
        ("import\n  // a comment between\n  \"spaced.flow\"", ["spaced.flow"]),
        ("", []),
    ])
    func importsAreFound(source: String, expected: [String]) {
        #expect(FlowImportScanner.importPaths(in: Array(source.utf8)) == expected)
    }

    @Test("an import path with an escape a path never needs is not guessed")
    func oddEscapeIsSkipped() {
        #expect(FlowImportScanner.importPaths(in: Array("import \"a\\n.flow\" import \"b.flow\"".utf8)) == ["b.flow"])
    }
}

@Suite("The plugin's build plan")
struct FlowBuildPlanTests {
    let out = URL(fileURLWithPath: "/work/out")

    private func plan(_ files: [String: String], target: [String]) -> [FlowBuildPlan.Program] {
        let contents = files.mapValues { Array($0.utf8) }
        return FlowBuildPlan(
            flowFiles: target.map { URL(fileURLWithPath: $0) },
            outputDirectory: out,
            readFile: { contents[$0.path] }
        ).programs
    }

    @Test("an entry file importing a library is one program whose inputs are both files")
    func libraryIsPartOfTheImporter() {
        let programs = plan([
            "/t/App.flow": "import \"shared/Account.flow\"\nflow App [entry] { start Account }",
            "/t/shared/Account.flow": "flow Account { start a route a }",
        ], target: ["/t/shared/Account.flow", "/t/App.flow"])
        #expect(programs == [
            .init(
                file: URL(fileURLWithPath: "/t/App.flow"),
                inputs: [URL(fileURLWithPath: "/t/App.flow"), URL(fileURLWithPath: "/t/shared/Account.flow")],
                output: out.appendingPathComponent("App.flow.swift")
            ),
        ])
    }

    @Test("imports are inputs transitively, each once, including files outside the target")
    func transitiveInputs() {
        let programs = plan([
            "/t/App.flow": "import \"A.flow\" import \"../shared/B.flow\"",
            "/t/A.flow": "import \"../shared/B.flow\" import \"missing.flow\"",
            "/shared/B.flow": "import \"../t/A.flow\"",
        ], target: ["/t/App.flow", "/t/A.flow"])
        #expect(programs.map(\.file.path) == ["/t/App.flow"])
        #expect(programs.first?.inputs.map(\.path) == ["/t/App.flow", "/t/A.flow", "/shared/B.flow"])
    }

    @Test("two programs sharing a library get a command each, with distinct outputs")
    func twoPrograms() {
        let programs = plan([
            "/t/a/Main.flow": "import \"../Lib.flow\"",
            "/t/b/Main.flow": "import \"../Lib.flow\"",
            "/t/Lib.flow": "flow L { start x route x }",
        ], target: ["/t/b/Main.flow", "/t/a/Main.flow", "/t/Lib.flow"])
        #expect(programs.map(\.file.path) == ["/t/a/Main.flow", "/t/b/Main.flow"])
        #expect(programs.map(\.output.lastPathComponent) == ["Main.flow.swift", "Main2.flow.swift"])
        #expect(programs.allSatisfy { $0.inputs.map(\.path).contains("/t/Lib.flow") })
    }

    @Test("a file nobody imports is a program of its own, even without an entry")
    func lonelyLibraryIsChecked() {
        let programs = plan(["/t/Lib.flow": "flow L { start x route x }"], target: ["/t/Lib.flow"])
        #expect(programs.map(\.file.path) == ["/t/Lib.flow"])
    }

    @Test("files that only import each other still get a command, for the first of them")
    func importCycle() {
        let programs = plan([
            "/t/A.flow": "import \"B.flow\"",
            "/t/B.flow": "import \"A.flow\"",
        ], target: ["/t/B.flow", "/t/A.flow"])
        #expect(programs.map(\.file.path) == ["/t/A.flow"])
        #expect(programs.first?.inputs.map(\.path) == ["/t/A.flow", "/t/B.flow"])
    }

    @Test("a file importing itself is still a program")
    func selfImport() {
        let programs = plan(["/t/A.flow": "import \"A.flow\""], target: ["/t/A.flow"])
        #expect(programs.map(\.file.path) == ["/t/A.flow"])
        #expect(programs.first?.inputs.map(\.path) == ["/t/A.flow"])
    }

    @Test("an unreadable file is still given to the generator, which reports it")
    func unreadableFile() {
        let programs = plan([:], target: ["/t/Gone.flow"])
        #expect(programs.map(\.file.path) == ["/t/Gone.flow"])
        #expect(programs.first?.inputs.map(\.path) == ["/t/Gone.flow"])
    }
}
