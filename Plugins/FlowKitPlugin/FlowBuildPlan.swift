import Foundation

/// Which programs a target's `.flow` files form, and what each one's build command reads and writes.
///
/// A file that another `.flow` file of the target imports is part of that program, not a program
/// of its own (as `flowctl validate DIR` treats it). Every other file gets one command, which
/// reads the file and everything it imports transitively (so editing an imported file reruns it)
/// and writes one Swift file. Files that only import each other in a cycle still get a command
/// each for the first of them, so that no `.flow` file of the target is left unhandled.
struct FlowBuildPlan {
    /// One `flowctl generate swift` run.
    struct Program: Equatable {
        /// The file given to the generator.
        var file: URL
        /// The file and every file it imports, transitively, that exists.
        var inputs: [URL]
        /// The Swift file the generator writes.
        var output: URL
    }

    /// The programs, in the order of the files' paths.
    var programs: [Program]

    /// Plans the programs of `flowFiles` (the target's `.flow` files), writing into `outputDirectory`.
    init(flowFiles: [URL], outputDirectory: URL, readFile: (URL) -> [UInt8]? = FlowBuildPlan.readFile) {
        let files = flowFiles.map { $0.standardizedFileURL }.sorted { $0.path < $1.path }
        var importsOf: [String: [URL]] = [:]
        func imports(of file: URL) -> [URL] {
            if let known = importsOf[file.path] { return known }
            let directory = file.deletingLastPathComponent()
            let found = (readFile(file).map(FlowImportScanner.importPaths(in:)) ?? []).map {
                URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL.absoluteURL
            }
            importsOf[file.path] = found
            return found
        }

        let targetPaths = Set(files.map(\.path))
        var importedByAnother: Set<String> = []
        for file in files {
            for imported in imports(of: file) where imported.path != file.path && targetPaths.contains(imported.path) {
                importedByAnother.insert(imported.path)
            }
        }

        var covered: Set<String> = []
        var roots: [URL] = []
        var closures: [[URL]] = []
        func addRoot(_ root: URL) {
            var seen: Set<String> = [root.path]
            var order = [root]
            var next = 0
            while next < order.count {
                for imported in imports(of: order[next]) where !seen.contains(imported.path) {
                    seen.insert(imported.path)
                    if readFile(imported) != nil { order.append(imported) }
                }
                next += 1
            }
            covered.formUnion(order.map(\.path))
            roots.append(root)
            closures.append(order)
        }
        for file in files where !importedByAnother.contains(file.path) { addRoot(file) }
        for file in files where !covered.contains(file.path) { addRoot(file) }

        var usedNames: Set<String> = []
        programs = zip(roots, closures).map { root, closure in
            let stem = root.deletingPathExtension().lastPathComponent
            var name = "\(stem).flow.swift"
            var suffix = 2
            while usedNames.contains(name.lowercased()) {
                name = "\(stem)\(suffix).flow.swift"
                suffix += 1
            }
            usedNames.insert(name.lowercased())
            return Program(file: root, inputs: closure, output: outputDirectory.appendingPathComponent(name))
        }
    }

    /// The bytes of `file`, or nil when it cannot be read.
    static func readFile(_ file: URL) -> [UInt8]? {
        FileManager.default.contents(atPath: file.path).map { [UInt8]($0) }
    }
}
