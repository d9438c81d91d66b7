import FlowDSL
import FlowEngine
import FlowGenerator
import Foundation

/// `flowctl generate swift FILE [--name NAME] [-o OUT] [--access public|internal] [--if-program]` (docs/generated-api.md).
enum GenerateCommand {
    static let command = FlowCtl.Command(
        name: "generate",
        summary: "Write the typed Swift API of a program (for FlowKit), or journeys as scripts",
        help: """
        OVERVIEW: Write one Swift file with the typed API of a .flow program: the
        enum NAME: FlowProgram with its Screen, Event, Guard and Tab types, deep-link
        builders, and the program itself, embedded (see docs/generated-api.md).
        Or write scenario scripts that together fire every handler the entry can
        reach, every implicit back and every tab tap (see docs/simulate.md).

        USAGE: flowctl generate swift <file> [--name <name>] [-o <out>]
                                             [--access public|internal] [--if-program]
               flowctl generate scripts <file> -o <directory>

        Scripts: one journey a file, named after its last step and the route it is
        taken at (01-cart-checkout.script), each step followed by the 'expect stack'
        it reaches; 'flowctl cover <file> <directory>/*.script' then covers every
        reachable handler. Files of the directory that end in .script are replaced.

        The program is validated first, as `flowctl validate` does: with any error
        no file is written, the findings are printed (path:line:col: error: ...)
        and the exit status is 1. Warnings are printed and do not stop it.

        OPTIONS:
          --name <name>       The program type's name (default: the entry flow's)
          -o, --output <out>  Write to this file (default: standard output); an
                              unchanged file is not rewritten, so builds stay
                              incremental; the write is atomic
          --access <level>    internal (default) or public declarations
          --if-program        A file without an entry flow (a library) is checked
                              and gives a Swift file that declares nothing, rather
                              than an error (for the build plugin)
          -h, --help          Show this help

        EXIT STATUS: 0 written, 1 the program has errors or cannot be generated
        (for scripts: errors of the F0xx/F1xx families, which the engine cannot run),
        2 bad usage or unreadable input.

        """,
        options: [
            OptionSpec(name: "--name", takesValue: true),
            OptionSpec(name: "--output", alias: "-o", takesValue: true),
            OptionSpec(name: "--access", takesValue: true, choices: ["internal", "public"]),
            OptionSpec(name: "--if-program"),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> ExitCode {
        guard let language = arguments.positionals.first else {
            throw UsageError(message: "missing the language to generate (swift) and the .flow file")
        }
        if language == "scripts" { return try scripts(arguments, &console) }
        guard language == "swift" else {
            throw UsageError(message: "unknown kind '\(language)': generate swift (the typed API) or scripts (journeys)")
        }
        guard arguments.positionals.count == 2 else {
            throw UsageError(message: arguments.positionals.count < 2 ? "missing the .flow file to generate from" : "generate takes one file")
        }
        let path = arguments.positionals[1]
        if let name = arguments.value("--name"), name.isEmpty || !name.utf8.allSatisfy({ ASCII.isIdentifierByte($0) }) || ASCII.isDigit(name.utf8.first ?? 0) {
            throw UsageError(message: "'--name' needs a Swift identifier, not '\(name)'")
        }
        if let name = arguments.value("--name"), !ProgramInterface.canNameProgramType(name) {
            throw UsageError(message: "'--name' cannot be '\(name)': the generated code uses that name itself (a Swift keyword, or a type such as Screen)")
        }
        var validation: Validation
        do throws(FileReadError) {
            validation = try Validation.run(path, memo: console.validations)
        } catch {
            console.err("flowctl generate: cannot read '\(path)': \(error.reason)\n")
            return .usage
        }
        // With --name the entry flow's name does not name the type: its F115 does not apply.
        if arguments.value("--name") != nil, validation.program.entry >= 0 {
            let entry = validation.program.flows[Int(validation.program.entry)].span
            validation.diagnostics.removeAll { $0.code == .generatedNameConflict && $0.span == entry }
        }
        var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
        let findings = validation.diagnostics.map { renderer.render($0) }.joined()
        if !findings.isEmpty { console.err(findings) }
        if validation.errorCount > 0 {
            console.err(renderer.summary(programs: 1, errors: validation.errorCount, warnings: validation.warningCount))
            return .failure
        }
        let source: String
        if validation.program.isLibrary && arguments.has("--if-program") {
            source = "// Generated by `flowctl generate swift` from \(path.split(separator: "/").last.map(String.init) ?? path)"
                + ": it has no entry flow (a library), so it declares nothing.\n"
        } else {
            do throws(GenerateError) {
                source = try SwiftGenerator.generate(validation.program, options: SwiftGenerator.Options(
                    name: arguments.value("--name"), isPublic: arguments.value("--access") == "public"))
            } catch {
                var text = ""
                if error.span.isValid {
                    let (line, column) = renderer.location(error.span)
                    text = "\(renderer.path(error.span)):\(line):\(column): error: \(error.message)\n"
                } else {
                    text = "\(path): error: \(error.message)\n"
                }
                for note in error.notes {
                    let (line, column) = renderer.location(note.span)
                    text += "\(renderer.path(note.span)):\(line):\(column): note: \(note.message)\n"
                }
                console.err(text)
                return .failure
            }
        }
        guard let output = arguments.value("--output") else {
            console.out(source)
            return .success
        }
        if let problem = writeIfChanged(source, to: output) {
            console.err("flowctl generate: cannot write '\(output)': \(problem)\n")
            return .usage
        }
        return .success
    }

    /// Writes `text` to `path` through a temporary file and a rename, unless
    /// the file already holds exactly `text`. Returns why it failed, if it did.
    static func writeIfChanged(_ text: String, to path: String) -> String? {
        let bytes = Data(text.utf8)
        if let existing = FileManager.default.contents(atPath: path), existing == bytes { return nil }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url, options: .atomic)
            return nil
        } catch {
            return (error as NSError).localizedDescription
        }
    }
}
