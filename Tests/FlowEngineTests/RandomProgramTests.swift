import FlowDSL
import Foundation
import FlowEngine
import FlowTestSupport
import Testing

@Suite("Random well-formed programs (FlowTestSupport.randomProgram)")
struct RandomProgramTests {
    @Test("every generated program compiles without an F0xx/F1xx error, and the engine starts it")
    func compiles() throws {
        for seed in UInt64(0)..<200 {
            let text = randomProgram(seed: seed, size: 1 + Int(seed % 5))
            // Compiling is the point here: the states are the differential tests' business.
            let validation = Validation.run(text: text, exploresStates: false)
            let (program, diagnostics) = (validation.program, validation.diagnostics)
            let blockers = diagnostics.filter(\.code.stopsRunning)
            #expect(blockers.isEmpty, "seed \(seed): \(blockers.map { "\($0.code.rawValue) \($0.message)" })\n\(text)")
            if blockers.isEmpty { _ = try Navigator(program: program) }
        }
    }

    @Test("the same seed gives the same program, another seed another")
    func deterministic() {
        #expect(randomProgram(seed: 42) == randomProgram(seed: 42))
        #expect(randomProgram(seed: 42) != randomProgram(seed: 43))
    }

    @Test("together, 200 programs use every construct of the language")
    func coversTheLanguage() {
        let texts = (UInt64(0)..<200).map { randomProgram(seed: $0, size: 1 + Int($0 % 5)) }
        let all = texts.joined(separator: "\n")
        let constructs = [
            "push ", "sheet ", "cover ", "alert ", "dialog ", "popover ", "replace ", "set [", " then ", "-> pop\n", "pop to ",
            "popToRoot", "dismiss", " as sheet", " as cover", " as root", "finish done", "finish picked(id: ", "select Tab", "stay", "assume ", "assume !",
            "tabs Tab0, Tab1", "[final", "noBack", "locked", " when g", " when !", "on back", "with fade", "(k: Int)",
            "(k: String)", "on open(id: String)", "on count(n: Int)", ".picked(id: String) ->", ".cancel ->", "link \"app://",
            " when loggedIn else start Auth as cover", "(id: id)", "\"The ", "on expired [system] -> ", "link n", " then sheet ", "-> over ",
            "busy]", "on uploaded [system] -> ", "n: Int = 2", "?n=:n?\"", "#n=:n\"", "/*id", "link default -> App/",
        ]
        for construct in constructs { #expect(all.contains(construct), "\(construct)") }
        // A start that is a flow, and guarded start items with their fallback.
        #expect(texts.contains { $0.contains("  start F") || $0.contains("  start Tabs") })
        #expect(texts.contains { $0.range(of: #"  start \w+ when !?\w+\n  start "#, options: .regularExpression) != nil })
    }
}
