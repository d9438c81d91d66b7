import FlowModel

/// Turns the UTF-8 bytes of one file into tokens, one at a time.
///
/// The lexer never throws and never stops early: an unterminated string or
/// comment (F002) or an invalid byte, escape or UTF-8 sequence (F003) is
/// recorded in `diagnostics` and lexing goes on, so that the parser sees a
/// token stream for any input. Runs of invalid bytes give one diagnostic.
/// Block comments nest, counted iteratively. Line comments that are
/// `flowctl:` directives are collected in `allows` (docs/diagnostics.md, v1).
package struct Lexer {
    /// Upper bound on lexical diagnostics per file; past it the rest are dropped.
    package static let diagnosticLimit = 200

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: Int32
    private var position = 0
    private var sawNewline = true
    /// Lexical findings so far, in source order.
    public private(set) var diagnostics: [Diagnostic] = []
    /// The `// flowctl:allow` comments so far (v1), in source order.
    package private(set) var allows: [AllowComment] = []

    /// Lexes `bytes`, which must stay valid for the lexer's lifetime, from
    /// byte `start` (the start of a line; `Parser.parseInPieces`) on.
    package init(bytes: UnsafeBufferPointer<UInt8>, file: Int32, from start: Int = 0) {
        self.bytes = bytes
        self.file = file
        position = start
        if start == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3 // UTF-8 byte order mark
        }
    }

    /// Moves past the rest of the current line, up to a line break or a `//`
    /// comment outside a string literal, and returns the bytes it passed; the
    /// next token comes after them. For text that is not made of tokens (the
    /// stack after `check ... shows`, docs/language.md#properties-check-v2). The comment is left to
    /// lex as trivia, so an allow comment there still counts.
    package mutating func skipRestOfLine() -> Range<Int> {
        let start = position
        var inString = false
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") { break }
            if inString {
                if b == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "\n") {
                    position += 2
                    continue
                }
                if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                break
            }
            position += 1
        }
        return start..<position
    }

    /// The next token; `.endOfFile` forever once the input is consumed.
    /// Always inlined: the parser's `advance` calls it for every token, and
    /// the call itself cost a fifth of lexing one.
    @inline(__always)
    public mutating func next() -> Token {
        skipSpaces()
        if position < bytes.count, bytes[position] == UInt8(ascii: "/") || bytes[position] == UInt8(ascii: "\n") { skipTrivia() }
        let startsLine = sawNewline
        sawNewline = false
        let start = position
        guard position < bytes.count else {
            return Token(kind: .endOfFile, startsLine: true, start: Int32(start), end: Int32(start))
        }
        let b = bytes[position]
        let kind: TokenKind
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            // A local cursor: the loop keeps it in a register, not in `self`.
            var end = position + 1
            while end < bytes.count, Lexer.continuesIdentifier(bytes[end]) { end += 1 }
            position = end
            kind = .identifier
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            kind = lexNumber()
        case UInt8(ascii: "-"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                kind = .arrow
            } else if position + 1 < bytes.count, ASCII.isDigit(bytes[position + 1]) {
                position += 1
                kind = lexNumber()
            } else {
                position += 1
                report(.invalidCharacter, start, position, "unexpected character '-'")
                kind = .invalid
            }
        case UInt8(ascii: "\""):
            kind = lexString()
        case UInt8(ascii: "{"): position += 1; kind = .leftBrace
        case UInt8(ascii: "}"): position += 1; kind = .rightBrace
        case UInt8(ascii: "("): position += 1; kind = .leftParen
        case UInt8(ascii: ")"): position += 1; kind = .rightParen
        case UInt8(ascii: "["): position += 1; kind = .leftBracket
        case UInt8(ascii: "]"): position += 1; kind = .rightBracket
        case UInt8(ascii: ","): position += 1; kind = .comma
        case UInt8(ascii: ":"): position += 1; kind = .colon
        case UInt8(ascii: "."): position += 1; kind = .dot
        case UInt8(ascii: "/"): position += 1; kind = .slash
        case UInt8(ascii: "!"): position += 1; kind = .bang
        case UInt8(ascii: "="): position += 1; kind = .equals
        default:
            kind = lexInvalidRun()
        }
        return Token(kind: kind, startsLine: startsLine, start: Int32(start), end: Int32(position))
    }

    /// `ASCII.isIdentifierByte`, here so that the hottest loop of the lexer
    /// inlines it: a call across modules is not inlined even when marked so.
    /// One bit per ASCII byte: set for `0`–`9`, `A`–`Z`, `_` and `a`–`z`.
    @inline(__always) private static func continuesIdentifier(_ b: UInt8) -> Bool {
        let bits: UInt64 = b < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return b < 128 && (bits >> UInt64(b & 63)) & 1 != 0
    }

    /// Skips spaces, tabs and carriage returns: the indentation before most
    /// tokens, and what separates the rest. Inlined into `next`, with a
    /// local cursor; line breaks and comments are left to `skipTrivia`.
    @inline(__always) private mutating func skipSpaces() {
        var p = position
        while p < bytes.count, bytes[p] == UInt8(ascii: " ") || bytes[p] == UInt8(ascii: "\t") || bytes[p] == UInt8(ascii: "\r") { p += 1 }
        position = p
    }

    private mutating func skipTrivia() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                sawNewline = true
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                // No token since the last line break: the comment stands alone on its line.
                if let allow = AllowComment.scan(bytes, start, position, file: file, standsAlone: sawNewline) {
                    allows.append(allow)
                }
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                return
            }
        }
    }

    private mutating func skipBlockComment() {
        let start = position
        position += 2
        var depth = 1
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                depth -= 1
                if depth == 0 { return }
            } else if b == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                position += 2
                depth += 1
            } else {
                if b == UInt8(ascii: "\n") { sawNewline = true }
                position += 1
            }
        }
        report(.unterminated, start, start + 2, "unterminated block comment")
    }

    private mutating func lexNumber() -> TokenKind {
        while position < bytes.count, ASCII.isDigit(bytes[position]) { position += 1 }
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), ASCII.isDigit(bytes[position + 1]) {
            position += 1
            while position < bytes.count, ASCII.isDigit(bytes[position]) { position += 1 }
            return .decimal
        }
        return .integer
    }

    private mutating func lexString() -> TokenKind {
        let start = position
        position += 1
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return .string
            }
            if b == UInt8(ascii: "\n") { break }
            if b == UInt8(ascii: "\\") {
                lexEscape()
            } else if b < 0x80 {
                if b < 0x20 && b != UInt8(ascii: "\t") {
                    report(.invalidCharacter, position, position + 1, "control character in string")
                }
                position += 1
            } else {
                lexUTF8Scalar()
            }
        }
        report(.unterminated, start, start + 1, "unterminated string")
        return .string
    }

    private mutating func lexEscape() {
        let start = position
        position += 1
        guard position < bytes.count else { return }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            if StringLiteral.scanUnicodeEscape(bytes, &position) == nil {
                report(.invalidCharacter, start, max(position, start + 2), "invalid unicode escape; expected \\u{1F600} with 1 to 8 hex digits naming a scalar")
            }
        default:
            let end = position + (bytes[position] < 0x80 ? 1 : 0)
            report(.invalidCharacter, start, max(end, start + 1), "invalid escape sequence in string")
            if bytes[position] != UInt8(ascii: "\n") && bytes[position] < 0x80 { position += 1 }
        }
    }

    /// Consumes one UTF-8 encoded scalar starting at a byte >= 0x80, reporting
    /// an invalid sequence (one diagnostic per run of bad bytes).
    private mutating func lexUTF8Scalar() {
        if let length = UTF8Validation.sequenceLength(bytes, position) {
            position += length
            return
        }
        let start = position
        position += 1
        while position < bytes.count, bytes[position] >= 0x80, UTF8Validation.sequenceLength(bytes, position) == nil {
            position += 1
        }
        report(.invalidCharacter, start, position, "invalid UTF-8 sequence")
    }

    private mutating func lexInvalidRun() -> TokenKind {
        let start = position
        let first = bytes[position]
        if first >= 0x80, let length = UTF8Validation.sequenceLength(bytes, position) {
            position += length
            // A run of valid but unexpected scalars (emoji outside strings) is one finding.
            while position < bytes.count, bytes[position] >= 0x80, let l = UTF8Validation.sequenceLength(bytes, position) {
                position += l
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            report(.invalidCharacter, start, position, "unexpected character '\(text.prefix(8))' outside a string")
            return .invalid
        }
        position += 1
        while position < bytes.count, Lexer.isStrayByte(bytes[position]) { position += 1 }
        if first == 0 {
            report(.invalidCharacter, start, position, "NUL byte in source")
        } else if first >= 0x80 {
            report(.invalidCharacter, start, position, "invalid UTF-8 sequence")
        } else {
            let shown = first >= 0x20 && first < 0x7F ? "'\(Character(Unicode.Scalar(first)))'" : String(format0x: first)
            report(.invalidCharacter, start, position, "unexpected character \(shown)")
        }
        return .invalid
    }

    /// Bytes that can never begin a token and are folded into one invalid run.
    private static func isStrayByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F, 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    private mutating func report(_ code: DiagnosticCode, _ start: Int, _ end: Int, _ message: String) {
        guard diagnostics.count < Lexer.diagnosticLimit else { return }
        diagnostics.append(Diagnostic(code, at: SourceSpan(file: file, start: Int32(start), end: Int32(end)), message))
    }
}

extension String {
    /// `0x1B`-style text for a byte.
    init(format0x byte: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }
}
