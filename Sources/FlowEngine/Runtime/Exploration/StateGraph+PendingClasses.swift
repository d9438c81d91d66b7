import FlowModel

/// Pending URLs known by their class (`StateGraph.pendingClasses`), and the
/// paths of what a run with another URL of the class reaches.
extension StateGraph {
    /// Replaces the last URL `steps` open by the link sample `sample`'s.
    static func substitute(_ sample: Int32, in steps: inout [PathStep]) {
        guard let last = steps.lastIndex(where: { if case .open = $0 { true } else { false } }) else { return }
        steps[last] = .open(sample)
    }

    /// The classes of link samples (the properties `pendingClasses` and
    /// `classSamples`), by the link each sample URL matched: gated links by
    /// `Program.gateText(of:)`, and the links without a gate in one class
    /// (a URL of theirs waits only while a busy route holds it, v2).
    static func classify(_ program: Program, _ urls: [String],
                         _ matches: [(Link, Navigator.LinkBinding)?]) -> ([String: Int32], [[Int32]]) {
        var classes: [String: Int32] = [:]
        var samples: [[Int32]] = []
        var signatures: [String: Int32] = [:]
        for (s, match) in matches.enumerated() {
            guard let link = match?.0, classes[urls[s]] == nil else { continue }
            let signature = program.gateText(of: link) ?? "\u{0}no gate"
            let c = signatures[signature] ?? Int32(samples.count)
            if c == samples.count {
                signatures[signature] = c
                samples.append([])
            }
            classes[urls[s]] = c
            samples[Int(c)].append(Int32(s))
        }
        return (classes, samples)
    }
}
