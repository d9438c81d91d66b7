import FlowModel

/// Which of a directory's `.flow` files are programs of their own
/// (docs/language.md#files-and-programs, v1): every file, except one that another of them imports, directly
/// or through other files: it is checked as part of that program, never on
/// its own.
///
/// Files that import each other in a cycle would otherwise all be left out:
/// of a cycle that no other of the files imports, the first in the given
/// order is the program. In graph terms, the roots are the first file of
/// each component (of files that reach each other through imports) that no
/// file outside it reaches.
///
/// Each file reachable from the candidates is read once, here, and parsed
/// if it mentions `import`, to learn its imports, resolved exactly as
/// `SourceLoader` resolves them (an import that cannot be read leads
/// nowhere, and a file that cannot be read is nobody's import); the
/// programs are then loaded again.
package enum ProgramRoots {
    /// The files of `candidates` (paths, in the order to keep) that are
    /// programs of their own. A candidate that cannot be read is kept, so
    /// that the caller reports it.
    /// - Complexity: O(size of the files reachable from the candidates).
    public static func select(_ candidates: [String], from fileSystem: any FileSystem = DiskFileSystem()) -> [String] {
        guard candidates.count > 1 else { return candidates }
        // Nodes: the candidates first (a path given twice is one node), then the files they reach.
        var paths: [String] = []
        var node: [String: Int32] = [:]
        var candidateNodes: [Int32] = []
        func intern(_ path: String) -> Int32 {
            if let id = node[path] { return id }
            let id = Int32(paths.count)
            node[path] = id
            paths.append(path)
            return id
        }
        for candidate in candidates { candidateNodes.append(intern(PathText.normalize(candidate))) }
        var imports: [(from: Int32, to: Int32)] = []
        var readable: [Bool] = []
        var next = 0
        while next < paths.count {
            let path = paths[next]
            let from = Int32(next)
            next += 1
            guard let bytes = try? fileSystem.read(path) else {
                readable.append(false)
                continue
            }
            readable.append(true)
            // Most files import nothing: a scan for the word is far cheaper than a parse.
            guard mentionsImport(bytes) else { continue }
            var symbols = SymbolTable()
            for importDecl in Parser.parse(bytes, file: 0, symbols: &symbols).imports {
                imports.append((from, intern(SourceLoader.resolve(importDecl.path, importedBy: path))))
            }
        }
        // An import of a file that cannot be read is F105 in the importer's program: the file is not part of it.
        var edges = Digraph.Builder()
        for edge in imports where readable[Int(edge.to)] { edges.add(edge.from, edge.to) }
        let graph = Digraph(nodeCount: paths.count, edges)
        let component = graph.stronglyConnectedComponents()
        let components = Int(component.max().map { $0 + 1 } ?? 0)
        var hasCandidate = [Bool](repeating: false, count: components)
        for n in candidateNodes { hasCandidate[Int(component[Int(n)])] = true }
        // Whether a candidate of another component reaches the component. Components are
        // numbered in reverse topological order: every edge between two goes from a higher
        // number to a lower one, so visiting nodes by decreasing component settles each
        // component before any it imports.
        var reached = [Bool](repeating: false, count: components)
        var byComponent = [[Int32]](repeating: [], count: components)
        for n in 0..<paths.count { byComponent[Int(component[n])].append(Int32(n)) }
        for c in stride(from: components - 1, through: 0, by: -1) where hasCandidate[c] || reached[c] {
            for n in byComponent[c] {
                for e in graph.edges(of: Int(n)) where Int(component[Int(graph.targets[e])]) != c {
                    reached[Int(component[Int(graph.targets[e])])] = true
                }
            }
        }
        var taken = [Bool](repeating: false, count: components)
        var roots: [String] = []
        for (candidate, n) in zip(candidates, candidateNodes) {
            let c = Int(component[Int(n)])
            guard !reached[c], !taken[c] else { continue }
            taken[c] = true
            roots.append(candidate)
        }
        return roots
    }

    /// Whether `import` occurs anywhere in `bytes` (without it, the file has no import).
    /// - Complexity: O(bytes).
    static func mentionsImport(_ bytes: [UInt8]) -> Bool {
        let word: [UInt8] = Array("import".utf8)
        guard bytes.count >= word.count else { return false }
        for i in 0...(bytes.count - word.count) where bytes[i] == word[0] {
            if bytes[i + 1] == word[1], bytes[i + 2] == word[2], bytes[i + 3] == word[3],
               bytes[i + 4] == word[4], bytes[i + 5] == word[5] { return true }
        }
        return false
    }
}
