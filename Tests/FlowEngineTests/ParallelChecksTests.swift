import FlowDSL
import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// Past 20,000 declarations the graph checks run in two halves on two
/// threads (`Analyzer+Run.swift`): their findings, with their paths, must be
/// the ones a single thread reports, in the same order.
@Suite struct ParallelChecksTests {
    /// Everything a finding says, in order, on the flow graph (the
    /// checks `run` splits), with the paths the search gives their goals.
    static func findings(_ program: Program, parallelFrom: Int) -> [String] {
        Analyzer.analysis(program, exploresStates: false, parallelFrom: parallelFrom).diagnostics.map { finding in
            "\(finding.code.rawValue) \(finding.span.file):\(finding.span.start) \(finding.message) "
                + "notes: \(finding.notes.map(\.message)) path: \(finding.path ?? [])"
        }
    }

    @Test("a bundled app: the same findings on one thread and on two", arguments: ReleaseRestoreTests.apps)
    func bundledApps(_ app: String) throws {
        let program = try ProgramImageTests.compiled(app)
        #expect(Self.findings(program, parallelFrom: .max) == Self.findings(program, parallelFrom: 0))
    }

    @Test("a broken flow: the same findings on one thread and on two, and there are some")
    func brokenFlows() throws {
        var total = 0
        let directory = repositoryRoot + "/flows/broken"
        for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".flow") {
            let program = try Validation.run(directory + "/" + file).program
            let one = Self.findings(program, parallelFrom: .max)
            #expect(one == Self.findings(program, parallelFrom: 0), "\(file)")
            total += one.count
        }
        #expect(total > 20)
    }

    @Test("random programs: the same findings on one thread and on two", arguments: 0..<24)
    func randomPrograms(seed: Int) {
        let program = program(randomProgram(seed: UInt64(seed), size: 1 + seed % 4))
        let one = Self.findings(program, parallelFrom: .max)
        #expect(one == Self.findings(program, parallelFrom: 0), "seed \(seed)")
    }
}
