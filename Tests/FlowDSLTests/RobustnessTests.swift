import FlowDSL
import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// The repository's `flows/` directory, found from this file's path.
let flowsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("flows").path

/// Compiles raw bytes as one file; the test passes if this returns.
@discardableResult
func validate(bytes: [UInt8]) -> Validation {
    Validation.check(loadBytes(bytes))
}

func loadBytes(_ bytes: [UInt8]) -> SourceLoader {
    // The loader reads through a file system; an in-memory one holds the bytes.
    struct OneFile: FileSystem {
        let bytes: [UInt8]
        func read(_ path: String) throws(FileReadError) -> [UInt8] {
            guard path == "input.flow" else { throw FileReadError("no such file") }
            return bytes
        }
    }
    return (try? SourceLoader.load("input.flow", from: OneFile(bytes: bytes))) ?? SourceLoader.load(text: "")
}

@Suite("Malformed input never crashes or hangs")
struct RobustnessTests {
    @Test("200,000 nested braces give a diagnostic, not a stack overflow")
    func nestedBraces() {
        let text = "flow A [entry] { start a  route a " + String(repeating: "{", count: 200_000) + String(repeating: "}", count: 200_000) + " }"
        let result = validate(bytes: Array(text.utf8))
        #expect(result.errorCount > 0)
        #expect(result.diagnostics.allSatisfy { $0.code == .syntax })
    }

    @Test("a 5 MB identifier is one token")
    func hugeIdentifier() {
        let name = String(repeating: "x", count: 5_000_000)
        let result = validate(bytes: Array("flow A [entry] { start \(name)  route a [final] }".utf8))
        #expect(result.diagnostics.map(\.code) == [.missingStart])
        // The message names it, shortened: the excerpt shows the place.
        #expect(result.diagnostics.first?.message == "'start \(String(repeating: "x", count: 60))…' names neither a route of 'A' nor a flow")
    }

    @Test("50,000 chained thens parse iteratively")
    func longChain() {
        let chain = Array(repeating: "push b", count: 50_000).joined(separator: " then ")
        let (program, diagnostics) = compile("flow A [entry] { start a  route a { on go -> \(chain) }  route b [final] }")
        #expect(program.actions.count == 50_000)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test("random bytes end in diagnostics", arguments: 0..<20)
    func randomBytes(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let result = validate(bytes: bytes)
        #expect(result.errorCount > 0)
    }

    @Test("every prefix of the shop example compiles without crashing")
    func truncations() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: flowsDirectory + "/shop.flow")))
        for length in stride(from: 0, through: bytes.count, by: 3) {
            validate(bytes: Array(bytes[0..<length]))
        }
    }

    @Test("mutated versions of every bundled flow compile without crashing")
    func mutations() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: flowsDirectory).filter { $0.hasSuffix(".flow") }.sorted()
        #expect(names.count >= 5)
        let alphabet = Array("{}()[],:./!->\"\\ \n\tonstartroute*é😀".utf8) + [0, 0xFF, 0xC3]
        var rng = SplitMix64(seed: 42)
        for name in names {
            let original = try Array(Data(contentsOf: URL(fileURLWithPath: flowsDirectory + "/" + name)))
            for _ in 0..<60 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &rng) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &rng)
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(alphabet.randomElement(using: &rng) ?? 0, at: at)
                    case 2: bytes[at] = alphabet.randomElement(using: &rng) ?? 0
                    default:
                        let end = min(bytes.count, at + Int.random(in: 1...40, using: &rng))
                        let slice = Array(bytes[at..<end])
                        bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &rng))
                    }
                }
                let result = validate(bytes: bytes)
                // Whatever the mutation did, every finding points inside the file.
                for diagnostic in result.diagnostics {
                    #expect(diagnostic.span.end <= Int32(bytes.count))
                }
            }
        }
    }

    /// Every v1 data feature in one program: flow parameters, start items
    /// with arguments and guards, payloads, route and flow names in
    /// arguments, link steps binding a flow's parameters, a gated link.
    static let dataProgram = """
        flow App [entry] {
          start Main when loggedIn
          start home
          route home { on open(name: String) -> start Profile(username: name)  on pick -> start Picker as sheet }
          route item(id: Int, who: String) [final]
          on Picker.picked(id: Int) -> push item(id: id, who: "x")
          on Auth.done -> push home
        }
        flow Main { start feed  route feed { on me -> start Profile(username: "me") as cover } }
        flow Profile(username: String) {
          start page(user: username)
          route page(user: String) { on follow -> push page(user: user)  on close -> finish closed(who: username) }
        }
        flow Picker { start list  route list { on choose(id: Int) -> finish picked(id: id)  on close -> dismiss } }
        flow Auth { start login  route login { on ok -> finish done  on close -> dismiss } }
        link "app://u/:name" -> App/Profile(username: name)/page(user: name) when loggedIn else start Auth as cover then push home
        link "app://item/:id" -> App/item(id: id, who: "link")
        """

    @Test("every prefix of a program using v1's data features compiles without crashing")
    func dataTruncations() {
        let bytes = Array(Self.dataProgram.utf8)
        for length in 0...bytes.count {
            let result = validate(bytes: Array(bytes[0..<length]))
            for diagnostic in result.diagnostics { #expect(diagnostic.span.end <= Int32(length)) }
        }
    }

    @Test("mutations of v1's data syntax compile; those without F0xx/F1xx errors run, open links and restore without crashing; the others are refused")
    func dataMutations() {
        let original = Array(Self.dataProgram.utf8)
        let words = ["when ", "else ", "then ", "start ", "finish ", "(a: b)", "(id: Int)", "(x: 1)", "!", "/", ",", "("].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 7)
        var ran = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...12, using: &rng)))
                case 1: bytes.insert(contentsOf: words.randomElement(using: &rng) ?? [], at: at)
                default: bytes[at] = Array("(),:/ ".utf8).randomElement(using: &rng) ?? 32
                }
            }
            let result = validate(bytes: bytes)
            for diagnostic in result.diagnostics { #expect(diagnostic.span.end <= Int32(bytes.count)) }
            // docs/language.md#how-a-program-runs "What runs": F0xx/F1xx errors are refused with a thrown error; F2xx/F3xx findings run.
            if result.diagnostics.contains(where: \.code.stopsRunning) {
                #expect { try Navigator(program: result.program) } throws: { error in
                    guard case NavigationError.invalidProgram(let problem) = error else { return false }
                    return problem.hasPrefix("it has ")
                }
                continue
            }
            guard !result.program.isLibrary, var navigator = try? Navigator(program: result.program, assuming: ["loggedIn"]) else { continue }
            ran += 1
            let summary = RandomWalk.run(&navigator, steps: 200, seed: UInt64(ran))
            #expect(summary.brokenInvariant == nil)
            for url in ["app://u/ann", "app://item/3", "app://u/%ZZ"] {
                _ = navigator.assume("loggedIn", Bool.random(using: &rng))
                _ = try? navigator.open(url)
                #expect(navigator.invariantViolations() == [])
            }
            let saved = navigator.savedState()
            var copy = navigator
            #expect((try? copy.restore(from: Array(saved.utf8))) != nil)
        }
        #expect(ran > 0)
    }

    @Test("the bundled flows validate without errors")
    func bundledFlowsAreClean() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: flowsDirectory).filter { $0.hasSuffix(".flow") }
        for name in names {
            let result = try sharedValidation(of: flowsDirectory + "/" + name)
            #expect(result.errorCount == 0, "\(name)")
        }
    }

    @Test("the engine refuses each broken program with F0xx/F1xx errors, and runs each whose findings are F115 (docs/generated-api.md) or F2xx/F3xx (docs/language.md#how-a-program-runs 'What runs')")
    func brokenFlowsRunOrAreRefused() throws {
        let directory = flowsDirectory + "/broken"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".flow") }.sorted()
        for name in names {
            let result = try Validation.run(directory + "/" + name)
            let blockers = result.diagnostics.filter(\.code.stopsRunning)
            #expect(result.program.runBlockers == blockers, "\(name)")
            #expect(blockers.isEmpty == (name >= "F2" || name.hasPrefix("F115")), "\(name): \(blockers.map(\.code))")
            guard let first = blockers.first else {
                var navigator = try Navigator(program: result.program)
                let summary = RandomWalk.run(&navigator, steps: 500, seed: 1)
                #expect(summary.brokenInvariant == nil, "\(name)")
                continue
            }
            let problem = blockers.count == 1
                ? "it has 1 error of the F0xx/F1xx families: \(first.message) [\(first.code.rawValue)] (flowctl validate shows where)"
                : "it has \(blockers.count) errors of the F0xx/F1xx families, the first: \(first.message) [\(first.code.rawValue)] (flowctl validate shows them all)"
            #expect(throws: NavigationError.invalidProgram(problem), "\(name)") { try Navigator(program: result.program) }
        }
    }

    @Test("each file in flows/broken shows the finding its name promises")
    func brokenFlows() throws {
        let directory = flowsDirectory + "/broken"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".flow") }.sorted()
        #expect(names.count == DiagnosticCode.allCases.count)
        for name in names {
            let code = String(name.prefix(4))
            let result = try Validation.run(directory + "/" + name)
            #expect(result.diagnostics.contains { $0.code.rawValue == code }, "\(name)")
        }
    }
}
