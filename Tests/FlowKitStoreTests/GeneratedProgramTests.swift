import FlowDSL
import FlowEngine
import FlowGenerator
import FlowTestSupport
import Testing

/// The store tests run over `Generated/*.swift`, the output of `flowctl generate swift` for
/// `Flows/*.flow`: regenerating gives the same bytes. After changing a flow, run
/// `swift run flowctl generate swift Tests/FlowKitStoreTests/Flows/NAME.flow -o Tests/FlowKitStoreTests/Generated/NAME.swift`.
@Suite("The store tests' generated programs are current")
struct GeneratedProgramTests {
    @Test(arguments: ["Stacks", "Tabbed"])
    func regenerates(name: String) throws {
        let validation = try Validation.run(repositoryRoot + "/Tests/FlowKitStoreTests/Flows/\(name).flow")
        #expect(validation.diagnostics.isEmpty)
        let source = try SwiftGenerator.generate(validation.program, options: .init(name: nil))
        let committed = try String(contentsOfFile: repositoryRoot + "/Tests/FlowKitStoreTests/Generated/\(name).swift", encoding: .utf8)
        #expect(source == committed)
    }
}
