import FlowModel

/// The hand-written parser of the flow language (docs/language.md#flows-routes-handlers).
///
/// Design, in the manner of swift-syntax's parser:
/// - One function per grammar rule, one file per family of rules:
///   `Parser+Flow.swift` (flows, routes, parameters, attributes),
///   `Parser+Handler.swift` (handlers, actions, targets, arguments),
///   `Parser+Link.swift` (imports and links), `Parser+Check.swift` (v2
///   properties), `Parser+Recovery.swift`.
/// - It pulls tokens from the `Lexer` one at a time (one token of lookahead,
///   plus `peek()` where `C.x` needs a second), so memory stays proportional
///   to the tree, not to the token count.
/// - `expect` reports a missing token and returns nil instead of failing;
///   the caller carries on as if it were there (synthesize-missing). An
///   unexpected token is reported and skipped up to a synchronisation point
///   (skip-unexpected): `}`, or an item keyword that starts a line.
/// - The grammar has no recursive rule, so parsing never recurses; skipping
///   counts nested braces in an integer. Every loop consumes a token or
///   leaves, so any input terminates.
/// - Keywords are contextual: they are identifiers compared by bytes where
///   the grammar expects one, so a route may be called `start` or `node`.
package struct Parser {
    /// Upper bound on syntax errors per file before the parser gives up.
    package static let errorLimit = 100

    var lexer: Lexer
    var token: Token
    private var lookahead: Token?
    let bytes: UnsafeBufferPointer<UInt8>
    let file: Int32
    var symbols: SymbolTable
    var tree: SyntaxTree
    private var lastErrorAt: Int32 = -1
    /// The end of the last token consumed, for spans that end there.
    var lastConsumedEnd: Int32 = 0
    private(set) var syntaxErrors = 0

    /// Parses one file's bytes into a tree, interning names into `symbols`.
    public static func parse(_ bytes: [UInt8], file: Int32, symbols: inout SymbolTable) -> SyntaxTree {
        bytes.withUnsafeBufferPointer { buffer in
            parse(buffer, from: 0, file: file, symbols: &symbols, reserving: buffer.count)
        }
    }

    /// Parses one file's bytes into its trees, in order: one tree, or a
    /// few for a large file, parsed in pieces at once (`parseInPieces`).
    package static func parseTrees(_ bytes: [UInt8], file: Int32, symbols: inout SymbolTable) -> [SyntaxTree] {
        bytes.withUnsafeBufferPointer { buffer in
            if buffer.count >= piecesThreshold, case let cuts = Parser.cuts(buffer), !cuts.isEmpty,
               let trees = parseInPieces(buffer, cutAt: cuts, file: file, symbols: &symbols) {
                return trees
            }
            return [parse(buffer, from: 0, file: file, symbols: &symbols, reserving: buffer.count)]
        }
    }

    /// Parses `buffer` from byte `start` to its end (spans are offsets in
    /// `buffer`), with room in the tree for a file of `reserving` bytes.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, file: Int32,
                      symbols: inout SymbolTable, reserving: Int) -> SyntaxTree {
        var parser = Parser(bytes: buffer, from: start, file: file, symbols: symbols, reserving: reserving)
        parser.parseFile()
        symbols = parser.symbols
        var tree = parser.tree
        tree.diagnostics = parser.lexer.diagnostics + tree.diagnostics
        tree.diagnostics.sort(by: Diagnostic.sourceOrder)
        tree.allows = parser.lexer.allows
        return tree
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, from start: Int, file: Int32, symbols: SymbolTable, reserving: Int) {
        self.bytes = bytes
        self.file = file
        self.symbols = symbols
        self.tree = SyntaxTree(file: file)
        tree.reserveCapacity(forSourceSize: reserving)
        self.lexer = Lexer(bytes: bytes, file: file, from: start)
        self.token = Token(kind: .endOfFile, startsLine: true, start: 0, end: 0)
        advance()
    }

    // MARK: - Tokens

    /// Moves to the next token that is not `.invalid` (the lexer reported those).
    mutating func advance() {
        lastConsumedEnd = token.end
        repeat {
            if let next = lookahead {
                token = next
                lookahead = nil
            } else {
                token = lexer.next()
            }
        } while token.kind == .invalid
    }

    /// Skips the rest of the current token's line (to a line break or a `//`
    /// comment) without lexing it, returns its byte range, and moves to the
    /// first token after it. Callers never `peek()` before (the lexer would
    /// already be past the next token).
    mutating func takeRestOfLine() -> Range<Int> {
        precondition(lookahead == nil, "takeRestOfLine after peek")
        let range = lexer.skipRestOfLine()
        advance()
        return range
    }

    /// The token after the current one.
    mutating func peek() -> Token {
        if let next = lookahead { return next }
        var next = lexer.next()
        while next.kind == .invalid { next = lexer.next() }
        lookahead = next
        return next
    }

    var at: TokenKind { token.kind }
    var atEnd: Bool { token.kind == .endOfFile || syntaxErrors >= Parser.errorLimit }

    @inline(__always)
    func span(_ t: Token) -> SourceSpan { SourceSpan(file: file, start: t.start, end: t.end) }
    @inline(__always)
    func span(from start: Int32, to end: Int32) -> SourceSpan { SourceSpan(file: file, start: start, end: end) }

    /// Whether the current token is the identifier `keyword`.
    @inline(__always)
    func at(_ keyword: StaticString) -> Bool { token.kind == .identifier && Parser.matches(token, keyword, in: bytes) }

    /// Whether `t`'s text in `bytes` is `keyword`. Static, with the bytes
    /// passed: a call of a method that is not inlined passes the whole parser,
    /// its syntax tree and symbol table included, by copy.
    static func matches(_ t: Token, _ keyword: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = Int(t.end - t.start)
        guard count == keyword.utf8CodeUnitCount else { return false }
        let k = keyword.utf8Start
        var i = 0
        let base = Int(t.start)
        while i < count {
            if bytes[base + i] != k[i] { return false }
            i += 1
        }
        return true
    }

    /// Interns the current identifier and advances.
    mutating func takeName() -> Name {
        let name = Name(symbol: symbols.intern(bytes, Int(token.start)..<Int(token.end)), span: span(token))
        advance()
        return name
    }

    /// Takes an identifier, or reports "expected `what`" and returns nil.
    mutating func expectName(_ what: String) -> Name? {
        if at == .identifier { return takeName() }
        error(expected: what)
        return nil
    }

    /// Consumes a token of `kind`, or reports "expected `what`" and returns false.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ what: String? = nil) -> Bool {
        if at == kind {
            advance()
            return true
        }
        error(expected: what ?? kind.description)
        return false
    }

    /// Consumes a token of `kind` if it is the current one.
    mutating func consume(_ kind: TokenKind) -> Bool {
        guard at == kind else { return false }
        advance()
        return true
    }

    // MARK: - Errors

    /// Reports "expected X, found Y" at the current token.
    mutating func error(expected what: String) {
        error("expected \(what), found \(describeCurrent())")
    }

    /// Reports a syntax error at the current token, once per token.
    mutating func error(_ message: String, notes: [DiagnosticNote] = []) {
        error(message, at: span(token), notes: notes)
    }

    mutating func error(_ message: String, at place: SourceSpan, notes: [DiagnosticNote] = []) {
        guard place.start != lastErrorAt else { return }
        lastErrorAt = place.start
        syntaxErrors += 1
        if syntaxErrors == Parser.errorLimit {
            tree.diagnostics.append(Diagnostic(.syntax, at: place, "too many syntax errors; giving up on this file"))
            return
        }
        tree.diagnostics.append(Diagnostic(.syntax, at: place, message, notes: notes))
    }

    /// How the current token is named in messages: its text, shortened.
    func describeCurrent() -> String {
        switch token.kind {
        case .identifier, .integer, .decimal:
            let count = Int(token.end - token.start)
            let shown = min(count, 24)
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start) + shown]), as: UTF8.self)
            return "'\(text)\(count > shown ? "…" : "")'"
        case .string: return "a string"
        default: return token.kind.description
        }
    }

    // MARK: - File

    /// file = { import | flow | link | check } ;
    mutating func parseFile() {
        while !atEnd {
            if at("flow") {
                parseFlow()
            } else if at("link") {
                parseLink()
            } else if at("import") {
                parseImport()
            } else if at("check") {
                parseCheck()
            } else {
                error(expected: "'flow', 'link', 'import' or 'check'")
                skipToTopLevelItem()
            }
        }
    }
}
