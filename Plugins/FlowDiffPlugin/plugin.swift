import Foundation
import PackagePlugin

/// `swift package flow-diff`: the navigation review of `flowctl diff` as a
/// step of a package's own workflow (a pre-commit hook, a build script, CI).
///
/// It compares the `.flow` files of the package's targets with the same
/// files at a git revision (`--base`, `HEAD` unless given), one `flowctl
/// diff --git BASE DIR` per directory that holds them, and fails when any
/// reports a breaking change (or cannot read its input). `--target T`
/// limits it to the targets named; `--format` is passed on.
@main
struct FlowDiffPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let base = extractor.extractOption(named: "base").last ?? "HEAD"
        let formats = extractor.extractOption(named: "format")
        let names = Set(extractor.extractOption(named: "target"))
        guard extractor.remainingArguments.isEmpty else {
            throw FlowDiffError("unexpected argument '\(extractor.remainingArguments[0])'; usage: swift package flow-diff [--base REV] [--target T]... [--format text|json|markdown|github]")
        }
        let targets = context.package.targets.compactMap(\.sourceModule).filter { names.isEmpty || names.contains($0.name) }
        if let unknown = names.subtracting(targets.map(\.name)).sorted().first {
            throw FlowDiffError("no source target named '\(unknown)' in package '\(context.package.displayName)'")
        }
        // Each directory once, in order: flowctl reads every .flow file directly in it.
        var directories: [String] = []
        for target in targets {
            for file in target.sourceFiles(withSuffix: "flow") {
                let directory = file.url.deletingLastPathComponent().path
                if !directories.contains(directory) { directories.append(directory) }
            }
        }
        guard !directories.isEmpty else {
            print("no .flow files in \(names.isEmpty ? "the package's targets" : "the targets named")")
            return
        }
        let flowctl = try context.tool(named: "flowctl").url
        var failed: [String] = []
        for directory in directories {
            let process = Process()
            process.executableURL = flowctl
            process.arguments = ["diff", "--git", base, directory] + formats.suffix(1).flatMap { ["--format", $0] }
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(directory) }
        }
        if !failed.isEmpty {
            throw FlowDiffError("navigation changes against \(base) break users, or the input could not be read, in: \(failed.joined(separator: ", "))")
        }
    }
}

/// Why `flow-diff` failed, as `swift package` prints it.
struct FlowDiffError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
