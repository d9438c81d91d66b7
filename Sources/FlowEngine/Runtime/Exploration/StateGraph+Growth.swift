import FlowModel

/// Growth (F205): a state that shows what one on its own path shows, with
/// more on top, and grows again when the same steps are taken once more.
extension StateGraph {
    /// Cuts `node` when it repeats growth along its own path, or is too large.
    mutating func checkGrowth(_ node: Int32) {
        if stateSize(node) > limits.maxStateSize {
            cut[Int(node)] = true
            oversized.append(node)
            return
        }
        if let ancestor = grownAncestor(of: node) {
            cut[Int(node)] = true
            growth.append((node, ancestor))
        }
    }

    /// Entries, layers and instances of `node`'s state.
    func stateSize(_ node: Int32) -> Int {
        states[Int(node)].entryCount + states[Int(node)].layers.count + states[Int(node)].instances.count
    }

    /// The nearest of `node`'s ancestors (up to 256 up) whose state it
    /// extends and grows from again, if any. Not mutating, so that each
    /// ancestor's state is read where it is stored (through the buffer), not copied.
    func grownAncestor(of node: Int32) -> Int32? {
        states.withUnsafeBufferPointer { states in
            let grown = states[Int(node)]
            var ancestor = parents[Int(node)]
            var hops = 0
            while ancestor >= 0, hops < 256 {
                if StateGraph.extends(grown, states[Int(ancestor)]), growsBetween(ancestor, node), pumps(node, from: ancestor) {
                    return ancestor
                }
                ancestor = parents[Int(ancestor)]
                hops += 1
            }
            return nil
        }
    }

    /// Whether a step on the path from `ancestor` down to `node` runs a
    /// handler that shows something (what F205 points at).
    func growsBetween(_ ancestor: Int32, _ node: Int32) -> Bool {
        var n = node
        while n != ancestor, n >= 0 {
            if shownBy[Int(n)] >= 0 { return true }
            n = parents[Int(n)]
        }
        return false
    }

    /// Whether the steps from `ancestor` down to `node`, taken once more
    /// from `node`'s state, grow it again (what F205 claims): a stack that
    /// a `set` or a `replace` on the way brings back to where it was does not.
    func pumps(_ node: Int32, from ancestor: Int32) -> Bool {
        var chain: [Int32] = []
        var n = node
        while n != ancestor, n >= 0 {
            chain.append(n)
            n = parents[Int(n)]
        }
        var runner = tables
        runner.guardReads = nil
        runner.logsHandlers = false
        runner.state = states[Int(node)]
        // The path's `assume` lines say what changed from each parent: start from the ancestor's guards.
        runner.state.guards = states[Int(ancestor)].guards
        for n in chain.reversed() {
            for step in pathSteps[stepRanges[Int(n)].range] {
                do throws(NavigationError) { try step.perform(on: &runner) } catch { return false }
            }
        }
        return StateGraph.extends(runner.state, states[Int(node)])
    }

    /// Whether an action puts something on screen.
    package static func shows(_ kind: ActionKind) -> Bool {
        switch kind {
        case .push, .sheet, .cover, .alert, .dialog, .popover, .start: true
        default: false
        }
    }

    /// The flows running in a state (a deeper flow tree is growth too).
    static func runningCount(_ state: NavigationState) -> Int {
        state.instances.count { $0.isRunning }
    }

    /// Whether `grown` shows what `base` shows with more on top (a longer
    /// visible stack, more layers, more flows running: a deeper flow tree)
    /// and the same active screen and pending URL: then the steps between
    /// apply again.
    @inline(__always)
    static func extends(_ grown: NavigationState, _ base: NavigationState) -> Bool {
        guard grown.pendingLink?.url == base.pendingLink?.url,
              let g = grown.activeEntry, let b = base.activeEntry, g.route == b.route, g.arguments == b.arguments,
              grown.layers.count >= base.layers.count,
              grown.entryCount + grown.layers.count + StateGraph.runningCount(grown)
                > base.entryCount + base.layers.count + StateGraph.runningCount(base),
              // The active screen stands the same way (an alert over a screen answers its
              // events differently), and not on an alert or a dialog, which any event removes.
              grown.placement == base.placement,
              grown.layers.last.map({ !$0.kind.isTransient }) ?? false else { return false }
        for l in base.layers.indices {
            let x = grown.layers[l], y = base.layers[l]
            guard x.kind == y.kind, x.stacks.count == y.stacks.count, x.selected == y.selected else { return false }
            // The tabs not shown are not part of a state's identity, but for their
            // roots and unseen ones (`StateEncoder`): growth is judged on the shown tab.
            for s in y.stacks.indices where s == y.selected {
                let long = x.stacks[s], short = y.stacks[s]
                let isTop = l == base.layers.count - 1 && s == y.selected
                if isTop {
                    guard long.count >= short.count else { return false }
                } else if long.count != short.count {
                    return false
                }
                for e in short.indices where long[e].route != short[e].route || long[e].arguments != short[e].arguments {
                    return false
                }
            }
        }
        return true
    }
}
