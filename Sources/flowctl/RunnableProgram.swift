import FlowDSL
import FlowEngine
import Foundation

/// Loading a program that the engine will run, for the commands that run
/// it (`simulate`, `cover`, `generate scripts`), and reading scenario
/// scripts: the same messages and exit statuses everywhere.
enum RunnableProgram {
    /// Validates `path`. Returns nil after printing why, with the exit
    /// status to return: 2 when the file cannot be read, 1 with errors of the
    /// F0xx/F1xx families (docs/language.md#how-a-program-runs "What runs"). F2xx and F3xx errors only
    /// get a note: such a program runs.
    static func load(_ path: String, command: String, console: inout Console) -> Result<Validation, ExitCode> {
        let validation: Validation
        do throws(FileReadError) {
            validation = try Validation.run(path, memo: console.validations)
        } catch {
            console.err("flowctl \(command): cannot read '\(path)': \(error.reason)\n")
            return .failure(.usage)
        }
        if validation.diagnostics.contains(where: \.code.stopsRunning) {
            var renderer = DiagnosticRenderer(files: validation.program.files, useColor: console.colorOutput)
            console.err(validation.diagnostics.filter { $0.severity == .error }.map { renderer.render($0) }.joined())
            console.err("flowctl \(command): '\(path)' has errors the engine cannot run (F0xx, F1xx); fix them first (flowctl validate)\n")
            return .failure(.failure)
        }
        if validation.errorCount > 0 {
            let codes = Set(validation.diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)).sorted()
            let count = validation.errorCount
            console.err("flowctl \(command): note: '\(path)' has \(count == 1 ? "an error" : "\(count) errors") (\(codes.joined(separator: ", "))) that the engine runs anyway; flowctl validate shows \(count == 1 ? "it" : "them")\n")
        }
        return .success(validation)
    }

    /// Compiles `path` for a command that explores its states itself
    /// (`path`), so that they are explored once: the flow graph's analyses
    /// and their findings are left out. Prints why it fails, with the exit
    /// status to return: as `load`, 2 when the file cannot be read, 1 with
    /// errors of the F0xx/F1xx families (the engine does not run those).
    static func compile(_ path: String, command: String, console: inout Console) -> Result<Program, ExitCode> {
        let loader: SourceLoader
        do throws(FileReadError) {
            loader = try SourceLoader.load(path, from: DiskFileSystem())
        } catch {
            console.err("flowctl \(command): cannot read '\(path)': \(error.reason)\n")
            return .failure(.usage)
        }
        let compiled = Compiler.compile(consume loader)
        if !compiled.program.runBlockers.isEmpty {
            var renderer = DiagnosticRenderer(files: compiled.program.files, useColor: console.colorOutput)
            console.err(compiled.diagnostics.filter { $0.severity == .error }.map { renderer.render($0) }.joined())
            console.err("flowctl \(command): '\(path)' has errors the engine cannot run (F0xx, F1xx); fix them first (flowctl validate)\n")
            return .failure(.failure)
        }
        return .success(compiled.program)
    }

    /// The steps of the script at `path`, or nil after printing each line
    /// that does not parse (`path:line: error: ...`) or why it cannot be
    /// read (`cannot read script 'x': no such file`, as for a `.flow` file).
    static func script(_ path: String, command: String, console: inout Console) -> [ScenarioScript.Line]? {
        let bytes: [UInt8]
        do throws(FileReadError) {
            bytes = try DiskFileSystem().read(path)
        } catch {
            console.err("flowctl \(command): cannot read script '\(path)': \(error.reason)\n")
            return nil
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            console.err("flowctl \(command): cannot read script '\(path)': it is not UTF-8 text\n")
            return nil
        }
        let (script, errors) = ScenarioScript.parse(text)
        guard errors.isEmpty else {
            for error in errors { console.err("\(path):\(error.line): error: \(error.message)\n") }
            return nil
        }
        return script.lines
    }
}

