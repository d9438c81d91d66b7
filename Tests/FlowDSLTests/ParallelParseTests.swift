@testable import FlowDSL
import FlowModel
import FlowTestSupport
import Foundation
import Testing

/// A large file is parsed in pieces on two cores (`Parser.parseInPieces`):
/// the program compiled from the pieces is the whole file's, field by field,
/// wherever the file is cut, once or more; and a piece with a finding gives
/// the file back to the one-thread parse.
@Suite struct ParallelParseTests {
    /// Every offset where a line starts with `flow `: where a file may be cut.
    static func cuts(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        let flow = Array("flow ".utf8)
        return (1..<max(1, bytes.count - 5)).filter { i in
            bytes[i - 1] == 0x0A && Array(bytes[i..<i + 5]) == flow
        }
    }

    /// The program, findings and allow comments, written out in full
    /// (every field of every declaration, spans and symbols included).
    static func compiled(_ trees: [SyntaxTree], _ symbols: SymbolTable, _ text: String) -> String {
        let result = Compiler.compile(trees: trees, symbols: symbols, files: [SourceFile(path: "cut.flow", bytes: Array(text.utf8))],
                                      diagnostics: [])
        return String(reflecting: result.program) + "\n" + String(reflecting: result.diagnostics) + "\n" + String(reflecting: result.allows)
    }

    static func whole(_ text: String) -> (tree: SyntaxTree, compiled: String) {
        var symbols = SymbolTable()
        let tree = Parser.parse(Array(text.utf8), file: 0, symbols: &symbols)
        return (tree, compiled([tree], symbols, text))
    }

    static func halves(_ text: String, cutAt cut: Int) -> String? { pieces(text, cutAt: [cut]) }

    static func pieces(_ text: String, cutAt cuts: [Int]) -> String? {
        var symbols = SymbolTable()
        let trees = Array(text.utf8).withUnsafeBufferPointer { Parser.parseInPieces($0, cutAt: cuts, file: 0, symbols: &symbols) }
        return trees.map { compiled($0, symbols, text) }
    }

    static let bundled: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return ["flows", "flows/photoshare"].flatMap { folder -> [String] in
            let directory = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".flow") }.sorted().compactMap {
                try? String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)
            }
        }
    }()

    @Test func theBundledFlowsCompileTheSameCutAtEveryFlow() throws {
        // Five apps in single files, and Shutter's seven.
        #expect(Self.bundled.count == 12)
        for text in Self.bundled {
            let whole = Self.whole(text)
            #expect(whole.tree.diagnostics.isEmpty)
            for cut in Self.cuts(text) {
                let halves = try #require(Self.halves(text, cutAt: cut))
                #expect(halves == whole.compiled, "cut at byte \(cut)")
            }
        }
    }

    @Test(arguments: 1...24 as ClosedRange<UInt64>)
    func randomProgramsCompileTheSameCutAtEveryFlow(seed: UInt64) throws {
        let text = randomProgram(seed: seed, size: 4)
        let whole = Self.whole(text)
        #expect(whole.tree.diagnostics.isEmpty)
        let cuts = Self.cuts(text)
        #expect(cuts.count >= 2)
        for cut in cuts {
            let halves = try #require(Self.halves(text, cutAt: cut))
            #expect(halves == whole.compiled, "seed \(seed), cut at byte \(cut)")
        }
        // In three pieces and more: every cut but one, every other cut, all of them.
        for (i, skipped) in cuts.enumerated() {
            let rest = cuts.filter { $0 != skipped }
            guard rest.count >= 2 else { continue }
            let pieces = try #require(Self.pieces(text, cutAt: rest))
            #expect(pieces == whole.compiled, "seed \(seed), cuts at \(rest) (all but the \(i)th)")
        }
        let everyOther = cuts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        #expect(try #require(Self.pieces(text, cutAt: everyOther)) == whole.compiled, "seed \(seed), cuts at \(everyOther)")
        #expect(try #require(Self.pieces(text, cutAt: cuts)) == whole.compiled, "seed \(seed), cut at every flow")
    }

    @Test func aBadPieceAmongManyGivesTheFileBack() {
        let text = "flow A [entry] { start a  route a {} }\nflow B { start b  route b { on go -> } }\nflow C { start c  route c {} }\n"
        #expect(Self.pieces(text, cutAt: Self.cuts(text)) == nil)
        #expect(Self.pieces(text, cutAt: [Self.cuts(text)[1]]) == nil)
    }

    @Test func aCutInsideABlockCommentGivesTheFileBack() {
        let text = "flow A [entry] { start a  route a {} }\n/* a comment\nflow B { start b  route b {} }\n*/\nflow C { start c  route c {} }\n"
        let cuts = Self.cuts(text)
        #expect(cuts.count == 2)
        #expect(Self.halves(text, cutAt: cuts[0]) == nil)
        // The cut after the comment is a clean one.
        #expect(Self.halves(text, cutAt: cuts[1]) == Self.whole(text).compiled)
    }

    @Test func aCutInsideAnUnclosedFlowGivesTheFileBack() {
        let text = "flow A [entry] { start a  route a {\nflow B { start b  route b {} }\n"
        #expect(Self.halves(text, cutAt: Self.cuts(text)[0]) == nil)
    }

    @Test func aFileWithAnErrorIsParsedWhole() {
        let text = "flow A [entry] { start a  route a { on go -> } }\nflow B { start b  route b {} }\n"
        #expect(Self.halves(text, cutAt: Self.cuts(text)[0]) == nil)
    }

    @Test(arguments: [
        ("flow A {}\nflow B {}\n", [10]),
        ("flow A {}\nflow B {}\nflow C {}\n", [20]),
        ("flow A {}\n  flow B {}\nflowC {}\n", []),
        ("flow A {}\n", []),
    ])
    func aSmallFileIsCutAtTheFirstFlowLineAfterTheMiddle(_ item: (String, [Int])) {
        let cuts = Array(item.0.utf8).withUnsafeBufferPointer { Parser.cuts($0) }
        #expect(cuts == item.1)
    }

    /// A piece per `pieceSize` bytes (at most `maxPieces`), each cut at the
    /// first flow line from its share of the file on, past the cut before.
    @Test(arguments: [(1, 2), (3, 3), (5, 5), (40, Parser.maxPieces)])
    func aLargeFileIsCutOncePerPieceSize(_ item: (sizes: Int, pieces: Int)) {
        let flow = "flow F {\n" + String(repeating: "  // padding\n", count: 10) + "}\n"
        let pieceSize = 4096
        let count = item.sizes * pieceSize / flow.utf8.count + 1
        let bytes = Array(String(repeating: flow, count: count).utf8)
        let cuts = bytes.withUnsafeBufferPointer { Parser.cuts($0, pieceSize: pieceSize) }
        #expect(cuts.count == item.pieces - 1)
        let share = bytes.count / item.pieces
        for (i, cut) in cuts.enumerated() {
            #expect(cut >= share * (i + 1) && cut < share * (i + 1) + flow.utf8.count, "cut \(i) at \(cut)")
            #expect(Array(bytes[cut..<cut + 5]) == Array("flow ".utf8) && bytes[cut - 1] == 0x0A)
        }
    }

    /// Past the threshold, `parseTrees` gives two trees (a file of less than
    /// two `pieceSize`s), and the loader and compiler take them as the whole file.
    @Test func aLargeFileIsLoadedInTwoTreesAndCompilesTheSame() throws {
        var text = "flow App [entry] {\n  start F0\n}\n"
        var i = 0
        while text.utf8.count < Parser.piecesThreshold + 1000 {
            text += "flow F\(i) {\n  start a\n  route a {\n    on next -> push b\n    on go -> start F\(i + 1)\n  }\n  route b \"B \(i)\" {}\n}\n"
            i += 1
        }
        text += "flow F\(i) {\n  start a\n  route a {}\n}\n"
        var symbols = SymbolTable()
        let trees = Parser.parseTrees(Array(text.utf8), file: 0, symbols: &symbols)
        #expect(trees.count == 2)
        let loaded = Compiler.compile(SourceLoader.load(text: text, path: "large.flow"))
        var wholeSymbols = SymbolTable()
        let tree = Parser.parse(Array(text.utf8), file: 0, symbols: &wholeSymbols)
        let whole = Compiler.compile(trees: [tree], symbols: wholeSymbols, files: loaded.program.files, diagnostics: [])
        #expect(loaded.diagnostics == whole.diagnostics)
        #expect(loaded.program.dump() == whole.program.dump())
        #expect(loaded.program.symbols.names == whole.program.symbols.names)
        #expect(loaded.program.routes.map(\.span) == whole.program.routes.map(\.span))
        #expect(loaded.program.handlers.map(\.span) == whole.program.handlers.map(\.span))
    }
}
