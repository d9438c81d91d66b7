/// Pending URLs known by their class (`StateGraph.pendingClasses`), and the
/// paths of what a run with another URL of the class reaches.
extension StateGraph {
    /// Replaces the last URL `steps` open by `link`'s.
    static func substitute(_ link: Int32, in steps: inout [PathStep]) {
        guard let last = steps.lastIndex(where: { if case .open = $0 { true } else { false } }) else { return }
        steps[last] = .open(link)
    }

    /// The classes of links (the property `pendingClasses` and
    /// `classLinks`), by the link each sample URL matched: gated links by
    /// `Program.gateText(of:)`, and the links without a gate in one class
    /// (a URL of theirs waits only while a busy route holds it, v2).
    static func classify(_ program: Program, _ urls: [String],
                         _ matches: [(Link, Navigator.LinkBinding)?]) -> ([String: Int32], [[Int32]]) {
        var classes: [String: Int32] = [:]
        var links: [[Int32]] = []
        var signatures: [String: Int32] = [:]
        for (l, match) in matches.enumerated() {
            guard let link = match?.0, classes[urls[l]] == nil else { continue }
            let signature = program.gateText(of: link) ?? "\u{0}no gate"
            let c = signatures[signature] ?? Int32(links.count)
            if c == links.count {
                signatures[signature] = c
                links.append([])
            }
            classes[urls[l]] = c
            links[Int(c)].append(Int32(l))
        }
        return (classes, links)
    }
}
