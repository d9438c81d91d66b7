import FlowModel

/// The findings of several programs checked in one run of `flowctl
/// validate`, each reported once, in the order they are printed, with the
/// totals that decide the exit status.
///
/// Each program's findings come in source order, its suppressed warnings
/// (v1) among them, program after program. A file that several programs
/// load has its findings in each; a finding is reported once (docs/simulate.md):
/// the same file, position, code, message and suppression as one already
/// listed is left out (for a finding about states, whatever its wording). An allow comment in such a file suppresses nothing
/// (F401) only if it suppresses nothing in every program that loads the
/// file: an F401 that one of them does not report is left out (programs
/// that did not compile, which do not report unused allows, do not count).
package struct ValidationReport: Sendable {
    /// One finding to print.
    package struct Entry: Sendable {
        /// The index in `programs` of the program whose files `diagnostic`'s spans index.
        public var program: Int
        public var diagnostic: Diagnostic
        /// Whether an allow comment suppressed it: it is then not printed as
        /// text and counts for nothing.
        package var isSuppressed: Bool
    }

    /// The programs, in the order they were checked.
    public let programs: [Validation]
    /// Every finding, suppressed ones included.
    package private(set) var entries: [Entry] = []
    public private(set) var errorCount = 0
    /// Warnings that count (for `--strict`): suppressed ones do not.
    package private(set) var warningCount = 0
    package private(set) var suppressedCount = 0

    /// - Complexity: O(findings + files of the programs), strings hashed
    ///   only when there are several programs.
    package init(_ programs: [Validation]) {
        self.programs = programs
        guard programs.count > 1 else {
            if let only = programs.first { add(only, as: 0) }
            return
        }
        // Files by normalized path: a root given as `./a.flow` is the `a.flow` another imports.
        let paths = programs.map { $0.program.files.map { PathText.normalize($0.path) } }
        // For F401: how many programs that report unused allows load each file, and report each F401.
        var loadedBy: [String: Int] = [:]
        var reportedBy: [Key: Int] = [:]
        for (index, program) in programs.enumerated() where program.reportsUnusedAllows {
            for path in Set(paths[index]) { loadedBy[path, default: 0] += 1 }
            var keys: Set<Key> = []
            for diagnostic in program.diagnostics where diagnostic.code == .unusedAllow {
                keys.insert(Key(diagnostic, paths[index], isSuppressed: false))
            }
            for key in keys { reportedBy[key, default: 0] += 1 }
        }
        var seen: Set<Key> = []
        for (index, program) in programs.enumerated() {
            add(program, as: index) { diagnostic, isSuppressed in
                let key = Key(diagnostic, paths[index], isSuppressed: isSuppressed)
                if diagnostic.code == .unusedAllow, reportedBy[key, default: 0] != loadedBy[key.path, default: 0] { return false }
                return seen.insert(key).inserted
            }
        }
    }

    /// Adds `program`'s findings in source order, those `keep` accepts.
    private mutating func add(_ program: Validation, as index: Int,
                              keep: (Diagnostic, _ isSuppressed: Bool) -> Bool = { _, _ in true }) {
        Allowances.forEachInSourceOrder(program.diagnostics, program.suppressed) { diagnostic, isSuppressed in
            guard keep(diagnostic, isSuppressed) else { return }
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

    /// What makes two programs' findings the same finding.
    private struct Key: Hashable {
        var path: String
        var start: Int32
        var code: DiagnosticCode
        var message: String
        var isSuppressed: Bool

        init(_ diagnostic: Diagnostic, _ paths: [String], isSuppressed: Bool) {
            let file = Int(diagnostic.span.file)
            path = diagnostic.span.isValid && file < paths.count ? paths[file] : ""
            start = diagnostic.span.start
            code = diagnostic.code
            // A finding about states is worded after how it was found (states, or the flow graph past
            // the exploration's limits): one program may explore where another cannot.
            message = diagnostic.code.isDecidedByStates ? "" : diagnostic.message
            self.isSuppressed = isSuppressed
        }
    }
}
