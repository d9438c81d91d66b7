import FlowDSL
import Testing

/// A directory of files, each given by what it imports.
struct ImportCase: CustomTestStringConvertible, Sendable {
    var name: String
    var imports: [String: [String]]
    var candidates: [String]
    var roots: [String]
    var testDescription: String { name }

    var fileSystem: MemoryFileSystem {
        MemoryFileSystem(imports.mapValues { paths in
            paths.map { "import \"\($0)\"\n" }.joined() + "flow F [entry] { start r  route r [final] }\n"
        })
    }
}

let importCases: [ImportCase] = [
    ImportCase(name: "files that import nothing are each a program",
               imports: ["d/a.flow": [], "d/b.flow": []], candidates: ["d/a.flow", "d/b.flow"], roots: ["d/a.flow", "d/b.flow"]),
    ImportCase(name: "an imported file is not a program, wherever it sorts",
               imports: ["d/a.flow": [], "d/b.flow": ["a.flow"], "d/c.flow": ["b.flow"]],
               candidates: ["d/a.flow", "d/b.flow", "d/c.flow"], roots: ["d/c.flow"]),
    ImportCase(name: "two files that import each other: the first is the program",
               imports: ["d/a.flow": ["b.flow"], "d/b.flow": ["a.flow"]],
               candidates: ["d/a.flow", "d/b.flow"], roots: ["d/a.flow"]),
    ImportCase(name: "a cycle that a third file imports: the third is the program",
               imports: ["d/a.flow": ["b.flow"], "d/b.flow": ["a.flow"], "d/z.flow": ["a.flow"]],
               candidates: ["d/a.flow", "d/b.flow", "d/z.flow"], roots: ["d/z.flow"]),
    ImportCase(name: "a cycle that imports a file that sorts before it: the cycle's first is the program",
               imports: ["d/a.flow": [], "d/b.flow": ["c.flow"], "d/c.flow": ["b.flow", "a.flow"]],
               candidates: ["d/a.flow", "d/b.flow", "d/c.flow"], roots: ["d/b.flow"]),
    ImportCase(name: "an import through a file outside the directory counts",
               imports: ["d/a.flow": ["../lib/x.flow"], "lib/x.flow": ["../d/b.flow"], "d/b.flow": []],
               candidates: ["d/a.flow", "d/b.flow"], roots: ["d/a.flow"]),
    ImportCase(name: "a file that imports itself is still a program",
               imports: ["d/a.flow": ["a.flow"], "d/b.flow": []], candidates: ["d/a.flow", "d/b.flow"],
               roots: ["d/a.flow", "d/b.flow"]),
    ImportCase(name: "a missing import leads nowhere; an unreadable candidate stays, for the caller to report",
               imports: ["d/a.flow": ["gone.flow", "b.flow"]], candidates: ["d/a.flow", "d/b.flow", "d/c.flow"],
               roots: ["d/a.flow", "d/b.flow", "d/c.flow"]),
    ImportCase(name: "a path given twice is one candidate; paths are compared normalized",
               imports: ["d/a.flow": [], "d/b.flow": ["./sub/../a.flow"]],
               candidates: ["d/a.flow", "./d/a.flow", "d/b.flow"], roots: ["d/b.flow"]),
    ImportCase(name: "one file: nothing is read", imports: [:], candidates: ["d/a.flow"], roots: ["d/a.flow"]),
]

@Suite("Which files of a directory are programs (docs/simulate.md, v1)")
struct ProgramRootsTests {
    @Test("the roots", arguments: importCases)
    func roots(_ row: ImportCase) {
        #expect(ProgramRoots.select(row.candidates, from: row.fileSystem) == row.roots)
    }

    @Test("the word import in a comment or a string is no import; an import after it is")
    func importInProse() {
        let files = MemoryFileSystem([
            "d/a.flow": "// import \"b.flow\"\nflow A [entry] { start a  route a \"import \\\"b.flow\\\"\" [final] }\n",
            "d/b.flow": "flow B [entry] { start b  route b [final] }\n",
            "d/c.flow": "/* import */ import \"b.flow\"\n",
        ])
        #expect(ProgramRoots.select(["d/a.flow", "d/b.flow"], from: files) == ["d/a.flow", "d/b.flow"])
        #expect(ProgramRoots.select(["d/a.flow", "d/b.flow", "d/c.flow"], from: files) == ["d/a.flow", "d/c.flow"])
    }

    @Test("a long chain of imports in reverse order is read once per file, not once per program")
    func longChain() {
        // f0000 imports nothing, f0001 imports f0000, ...: only the last is a program.
        var files: [String: String] = [:]
        var candidates: [String] = []
        for i in 0..<3000 {
            let name = "f" + String(i + 10000).dropFirst() + ".flow"
            candidates.append("d/" + name)
            files["d/" + name] = i == 0 ? "" : "import \"f\(String(i - 1 + 10000).dropFirst()).flow\"\n"
        }
        let counting = CountingFileSystem(MemoryFileSystem(files))
        #expect(ProgramRoots.select(candidates, from: counting) == [candidates[candidates.count - 1]])
        #expect(counting.reads == 3000)
    }
}

/// Counts the files read through it (tests run it on one thread).
final class CountingFileSystem: FileSystem, @unchecked Sendable {
    let files: MemoryFileSystem
    private(set) var reads = 0
    init(_ files: MemoryFileSystem) { self.files = files }

    func read(_ path: String) throws(FileReadError) -> [UInt8] {
        reads += 1
        return try files.read(path)
    }
}
