import FlowDSL
import FlowEngine
import FlowModel

/// `flowctl validate FILE|DIR ... [--format text|json] [--strict]` (docs/simulate.md).
enum ValidateCommand {
    static let command = FlowCtl.Command(
        name: "validate",
        summary: "Check flows: syntax, names, dead ends, traps, cycles, links",
        help: """
        OVERVIEW: Check .flow programs and report every finding with its code.

        USAGE: flowctl validate <file-or-directory> ... [--format text|json|sarif|github] [--strict]

        A program is a file and everything it imports. A directory means every *.flow
        file directly in it, each its own program, except a file that another of them
        imports (directly or not): it is checked only as part of that program. Of files
        that import each other in a cycle, the first in sorted order is the program.
        A file given explicitly is always its own program. A finding that several
        programs share (a file they all import) is reported once.

        OPTIONS:
          --format <format>   text (default); json: one object with "programs",
                              "errors", "warnings" and "diagnostics"; sarif: SARIF
                              2.1.0 for code scanning; github: GitHub Actions
                              annotations (::error file=…,line=…,col=…::message)
          --strict            Fail on warnings too
          --timings           Print each phase's wall time and peak memory to stderr
          -h, --help          Show this help

        A warning that is intended is allowed by a comment on its line, or alone on
        the line above: // flowctl:allow F205, F209 -- reason. It is then not printed
        and does not count (JSON lists it with "suppressed": true); errors cannot be
        allowed, and an allow that suppresses nothing is F401.

        Colour is used only when standard output is a terminal and NO_COLOR is unset.

        EXIT STATUS: 0 no errors (warnings allowed), 1 errors (or warnings with
        --strict), 2 bad usage or unreadable input.

        """,
        options: [
            OptionSpec(name: "--format", takesValue: true, choices: ["text", "json", "sarif", "github"]),
            OptionSpec(name: "--strict"),
            OptionSpec(name: "--timings"),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> ExitCode {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing a file or directory to validate") }
        let (files, problems) = InputFiles.expand(arguments.positionals)
        var unreadable = !problems.isEmpty
        for problem in problems { console.err("flowctl validate: \(problem)\n") }
        var results: [Validation] = []
        for file in files {
            do throws(FileReadError) {
                results.append(try Validation.run(file, memo: console.validations))
            } catch {
                console.err("flowctl validate: cannot read '\(file)': \(error.reason)\n")
                unreadable = true
            }
        }
        if arguments.has("--timings") {
            for result in results {
                let phases = result.timings.map { "\($0.phase) \(milliseconds($0.duration)) ms (peak \($0.peakMiB) MiB)" }
                var states = "\(result.exploredStates) states"
                if result.exploredStates > 0, let phase = result.timings.first(where: { $0.phase == "states and paths" }) {
                    let seconds = max(Double(phase.duration.components.attoseconds) / 1e18 + Double(phase.duration.components.seconds), 1e-6)
                    states += " (\(Int(Double(result.exploredStates) / seconds)) a second, \(result.exploredKeyBytes / result.exploredStates) bytes of key each)"
                }
                console.err("\(result.program.files.first?.path ?? "?"): \(phases.joined(separator: ", ")), \(states)\n")
            }
        }
        let report = ValidationReport(results)
        switch arguments.value("--format") {
        case "json": console.out(json(report) + "\n")
        case "sarif": console.out(sarif(report) + "\n")
        case "github": console.out(github(report))
        default:
            var text = renderedFindings(report, results, useColor: console.colorOutput)
            let renderer = DiagnosticRenderer(files: [], useColor: console.colorOutput)
            for result in results {
                // In the compiler form (`path:line:col: note: ...`), at the program's first line.
                if let note = result.explorationNote { text += "\(result.program.files.first?.path ?? "?"):1:1: note: \(note)\n" }
            }
            text += renderer.summary(programs: results.count, errors: report.errorCount, warnings: report.warningCount,
                                     suppressed: report.suppressedCount)
            console.out(text)
        }
        console.keepUntilExit?((results, report))
        if unreadable { return .usage }
        if report.errorCount > 0 || (arguments.has("--strict") && report.warningCount > 0) { return .failure }
        return .success
    }

    /// From this many findings, the two halves are rendered at once: the
    /// 2,000 of the 100k-route benchmark took 10 ms on one core, and
    /// handing a half to the other core costs well under a millisecond.
    static let renderedOnTwoCoresFrom = 1_000

    /// The findings shown, rendered in order. Entries come program by
    /// program: one renderer (and its line indexes) each. Past a thousand
    /// findings (`renderedOnTwoCoresFrom`) the two halves are rendered at
    /// once, on two cores, by renderers whose line indexes are built first
    /// (20,000 findings and their notes took 80 ms on one).
    static func renderedFindings(_ report: ValidationReport, _ results: [Validation], useColor: Bool) -> String {
        let shown = report.entries.filter { !$0.isSuppressed }
        var renderers = results.map { DiagnosticRenderer(files: $0.program.files, useColor: useColor) }
        func render(_ entries: ArraySlice<ValidationReport.Entry>, _ renderers: [DiagnosticRenderer]) -> String {
            var renderers = renderers
            var text = ""
            for entry in entries { text += renderers[entry.program].render(entry.diagnostic) }
            return text
        }
        guard shown.count >= renderedOnTwoCoresFrom else { return render(shown[...], renderers) }
        // Each file a finding points into has its line index before the renderers are shared.
        var indexed = Set<Int>()
        for entry in shown {
            for span in [entry.diagnostic.span] + entry.diagnostic.notes.map(\.span)
            where span.isValid && indexed.insert(entry.program << 32 | Int(span.file)).inserted {
                _ = renderers[entry.program].location(span)
            }
        }
        let middle = shown.count / 2
        let (first, second) = Both.run({ [renderers] in render(shown[..<middle], renderers) },
                                       { [renderers] in render(shown[middle...], renderers) })
        return first + second
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(Int(ms.rounded()))
    }
}
