import FlowModel

/// Pending URLs known by their class (`StateGraph.pendingClasses`), the
/// paths of what a run with another URL of the class reaches, and the
/// points mirrored from once.
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

    /// Notes the point where a run of a step from `node` (whose state is
    /// `source`) with a URL of class `c` pending tried to open it
    /// (`Navigator.pendingLinkTrial`); returns whether a step's mirrors
    /// (see `take`) already ran from it.
    ///
    /// From that point on only the URL decides what the run does. The
    /// point is the state then, exactly (a key of all of it, not the
    /// canonical one), with the guards the step read and wrote before it,
    /// and what the node a run reaches is keyed by besides its state: the
    /// source's hidden tabs and which of them were unseen (`unseenTabs`).
    /// Of two steps that reach it alike, the mirrors of the second run the
    /// same code from the same state under the same guard branches as the
    /// first's, and reach only the nodes those reached. A program whose
    /// log-in cover can be closed over many screens mirrors each screen
    /// once, not once per log-in screen.
    mutating func noteMirrored(_ c: Int32, _ n: Navigator, from source: NavigationState, _ node: Int32) -> Bool {
        guard mirrorsEachTrialOnce, node >= 0, let trial = n.pendingLinkTrial, let log = n.guardReads else { return false }
        encoder.encodeExactly(trial.state, into: &key)
        key.append(c)
        key.append(Int32(trial.reads))
        for i in 0..<trial.reads {
            key.append(log.symbols[i].id)
            key.append(log.values[i] ? 1 : 0)
        }
        key.append(Int32(trial.writes))
        for i in 0..<trial.writes { key.append(log.written[i].id) }
        let unseen = unseenValues[unseenRanges[Int(node)].range]
        key.append(Int32(unseen.count))
        key.append(contentsOf: unseen)
        let containers = source.layers.indices.filter { source.layers[$0].stacks.count > 1 }
        key.append(Int32(containers.count))
        for l in containers {
            let layer = source.layers[l]
            key.append(Int32(l))
            key.append(layer.container)
            key.append(Int32(layer.selected))
            key.append(Int32(layer.stacks.count))
            for s in layer.stacks.indices where s != layer.selected { encoder.appendExactly(layer.stacks[s], to: &key) }
        }
        return !mirroredTrials.insert(key)
    }
}
