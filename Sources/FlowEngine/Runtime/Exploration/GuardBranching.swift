import FlowModel

/// Runs one step under every valuation of the guards it reads.
///
/// Guards are the app's facts: it may set or clear any of them before any
/// step (docs/diagnostics.md#findings-on-the-engines-states's system steps). So a step from a screen can behave in
/// as many ways as the guards it reads can be set, and no more: a guard the
/// step never reads cannot change what it does. The step runs once with the
/// guards as they are; each guard it reads that the valuation did not fix
/// yet is a branch, run again with that guard flipped (and the guards read
/// before it as they were), depth first, until every sequence of reads has
/// run: as many runs as the step's dispatch and `start` items have outcomes.
package enum GuardBranching {
    /// A guard and the value a run gave it.
    package typealias Assignment = [(symbol: Symbol, value: Bool)]

    /// Runs `body` on `navigator` from `state` under each valuation of the
    /// guards it reads, calling `visit` after each run with the navigator
    /// after it (its state is the run's result when `error` is nil), the
    /// error, the guards the run read with their values, and the guards the
    /// run started with fixed (a prefix of those). Returns false when the
    /// step has more than `maxRuns` outcomes (the rest were not run).
    /// The guards of `holding` keep their values in `state` in every run:
    /// they are not branched on.
    ///
    /// `skip` may spare a run whose outcome the caller does not want: given
    /// the guards a run would start with, it returns the guards the run
    /// would read, in order, with the values (known from an earlier pass
    /// over the same code); the run is then not run nor visited, but counts
    /// towards `maxRuns` and branches as if it had been, so the runs after
    /// it are the same. (What else counts runs is the caller's: `skip` is
    /// where it counts a skipped one.)
    package static func forEachRun(_ navigator: inout Navigator, from state: NavigationState, holding: [Symbol] = [], maxRuns: Int,
                           skip: (Assignment) -> (symbols: [Symbol], values: [Bool])? = { _ in nil },
                           _ body: (inout Navigator) throws(NavigationError) -> Void,
                           _ visit: (inout Navigator, NavigationError?, Assignment, _ fixed: Assignment) -> Void) -> Bool {
        let log = navigator.guardReads ?? GuardReadLog()
        navigator.guardReads = log
        var pending: [Assignment] = [holding.map { ($0, state.guards.contains($0)) }]
        var runs = 0
        // Each guard read for the first time is a branch: the other value, with what was read before it.
        func branch(_ fixed: Assignment, _ symbols: [Symbol], _ values: [Bool]) -> Assignment {
            var known = fixed
            for (i, symbol) in symbols.enumerated() where !known.contains(where: { $0.symbol == symbol }) {
                var other = known
                other.append((symbol, !values[i]))
                pending.append(other)
                known.append((symbol, values[i]))
            }
            return known
        }
        while let fixed = pending.popLast() {
            runs += 1
            guard runs <= maxRuns else { return false }
            if let reads = skip(fixed) {
                _ = branch(fixed, reads.symbols, reads.values)
                continue
            }
            // Set in place: one copy of the state a run, not one for the run and one for the navigator.
            navigator.state = state
            for (symbol, value) in fixed {
                if value { navigator.state.guards.insert(symbol) } else { navigator.state.guards.remove(symbol) }
            }
            log.removeAll()
            var failure: NavigationError?
            do throws(NavigationError) { try body(&navigator) } catch { failure = error }
            let known = branch(fixed, log.symbols, log.values)
            visit(&navigator, failure, known, fixed)
        }
        return true
    }
}
