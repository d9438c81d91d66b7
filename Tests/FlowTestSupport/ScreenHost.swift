import FlowEngine

/// A fake UI that knows nothing of the engine's rules: it shows layers and
/// applies `ScreenChange`s to them as a UIKit host would, refusing a change
/// a real host could not make (dismissing a layer that is not on top, a
/// stack or tab it does not have, keeping more screens than it shows).
public struct ScreenHost {
    public private(set) var layers: [Layer]

    public init(showing layers: [Layer] = []) {
        self.layers = layers
    }

    /// Applies `changes` in order; returns what a real host would fail on, or nil.
    public mutating func apply(_ changes: [ScreenChange]) -> String? {
        for (index, change) in changes.enumerated() {
            switch change {
            case .dismissLayer(let l):
                guard l == layers.count - 1 else { return "change \(index): dismisses layer \(l) of \(layers.count)" }
                layers.removeLast()
            case .presentLayer(let layer):
                layers.append(layer)
            case .updateStack(let l, let t, let keeping, let adding):
                guard layers.indices.contains(l), layers[l].stacks.indices.contains(t) else {
                    return "change \(index): no stack \(t) in layer \(l)"
                }
                guard keeping <= layers[l].stacks[t].count else {
                    return "change \(index): keeps \(keeping) of \(layers[l].stacks[t].count) screens"
                }
                layers[l].stacks[t].removeSubrange(keeping...)
                layers[l].stacks[t].append(contentsOf: adding)
            case .selectTab(let l, let t):
                guard layers.indices.contains(l), layers[l].isTabContainer, layers[l].stacks.indices.contains(t) else {
                    return "change \(index): no tab \(t) in layer \(l)"
                }
                layers[l].selected = t
            }
        }
        return nil
    }
}

/// Whether `a` and `b` are the same layers down to every identity (`==`
/// leaves identities out).
public func sameWithIdentities(_ a: [Layer], _ b: [Layer]) -> Bool {
    guard a == b else { return false }
    for (x, y) in zip(a, b) {
        guard x.identity == y.identity else { return false }
        for (s, t) in zip(x.stacks, y.stacks) where !zip(s, t).allSatisfy({ $0.identity == $1.identity }) { return false }
    }
    return true
}

/// Problems with the identities of `layers` after a step: a layer or an
/// entry without one (0), or one identity given twice.
public func identityProblems(_ layers: [Layer]) -> [String] {
    var seen = Set<UInt32>()
    var problems: [String] = []
    for (l, layer) in layers.enumerated() {
        if layer.identity == 0 || !seen.insert(layer.identity).inserted { problems.append("layer \(l) has identity \(layer.identity)") }
        for (t, stack) in layer.stacks.enumerated() {
            for (e, entry) in stack.enumerated() where entry.identity == 0 || !seen.insert(entry.identity).inserted {
                problems.append("layer \(l) tab \(t) entry \(e) has identity \(entry.identity)")
            }
        }
    }
    return problems
}
