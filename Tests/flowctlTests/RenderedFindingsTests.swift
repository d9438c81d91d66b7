import FlowDSL
import FlowEngine
@testable import flowctl
import Testing

/// Thousands of findings are rendered in two halves at once: the text is
/// the one a single renderer writes in order, across programs and files.
@Suite struct RenderedFindingsTests {
    /// A program of `flows` flows that each push their own screen for
    /// ever (one F205 each, with its note and path), and one dead end.
    static func program(flows: Int, name: String) -> String {
        var text = "flow \(name) [entry] {\n  start a\n  route a {\n"
        for i in 0..<flows { text += "    on go\(i) -> start F\(i)\n" }
        text += "  }\n}\n"
        for i in 0..<flows { text += "flow F\(i) {\n  start a\n  route a { on next -> push a }\n}\n" }
        return text
    }

    static func sequential(_ report: ValidationReport, _ results: [Validation]) -> String {
        var renderers = results.map { DiagnosticRenderer(files: $0.program.files, useColor: false) }
        var text = ""
        for entry in report.entries where !entry.isSuppressed { text += renderers[entry.program].render(entry.diagnostic) }
        return text
    }

    @Test func halvesRenderWhatOneRendererWritesInOrder() {
        let results = [Validation.run(text: Self.program(flows: 2_500, name: "First"), path: "first.flow", exploresStates: false),
                       Validation.run(text: Self.program(flows: 1_600, name: "Second"), path: "second.flow", exploresStates: false)]
        let report = ValidationReport(results)
        #expect(report.entries.count >= ValidateCommand.renderedOnTwoCoresFrom)
        let text = ValidateCommand.renderedFindings(report, results, useColor: false)
        #expect(text == Self.sequential(report, results))
        #expect(text.contains("first.flow:") && text.contains("second.flow:"))
    }

    @Test func justPastTheThresholdTheHalvesStillRenderInOrder() {
        let count = ValidateCommand.renderedOnTwoCoresFrom
        let results = [Validation.run(text: Self.program(flows: count, name: "Edge"), path: "edge.flow", exploresStates: false)]
        let report = ValidationReport(results)
        #expect(report.entries.count == count)
        #expect(ValidateCommand.renderedFindings(report, results, useColor: false) == Self.sequential(report, results))
    }

    @Test func aFewFindingsAreRenderedInOrderToo() {
        let results = [Validation.run(text: Self.program(flows: 3, name: "Small"), path: "small.flow", exploresStates: false)]
        let report = ValidationReport(results)
        #expect(report.entries.count == 3)
        #expect(ValidateCommand.renderedFindings(report, results, useColor: false) == Self.sequential(report, results))
    }
}
