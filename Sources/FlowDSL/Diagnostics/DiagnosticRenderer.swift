import FlowModel

/// Renders diagnostics in the form compilers use, which Xcode, SwiftPM and
/// CI problem matchers read (docs/diagnostics.md#the-text-format), the code last in brackets, then the
/// source line with a caret (as swiftc shows it):
///
///     flows/app.flow:12:9: error: dead end: ... [F203]
///        |
///     12 |   route signup
///        |         ^~~~~~
///     flows/app.flow:7:5: note: reached as a cover by 'cover signup' here
///
/// Colour (bold, red, yellow, cyan) only when asked for; the caller decides
/// (a terminal, and no `NO_COLOR`). Long lines are shown as a window around
/// the caret. Line indexes are built once per file, on first use.
package struct DiagnosticRenderer {
    /// How many Unicode scalars of a source line are shown at most.
    package static let lineWindow = 120

    private let files: [SourceFile]
    private let useColor: Bool
    private var indexes: [Int32: LineIndex] = [:]

    package init(files: [SourceFile], useColor: Bool) {
        self.files = files
        self.useColor = useColor
    }

    /// 1-based line and column of `span`'s start.
    package mutating func location(_ span: SourceSpan) -> (line: Int, column: Int) {
        guard span.isValid, Int(span.file) < files.count else { return (0, 0) }
        return index(span.file).location(of: Int(span.start))
    }

    /// The path of `span`'s file.
    public func path(_ span: SourceSpan) -> String {
        span.isValid && Int(span.file) < files.count ? files[Int(span.file)].path : "<unknown>"
    }

    /// The whole text of one diagnostic, ending with a newline.
    package mutating func render(_ diagnostic: Diagnostic) -> String {
        let (line, column) = location(diagnostic.span)
        let severityText = diagnostic.severity == .error ? paint("error", "1;31") : paint("warning", "1;33")
        var out = paint("\(path(diagnostic.span)):\(line):\(column):", "1") + " " + severityText + ": "
            + paint(diagnostic.message, "1") + " [\(diagnostic.code.rawValue)]\n"
        out += excerpt(diagnostic.span, line: line)
        for note in diagnostic.notes {
            let (l, c) = location(note.span)
            out += paint("\(path(note.span)):\(l):\(c):", "1") + " " + paint("note", "1;36") + ": " + note.message + "\n"
        }
        if let steps = diagnostic.path {
            out += paint("\(path(diagnostic.span)):\(line):\(column):", "1") + " " + paint("note", "1;36") + ": "
                + DiagnosticRenderer.pathText(steps) + "\n"
        }
        return out
    }

    /// "reached by: ready → getStarted → signUp", or "reached at the app's
    /// start" for an empty path.
    package static func pathText(_ steps: [String]) -> String {
        steps.isEmpty ? "reached at the app's start" : "reached by: " + steps.joined(separator: " → ")
    }

    /// "3 programs checked: 1 error, 2 warnings", and ", 4 suppressed" when
    /// allow comments suppressed warnings (v1).
    package func summary(programs: Int, errors: Int, warnings: Int, suppressed: Int = 0) -> String {
        let p = programs == 1 ? "1 program" : "\(programs) programs"
        let e = errors == 1 ? "1 error" : "\(errors) errors"
        let w = warnings == 1 ? "1 warning" : "\(warnings) warnings"
        let s = suppressed > 0 ? ", \(suppressed) suppressed" : ""
        return "\(p) checked: \(errors > 0 ? paint(e, "1;31") : e), \(warnings > 0 ? paint(w, "1;33") : w)\(s)\n"
    }

    private mutating func index(_ file: Int32) -> LineIndex {
        if let index = indexes[file] { return index }
        let index = LineIndex(files[Int(file)].bytes)
        indexes[file] = index
        return index
    }

    /// The gutter, the source line and the caret line.
    private mutating func excerpt(_ span: SourceSpan, line: Int) -> String {
        guard span.isValid, Int(span.file) < files.count else { return "" }
        let bytes = files[Int(span.file)].bytes
        let range = index(span.file).lineRange(containing: Int(span.start))
        let start = max(range.lowerBound, min(Int(span.start), range.upperBound))
        let end = max(start, min(Int(span.end), range.upperBound))
        // Scalars of the line: (byte offset, text) so that the caret lines up.
        var caretStart = LineIndex.scalarCount(bytes, range.lowerBound, start)
        var caretLength = max(1, LineIndex.scalarCount(bytes, start, end))
        let total = LineIndex.scalarCount(bytes, range.lowerBound, range.upperBound)
        var first = 0
        if total > DiagnosticRenderer.lineWindow {
            first = max(0, min(caretStart - DiagnosticRenderer.lineWindow / 3, total - DiagnosticRenderer.lineWindow))
        }
        let shown = lineText(bytes, range, from: first, count: DiagnosticRenderer.lineWindow)
        let prefix = first > 0 ? "…" : ""
        let suffix = first + DiagnosticRenderer.lineWindow < total ? "…" : ""
        caretStart = caretStart - first + (first > 0 ? 1 : 0)
        caretLength = max(1, min(caretLength, DiagnosticRenderer.lineWindow - (caretStart - (first > 0 ? 1 : 0))))
        let gutter = String(line)
        let pad = String(repeating: " ", count: gutter.count)
        // The caret lines up by terminal columns: a wide character (CJK, most emoji) takes two.
        var indent = ""
        var columns = 0
        for (i, scalar) in (prefix + shown).unicodeScalars.enumerated() {
            if i < caretStart {
                if scalar == "\t" {
                    indent.append("\t")
                } else {
                    for _ in 0..<TerminalColumns.of(scalar) { indent.append(" ") }
                }
            } else if i < caretStart + caretLength {
                columns += TerminalColumns.of(scalar)
            } else {
                break
            }
        }
        let caret = "^" + String(repeating: "~", count: max(0, max(columns, 1) - 1))
        return "\(pad) |\n\(paint(gutter, "1;34")) | \(prefix)\(shown)\(suffix)\n\(pad) | \(indent)\(paint(caret, "1;32"))\n"
    }

    /// `count` scalars of the line from scalar `from`, with control
    /// characters and invalid bytes shown as U+FFFD so the terminal is safe.
    private func lineText(_ bytes: [UInt8], _ range: Range<Int>, from: Int, count: Int) -> String {
        // Printable ASCII and tabs (most lines): a scalar per byte, all shown as they are.
        if bytes[range].allSatisfy({ $0 == 0x09 || (0x20..<0x7F).contains($0) }) {
            let lower = min(range.upperBound, range.lowerBound + from)
            return String(decoding: bytes[lower..<min(range.upperBound, lower + count)], as: UTF8.self)
        }
        let text = String(decoding: bytes[range], as: UTF8.self)
        var out = ""
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if i < from { continue }
            if i >= from + count { break }
            if scalar == "\t" || scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80..<0xA0).contains(scalar.value) {
                out.unicodeScalars.append(scalar)
            } else {
                out.unicodeScalars.append("\u{FFFD}")
            }
        }
        return out
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
