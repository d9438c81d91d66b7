import Foundation

/// Expands command-line paths: a directory means every `*.flow` file
/// directly in it (sorted), each its own program; `flows/broken/` below a
/// directory is therefore not included.
enum InputFiles {
    /// The files to check, and a message for each path that names nothing usable.
    static func expand(_ paths: [String]) -> (files: [String], problems: [String]) {
        var files: [String] = []
        var problems: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append("cannot read '\(path)': no such file or directory")
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                problems.append("cannot read directory '\(path)'")
                continue
            }
            let flows = entries.filter { $0.hasSuffix(".flow") }.sorted()
            if flows.isEmpty { problems.append("no .flow files in directory '\(path)'") }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            files.append(contentsOf: flows.map { base == "." ? $0 : base + "/" + $0 })
        }
        return (files, problems)
    }
}
