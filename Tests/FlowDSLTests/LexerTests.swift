import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Lexes `text` to (kind, text) pairs and the lexical diagnostics.
func lex(_ text: String) -> (tokens: [(TokenKind, String)], diagnostics: [Diagnostic]) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
        var lexer = Lexer(bytes: buffer, file: 0)
        var tokens: [(TokenKind, String)] = []
        while true {
            let token = lexer.next()
            if token.kind == .endOfFile { break }
            tokens.append((token.kind, String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)))
        }
        return (tokens, lexer.diagnostics)
    }
}

@Suite("Lexer")
struct LexerTests {
    @Test("every kind of token, with comments and whitespace skipped")
    func tokenKinds() {
        let (tokens, diagnostics) = lex("flow A_1 { } ( ) [ ] , : . / ! -> = \"s\" 42 -7 3.25 // line\n/* block /* nested */ still */ end")
        #expect(diagnostics.isEmpty)
        #expect(tokens.map(\.0) == [.identifier, .identifier, .leftBrace, .rightBrace, .leftParen, .rightParen,
                                    .leftBracket, .rightBracket, .comma, .colon, .dot, .slash, .bang, .arrow,
                                    .equals, .string, .integer, .integer, .decimal, .identifier])
        #expect(tokens.map(\.1) == ["flow", "A_1", "{", "}", "(", ")", "[", "]", ",", ":", ".", "/", "!", "->",
                                    "=", "\"s\"", "42", "-7", "3.25", "end"])
    }

    @Test("string escapes decode", arguments: [
        (#""plain""#, "plain"),
        (#""a\"b\\c\nd\te""#, "a\"b\\c\nd\te"),
        (#""smile \u{1F600}!""#, "smile 😀!"),
        (#""café ☕️""#, "café ☕️"),
    ])
    func escapes(source: String, value: String) {
        let bytes = Array(source.utf8)
        let decoded = bytes.withUnsafeBufferPointer { StringLiteral.decode($0, 0..<$0.count) }
        #expect(decoded == value)
        #expect(lex(source).diagnostics.isEmpty)
    }

    @Test("lexical errors are reported where they start and lexing goes on", arguments: [
        ("\"open", "F002", 0, "unterminated string"),
        ("a /* never closed", "F002", 2, "unterminated block comment"),
        ("\"bad \\q\"", "F003", 5, "invalid escape sequence in string"),
        ("\"bad \\u{110000}\"", "F003", 5, "invalid unicode escape; expected \\u{1F600} with 1 to 8 hex digits naming a scalar"),
        ("a § b", "F003", 2, "unexpected character '§' outside a string"),
        ("a \u{0} b", "F003", 2, "NUL byte in source"),
        ("a - b", "F003", 2, "unexpected character '-'"),
    ])
    func lexicalErrors(source: String, code: String, offset: Int32, message: String) {
        let diagnostics = lex(source).diagnostics
        #expect(diagnostics.map(\.code.rawValue) == [code])
        #expect(diagnostics.first?.span.start == offset)
        #expect(diagnostics.first?.message == message)
    }

    @Test("a run of invalid UTF-8 bytes is one finding, and the identifiers around it survive")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("a ".utf8) + [0xFF, 0xFE, 0xC0, 0x80] + Array(" b".utf8)
        let tokens = bytes.withUnsafeBufferPointer { buffer -> ([TokenKind], [Diagnostic]) in
            var lexer = Lexer(bytes: buffer, file: 0)
            var kinds: [TokenKind] = []
            while true {
                let t = lexer.next()
                if t.kind == .endOfFile { break }
                kinds.append(t.kind)
            }
            return (kinds, lexer.diagnostics)
        }
        #expect(tokens.0 == [.identifier, .invalid, .identifier])
        #expect(tokens.1.map(\.message) == ["invalid UTF-8 sequence"])
        #expect(tokens.1.first?.span == SourceSpan(file: 0, start: 2, end: 6))
    }

    @Test("deeply nested block comments are counted, not recursed")
    func deepComments() {
        let depth = 100_000
        let source = String(repeating: "/*", count: depth) + String(repeating: "*/", count: depth) + " x"
        let (tokens, diagnostics) = lex(source)
        #expect(diagnostics.isEmpty)
        #expect(tokens.map(\.1) == ["x"])
    }

    /// The identifier loop tests a byte against a bit mask: exactly the
    /// letters, digits and `_` continue a name, every other byte ends it.
    @Test("exactly letters, digits and underscores continue an identifier", arguments: 0...255)
    func identifierContinuation(byte: Int) {
        let bytes: [UInt8] = [UInt8(ascii: "a"), UInt8(byte), UInt8(ascii: " ")]
        let end = bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, file: 0)
            return lexer.next().end
        }
        let b = UInt8(byte)
        let continues = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
        #expect(end == (continues ? 2 : 1))
    }

    @Test("spaces, tabs and carriage returns before a token, and line breaks and comments among them", arguments: [
        ("y  \t\r x", false),
        ("y\n x", true),
        ("y  // note\n\t x", true),
        ("y /* a\nb */ x", true),
        ("y /* ab */\tx", false),
    ])
    func triviaBeforeAToken(source: String, startsLine: Bool) {
        let bytes = Array(source.utf8)
        let (tokens, diagnostics) = lex(source)
        #expect(diagnostics.isEmpty)
        #expect(tokens.map(\.1) == ["y", "x"])
        let second = bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, file: 0)
            _ = lexer.next()
            return lexer.next()
        }
        #expect(Int(second.start) == bytes.count - 1)
        #expect(second.startsLine == startsLine)
    }
}
