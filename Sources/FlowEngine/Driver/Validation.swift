import FlowAnalysis
import FlowDSL
import FlowModel
import FlowRuntime

/// Everything `flowctl validate` learns about one program: its files, the
/// compiled graph, and all findings in source order.
///
/// `// flowctl:allow` comments (docs/diagnostics.md, v1) are applied here, so every
/// tool that validates (`validate`, `generate`, `graph`, the build plugin)
/// agrees on what is allowed: an allowed warning is in `suppressed`, not in
/// `diagnostics`, and counts for nothing.
public struct Validation: Sendable {
    public var program: Program
    /// The findings that count, in source order: every error, every warning
    /// that no allow comment suppressed, and F401 for allows that suppress nothing.
    public var diagnostics: [Diagnostic]
    /// The warnings that allow comments suppressed, in source order.
    package var suppressed: [Diagnostic] = []
    /// Whether an allow that suppresses nothing was reported (F401): not
    /// when a construct did not compile, since its warnings may be missing.
    package var reportsUnusedAllows = true
    /// Why the findings about reachable states come from the flow graph
    /// (a limit stopped the state exploration), or what it left unexplored.
    package var explorationNote: String?
    /// The number of engine states the exploration visited (0: it did not run).
    package var exploredStates = 0
    /// Bytes of the explored states' canonical keys.
    package var exploredKeyBytes = 0
    /// The complete state graph, when `check` was asked to keep it.
    package var stateGraph: StateGraph?
    /// Wall time of each phase: load and parse, compile, analyze.
    package var timings: [(phase: String, duration: Duration, peakMiB: Int)] = []

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    package var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// Loads, compiles and analyzes the program rooted at `path`.
    /// Throws only when the root file itself cannot be read.
    public static func run(_ path: String, fileSystem: any FileSystem = DiskFileSystem()) throws(FileReadError) -> Validation {
        try run(path, fileSystem: fileSystem, memo: nil)
    }

    /// `run(_:fileSystem:)`, which a program whose files `memo` has seen
    /// (the same paths, the same bytes) skips after loading them: it
    /// returns what they gave then, and keeps each new validation.
    /// Without a memo, a program of `setAsideFrom` bytes or more is checked
    /// with its text out of memory (`SetAsideSources`).
    package static func run(_ path: String, fileSystem: any FileSystem = DiskFileSystem(),
                            memo: ValidationMemo?, setAsideFrom: Int = SetAsideSources.threshold) throws(FileReadError) -> Validation {
        let clock = ContinuousClock()
        let start = clock.now
        var loader = try SourceLoader.load(path, from: fileSystem)
        guard let memo else {
            let aside = SetAsideSources(&loader, fileSystem: fileSystem, minimumBytes: setAsideFrom)
            let loaded = (clock.now, PeakMemory.mebibytes())
            var restoreError: FileReadError?
            var result = check(consume loader, restoringSources: aside.map { aside in
                { (files: inout [SourceFile]) in
                    do throws(FileReadError) { try aside.restore(&files, from: fileSystem) } catch { restoreError = error }
                }
            })
            if let restoreError { throw restoreError }
            result.timings.insert(("load and parse", start.duration(to: loaded.0), loaded.1), at: 0)
            return result
        }
        let loaded = (clock.now, PeakMemory.mebibytes())
        let files = loader.files
        if let known = memo.validation(of: files) { return known }
        var result = check(consume loader)
        result.timings.insert(("load and parse", start.duration(to: loaded.0), loaded.1), at: 0)
        memo.keep(result, for: files)
        return result
    }

    /// One finding per code and place: the compiler and the state graph can
    /// both prove a chain refused (F208); the first keeps its notes and gets
    /// the other's path. `diagnostics` is in source order, so twins are adjacent.
    static func mergingTwins(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var merged: [Diagnostic] = []
        merged.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            if let last = merged.last, last.code == .impossibleBack, last.code == diagnostic.code, last.span == diagnostic.span {
                if last.path == nil { merged[merged.count - 1].path = diagnostic.path }
                continue
            }
            merged.append(diagnostic)
        }
        return merged
    }

    /// Compiles and analyzes in-memory source (imports are not followed).
    /// With `exploresStates` false, the findings about reachable states
    /// come from the flow graph's approximations alone (see `Analyzer.analysis`);
    /// `explorationWork` lowers the exploration's work budget (tools that
    /// validate many programs: see `StateGraph.Limits.maxWork`).
    public static func run(text: String, path: String = "input.flow", exploresStates: Bool = true,
                           explorationWork: Int? = nil) -> Validation {
        check(SourceLoader.load(text: text, path: path), exploresStates: exploresStates, explorationWork: explorationWork)
    }

    /// docs/diagnostics.md: with syntax errors the flow analyses are skipped, so that
    /// no finding cascades from a construct that did not parse.
    /// `restoringSources`, when the loader's text was set aside, puts it
    /// back into the program's files before the allow comments are applied.
    public static func check(_ loader: consuming SourceLoader, exploresStates: Bool = true, explorationWork: Int? = nil,
                             keepsStateGraph: Bool = false,
                             restoringSources: ((inout [SourceFile]) -> Void)? = nil) -> Validation {
        let clock = ContinuousClock()
        let start = clock.now
        // The syntax trees die with the loader here, before the analyses allocate.
        var compiled = Compiler.compile(consume loader)
        let compiledAt = clock.now
        let compiledPeak = PeakMemory.mebibytes()
        var diagnostics = compiled.diagnostics
        // With a construct left out, the warning an allow expects may be missing: no F401 then.
        let compiledCleanly = !diagnostics.contains { $0.severity == .error }
        var analyzedAt = compiledAt
        var analyzedPeak = compiledPeak
        var note: String?
        var states = 0
        var keyBytes = 0
        var graph: StateGraph?
        if !compiled.hasSyntaxErrors {
            let analysis = Analyzer.analysis(compiled.program, exploresStates: exploresStates, explorationWork: explorationWork,
                                             keepsStateGraph: keepsStateGraph) {
                analyzedAt = clock.now
                analyzedPeak = PeakMemory.mebibytes()
            }
            diagnostics.append(contentsOf: analysis.diagnostics)
            diagnostics.sort(by: Diagnostic.sourceOrder)
            diagnostics = Validation.mergingTwins(diagnostics)
            note = analysis.note
            states = analysis.states
            keyBytes = analysis.stateKeyBytes
            graph = analysis.stateGraph
        }
        restoringSources?(&compiled.program.files)
        let allowed = Allowances.apply(compiled.allows, to: diagnostics, files: compiled.program.files,
                                       reportUnused: compiledCleanly)
        return Validation(program: compiled.program, diagnostics: allowed.reported, suppressed: allowed.suppressed,
                          reportsUnusedAllows: compiledCleanly, explorationNote: note, exploredStates: states, exploredKeyBytes: keyBytes,
                          stateGraph: graph,
                          timings: [("compile", start.duration(to: compiledAt), compiledPeak),
                                    ("analyze", compiledAt.duration(to: analyzedAt), analyzedPeak),
                                    ("states and paths", analyzedAt.duration(to: clock.now), PeakMemory.mebibytes())])
    }
}
