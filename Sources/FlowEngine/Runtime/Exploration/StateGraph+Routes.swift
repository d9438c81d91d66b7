import FlowModel

extension StateGraph {
    /// The state to show `route` by the shortest path, for `flowctl path`
    /// (docs/releases.md): among the states whose active route is `route`, one
    /// reached without opening a URL when there is any (`isNavigable`),
    /// else one reached through a link; of those, the one whose path has
    /// the fewest steps (`expect top` marks do not count), the first found
    /// on a tie. `path(to:)` is then the way there, the same path a
    /// finding about that state carries.
    ///
    /// Nil when no state explored shows the route: when `isComplete` is
    /// true and nothing was cut for its size (`oversized`), no run from the
    /// launch shows it; otherwise that was not proved.
    ///
    /// - Complexity: O(states + steps): a parent is always found before its
    ///   children, so each state's path length is its parent's plus its own steps.
    public func nearestState(showing route: RouteID) -> Int32? {
        var length = [Int32](repeating: 0, count: count)
        var navigable: (node: Int32, length: Int32)?
        var linked: (node: Int32, length: Int32)?
        for n in 0..<count {
            let parent = parents[n]
            let own = Int32(pathSteps[stepRanges[n].range].count { !$0.isExpect })
            length[n] = (parent >= 0 ? length[Int(parent)] : 0) + own
            guard states[n].activeIDs?.route == route else { continue }
            let node = Int32(n)
            if isNavigable(node) {
                if length[n] < navigable?.length ?? .max { navigable = (node, length[n]) }
            } else if length[n] < linked?.length ?? .max {
                linked = (node, length[n])
            }
        }
        return navigable?.node ?? linked?.node
    }
}
