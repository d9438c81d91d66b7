import FlowEngine

/// The findings of several programs checked in one run of `flowctl
/// validate`, in the order they are printed, with the totals that decide
/// the exit status.
///
/// Each program's findings come in source order, its suppressed warnings
/// (v1) among them, program after program.
public struct ValidationReport: Sendable {
    /// One finding to print.
    public struct Entry: Sendable {
        /// The index in `programs` of the program whose files `diagnostic`'s spans index.
        public var program: Int
        public var diagnostic: Diagnostic
        /// Whether an allow comment suppressed it: it is then not printed as
        /// text and counts for nothing.
        public var isSuppressed: Bool
    }

    /// The programs, in the order they were checked.
    public let programs: [Validation]
    /// Every finding, suppressed ones included.
    public private(set) var entries: [Entry] = []
    public private(set) var errorCount = 0
    /// Warnings that count (for `--strict`): suppressed ones do not.
    public private(set) var warningCount = 0
    public private(set) var suppressedCount = 0

    /// - Complexity: O(findings).
    public init(_ programs: [Validation]) {
        self.programs = programs
        for (index, program) in programs.enumerated() {
            Allowances.forEachInSourceOrder(program.diagnostics, program.suppressed) { diagnostic, isSuppressed in
                entries.append(Entry(program: index, diagnostic: diagnostic, isSuppressed: isSuppressed))
                if isSuppressed {
                    suppressedCount += 1
                } else if diagnostic.severity == .error {
                    errorCount += 1
                } else {
                    warningCount += 1
                }
            }
        }
    }
}
