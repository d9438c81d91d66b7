import Foundation
import Testing
import FlowTestSupport

/// The speed gate of `.ci/run` (`scripts/perf_gate.py`): its comparison,
/// run on counts written here, fails on a slowdown past 5% and says how to
/// update the baseline; measuring itself needs valgrind and a release build,
/// which `.ci/run` has.
@Suite("Speed gate: instruction counts against the committed baseline")
struct PerfGateTests {
    /// Runs the gate's comparison of `measured` against `baseline`.
    func compare(measured: String, baseline: String) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perf-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let measuredFile = directory.appendingPathComponent("measured.txt")
        let baselineFile = directory.appendingPathComponent("baseline.txt")
        try measured.write(to: measuredFile, atomically: true, encoding: .utf8)
        try baseline.write(to: baselineFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot + "/scripts/perf_gate.py",
                             "--compare", measuredFile.path, "--baseline", baselineFile.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("a run 6% slower than its baseline fails the gate, naming it and how to update the baseline")
    func slowdownFails() throws {
        let result = try compare(measured: "validate-wayfarer 1060\nwalk-wayfarer 1000\n",
                                 baseline: "# a comment\nvalidate-wayfarer 1000\nwalk-wayfarer 1000\n")
        #expect(result.status == 1)
        #expect(result.output == """
            validate-wayfarer: 1,060 instructions, +6.0% against 1,000  SLOWER
            walk-wayfarer: 1,000 instructions, +0.0% against 1,000  ok
            perf_gate: validate-wayfarer more than 5% slower than the baseline. If that is on purpose, \
            run scripts/perf_gate.py --update and commit perf/baseline.txt with the change that explains it.

            """)
    }

    @Test("runs within 5% of the baseline, or faster, pass", arguments: [1000, 1040, 1050, 700])
    func withinTolerancePasses(count: Int) throws {
        let result = try compare(measured: "validate-wayfarer \(count)\n", baseline: "validate-wayfarer 1000\n")
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("perf_gate: every run within 5% of its baseline\n"))
    }

    @Test("a malformed baseline line is an error naming the file and the line")
    func malformedBaseline() throws {
        let result = try compare(measured: "validate-wayfarer 1000\n", baseline: "validate-wayfarer many\n")
        #expect(result.status == 1)
        #expect(result.output.contains("baseline.txt:1: expected 'name instructions', got 'validate-wayfarer many'"))
    }
}
