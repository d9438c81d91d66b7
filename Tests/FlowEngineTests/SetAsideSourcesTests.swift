import FlowDSL
import FlowEngine
import FlowModel
import Foundation
import Testing

/// A large program's text is out of memory while it is checked and read
/// again for its findings (`SetAsideSources`): what `validate` reports is
/// the same either way, and a file that changed or went away in between is
/// an error that says so, never findings placed in another text.
@Suite("A large program's text is set aside while it is checked")
struct SetAsideSourcesTests {
    /// Files in memory whose content may change after their first read.
    final class ChangingFiles: FileSystem, @unchecked Sendable {
        // Sendable: the tests read and change it on one thread.
        var files: [String: String]
        /// What a file reads after its first read (nil: the same; "" here: gone).
        var later: [String: String] = [:]
        var againReadable = true
        private(set) var reads: [String] = []

        init(_ files: [String: String]) { self.files = files }

        func read(_ path: String) throws(FileReadError) -> [UInt8] {
            let first = !reads.contains(path)
            reads.append(path)
            let text = first ? files[path] : (later[path] ?? files[path])
            guard let text, !text.isEmpty else { throw FileReadError("no such file") }
            return Array(text.utf8)
        }

        func canReadAgain(_ path: String) -> Bool { againReadable }
    }

    /// An app that imports `lib.flow` and starts its flow.
    static let app = ValidationMemoTests.app
    /// A warning an allow comment in the imported file suppresses, and one it does not.
    static let lib = """
        flow Lib {
          start a
          // flowctl:allow F205 -- the gallery grows on purpose
          route a { on ok -> finish done  on more -> push a }
          route b { on more -> push b }
        }
        """

    /// Each finding as `validate` prints it: code, place and message.
    static func findings(_ validation: Validation) -> [String] {
        validation.diagnostics.map { d in
            let file = validation.program.files[Int(d.span.file)]
            let at = LineIndex(file.bytes).location(of: Int(d.span.start))
            return "\(d.code.rawValue) \(file.path):\(at.line):\(at.column): \(d.message)"
        }
    }

    @Test("set aside or not, the findings, the allows and the files' bytes are the same")
    func setAsideChangesNothingReported() throws {
        let kept = try Validation.run("app.flow", fileSystem: ChangingFiles(["app.flow": Self.app, "lib.flow": Self.lib]),
                                      memo: nil, setAsideFrom: .max)
        let files = ChangingFiles(["app.flow": Self.app, "lib.flow": Self.lib])
        let setAside = try Validation.run("app.flow", fileSystem: files, memo: nil, setAsideFrom: 0)
        #expect(files.reads == ["app.flow", "lib.flow", "app.flow", "lib.flow"])
        #expect(Self.findings(setAside) == Self.findings(kept))
        #expect(Self.findings(setAside) == ["F201 lib.flow:5:9: route 'b' is unreachable: no reachable state of the app shows it"])
        #expect(setAside.suppressed.map(\.code.rawValue) == ["F205"])
        #expect(setAside.program.files.map(\.bytes) == [Array(Self.app.utf8), Array(Self.lib.utf8)])
    }

    @Test("below the threshold, or when a file cannot be read again, the text stays in memory")
    func smallOrUnrereadableProgramsAreReadOnce() throws {
        let small = ChangingFiles(["app.flow": Self.app, "lib.flow": Self.lib])
        _ = try Validation.run("app.flow", fileSystem: small, memo: nil, setAsideFrom: Self.app.utf8.count + Self.lib.utf8.count + 1)
        #expect(small.reads == ["app.flow", "lib.flow"])
        let piped = ChangingFiles(["app.flow": Self.app, "lib.flow": Self.lib])
        piped.againReadable = false
        let validation = try Validation.run("app.flow", fileSystem: piped, memo: nil, setAsideFrom: 0)
        #expect(piped.reads == ["app.flow", "lib.flow"])
        #expect(validation.program.files.map(\.bytes) == [Array(Self.app.utf8), Array(Self.lib.utf8)])
    }

    @Test("a file edited while it was checked is an error naming it")
    func aChangedFileIsAnError() {
        let files = ChangingFiles(["app.flow": Self.app, "lib.flow": Self.lib])
        files.later["lib.flow"] = Self.lib.replacingOccurrences(of: "gallery", with: "gallerie")
        #expect(throws: FileReadError("'lib.flow' changed while it was checked; run again")) {
            try Validation.run("app.flow", fileSystem: files, memo: nil, setAsideFrom: 0)
        }
    }

    @Test("a file gone while it was checked is an error naming it and why")
    func aVanishedFileIsAnError() {
        let files = ChangingFiles(["app.flow": Self.app, "lib.flow": Self.lib])
        files.later["app.flow"] = ""
        #expect(throws: FileReadError("'app.flow' could not be read again for its findings: no such file")) {
            try Validation.run("app.flow", fileSystem: files, memo: nil, setAsideFrom: 0)
        }
    }

    /// The fingerprint's hash tells a text from itself with any one byte
    /// changed, at every position and length around its 32-byte blocks.
    @Test func theHashTellsEveryOneByteEditApart() {
        for count in [0, 1, 7, 8, 31, 32, 33, 64, 65, 100] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var seen: Set<UInt64> = [SetAsideSources.hash(bytes)]
            for i in 0..<count {
                var edited = bytes
                edited[i] ^= 0x01
                #expect(seen.insert(SetAsideSources.hash(edited)).inserted, "byte \(i) of \(count)")
            }
            #expect(SetAsideSources.hash(bytes + [0]) != SetAsideSources.hash(bytes))
        }
    }
}
