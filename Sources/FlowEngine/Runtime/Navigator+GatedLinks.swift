import FlowModel

/// Gated deep links (docs/language.md#how-a-program-runs "Gated links (v1)"): `link P -> T when g
/// else A`. While `g` does not hold, opening runs `A` on behalf of the entry
/// flow and keeps the URL pending; at the end of each later step the pending
/// URL opens (its guard holds), stays (what `A` showed is still shown) or is
/// dropped (the user cancelled, or it can no longer open).
extension Navigator {
    /// Whether a link gated by `gate` (nil: none) is closed now: its guard
    /// does not hold. Asked for the gate alone, so that a caller holding a
    /// shared match passes two words, not a copy of the whole link.
    func isClosed(gate: Guard?) -> Bool {
        guard let gate else { return false }
        return guardIsSet(gate.name) == gate.negated
    }

    /// Opening a gated link whose guard does not hold: runs the gate's
    /// actions for the entry flow and keeps `url` pending (replacing any
    /// older one), remembering the screens the actions put on screen.
    mutating func openClosed(_ matched: PendingLink.MatchedLink, url: String) throws(NavigationError) {
        guard let entry = state.instances.indices.first(where: { state.instances[$0].isRunning && state.instances[$0].parent < 0 }) else {
            throw .emptyScreen(event: "open")
        }
        // Sorted keys, not a set: the state exploration opens a closed link from nearly every state.
        let before = shownMarks().map(\.key).sorted()
        try run(matched.link.gateHandler, Int32(entry), HandlerValues(event: []), event: "open")
        if needsCollection { endUnusedInstances() }
        let shown = shownMarks().filter { !Navigator.contains(before, $0.key) }
        var pending = PendingLink(url: url, shown: shown)
        pending.matched = matched
        state.pendingLink = pending
        emit(.linkPending(url))
    }

    /// Whether the sorted `keys` hold `key` (a binary search).
    static func contains(_ keys: [UInt64], _ key: UInt64) -> Bool {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key
    }

    /// Every screen on the screen, bottom first.
    /// Read by index: a `for` over the layers, stacks and entries copied
    /// each (retaining every entry's arguments) at every closed gate opened.
    func shownMarks() -> [PendingLink.Mark] {
        var marks: [PendingLink.Mark] = []
        marks.reserveCapacity(state.entryCount)
        let layers = state.layers
        for l in layers.indices {
            for s in layers[l].stacks.indices {
                layers[l].stacks[s].withUnsafeBufferPointer { stack in
                    for e in stack.indices { marks.append(PendingLink.Mark(route: stack[e].route, instance: stack[e].instance)) }
                }
            }
        }
        return marks
    }

    /// Whether `mark` is on the screen (the gate's screens are near the
    /// top: the layers are searched from there).
    func isShown(_ mark: PendingLink.Mark) -> Bool { Navigator.isShown(mark, in: state.layers) }

    /// The same, in `layers`: a filter in a mutating method passes these,
    /// not `isShown`, which would capture a copy of the whole navigator.
    static func isShown(_ mark: PendingLink.Mark, in layers: [Layer]) -> Bool {
        for l in layers.indices.reversed() {
            for s in layers[l].stacks.indices {
                let found = layers[l].stacks[s].withUnsafeBufferPointer { stack in
                    stack.indices.contains { stack[$0].route == mark.route && stack[$0].instance == mark.instance }
                }
                if found { return true }
            }
        }
        return false
    }

    /// The end of a step: a held URL opens as `open` would have; a gated
    /// one opens if its guard now holds (as part of the step; if it cannot
    /// open, it is dropped and the step still succeeds), and is dropped if
    /// nothing its gate showed is still shown. (v2) While the active route
    /// is busy nothing opens: a held URL waits, a gated one only keeps what
    /// is still shown (the user may have cancelled its log-in).
    mutating func settlePendingLink() {
        guard let pending = state.pendingLink else { return }
        if activeRouteIsBusy {
            if !pending.isHeld { keepWhileShown(pending) }
            return
        }
        state.pendingLink = nil
        let matched: PendingLink.MatchedLink
        if let known = pending.matched {
            matched = known
        } else if let (link, binding) = try? matchBinding(pending.url) {
            matched = PendingLink.MatchedLink(link, binding)
        } else {
            emit(.linkDropped(pending.url))
            return
        }
        if pending.isHeld {
            openHeld(pending.url, matched)
            return
        }
        if isClosed(gate: matched.link.gate) {
            keepWhileShown(pending)
            return
        }
        if logsHandlers { noteTrial() }
        openPending(pending.url) { (navigator: inout Navigator) throws(NavigationError) in
            try navigator.arrive(at: matched.link, matched.binding)
        }
    }

    /// Records that the step tries to open its pending URL now (`triedPendingLink`, `pendingLinkTrial`).
    private mutating func noteTrial() {
        triedPendingLink = true
        pendingLinkTrial = PendingLinkTrial(state: state, reads: guardReads?.symbols.count ?? 0, writes: guardReads?.written.count ?? 0)
    }

    /// A gated URL that does not open: it keeps only the screens of its
    /// gate still shown (a mark of an ended flow may not outlive it), and
    /// is dropped when none is.
    private mutating func keepWhileShown(_ pending: PendingLink) {
        let layers = state.layers
        // Most steps leave the gate's screens alone: no new list then.
        if pending.shown.allSatisfy({ Navigator.isShown($0, in: layers) }) {
            state.pendingLink = pending
            return
        }
        let still = pending.shown.filter { Navigator.isShown($0, in: layers) }
        if !still.isEmpty {
            var kept = pending
            kept.shown = still
            state.pendingLink = kept
        } else {
            state.pendingLink = nil
            emit(.linkDropped(pending.url))
        }
    }

    /// Runs `body` (the arrival of the pending `url`, or its gate's
    /// actions) at the end of a step; if it fails, the state is as before
    /// it and the URL is dropped (`guardHolds`: a drop F306 reports).
    private mutating func openPending(_ url: String, guardHolds: Bool = true, _ body: (inout Navigator) throws(NavigationError) -> Void) {
        let saved = state
        let savedEffects = effects
        do throws(NavigationError) {
            try body(&self)
            if needsCollection { endUnusedInstances() }
            guard let top = state.layers.last, !top.stack.isEmpty,
                  !state.layers.contains(where: { $0.stacks.contains(where: { $0.isEmpty }) }) else {
                throw NavigationError.emptyScreen(event: "open")
            }
            lastStepChangedFlows = true
            if state.pendingLink?.url != url { emit(.linkOpened(url)) }
        } catch {
            state = saved
            needsCollection = false
            effects = savedEffects
            if logsHandlers && guardHolds { droppedOpenLinkLog.append(url) }
            emit(.linkDropped(url))
        }
    }

    // MARK: - Busy routes (v2)

    /// Whether the active route is `[busy]` (docs/language.md): an opened URL
    /// waits until the user leaves it.
    var activeRouteIsBusy: Bool {
        guard let active = state.activeIDs else { return false }
        return program.routes[Int(active.route)].attributes.contains(.busy)
    }

    /// `open` on a busy route: the URL waits, replacing any pending one.
    mutating func hold(_ url: String, _ matched: PendingLink.MatchedLink) -> [NavigationEffect] {
        lastStepChangedFlows = false
        effects.removeAll(keepingCapacity: true)
        var pending = PendingLink(url: url, shown: [], isHeld: true)
        pending.matched = matched
        state.pendingLink = pending
        emit(.linkPending(url))
        return effects
    }

    /// A held URL, once the active route is not busy: what `open` does,
    /// at the end of the step. A gated link whose guard does not hold runs
    /// its gate's actions and waits for the guard; one that cannot arrive
    /// (or whose gate's actions fail) is dropped.
    private mutating func openHeld(_ url: String, _ matched: PendingLink.MatchedLink) {
        if isClosed(gate: matched.link.gate) {
            openPending(url, guardHolds: false) { (navigator: inout Navigator) throws(NavigationError) in
                try navigator.openClosed(matched, url: url)
            }
            return
        }
        if logsHandlers { noteTrial() }
        openPending(url) { (navigator: inout Navigator) throws(NavigationError) in
            try navigator.arrive(at: matched.link, matched.binding)
        }
    }
}
