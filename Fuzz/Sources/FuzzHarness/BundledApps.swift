import FlowDSL
import FlowEngine
import Foundation

/// The bundled example apps of `flows/` (every `*.flow` directly in it and
/// `app.flow` of each subfolder), compiled once: the programs that scripts,
/// saved states and URLs are fuzzed against.
public enum BundledApps {
    /// The repository's root: this file is `Fuzz/Sources/FuzzHarness/BundledApps.swift`.
    public static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// Each app's entry file and its program; apps with errors are left out
    /// (there are none: CI validates them all).
    public static let programs: [(path: String, program: Program)] = {
        let flows = root + "/flows"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: flows)) ?? []).sorted()
        var paths = names.filter { $0.hasSuffix(".flow") }.map { "\(flows)/\($0)" }
        paths += names.map { "\(flows)/\($0)/app.flow" }.filter { FileManager.default.fileExists(atPath: $0) }
        if paths.isEmpty { fuzzFailure("no bundled apps in \(flows)") }
        return paths.compactMap { path in
            // Compiled without exploring states: `shapes` explores them, once.
            guard let loader = try? SourceLoader.load(path, from: DiskFileSystem()) else { return nil }
            let validation = Validation.check(loader, exploresStates: false)
            guard !validation.diagnostics.contains(where: { $0.severity == .error && $0.code.stopsRunning }) else { return nil }
            return (path, validation.program)
        }
    }()

    /// Each app's reachable shapes, in `programs` order, explored once.
    public static let shapes: [ReachableShapes] = programs.map { ReachableShapes(program: $0.program) }
}
