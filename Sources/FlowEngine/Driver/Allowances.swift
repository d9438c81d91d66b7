import FlowModel

/// Applies a program's `// flowctl:allow` comments to its findings
/// (docs/diagnostics.md#allowing-a-finding-v1); `Validation` calls it, so `validate`, `generate` and the build
/// plugin agree on what is allowed.
///
/// An allow covers the findings that point into its own line, and into the
/// next line when it stands alone on its line; it applies only in its own
/// file (a finding in an imported file needs an allow in that file). It
/// suppresses the warnings whose codes it names; errors never. Each problem
/// the lexer found in an allow, and each code of it that suppressed nothing,
/// is an F401 warning at the comment.
enum Allowances {
    /// What is reported and what was suppressed, each in source order.
    struct Outcome {
        var reported: [Diagnostic]
        var suppressed: [Diagnostic]
    }

    /// Splits `diagnostics` (in source order) into reported and suppressed,
    /// adding the F401 findings.
    ///
    /// - Parameter reportUnused: whether a code that suppressed nothing is
    ///   F401. The caller passes false when a construct did not compile
    ///   (syntax or name errors): the warning it would have had is missing,
    ///   and an F401 would cascade from the error.
    /// - Complexity: O(findings + allows + size of the files that hold allows).
    static func apply(_ allows: [AllowComment], to diagnostics: [Diagnostic], files: [SourceFile],
                      reportUnused: Bool) -> Outcome {
        guard !allows.isEmpty else { return Outcome(reported: diagnostics, suppressed: []) }
        // Lines are only counted in the files that hold allows.
        var indexes: [Int32: LineIndex] = [:]
        for allow in allows where indexes[allow.span.file] == nil && Int(allow.span.file) < files.count {
            indexes[allow.span.file] = LineIndex(files[Int(allow.span.file)].bytes)
        }
        var covering: [Place: [Int]] = [:]
        for (i, allow) in allows.enumerated() where !allow.codes.isEmpty {
            guard let index = indexes[allow.span.file] else { continue }
            let line = index.line(of: Int(allow.span.start))
            covering[Place(file: allow.span.file, line: line), default: []].append(i)
            if allow.standsAlone { covering[Place(file: allow.span.file, line: line + 1), default: []].append(i) }
        }
        var used = allows.map { [Bool](repeating: false, count: $0.codes.count) }
        var reported: [Diagnostic] = []
        var suppressed: [Diagnostic] = []
        reported.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            var isAllowed = false
            if diagnostic.severity == .warning, let index = indexes[diagnostic.span.file] {
                let place = Place(file: diagnostic.span.file, line: index.line(of: Int(diagnostic.span.start)))
                for i in covering[place] ?? [] {
                    guard let k = allows[i].codes.firstIndex(of: diagnostic.code) else { continue }
                    used[i][k] = true
                    isAllowed = true
                }
            }
            if isAllowed { suppressed.append(diagnostic) } else { reported.append(diagnostic) }
        }
        var unused: [Diagnostic] = []
        for (i, allow) in allows.enumerated() {
            for problem in allow.problems { unused.append(Diagnostic(.unusedAllow, at: allow.span, problem)) }
            guard reportUnused else { continue }
            let place = allow.standsAlone ? "the next line" : "this line"
            for (k, code) in allow.codes.enumerated() where !used[i][k] {
                unused.append(Diagnostic(.unusedAllow, at: allow.span,
                                         "allow \(code.rawValue) suppresses nothing: no \(code.rawValue) warning on \(place)"))
            }
        }
        return Outcome(reported: merged(reported, unused), suppressed: suppressed)
    }

    /// A line of a file.
    private struct Place: Hashable {
        var file: Int32
        var line: Int
    }

    /// Two lists in source order as one; on a tie the first list's comes first.
    /// - Complexity: O(a + b).
    static func merged(_ a: [Diagnostic], _ b: [Diagnostic]) -> [Diagnostic] {
        guard !b.isEmpty else { return a }
        var out: [Diagnostic] = []
        out.reserveCapacity(a.count + b.count)
        forEachInSourceOrder(a, b) { diagnostic, _ in out.append(diagnostic) }
        return out
    }

    /// Visits two lists in source order as one (on a tie the first list's
    /// first), telling `body` whether each element came from the second.
    /// - Complexity: O(a + b).
    static func forEachInSourceOrder(_ a: [Diagnostic], _ b: [Diagnostic], _ body: (Diagnostic, _ fromSecond: Bool) -> Void) {
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if j == b.count || i < a.count && !Diagnostic.sourceOrder(b[j], a[i]) {
                body(a[i], false)
                i += 1
            } else {
                body(b[j], true)
                j += 1
            }
        }
    }
}
