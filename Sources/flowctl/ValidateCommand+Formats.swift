import FlowDSL
import FlowEngine

/// The machine-readable forms of `flowctl validate`: the JSON object of docs/diagnostics.md,
/// SARIF 2.1.0 for code-scanning services, and GitHub Actions' workflow
/// commands, which annotate the lines of a pull request.
extension ValidateCommand {
    /// A finding with its places resolved to paths, lines and columns.
    struct LocatedFinding {
        struct Place {
            var file: String
            var line: Int
            var column: Int
            var message: String
        }

        var place: Place
        var severity: Severity
        var code: DiagnosticCode
        var isSuppressed: Bool
        var notes: [Place]
        /// The shortest path to the place the finding is about, as script steps.
        var path: [String]?
    }

    /// Every finding of the report in its order, suppressed ones included.
    static func locatedFindings(_ report: ValidationReport) -> [LocatedFinding] {
        var located: [LocatedFinding] = []
        // Entries come program by program: one renderer (and its line indexes) each.
        var renderer = DiagnosticRenderer(files: [], useColor: false)
        var rendering = -1
        func place(_ span: SourceSpan, _ message: String) -> LocatedFinding.Place {
            let (line, column) = renderer.location(span)
            return LocatedFinding.Place(file: renderer.path(span), line: line, column: column, message: message)
        }
        for entry in report.entries {
            if entry.program != rendering {
                rendering = entry.program
                renderer = DiagnosticRenderer(files: report.programs[entry.program].program.files, useColor: false)
            }
            let diagnostic = entry.diagnostic
            located.append(LocatedFinding(place: place(diagnostic.span, diagnostic.message), severity: diagnostic.severity,
                                          code: diagnostic.code, isSuppressed: entry.isSuppressed,
                                          notes: diagnostic.notes.map { place($0.span, $0.message) }, path: diagnostic.path))
        }
        return located
    }

    /// The JSON shape of docs/diagnostics.md. A warning an allow comment suppressed (v1) is
    /// listed with `"suppressed": true`, and the object then has a
    /// `"suppressed"` count; without any, the output is what it was before v1.
    static func json(_ report: ValidationReport) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("programs", report.programs.count)
        json.field("errors", report.errorCount)
        json.field("warnings", report.warningCount)
        if report.suppressedCount > 0 { json.field("suppressed", report.suppressedCount) }
        json.key("diagnostics")
        json.beginArray()
        for finding in locatedFindings(report) {
            json.beginObject()
            json.field("file", finding.place.file)
            json.field("line", finding.place.line)
            json.field("column", finding.place.column)
            json.field("severity", finding.severity.rawValue)
            json.field("code", finding.code.rawValue)
            json.field("message", finding.place.message)
            if finding.isSuppressed { json.field("suppressed", true) }
            json.key("notes")
            json.beginArray()
            for note in finding.notes {
                json.beginObject()
                json.field("file", note.file)
                json.field("line", note.line)
                json.field("column", note.column)
                json.field("message", note.message)
                json.endObject()
            }
            json.endArray()
            if let path = finding.path { stringArray("path", path, into: &json) }
            json.endObject()
        }
        json.endArray()
        // A program whose states were not all explored: which limit, as the text's note says.
        let bounded = report.programs.filter { $0.explorationNote != nil }
        if !bounded.isEmpty {
            json.key("exploration")
            json.beginArray()
            for program in bounded {
                json.beginObject()
                json.field("file", program.program.files.first?.path ?? "?")
                json.field("note", program.explorationNote ?? "")
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
        return json.output
    }

    /// SARIF 2.1.0: one run whose tool lists every code as a rule, one result
    /// per finding (notes as related locations; an allowed warning carries an
    /// in-source suppression). Columns count Unicode scalars, as the run says.
    static func sarif(_ report: ValidationReport) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        json.field("version", "2.1.0")
        json.key("runs")
        json.beginArray()
        json.beginObject()
        json.key("tool")
        json.beginObject()
        json.key("driver")
        json.beginObject()
        json.field("name", "flowctl")
        json.field("version", FlowCtl.version)
        json.key("rules")
        json.beginArray()
        for code in DiagnosticCode.allCases {
            json.beginObject()
            json.field("id", code.rawValue)
            json.key("shortDescription")
            json.beginObject()
            json.field("text", code.summary)
            json.endObject()
            json.key("defaultConfiguration")
            json.beginObject()
            json.field("level", sarifLevel(code.severity))
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.endObject()
        json.field("columnKind", "unicodeCodePoints")
        json.key("results")
        json.beginArray()
        let ruleIndex = Dictionary(uniqueKeysWithValues: DiagnosticCode.allCases.enumerated().map { ($1, $0) })
        for finding in locatedFindings(report) {
            json.beginObject()
            json.field("ruleId", finding.code.rawValue)
            json.field("ruleIndex", ruleIndex[finding.code] ?? 0)
            json.field("level", sarifLevel(finding.severity))
            json.key("message")
            json.beginObject()
            json.field("text", finding.place.message)
            json.endObject()
            json.key("locations")
            json.beginArray()
            sarifLocation(finding.place, id: nil, into: &json)
            json.endArray()
            if !finding.notes.isEmpty {
                json.key("relatedLocations")
                json.beginArray()
                for (index, note) in finding.notes.enumerated() { sarifLocation(note, id: index, into: &json) }
                json.endArray()
            }
            if let path = finding.path {
                json.key("properties")
                json.beginObject()
                stringArray("path", path, into: &json)
                json.endObject()
            }
            if finding.isSuppressed {
                json.key("suppressions")
                json.beginArray()
                json.beginObject()
                json.field("kind", "inSource")
                json.endObject()
                json.endArray()
            }
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.endArray()
        json.endObject()
        return json.output
    }

    /// `"key": ["a", "b"]`.
    private static func stringArray(_ key: String, _ items: [String], into json: inout JSONWriter) {
        json.key(key)
        json.beginArray()
        for item in items { json.string(item) }
        json.endArray()
    }

    private static func sarifLevel(_ severity: Severity) -> String {
        severity == .error ? "error" : "warning"
    }

    /// A SARIF location; a related location (a note) has an id and its message.
    private static func sarifLocation(_ place: LocatedFinding.Place, id: Int?, into json: inout JSONWriter) {
        json.beginObject()
        if let id { json.field("id", id) }
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        json.beginObject()
        json.field("uri", sarifURI(place.file))
        json.endObject()
        json.key("region")
        json.beginObject()
        json.field("startLine", place.line)
        json.field("startColumn", place.column)
        json.endObject()
        json.endObject()
        if id != nil {
            json.key("message")
            json.beginObject()
            json.field("text", place.message)
            json.endObject()
        }
        json.endObject()
    }

    /// A path as a URI reference: relative paths stay relative (to the
    /// repository, as code scanning expects); characters a URI cannot hold
    /// are percent-encoded, byte by byte.
    static func sarifURI(_ path: String) -> String {
        var uri = ""
        for byte in path.utf8 {
            let keep = ASCII.isLetter(byte) || ASCII.isDigit(byte) || "/-._~".utf8.contains(byte)
            uri += keep ? String(UnicodeScalar(byte)) : "%" + hex(byte)
        }
        return path.hasPrefix("/") ? "file://" + uri : uri
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// GitHub Actions workflow commands, one line a finding: `::error
    /// file=…,line=…,col=…,title=F203::message`, notes appended to the
    /// message. Allowed warnings are left out, as in the text form.
    static func github(_ report: ValidationReport) -> String {
        var out = ""
        for finding in locatedFindings(report) where !finding.isSuppressed {
            let command = finding.severity == .error ? "error" : "warning"
            var message = finding.place.message
            for note in finding.notes { message += "\nnote: \(note.file):\(note.line):\(note.column): \(note.message)" }
            if let path = finding.path { message += "\nnote: " + DiagnosticRenderer.pathText(path) }
            out += "::\(command) file=\(githubProperty(finding.place.file)),line=\(finding.place.line),"
            out += "col=\(finding.place.column),title=\(finding.code.rawValue)::\(githubData(message))\n"
        }
        return out
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func githubData(_ text: String) -> String { GitHubAnnotation.escaped(text, property: false) }

    /// A workflow command's property value: also `:` and `,` escaped.
    static func githubProperty(_ text: String) -> String { GitHubAnnotation.escaped(text, property: true) }

}
