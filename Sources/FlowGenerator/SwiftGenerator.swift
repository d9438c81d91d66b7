import FlowDSL
import FlowEngine

/// Why a program cannot be generated, with where in the source (if anywhere).
public struct GenerateError: Error, Sendable, Equatable {
    public var message: String
    package var span: SourceSpan
    package var notes: [DiagnosticNote]

    package init(_ message: String, at span: SourceSpan = .none, notes: [DiagnosticNote] = []) {
        self.message = message
        self.span = span
        self.notes = notes
    }
}

/// Writes the Swift API of a program (docs/generated-api.md): `enum NAME: FlowProgram`
/// with its `Screen`, `Event`, `Guard` and `Tab` types, typed deep-link
/// builders, and the program's files embedded as text.
///
/// A pure function of the program and the options: the same program gives
/// the same bytes, whatever the working directory or the paths it was
/// loaded by (paths are written relative to the root file's directory).
public struct SwiftGenerator {
    /// Options of `flowctl generate swift`.
    public struct Options: Sendable {
        /// The program type's name (default: the entry flow's name).
        public var name: String?
        /// `public` or internal (no modifier).
        package var isPublic: Bool

        public init(name: String? = nil, isPublic: Bool = false) {
            self.name = name
            self.isPublic = isPublic
        }
    }

    let program: Program
    let interface: ProgramInterface
    let name: String
    let access: String
    /// The embedded path of each file, relative to the root's directory.
    let paths: [String]
    var lineIndexes: [LineIndex]
    let names: GeneratedNames

    /// The Swift source for `program`, which must have compiled without errors.
    public static func generate(_ program: Program, options: Options = Options()) throws(GenerateError) -> String {
        var generator = try prepared(program, options: options, withFiles: true)
        return generator.source()
    }

    /// The generator for `program`, after the checks that it can be
    /// generated; `withFiles` false leaves out what only the file's text
    /// needs (the embedded paths and line indexes).
    static func prepared(_ program: Program, options: Options, withFiles: Bool) throws(GenerateError) -> SwiftGenerator {
        guard program.entry >= 0 else {
            throw GenerateError("the program has no entry flow: mark one flow [entry] to generate its Swift API")
        }
        guard !program.routes.isEmpty else { throw GenerateError("the program has no routes: nothing to show") }
        let name = options.name ?? program.name(program.flows[Int(program.entry)].name)
        guard SwiftGenerator.isIdentifier(name), ProgramInterface.canNameProgramType(name) else {
            let hint = options.name == nil ? "; choose another name with --name" : ""
            throw GenerateError("'\(name)' cannot name the program's Swift type\(hint)",
                                at: options.name == nil ? program.flows[Int(program.entry)].span : .none)
        }
        let interface: ProgramInterface
        do {
            interface = try ProgramInterface(program)
        } catch {
            let first = program.handlers[Int(error.first)]
            let second = program.handlers[Int(error.second)]
            throw GenerateError("event '\(program.name(second.event.name))' takes the same labels as another handler with different types; "
                                + "a generated case cannot have both", at: second.span,
                                notes: [DiagnosticNote(span: first.span, message: "the other handler is here")])
        }
        return SwiftGenerator(program: program, interface: interface, name: name, access: options.isPublic ? "public " : "",
                              paths: withFiles ? SwiftGenerator.relativePaths(program.files.map(\.path)) : [],
                              lineIndexes: withFiles ? program.files.map { LineIndex($0.bytes) } : [],
                              names: GeneratedNames(program, interface))
    }

    /// Whether `text` is a Swift identifier of the flow language's kind.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || ASCII.isLetter(first) else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ASCII.isLetter($0) || ASCII.isDigit($0) }
    }

    /// Each path relative to the directory of the first (the root file).
    static func relativePaths(_ paths: [String]) -> [String] {
        guard let root = paths.first else { return [] }
        let base = PathText.directory(of: PathText.normalize(root)).split(separator: "/").filter { $0 != "." }
        return paths.map { path in
            let parts = PathText.normalize(path).split(separator: "/").filter { $0 != "." }
            var common = 0
            while common < base.count, common < parts.count - 1, base[common] == parts[common] { common += 1 }
            let up = [Substring](repeating: "..", count: base.count - common)
            return (up + parts[common...]).joined(separator: "/")
        }
    }

    /// `file.flow:12`.
    mutating func location(_ span: SourceSpan) -> String {
        guard span.isValid, Int(span.file) < paths.count else { return "?" }
        let line = lineIndexes[Int(span.file)].location(of: Int(span.start)).line
        return "\(paths[Int(span.file)]):\(line)"
    }
}
