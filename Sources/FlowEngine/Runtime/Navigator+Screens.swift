import FlowModel

/// What the actions do to the screen: the stack a push goes onto, a stack
/// or a layer replaced, the modal layers above a flow removed, the implicit
/// back applied, and whether a flow still shows anything.
extension Navigator {
    /// The visible stack of layer `layer`, for messages: `the app's base
    /// stack`, `its sheet`, `tab 'Search'`.
    func stackPlace(_ layer: Int) -> String {
        let shown = state.layers[layer]
        if shown.isTabContainer, shown.container >= 0, Int(shown.container) < state.instances.count {
            let tabs = program.tabs(of: state.instances[Int(shown.container)].flow)
            if shown.selected < tabs.count { return "tab '\(program.name(program.flows[Int(tabs[tabs.startIndex + shown.selected])].name))'" }
        }
        return shown.kind == .base ? "the app's base stack" : "its \(shown.kind.rawValue)"
    }

    /// Whether the top layer is an alert or a dialog (indexed in place;
    /// always inlined, for the reason `takesDirectSteps` gives).
    package var topIsTransient: Bool {
        @inline(__always) get {
            let top = state.layers.count - 1
            return top > 0 && state.layers[top].kind.isTransient
        }
    }

    /// Removes the alert or dialog on top (docs/language.md#how-a-program-runs "Transient layers").
    mutating func removeTransientLayer() {
        let removed = state.layers.removeLast()
        let owner = state.activeEntry?.instance ?? -1
        if removed.stacks.contains(where: { $0.contains { $0.instance != owner } }) { needsCollection = true }
        emit(.dismissed(removed.kind))
    }

    /// An alert or a dialog holds exactly one entry (docs/language.md#how-a-program-runs, v1).
    func checkCanPush(onto layer: Int, _ action: Action, _ event: String) throws(NavigationError) {
        let kind = state.layers[layer].kind
        guard kind.isTransient else { return }
        throw .unsupported(event: event, problem: "'\(describe(action))' cannot push onto \(kind == .alert ? "an alert" : "a dialog"), which holds one screen")
    }

    func layer(_ kind: LayerKind, _ placed: Placed) -> Layer {
        switch placed {
        case .entry(let entry): Layer(kind: kind, stack: [entry])
        case .tabs(let container, let stacks): Layer(kind: kind, container: container, tabs: stacks)
        }
    }

    /// The entry for an action's single target.
    func makeEntry(_ action: Action, _ instance: Int32, _ values: HandlerValues, _ event: String) throws(NavigationError) -> Entry {
        try entry(for: program.targets[Int(action.targets.lower)], instance, values, event)
    }

    /// `set` and `start ... as root`: replaces all that `instance` (and its
    /// descendants) shows in the visible stack of the top layer by `entries`,
    /// at the place of its first entry (or on top if it shows nothing there).
    mutating func replaceShown(by instance: Int32, with entries: [Entry]) {
        let top = state.layers.count - 1
        if state.layers[top].isTabContainer, state.isDescendant(state.layers[top].container, of: instance) {
            // The tab bar is the handling flow's own (it or a flow below it started the container):
            // all it shows is the whole layer, every tab included (a log-out from inside a tab).
            state.layers[top] = Layer(kind: state.layers[top].kind, stack: entries)
            needsCollection = true
            return
        }
        let selected = state.layers[top].selected
        let stack = state.layers[top].stacks[selected]
        var kept: [Entry] = []
        var replaced: [Entry] = []
        var insertAt: Int?
        for entry in stack {
            if state.isDescendant(entry.instance, of: instance) {
                if insertAt == nil { insertAt = kept.count }
                replaced.append(entry)
            } else {
                kept.append(entry)
            }
        }
        // The screens that stay the same (`set [feed, post]` over feed, post, profile)
        // stay the same entries: a UI keeps their views (`Entry.identity`).
        var entries = entries
        var same = 0
        while same < entries.count, same < replaced.count, replaced[same] == entries[same] {
            entries[same] = replaced[same]
            same += 1
        }
        kept.insert(contentsOf: entries, at: insertAt ?? kept.count)
        state.layers[top].stacks[selected] = kept
        needsCollection = true
    }

    /// (v1) Before a root swap or a `set`: removes every modal layer above
    /// the handling flow's own layer, the lowest that shows it or a flow
    /// below it (the flows those layers host end silently), so a log-out
    /// handled by the entry flow from inside a sheet lands at the base.
    mutating func removeModalLayers(aboveLayerOf instance: Int32) {
        let top = state.layers.count - 1
        guard top > 0 else { return }
        var own = -1
        for l in 0...top {
            let layer = state.layers[l]
            if (layer.container >= 0 && state.isDescendant(layer.container, of: instance))
                || layer.stacks.contains(where: { $0.contains { state.isDescendant($0.instance, of: instance) } }) {
                own = l
                break
            }
        }
        guard own >= 0, own < top else { return }
        for removed in state.layers[(own + 1)...].reversed() { emit(.dismissed(removed.kind)) }
        state.layers.removeSubrange((own + 1)...)
        needsCollection = true
    }

    /// `start T as root` for a tab container: it must fill the top layer.
    mutating func replaceShownByTabs(by instance: Int32, _ placed: Placed, event: String) throws(NavigationError) {
        guard case .tabs(let container, let stacks) = placed else { return }
        let top = state.layers.count - 1
        let shown = state.layers[top]
        // The layer is the handling flow's when all it shows is the flow's or below it: its
        // screens, or a tab container it (or a flow below it) started, which the new one replaces.
        let owned = shown.isTabContainer
            ? state.isDescendant(shown.container, of: instance)
            : shown.stack.allSatisfy { state.isDescendant($0.instance, of: instance) }
        guard owned else {
            let by = program.name(program.flows[Int(state.instances[Int(instance)].flow)].name)
            let tabs = program.name(program.flows[Int(state.instances[Int(container)].flow)].name)
            let why = shown.isTabContainer ? "its layer is the tab bar of a flow above it" : "'\(by)' shares its layer with screens of other flows"
            throw .unsupported(event: event, problem: "tab container '\(tabs)' started as root by '\(by)' must fill its layer, but \(why)")
        }
        state.layers[top] = Layer(kind: state.layers[top].kind, container: container, tabs: stacks)
        needsCollection = true
        emit(.stackSet(stacks.compactMap(\.first)))
    }

    /// The implicit back: pop or dismiss; a child whose last screen the user
    /// removes finishes with `cancel`.
    mutating func applyImplicitBack(_ back: ImplicitBack) throws(NavigationError) {
        let top = state.layers.count - 1
        let removed: [Entry]
        /// For a dismissal: the tab container the layer held, or -1.
        enum Removal { case pop, dismiss(container: Int32) }
        let presented: Removal
        switch back {
        case .pop:
            let selected = state.layers[top].selected
            removed = [state.layers[top].stacks[selected].removeLast()]
            emit(.popped(removed[0]))
            presented = .pop
        case .dismiss:
            let layer = state.layers.removeLast()
            removed = layer.stacks.flatMap { $0 }
            emit(.dismissed(layer.kind))
            presented = .dismiss(container: layer.container)
        }
        needsCollection = true
        // The flow of the removed root screen, if it has no screen left, was backed out of.
        guard let first = removed.first else { return }
        var child = first.instance
        if case .dismiss(let container) = presented {
            // (v2, docs/language.md) A removed layer finishes the child it was presented for: the
            // highest flow above its root (or its tab container) left with nothing on screen.
            if container >= 0 { child = container }
            let shown = instancesShowingSomething()
            guard !shown[Int(child)] else { return }
            var steps = 0
            while state.instances[Int(child)].parent >= 0, !shown[Int(state.instances[Int(child)].parent)], steps <= state.instances.count {
                child = state.instances[Int(child)].parent
                steps += 1
            }
            guard state.instances[Int(child)].parent >= 0 else { return }
        } else {
            guard state.instances[Int(child)].parent >= 0, !showsAnything(child) else { return }
        }
        if let delivery = try finish(child, result: cancelSymbol, event: "back") {
            let values = HandlerValues(event: try order([], for: delivery.0, event: "back"), route: routeValues(delivery.0))
            try run(delivery.0, delivery.1, values, event: "back")
        }
    }

    /// Whether `instance` or a flow below it still has an entry on screen.
    /// The flows below it are found once (`subtree(of:)`), so the cost is
    /// the instances plus the entries, not their product: a back at the
    /// bottom of a chain of 10,000 flows asked 10,000 ancestries.
    func showsAnything(_ instance: Int32) -> Bool {
        let inside = subtree(of: instance)
        for layer in state.layers {
            if layer.container >= 0 && inside[Int(layer.container)] { return true }
            for stack in layer.stacks where stack.contains(where: { inside[Int($0.instance)] }) {
                return true
            }
        }
        return false
    }

    /// For each instance: whether it or a flow below it has something on
    /// screen (an entry, or a tab container's layer).
    /// - Complexity: O(instances + entries): each instance is marked once.
    func instancesShowingSomething() -> [Bool] {
        var shown = [Bool](repeating: false, count: state.instances.count)
        func markUp(_ instance: Int32) {
            var current = instance
            while current >= 0, !shown[Int(current)] {
                shown[Int(current)] = true
                current = state.instances[Int(current)].parent
            }
        }
        for layer in state.layers {
            if layer.container >= 0 { markUp(layer.container) }
            for stack in layer.stacks { for entry in stack { markUp(entry.instance) } }
        }
        return shown
    }
}
