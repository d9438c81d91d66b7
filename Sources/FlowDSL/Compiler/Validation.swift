import FlowEngine

/// Everything `flowctl validate` learns about one program: its files, the
/// compiled graph, and all findings in source order.
public struct Validation: Sendable {
    public var program: Program
    public var diagnostics: [Diagnostic]

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// Loads, compiles and analyzes the program rooted at `path`.
    /// Throws only when the root file itself cannot be read.
    public static func run(_ path: String, fileSystem: any FileSystem = DiskFileSystem()) throws(FileReadError) -> Validation {
        check(try SourceLoader.load(path, from: fileSystem))
    }

    /// Compiles and analyzes in-memory source (imports are not followed).
    public static func run(text: String, path: String = "input.flow") -> Validation {
        check(SourceLoader.load(text: text, path: path))
    }

    /// DSL.md §6: with syntax errors the flow analyses are skipped, so that
    /// no finding cascades from a construct that did not parse.
    public static func check(_ loader: SourceLoader) -> Validation {
        let compiled = Compiler.compile(loader)
        var diagnostics = compiled.diagnostics
        if !compiled.hasSyntaxErrors {
            diagnostics.append(contentsOf: Analyzer.analyze(compiled.program))
            diagnostics.sort(by: Diagnostic.sourceOrder)
        }
        return Validation(program: compiled.program, diagnostics: diagnostics)
    }
}
