/// How serious a finding is. Errors fail `flowctl validate`; warnings fail it
/// only with `--strict`.
public enum Severity: String, Sendable, Comparable {
    case error
    case warning

    public static func < (a: Severity, b: Severity) -> Bool { a == .error && b == .warning }
}

/// A related place that explains a diagnostic ("first declared here").
public struct DiagnosticNote: Hashable, Sendable {
    public var span: SourceSpan
    public var message: String

    public init(span: SourceSpan, message: String) {
        self.span = span
        self.message = message
    }
}

/// One finding: a stable code, where it points, what it says, and notes.
///
/// Diagnostics are plain values; producing one never formats source text.
/// `DiagnosticRenderer` (FlowDSL) turns them into text or JSON.
public struct Diagnostic: Hashable, Sendable {
    public var code: DiagnosticCode
    public var span: SourceSpan
    public var message: String
    public var notes: [DiagnosticNote]
    /// For a finding about a place the user can reach (F203, F204, F205,
    /// F207, F209): the shortest sequence of user steps from the entry's
    /// start that gets there, each a line of a scenario script (docs/simulate.md).
    /// Nil when the program does not run or the search found no way there.
    public var path: [String]?

    public init(_ code: DiagnosticCode, at span: SourceSpan, _ message: String, notes: [DiagnosticNote] = []) {
        self.code = code
        self.span = span
        self.message = message
        self.notes = notes
    }

    /// The severity fixed by the code's entry in the catalogue.
    public var severity: Severity { code.severity }

    /// Orders diagnostics by file, position, then code: the order they are printed in.
    public static func sourceOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.span.file != b.span.file { return a.span.file < b.span.file }
        if a.span.start != b.span.start { return a.span.start < b.span.start }
        return a.code.rawValue < b.code.rawValue
    }
}

extension Diagnostic {
    /// A user-supplied name or string as it appears in a message: whole up
    /// to 64 scalars, else its first 60 and "…" (the source excerpt shows
    /// the place; a 5 MB identifier must not make a 5 MB message).
    public static func quoted(_ text: String) -> String {
        guard text.utf8.count > 64, text.unicodeScalars.count > 64 else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(60))) + "…"
    }
}
