import FlowModel

/// A large file parsed in pieces at once, on two cores.
///
/// The file is cut at starts of lines that begin with `flow `: nothing of
/// the language spans such a line but a block comment, and a top-level item
/// ends before it. Each piece is parsed on its own into a tree of its own
/// (the compiler takes a file's trees in order, as it takes the files'),
/// every piece but the first into a table of its own symbols, which are
/// then interned piece by piece in the order they first appear (the order
/// a parse of the whole file gives them) and renumbered in its tree. A
/// piece with any finding (an unclosed brace or comment at a cut, or an
/// error of the file itself) gives the whole file back to the one-thread
/// parse, so the findings are the same as ever; without any, the program
/// is the one the whole file compiles to (`ParallelParseTests` checks it,
/// cutting at every flow of the bundled and random programs).
///
/// The compiler lets go of a tree's bodies once its flows are compiled, so
/// the smaller the pieces, the less of the syntax tree is held beside the
/// program being built: a file is cut into a piece per `pieceSize` bytes.
extension Parser {
    /// Files from this size on are parsed in pieces (1 MiB: about 13,000
    /// routes, 10 ms of parsing; starting a thread costs tens of microseconds).
    static let piecesThreshold = 1 << 20
    /// About how large a piece is, past two: at a million routes (76 MB),
    /// nine pieces, each tree about 40 MB instead of two of 170.
    static let pieceSize = 8 << 20
    /// At most this many pieces.
    static let maxPieces = 16

    /// Where `bytes` may be cut, in increasing order: for each piece after
    /// the first, the first line from its share of the file on that starts
    /// with `flow ` (past the previous cut); empty if there is none. Two
    /// pieces, or one per `pieceSize` bytes, at most `maxPieces`.
    static func cuts(_ bytes: UnsafeBufferPointer<UInt8>, pieceSize: Int = Parser.pieceSize) -> [Int] {
        let pieces = min(maxPieces, max(2, bytes.count / pieceSize))
        var cuts: [Int] = []
        for piece in 1..<pieces {
            let from = max(bytes.count / pieces * piece, (cuts.last ?? 0) + 1)
            guard let cut = flowLine(bytes, from: from) else { break }
            cuts.append(cut)
        }
        return cuts
    }

    /// The first line start at or after `from` whose line starts with
    /// `flow `; nil if there is none.
    static func flowLine(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = max(0, from - 1)
        while i + 5 < bytes.count {
            if bytes[i] == 0x0A, bytes[i + 1] == 0x66, bytes[i + 2] == 0x6C, bytes[i + 3] == 0x6F,
               bytes[i + 4] == 0x77, bytes[i + 5] == 0x20 {
                return i + 1
            }
            i += 1
        }
        return nil
    }

    /// The trees of `buffer` parsed in pieces, cut at the line starts
    /// `cuts` (increasing); nil if any piece has a finding.
    static func parseInPieces(_ buffer: UnsafeBufferPointer<UInt8>, cutAt cuts: [Int], file: Int32,
                              symbols: inout SymbolTable) -> [SyntaxTree]? {
        let bounds = [0] + cuts + [buffer.count]
        for (lower, upper) in zip(bounds, bounds.dropFirst()) {
            precondition(lower < upper && (lower == 0 || buffer[lower - 1] == 0x0A), "a file is cut at increasing line starts")
        }
        let known = symbols
        var pieces = Both.each(bounds.count - 1) { piece -> (SyntaxTree, SymbolTable) in
            var table = piece == 0 ? known : SymbolTable()
            let end = bounds[piece + 1]
            let tree = parse(UnsafeBufferPointer(rebasing: buffer[..<end]), from: bounds[piece], file: file,
                             symbols: &table, reserving: end - bounds[piece])
            return (tree, table)
        }
        guard pieces.allSatisfy({ $0.0.diagnostics.isEmpty }) else { return nil }
        var table = pieces[0].1
        var trees: [SyntaxTree] = []
        for i in pieces.indices {
            // Moved out of `pieces`, so that renumbering writes the tree in
            // place instead of copying every array it shares with `pieces`.
            var tree = SyntaxTree(file: file)
            swap(&tree, &pieces[i].0)
            if i > 0 { tree.renumberSymbols(pieces[i].1.names.map { table.intern($0) }) }
            trees.append(tree)
        }
        symbols = table
        return trees
    }
}
