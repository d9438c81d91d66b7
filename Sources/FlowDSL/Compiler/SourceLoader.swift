import FlowModel

/// Loads a file and everything it imports (transitively, each file once;
/// cycles are harmless) and parses each one.
///
/// The import graph is walked with an explicit worklist, never recursion.
/// An import that cannot be read is F105 at the import's path string; a root
/// file that cannot be read is a `FileReadError` for the caller (exit 2).
public struct SourceLoader {
    /// The loaded files, the root first; `SourceSpan.file` indexes them.
    public private(set) var files: [SourceFile] = []
    /// The files' trees, in the same order: one per file, or a few for a
    /// large file parsed in pieces (`Parser.parseTrees`); `SyntaxTree.file` says whose.
    package private(set) var trees: [SyntaxTree] = []
    /// Every name seen, shared by all files.
    package private(set) var symbols = SymbolTable()
    /// F105 findings.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Loads `path` and its imports through `fileSystem`.
    public static func load(_ path: String, from fileSystem: any FileSystem) throws(FileReadError) -> SourceLoader {
        var loader = SourceLoader()
        let root = PathText.normalize(path)
        let bytes = try fileSystem.read(root)
        loader.add(path: path, bytes: bytes)
        var seen: Set<String> = [root]
        var next = 0
        while next < loader.trees.count {
            let tree = loader.trees[next]
            let importer = loader.files[Int(tree.file)].path
            next += 1
            for importDecl in tree.imports {
                let target = resolve(importDecl.path, importedBy: importer)
                guard seen.insert(target).inserted else { continue }
                do {
                    loader.add(path: target, bytes: try fileSystem.read(target))
                } catch {
                    seen.remove(target)
                    loader.diagnostics.append(Diagnostic(.importNotFound, at: importDecl.span,
                                                         "cannot import '\(Diagnostic.quoted(importDecl.path))': \(error.reason)"))
                }
            }
        }
        return loader
    }

    /// The path an `import` names, normalized: relative to the importing
    /// file's directory, unless absolute.
    package static func resolve(_ importPath: String, importedBy importer: String) -> String {
        PathText.join(PathText.directory(of: importer), importPath)
    }

    /// Loads in-memory text as a single file (no imports are followed
    /// unless `fileSystem` is given).
    public static func load(text: String, path: String = "input.flow") -> SourceLoader {
        var loader = SourceLoader()
        loader.add(path: path, bytes: Array(text.utf8))
        for tree in loader.trees {
            for importDecl in tree.imports {
                loader.diagnostics.append(Diagnostic(.importNotFound, at: importDecl.span,
                                                     "cannot import '\(importDecl.path)': no file system"))
            }
        }
        return loader
    }

    /// Hands the trees over (to the compiler, which lets go of each one's
    /// bodies as soon as it is done with them) and keeps none.
    package mutating func takeTrees() -> [SyntaxTree] {
        defer { trees = [] }
        return trees
    }

    /// Hands over the files' bytes and keeps their paths: once every file
    /// is parsed, nothing before the findings' rendering reads the text
    /// (`Validation` sets a large program's aside while it is checked).
    package mutating func takeSourceBytes() -> [[UInt8]] {
        defer { files = files.map { SourceFile(path: $0.path, bytes: []) } }
        return files.map(\.bytes)
    }

    private mutating func add(path: String, bytes: [UInt8]) {
        let file = Int32(files.count)
        files.append(SourceFile(path: path, bytes: bytes))
        trees += Parser.parseTrees(bytes, file: file, symbols: &symbols)
    }
}
