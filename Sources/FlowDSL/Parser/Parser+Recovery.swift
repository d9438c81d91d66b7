import FlowModel

/// Skip-unexpected recovery: each function consumes at least one token, then
/// skips to a point where parsing can resume, counting nested braces so that
/// a `}` closing a skipped `{` is not taken for the end of the enclosing
/// item. Depth is an integer, not recursion: 200,000 nested braces cost
/// nothing but the scan.
extension Parser {
    /// Skips to the next `flow`, `link`, `import` or `check` at the start of a line, outside braces.
    mutating func skipToTopLevelItem() {
        var depth = 0
        repeat {
            if at == .leftBrace { depth += 1 } else if at == .rightBrace, depth > 0 { depth -= 1 }
            advance()
        } while !atEnd && !(depth == 0 && atTopLevelKeyword)
    }

    /// Skips to the next item of a flow body (`route`, `on`, `start`, `tabs`
    /// at a line start), or to the `}` closing the body.
    mutating func skipToFlowItem() {
        var depth = 0
        repeat {
            if at == .leftBrace { depth += 1 } else if at == .rightBrace, depth > 0 { depth -= 1 }
            advance()
        } while !atEnd && !(depth == 0 && (at == .rightBrace || atFlowItemKeyword || atTopLevelKeyword))
    }

    /// Skips the rest of a broken handler: to the next line-start item
    /// keyword or a `}` that closes the enclosing body.
    mutating func skipToHandlerEnd() {
        var depth = 0
        while !atEnd && !(depth == 0 && (at == .rightBrace || atFlowItemKeyword || atTopLevelKeyword)) {
            if at == .leftBrace { depth += 1 } else if at == .rightBrace, depth > 0 { depth -= 1 }
            advance()
        }
    }

    var atTopLevelKeyword: Bool {
        token.startsLine && (at("flow") || at("link") || at("import") || at("check"))
    }

    var atFlowItemKeyword: Bool {
        token.startsLine && (at("route") || at("on") || at("start") || at("tabs"))
    }
}
