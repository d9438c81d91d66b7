import FlowDSL
import FlowEngine
import FlowGenerator
import FlowKit
import FlowTestSupport
import Foundation
import Testing

/// The generator and FlowKit's loader on many programs: mutated versions of
/// every bundled app. Those without errors generate without crashing, twice
/// the same bytes, and their embedded image loads and passes FlowKit's
/// consistency check with the tables the generator wrote.
@Suite struct GeneratorRobustnessTests {
    @Test func mutatedBundledAppsGenerateAndLoad() throws {
        let directory = repositoryRoot + "/flows"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".flow") }.sorted()
        let alphabet = Array("{}()[],:./!->\" \n\tonstartroutepushsheetpop".utf8)
        var generator = SplitMix64(seed: 8)
        var generated = 0
        for name in names {
            let original = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            for _ in 0..<30 {
                var bytes = Array(original.utf8)
                for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &generator)
                    if Bool.random(using: &generator) { bytes.remove(at: at) } else { bytes.insert(alphabet.randomElement(using: &generator) ?? 32, at: at) }
                }
                let text = String(decoding: bytes, as: UTF8.self)
                let validation = Validation.run(text: text, path: name)
                guard validation.errorCount == 0 else { continue }
                let first: String
                do {
                    first = try SwiftGenerator.generate(validation.program)
                } catch {
                    continue   // a refusal (a reserved name, clashing event types) is an answer, not a crash
                }
                #expect(try SwiftGenerator.generate(validation.program) == first)
                let program = validation.program
                let interface = try ProgramInterface(program)
                let image = try #require(embeddedImage(inGenerated: first)).joined(separator: "\n")
                let definition = FlowDefinition(
                    image: image, routes: interface.routes, events: interface.eventSignatures(program),
                    guards: interface.guards.map { program.name($0) },
                    tabs: interface.tabs.map { program.name(program.flows[Int($0)].name) })
                #expect(throws: Never.self) { _ = try definition.program() }
                generated += 1
            }
        }
        #expect(generated > 0)
    }
}
