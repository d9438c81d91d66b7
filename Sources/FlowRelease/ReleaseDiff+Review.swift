import FlowEngine

/// `flowctl diff`'s pull-request forms: a markdown comment a reviewer
/// reads in ten seconds, and GitHub Actions annotations on the new lines.
extension ReleaseDiff {
    /// Markdown: a verdict line, the counts in a table (only subjects that
    /// changed), the breaking changes with what they break, then the rest.
    package func markdown() -> String {
        guard !changes.isEmpty else { return "### Navigation: no changes\n" + notes.map { "\n> Note: \(ReleaseDiff.markdownEscaped($0))\n" }.joined() }
        let breaking = changes.filter(\.isBreaking)
        var out = breaking.isEmpty
            ? "### Navigation: \(changes.count) change\(changes.count == 1 ? "" : "s"), none breaking\n\n"
            : "### Navigation: ⚠️ \(breaking.count) breaking change\(breaking.count == 1 ? "" : "s")\n\n"
        let kinds = ReleaseChange.Kind.allCases
        out += "| | " + kinds.map(\.rawValue).joined(separator: " | ") + " | breaking |\n"
        out += "|---|" + String(repeating: "---:|", count: kinds.count + 1) + "\n"
        for subject in ReleaseChange.Subject.allCases {
            let list = changes.filter { $0.subject == subject }
            guard !list.isEmpty else { continue }
            let counts = kinds.map { kind in list.count { $0.kind == kind } }
            out += "| \(ReleaseDiff.plural(subject)) | \(counts.map(String.init).joined(separator: " | ")) | \(list.count(where: \.isBreaking)) |\n"
        }
        func item(_ change: ReleaseChange) -> String {
            // The name in code, so that a URL or `Flow.route` reads as written.
            let summary = change.summary.replacingOccurrences(of: change.name, with: "`\(change.name)`")
            var line = "- **\(ReleaseDiff.markdownEscaped(summary))**"
            if let place = change.place, place.isNew { line += " (`\(place.file):\(place.line)`)" }
            for text in change.breaks { line += "\n  - \(ReleaseDiff.markdownEscaped(text))" }
            if !change.example.isEmpty { line += "\n  - e.g. `\(change.example.replacingOccurrences(of: "`", with: "'"))`" }
            return line + "\n"
        }
        if !breaking.isEmpty {
            out += "\n**Breaking** (users of the released app lose these)\n\n" + breaking.map(item).joined()
        }
        let other = changes.filter { !$0.isBreaking }
        if !other.isEmpty {
            out += "\n<details><summary>Other changes (\(other.count))</summary>\n\n" + other.map(item).joined() + "\n</details>\n"
        }
        if !notes.isEmpty { out += "\n" + notes.map { "> Note: \(ReleaseDiff.markdownEscaped($0))\n" }.joined() }
        return out
    }

    /// GitHub Actions workflow commands: `::error` for a breaking change,
    /// `::notice` for another, at its line of the new release (a change
    /// with no place there is annotated without a file).
    package func githubAnnotations() -> String {
        var out = ""
        for change in orderedChanges {
            var command = change.isBreaking ? "::error" : "::notice"
            var properties: [String] = []
            if let place = change.place, place.isNew {
                properties += ["file=" + GitHubAnnotation.escaped(place.file, property: true), "line=\(place.line)", "col=\(place.column)"]
            }
            properties.append("title=" + GitHubAnnotation.escaped("flowctl diff: " + (change.isBreaking ? "breaking " : "") + change.subject.rawValue, property: true))
            command += " " + properties.joined(separator: ",")
            var message = change.summary
            for text in change.breaks { message += "\nbreaks: " + text }
            if !change.example.isEmpty { message += "\ne.g. " + change.example }
            out += command + "::" + GitHubAnnotation.escaped(message, property: false) + "\n"
        }
        return out
    }

    static func plural(_ subject: ReleaseChange.Subject) -> String {
        switch subject {
        case .program: "programs"
        case .flow: "flows"
        case .tabs: "tab bars"
        case .route: "routes"
        case .event: "events"
        case .result: "results"
        case .link: "links"
        case .declaration: "Swift declarations"
        case .finding: "findings"
        }
    }

    /// `text` with the characters markdown would read as markup escaped,
    /// outside `code spans` (where a backslash would show).
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        var inCode = false
        for character in text {
            if character == "`" { inCode.toggle() }
            if !inCode, "\\*_[]<>|".contains(character) { out.append("\\") }
            if inCode, character == "|" { out.append("\\") }
            out.append(character)
        }
        return out
    }

}
