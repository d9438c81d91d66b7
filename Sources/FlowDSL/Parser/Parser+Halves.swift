import FlowModel

/// A large file parsed in two halves at once, on two cores.
///
/// The file is cut at the start of a line that begins with `flow ` (the
/// first from the middle on): nothing of the language spans such a line but a
/// block comment, and a top-level item ends before it. Each half is parsed
/// on its own into a tree of its own (the compiler takes a file's trees in
/// order, as it takes the files'), the second into a table of its own
/// symbols, which are then interned in the order they first appear (the
/// order a parse of the whole file gives them) and renumbered in its tree.
/// A half with any finding (an unclosed brace or comment at the cut, or an
/// error of the file itself) gives the whole file back to the one-thread
/// parse, so the findings are the same as ever; without any, the program is
/// the one the whole file compiles to (`ParallelParseTests` checks it,
/// cutting at every flow of the bundled and random programs).
extension Parser {
    /// Files from this size on are parsed in halves (1 MiB: about 13,000
    /// routes, 10 ms of parsing; starting a thread costs tens of microseconds).
    static let halvesThreshold = 1 << 20

    /// Where `bytes` may be cut: the first line from the middle on that
    /// starts with `flow `, nil if there is none.
    static func halfway(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = max(0, bytes.count / 2 - 1)
        while i + 5 < bytes.count {
            if bytes[i] == 0x0A, bytes[i + 1] == 0x66, bytes[i + 2] == 0x6C, bytes[i + 3] == 0x6F,
               bytes[i + 4] == 0x77, bytes[i + 5] == 0x20 {
                return i + 1
            }
            i += 1
        }
        return nil
    }

    /// The trees of `buffer` parsed in two halves, the second from byte
    /// `cut` (a line start); nil if either half has a finding.
    static func parseInHalves(_ buffer: UnsafeBufferPointer<UInt8>, cutAt cut: Int, file: Int32,
                              symbols: inout SymbolTable) -> [SyntaxTree]? {
        precondition(cut > 0 && cut < buffer.count && buffer[cut - 1] == 0x0A, "a file is cut at the start of a line")
        let known = symbols
        let (first, second) = Both.run({ () -> (SyntaxTree, SymbolTable) in
            var table = known
            let tree = parse(UnsafeBufferPointer(rebasing: buffer[..<cut]), from: 0, file: file,
                             symbols: &table, reserving: cut)
            return (tree, table)
        }, { () -> (SyntaxTree, SymbolTable) in
            var table = SymbolTable()
            let tree = parse(buffer, from: cut, file: file, symbols: &table, reserving: buffer.count - cut)
            return (tree, table)
        })
        guard first.0.diagnostics.isEmpty, second.0.diagnostics.isEmpty else { return nil }
        var table = first.1
        let renumbered = second.1.names.map { table.intern($0) }
        var rest = second.0
        rest.renumberSymbols(renumbered)
        symbols = table
        return [first.0, rest]
    }
}
