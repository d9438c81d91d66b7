import Foundation

// Small, exact views of a command's output, for the tests that compare a
// well-defined part of it rather than the whole (a random walk's summary
// carries a rate that changes from run to run; a help text is compared by
// the entry under test).

/// The steps of a traced random walk or a script's trace: each `[n] step`
/// line without its number, in order.
func tracedSteps(_ output: String) -> [String] {
    output.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]"), Int(line[line.index(after: line.startIndex)..<close]) != nil
        else { return nil }
        return String(line[line.index(close, offsetBy: 2)...])
    }
}

/// The distinct steps of a trace, sorted: what kinds of step a walk took.
func distinctSteps(_ output: String) -> [String] {
    Array(Set(tracedSteps(output))).sorted()
}

/// A random walk's output with its speed, the one figure that changes from
/// run to run, written `N steps/s`.
func maskingRate(_ output: String) -> String {
    output.replacingOccurrences(of: #", \d+ steps/s\n"#, with: ", N steps/s\n", options: .regularExpression)
}

/// What a traced random walk printed besides its steps (the summary), its
/// speed written as `maskingRate` does.
func walkSummary(_ output: String) -> String {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
        !(line.hasPrefix("[") && line.firstIndex(of: "]").map { Int(line[line.index(after: line.startIndex)..<$0]) != nil } == true)
    }
    return maskingRate(lines.joined(separator: "\n"))
}

/// The entry of a help text that starts with `head` (after its indentation),
/// with the lines that continue it (indented further), joined by newlines;
/// nil when no line starts so.
func helpEntry(_ help: String, _ head: String) -> String? {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    let indent = { (line: Substring) in line.prefix { $0 == " " }.count }
    guard let first = lines.firstIndex(where: { $0.drop { $0 == " " }.hasPrefix(head) }) else { return nil }
    var end = first + 1
    while end < lines.count, !lines[end].isEmpty, indent(lines[end]) > indent(lines[first]) { end += 1 }
    return lines[first..<end].joined(separator: "\n")
}

/// The lines of `text` from the first that starts with `start` to the first
/// after it that starts with `end`, both included, each ending in a newline;
/// nil when either is missing.
func section(of text: String, from start: String, through end: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }),
          let last = lines[first...].firstIndex(where: { $0.hasPrefix(end) }) else { return nil }
    return lines[first...last].map { $0 + "\n" }.joined()
}

/// A DOT picture without its legend: the text before `subgraph cluster_legend`,
/// closed; the whole text when it has no legend.
func withoutLegend(_ dot: String) -> String {
    guard let start = dot.range(of: "  subgraph cluster_legend {\n") else { return dot }
    return dot[..<start.lowerBound] + "}\n"
}

/// The legend of a DOT picture: from `  subgraph cluster_legend {` to its
/// closing `  }`, both included; nil when it has none.
func legendBlock(_ dot: String) -> String? {
    section(of: dot, from: "  subgraph cluster_legend {", through: "  }")
}

/// The one line of `text` that starts with `prefix`, whole; nil when none
/// does or more than one does.
func line(_ text: String, startingWith prefix: String) -> String? {
    let lines = text.split(separator: "\n").filter { $0.hasPrefix(prefix) }
    return lines.count == 1 ? String(lines[0]) : nil
}

/// Whether a DOT line is an edge statement, `  a -> b [...]`.
func isEdgeStatement(_ line: Substring) -> Bool {
    let words = line.split(separator: " ")
    return words.count > 2 && words[1] == "->"
}

/// The paragraph of `text` whose first line starts with `prefix`: that line
/// and the ones after it up to an empty line or the end, each ending in a
/// newline; nil when no line starts so.
func paragraph(_ text: String, startingWith prefix: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
    let end = lines[first...].firstIndex(where: \.isEmpty) ?? lines.endIndex
    return lines[first..<end].map { $0 + "\n" }.joined()
}
