import FlowDSL
import FlowEngine
import Testing

/// `Validation.run(_:fileSystem:memo:)`: a program whose files the memo has
/// seen, the same paths with the same bytes, is not checked again; any
/// other is, and is kept.
@Suite("A validation memo checks each program once, by its files")
struct ValidationMemoTests {
    /// Files in memory, by path.
    struct Files: FileSystem {
        var files: [String: String]

        func read(_ path: String) throws(FileReadError) -> [UInt8] {
            guard let text = files[path] else { throw FileReadError("no such file") }
            return Array(text.utf8)
        }
    }

    static let app = """
        import "lib.flow"
        flow App [entry] {
          start home
          route home { on open -> start Lib }
          on Lib.done -> push end
          route end [final]
        }
        """
    static let finishing = "flow Lib { start a  route a { on ok -> finish done } }"
    static let growing = "flow Lib { start a  route a { on ok -> push a } }"

    /// What a test compares: each finding's code, file and message.
    static func findings(_ validation: Validation) -> [String] {
        validation.diagnostics.map { "\($0.code.rawValue) \(validation.program.files[Int($0.span.file)].path): \($0.message)" }
    }

    @Test("the same files give the kept validation, timings and all")
    func sameFilesAreAHit() throws {
        let memo = ValidationMemo()
        let files = Files(files: ["app.flow": Self.app, "lib.flow": Self.finishing])
        let first = try Validation.run("app.flow", fileSystem: files, memo: memo)
        let second = try Validation.run("app.flow", fileSystem: files, memo: memo)
        #expect(Self.findings(first).isEmpty)
        #expect(first.exploredStates == 3)
        // Measured once: a second check would have measured its phases again.
        #expect(second.timings.map(\.phase) == ["load and parse", "compile", "analyze", "states and paths"])
        #expect(second.timings.map(\.duration) == first.timings.map(\.duration))
        #expect(second.exploredStates == first.exploredStates)
    }

    @Test("an imported file changed is a new program: checked again, and both are kept")
    func changedImportIsChecked() throws {
        let memo = ValidationMemo()
        let before = Files(files: ["app.flow": Self.app, "lib.flow": Self.finishing])
        let after = Files(files: ["app.flow": Self.app, "lib.flow": Self.growing])
        _ = try Validation.run("app.flow", fileSystem: before, memo: memo)
        let changed = try Validation.run("app.flow", fileSystem: after, memo: memo)
        #expect(Self.findings(changed) == [
            "F206 app.flow: 'Lib' never finishes with 'done', so this handler never runs",
            "F201 app.flow: route 'end' is unreachable: no reachable state of the app shows it",
            "F205 lib.flow: the navigation can grow without bound: from 'a', the steps 'ok' show 'a' again with more on screen, and can be taken again and again",
        ])
        let again = try Validation.run("app.flow", fileSystem: before, memo: memo)
        #expect(Self.findings(again).isEmpty)
    }

    @Test("the same bytes at another path are another program: its findings name that path")
    func otherPathIsChecked() throws {
        let memo = ValidationMemo()
        let files = Files(files: ["app.flow": Self.app, "lib.flow": Self.growing,
                                  "copy/app.flow": Self.app, "copy/lib.flow": Self.growing])
        let original = try Validation.run("app.flow", fileSystem: files, memo: memo)
        let copy = try Validation.run("copy/app.flow", fileSystem: files, memo: memo)
        #expect(original.program.files.map(\.path) == ["app.flow", "lib.flow"])
        #expect(copy.program.files.map(\.path) == ["copy/app.flow", "copy/lib.flow"])
        #expect(Self.findings(copy).map { $0.prefix(18) } == ["F206 copy/app.flow", "F201 copy/app.flow", "F205 copy/lib.flow"])
    }

    @Test("an unreadable root throws with a memo as without one, and the memo works on after it")
    func unreadableRootThrows() throws {
        let memo = ValidationMemo()
        let empty = Files(files: [:])
        #expect(throws: FileReadError("no such file")) { try Validation.run("app.flow", fileSystem: empty, memo: memo) }
        let files = Files(files: ["app.flow": Self.app, "lib.flow": Self.finishing])
        let found = try Validation.run("app.flow", fileSystem: files, memo: memo)
        #expect(Self.findings(found).isEmpty)
        #expect(found.program.files.count == 2)
    }
}
