import FlowModel

/// How far `validate` explores a program's states; `flowctl path`, the
/// release diff and a restore's `ReachableShapes` explore as far, so that
/// their states are validate's.
extension StateGraph.Limits {
    /// Programs larger than this (routes, handlers, flows and links) are
    /// not explored: generated programs of that size would spend their
    /// whole budget for a note.
    public static let largestExploredProgram = 20_000

    /// How far validate explores: enough for an app written by hand (about
    /// 2 s of a release build at most: photoshare, 17,459 states, takes
    /// 1.6 s), and less as programs grow past about 375 declarations, so that
    /// a generated one of 4,000 stops in under half a second, with a note.
    /// `flowctl path` explores with the same limits, so that its paths are
    /// those of validate's findings.
    public static func forValidation(of program: Program) -> StateGraph.Limits {
        let size = program.declarationCount
        return Self(maxStates: 80_000, maxWork: min(160_000_000, 60_000_000_000 / max(size, 1)),
                                 maxStateSize: 4 * size + 64)
    }
}
