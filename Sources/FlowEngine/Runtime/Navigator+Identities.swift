import FlowModel

/// Identities of entries and layers (`Entry.identity`, `Layer.identity`):
/// what lets a UI tell a screen it keeps from one shown anew, and what
/// `ScreenChange.changes(from:to:)` matches layers and entries by.
extension Navigator {
    /// Gives every entry and layer without an identity (0: it appeared
    /// during the step that just ended) the next number. Reads each entry
    /// once and writes only the new ones, so a stack the step did not touch
    /// is not copied. Runs at the end of each step that records effects.
    mutating func stampIdentities() {
        for l in state.layers.indices {
            if state.layers[l].identity == 0 { state.layers[l].identity = takeIdentity() }
            for s in state.layers[l].stacks.indices {
                for e in state.layers[l].stacks[s].indices where state.layers[l].stacks[s][e].identity == 0 {
                    state.layers[l].stacks[s][e].identity = takeIdentity()
                }
            }
        }
    }

    /// The next identity: never 0, never one this navigator gave before
    /// (until 2^32 - 1 have been given, which no session reaches).
    private mutating func takeIdentity() -> UInt32 {
        let identity = nextIdentity
        nextIdentity = nextIdentity == .max ? 1 : nextIdentity + 1
        return identity
    }
}
