import FlowModel

/// Properties (v2, docs/language.md#properties-check-v2).
extension Parser {
    /// check    = "check" [ STRING ] property ;
    /// property = "always" "reach" ref
    ///          | "never" ref [ "when" guard ]
    ///          | "reach" ref "within" NUMBER
    ///          | "link" STRING [ "when" guard ] "shows" stack ;
    ///
    /// A malformed check is reported at the unexpected token and skipped to
    /// the next top-level item.
    mutating func parseCheck() {
        let keyword = token
        advance()
        var decl = CheckDecl(kind: .never, span: span(keyword))
        if at == .string {
            decl.label = StringLiteral.decode(bytes, Int(token.start)..<Int(token.end))
            advance()
        }
        let parsed: Bool
        if at("always") {
            advance()
            decl.kind = .alwaysReach
            if at("reach") {
                advance()
                parsed = parseCheckRef(&decl)
            } else {
                error(expected: "'reach' after 'always'")
                parsed = false
            }
        } else if at("never") {
            advance()
            decl.kind = .never
            parsed = parseCheckRef(&decl) && parseCheckGuard(&decl)
        } else if at("reach") {
            advance()
            decl.kind = .reachWithin
            parsed = parseCheckRef(&decl) && parseWithin(&decl)
        } else if at("link") {
            advance()
            decl.kind = .link
            parsed = parseLinkProperty(&decl)
        } else {
            error(expected: "a property after 'check' ('always reach', 'never', 'reach' or 'link')")
            parsed = false
        }
        guard parsed else {
            if !atTopLevelKeyword && !atEnd { skipToTopLevelItem() }
            return
        }
        if decl.kind != .link { decl.span.end = lastConsumedEnd }
        tree.checks.append(decl)
    }

    /// ref = IDENT [ "." IDENT ] ;
    private mutating func parseCheckRef(_ decl: inout CheckDecl) -> Bool {
        guard let first = expectName("a flow or route name") else { return false }
        decl.refFirst = first
        guard consume(.dot) else { return true }
        guard let second = expectName("route name after '\(Diagnostic.quoted(symbols[first.symbol])).'") else { return false }
        decl.refSecond = second
        return true
    }

    /// [ "when" [ "!" ] IDENT ]
    private mutating func parseCheckGuard(_ decl: inout CheckDecl) -> Bool {
        guard at("when") else { return true }
        advance()
        decl.guardNegated = consume(.bang)
        guard let name = expectName("guard name after 'when'") else { return false }
        decl.guardName = name
        return true
    }

    /// "within" NUMBER, a whole number of steps, 0 or more.
    private mutating func parseWithin(_ decl: inout CheckDecl) -> Bool {
        guard at("within") else {
            error(expected: "'within' and a number of steps")
            return false
        }
        advance()
        let text = at == .integer ? String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self) : ""
        guard let limit = Int(text), limit >= 0 else {
            error(expected: "a whole number of steps (0 or more) after 'within'")
            return false
        }
        decl.limit = limit
        advance()
        return true
    }

    /// "link" STRING [ "when" guard ] "shows" stack, the stack being the
    /// rest of the line (up to a `//` comment) as `expect stack` takes it.
    private mutating func parseLinkProperty(_ decl: inout CheckDecl) -> Bool {
        guard at == .string else {
            error(expected: "a URL string after 'link'")
            return false
        }
        decl.url = StringLiteral.decode(bytes, Int(token.start)..<Int(token.end))
        advance()
        guard parseCheckGuard(&decl) else { return false }
        guard at("shows") else {
            error(expected: "'shows' and the stack the URL shows")
            return false
        }
        let shows = span(token)
        // The stack is not made of tokens (`>`, `|` are none): its bytes are
        // taken as they are, and the lexer resumes after them.
        var range = takeRestOfLine()
        while !range.isEmpty, Self.isBlank(bytes[range.lowerBound]) { range = range.dropFirst() }
        while !range.isEmpty, Self.isBlank(bytes[range.upperBound - 1]) { range = range.dropLast() }
        let stackSpan = span(from: Int32(range.lowerBound), to: Int32(range.upperBound))
        decl.span.end = range.isEmpty ? shows.end : stackSpan.end
        guard !range.isEmpty else {
            error("expected a stack after 'shows', as 'expect stack' takes it (a > b | sheet: c)", at: shows)
            return false
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if case .failure(let message) = ExpectedStack.parse(Substring(text)) {
            error("the stack after 'shows' does not parse: \(message.text)", at: stackSpan)
            return false
        }
        decl.stack = text
        decl.stackSpan = stackSpan
        decl.stackNames = scanStackNames(range)
        return true
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    /// The route names of a stack that `ExpectedStack.parse` accepted, in
    /// order, with their spans: identifiers outside parentheses and string
    /// literals that are not a layer kind (followed by `:`), with the
    /// `Flow.` of a qualified name.
    private mutating func scanStackNames(_ range: Range<Int>) -> IndexRange {
        let lower = Int32(tree.stackNames.count)
        var i = range.lowerBound
        var depth = 0
        var inString = false
        while i < range.upperBound {
            let b = bytes[i]
            if inString {
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "(") {
                depth += 1
            } else if b == UInt8(ascii: ")") {
                depth -= 1
            } else if depth == 0, ASCII.isIdentifierByte(b), !ASCII.isDigit(b) {
                let first = identifier(at: i, in: range)
                i = first.upperBound
                var j = i
                while j < range.upperBound, Self.isBlank(bytes[j]) { j += 1 }
                if j < range.upperBound, bytes[j] == UInt8(ascii: ":") { continue } // a layer kind
                var decl = StackNameDecl(flow: nil, route: name(first))
                if i < range.upperBound, bytes[i] == UInt8(ascii: "."), i + 1 < range.upperBound,
                   ASCII.isIdentifierByte(bytes[i + 1]), !ASCII.isDigit(bytes[i + 1]) {
                    let second = identifier(at: i + 1, in: range)
                    decl = StackNameDecl(flow: decl.route, route: name(second))
                    i = second.upperBound
                }
                tree.stackNames.append(decl)
                continue
            }
            i += 1
        }
        return IndexRange(lower, Int32(tree.stackNames.count))
    }

    private func identifier(at start: Int, in range: Range<Int>) -> Range<Int> {
        var end = start + 1
        while end < range.upperBound, ASCII.isIdentifierByte(bytes[end]) { end += 1 }
        return start..<end
    }

    private mutating func name(_ range: Range<Int>) -> Name {
        Name(symbol: symbols.intern(bytes, range), span: span(from: Int32(range.lowerBound), to: Int32(range.upperBound)))
    }
}
