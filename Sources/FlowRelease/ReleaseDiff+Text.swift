import FlowEngine

/// `flowctl diff`'s text and JSON: breaking changes first, each with what
/// it breaks; then the rest; then the counts.
extension ReleaseDiff {
    /// The changes that break users, then the others, each in its order.
    package var orderedChanges: [ReleaseChange] { changes.filter(\.isBreaking) + changes.filter { !$0.isBreaking } }

    /// Whether the changes come from more than one program (then each names its program).
    var namesPrograms: Bool { Set(changes.map(\.program)).count > 1 }

    /// For a terminal: a section per class, one change a line with its
    /// place, what it breaks and its example indented below.
    public func text(useColor: Bool = false) -> String {
        func paint(_ text: String, _ code: String) -> String { useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let noted = notes.map { "note: \($0)\n" }.joined()
        guard !changes.isEmpty else { return noted + "no navigation changes (\(programCount) program\(programCount == 1 ? "" : "s") compared)\n" }
        var out = ""
        let breaking = changes.filter(\.isBreaking)
        let other = changes.filter { !$0.isBreaking }
        for (title, list) in [("breaking changes", breaking), ("other changes", other)] where !list.isEmpty {
            if !out.isEmpty { out += "\n" }
            out += paint("\(title) (\(list.count)):", list.first?.isBreaking == true ? "1;31" : "1") + "\n"
            for change in list {
                var line = "  \(ReleaseDiff.mark(change.kind)) \(namesPrograms ? "[\(change.program)] " : "")\(change.summary)"
                if let place = change.place { line += "  (\(place.file):\(place.line))" }
                out += line + "\n"
                for text in change.breaks { out += "      " + paint("breaks:", "31") + " \(text)\n" }
                if !change.example.isEmpty { out += "      e.g. \(change.example)\n" }
            }
        }
        out += "\n" + noted + "\(breaking.count) breaking, \(other.count) other change\(other.count == 1 ? "" : "s") "
            + "(\(programCount) program\(programCount == 1 ? "" : "s") compared)\n"
        return out
    }

    /// `+`, `-`, `>` (renamed) or `~`.
    static func mark(_ kind: ReleaseChange.Kind) -> String {
        switch kind {
        case .added: "+"
        case .removed: "-"
        case .renamed: ">"
        case .changed: "~"
        }
    }

    /// One JSON object: `{"programs", "breaking", "changes": [...], "notes"}`, each
    /// change with its kind, subject, name, summary, breaking, breaks,
    /// example, program and place (`file`, `line`, `column`, `new`).
    package func json() -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("programs", programCount)
        json.field("breaking", breakingCount)
        json.key("changes")
        json.beginArray()
        for change in orderedChanges {
            json.beginObject()
            json.field("kind", change.kind.rawValue)
            json.field("subject", change.subject.rawValue)
            json.field("name", change.name)
            json.field("summary", change.summary)
            json.field("breaking", change.isBreaking)
            json.key("breaks")
            json.beginArray()
            for text in change.breaks { json.string(text) }
            json.endArray()
            json.field("example", change.example)
            json.field("program", change.program)
            if let place = change.place {
                json.field("file", place.file)
                json.field("line", place.line)
                json.field("column", place.column)
                json.field("new", place.isNew)
            }
            json.endObject()
        }
        json.endArray()
        json.key("notes")
        json.beginArray()
        for note in notes { json.string(note) }
        json.endArray()
        json.endObject()
        return json.output
    }
}
