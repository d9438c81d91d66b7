import FlowModel

/// The kinds of token of the flow language (docs/language.md#lexical-structure).
///
/// Keywords are contextual, so they lex as `identifier`; the parser asks
/// `Token.is(_:in:)` where the grammar expects one.
package enum TokenKind: UInt8, Sendable {
    case identifier, string, integer, decimal
    case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
    case comma, colon, dot, slash, bang, arrow
    /// `=` of a parameter's default (v2, docs/language.md "Defaults").
    case equals
    /// Bytes that form no token; the lexer has reported them.
    case invalid
    case endOfFile

    /// How the kind is named in "expected X" messages.
    public var description: String {
        switch self {
        case .identifier: "identifier"
        case .string: "string"
        case .integer: "integer"
        case .decimal: "number"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .comma: "','"
        case .colon: "':'"
        case .dot: "'.'"
        case .slash: "'/'"
        case .bang: "'!'"
        case .arrow: "'->'"
        case .equals: "'='"
        case .invalid: "invalid input"
        case .endOfFile: "end of file"
        }
    }
}

/// One token: its kind and byte range, and whether a line break precedes it
/// (the parser resynchronises on item keywords that start a line).
package struct Token: Sendable {
    public var kind: TokenKind
    package var startsLine: Bool
    public var start: Int32
    package var end: Int32

    package init(kind: TokenKind, startsLine: Bool, start: Int32, end: Int32) {
        self.kind = kind
        self.startsLine = startsLine
        self.start = start
        self.end = end
    }
}
