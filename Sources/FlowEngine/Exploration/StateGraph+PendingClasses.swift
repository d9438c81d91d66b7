/// Pending URLs known by their class (`StateGraph.pendingClasses`), and the
/// paths of what a run with another URL of the class reaches.
extension StateGraph {
    /// Replaces the last URL `steps` open by `link`'s.
    static func substitute(_ link: Int32, in steps: inout [PathStep]) {
        guard let last = steps.lastIndex(where: { if case .open = $0 { true } else { false } }) else { return }
        steps[last] = .open(link)
    }

    /// The classes of gated links (see `pendingClasses`), by what each
    /// sample URL matched: its gate's guard and its actions, as written.
    static func pendingClasses(_ program: Program, _ urls: [String],
                                       _ matches: [(Link, Navigator.LinkBinding)?]) -> ([String: Int32], [[Int32]]) {
        var classes: [String: Int32] = [:]
        var links: [[Int32]] = []
        var signatures: [String: Int32] = [:]
        for (l, match) in matches.enumerated() {
            guard let link = match?.0, let gate = link.gate, link.gateHandler >= 0, classes[urls[l]] == nil else { continue }
            let actions = program.actions[program.handlers[Int(link.gateHandler)].actions.range].map { program.actionText($0) }
            let signature = "\(gate.name) \(gate.negated) " + actions.joined(separator: " then ")
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
