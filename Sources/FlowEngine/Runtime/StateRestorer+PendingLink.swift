import FlowModel

/// The pending URL of a saved state: it must match a link, wait for a
/// gate (or be held for a busy route) and name the screens its gate showed.
extension StateRestorer {
    /// Restores the saved pending URL, or refuses it (a repair drops it).
    mutating func restorePending() throws(NavigationError) {
        guard let pending = saved.pending else { return }
        let url = pending.url.prefix(200)
        do throws(NavigationError) {
            var marks: [PendingLink.Mark] = []
            for mark in pending.shown {
                let entry = try restoreEntry(SavedState.SavedEntry(route: mark.route, flow: mark.flow, arguments: []), checkingArguments: false)
                marks.append(PendingLink.Mark(route: entry.route, instance: entry.instance))
            }
            let link: Link
            do throws(NavigationError) {
                link = try navigator.matchBinding(pending.url).0
            } catch {
                throw .invalidState("the pending link '\(url)' matches no link of the program")
            }
            // Only a gate makes a URL wait; without one, only a busy route holds it.
            if pending.held != true && link.gate == nil {
                throw .invalidState("the pending link '\(url)' matches a link without a gate: only a URL held for a busy route waits without one")
            }
            if pending.held == true && !marks.isEmpty {
                throw .invalidState("the pending link '\(url)' is held for a busy route and remembers screens its gate showed")
            }
            // A repair that dropped every screen the gate showed has done what the user's leaving them does:
            // the URL goes (docs/language.md, gated links).
            if repairs, !marks.isEmpty, !marks.contains(where: isShown) {
                throw .invalidState("the screen\(marks.count == 1 ? "" : "s") its gate showed \(marks.count == 1 ? "was" : "were") dropped")
            }
            // A held URL waits for the busy screen on top; a repair that dropped that screen drops the
            // URL with it (leaving the screen would open it: a restore opens nothing).
            if repairs, pending.held == true, !activeRouteIsBusy {
                throw .invalidState("the busy screen that held it was dropped")
            }
            navigator.state.pendingLink = PendingLink(url: pending.url, shown: marks, isHeld: pending.held == true)
        } catch {
            try misfit(error.problem, dropping: "the pending link '\(url)'")
        }
    }

    /// Whether the active route is `[busy]` (docs/language.md#busy-routes-v2).
    private var activeRouteIsBusy: Bool {
        guard let active = navigator.state.activeEntry else { return false }
        return navigator.program.routes[Int(active.route)].attributes.contains(.busy)
    }

    /// Whether a layer shows the gate's screen `mark`.
    private func isShown(_ mark: PendingLink.Mark) -> Bool {
        navigator.state.layers.contains { layer in
            layer.stacks.contains { stack in stack.contains { $0.route == mark.route && $0.instance == mark.instance } }
        }
    }
}
