import FlowDSL
import Foundation

/// Expands command-line paths into the programs to check (docs/simulate.md).
///
/// A file is a program of its own. A directory means every `*.flow` file
/// directly in it (sorted), each its own program, except (v1) a file that
/// another of them imports, directly or through other files: it is checked
/// as part of that program (`ProgramRoots`). `flows/broken/` below a
/// directory is therefore not included. A file named twice, or both by
/// itself and through its directory, is one program.
enum InputFiles {
    /// The root file of each program, and a message for each path that names nothing usable.
    static func expand(_ paths: [String], fileSystem: any FileSystem = DiskFileSystem()) -> (files: [String], problems: [String]) {
        var files: [String] = []
        var problems: [String] = []
        var seen: Set<String> = []
        func add(_ file: String) {
            if seen.insert(PathText.normalize(file)).inserted { files.append(file) }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append("cannot read '\(path)': no such file or directory")
                continue
            }
            guard isDirectory.boolValue else {
                add(path)
                continue
            }
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                problems.append("cannot read directory '\(path)'")
                continue
            }
            let flows = entries.filter { $0.hasSuffix(".flow") }.sorted()
            if flows.isEmpty { problems.append("no .flow files in directory '\(path)'") }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let candidates = flows.map { base == "." ? $0 : base + "/" + $0 }
            ProgramRoots.select(candidates, from: fileSystem).forEach(add)
        }
        return (files, problems)
    }
}
