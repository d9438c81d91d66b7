import FlowDSL
import FlowEngine
@testable import FlowGenerator
import FlowTestSupport
import Foundation
import Testing

/// docs/generated-api.md: `validate` and `generate swift` agree. A program that
/// validates without errors generates, and whatever the generator refuses
/// about a program with an entry is a finding of `validate` (F115).
@Suite("validate and generate swift agree")
struct ValidateGenerateAgreementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every program of `flows/`, `flows/broken/` and the differential fixtures.
    static func programs() throws -> [String] {
        var paths: [String] = []
        for folder in ["flows", "flows/broken", "Tests/FlowEngineTests/Fixtures/differential"] {
            let directory = root.appendingPathComponent(folder).path
            for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where name.hasSuffix(".flow") {
                paths.append(directory + "/" + name)
            }
        }
        paths.append(root.appendingPathComponent("flows/photoshare/app.flow").path)
        return paths
    }

    @Test("on every bundled and test program, validate has no errors exactly when generate succeeds, or F115 says why")
    func agree() throws {
        let paths = try Self.programs()
        #expect(paths.count > 40)
        for path in paths {
            let validation = try sharedValidation(of: path)
            guard validation.program.entry >= 0, !validation.diagnostics.contains(where: \.code.stopsRunning) else { continue }
            let generated = Result { try SwiftGenerator.generate(validation.program) }
            let f115 = validation.diagnostics.filter { $0.code == .generatedNameConflict }
            switch generated {
            case .success:
                #expect(f115.isEmpty, "\(path)")
            case .failure(let error):
                // The generator's message and place are the finding's.
                #expect(f115.map(\.span) == [(error as? GenerateError)?.span].compactMap { $0 }, "\(path): \(error)")
            }
        }
    }

    @Test("F115 points at the second handler with a note at the first; the engine runs the program")
    func f115() throws {
        let validation = try Validation.run(Self.root.appendingPathComponent("flows/broken/F115-generated-name-conflict.flow").path)
        #expect(validation.diagnostics.map(\.code.rawValue) == ["F115"])
        var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
        let diagnostic = try #require(validation.diagnostics.first)
        #expect(renderer.location(diagnostic.span) == (7, 31))
        #expect(diagnostic.notes.map { renderer.location($0.span) } .map { "\($0.0):\($0.1)" } == ["6:19"])
        #expect(diagnostic.message == "event 'openPost' takes the same labels as another handler with other types ('openPost(id: Int)' and 'openPost(id: String)'): one generated Swift case cannot take both; rename the event or give both the same types")
        var navigator = try Navigator(program: validation.program)
        _ = try navigator.send("openPost", arguments: ["id": .string("1")])
        #expect(navigator.stackDescription == "feed > post(id: \"1\")")
    }

    /// A new user's entry flow named `Screen` validated clean, and then
    /// neither `generate swift` nor the build plugin could name its type.
    @Test("F115 at an entry flow whose name the generated type cannot take; generate with --name takes another", arguments: [
        "Screen", "Event", "SystemEvent", "Guard", "Tab", "Swift", "FlowProgram", "FlowNavigator", "Self", "Any",
    ])
    func entryNameTheTypeCannotTake(name: String) throws {
        let source = "flow \(name) [entry] { start a  route a { on next -> push b }  route b [final] }"
        let validation = Validation.run(text: source)
        #expect(validation.diagnostics.map(\.code.rawValue) == ["F115"])
        #expect(validation.diagnostics.first?.message == "the entry flow '\(name)' cannot name the program's generated Swift type: the generated code uses that name itself; rename the flow, or generate with --name")
        #expect(validation.diagnostics.first?.span == validation.program.flows[Int(validation.program.entry)].span)
        #expect(throws: GenerateError.self) { try SwiftGenerator.generate(validation.program) }
        let renamed = try SwiftGenerator.generate(validation.program, options: .init(name: "App"))
        #expect(renamed.contains("enum App: FlowProgram"))
    }
}
