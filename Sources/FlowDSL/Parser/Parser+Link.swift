import FlowModel

/// Imports and deep links.
extension Parser {
    /// import = "import" STRING ;
    mutating func parseImport() {
        advance()
        guard at == .string else {
            error(expected: "a path string after 'import'")
            skipToTopLevelItem()
            return
        }
        let path = StringLiteral.decode(bytes, Int(token.start)..<Int(token.end))
        tree.imports.append(ImportDecl(path: path, span: span(token)))
        advance()
    }

    /// link = "link" [ IDENT ] ( STRING | "default" ) "->" body [ "when" guard "else" action { "then" action } ] ;
    /// body = step { "/" step } { "then" action } | "over" action { "then" action } ;   (v2, docs/language.md)
    /// step = IDENT [ args ] ;
    ///
    /// `default` after `link` (or after its name) is the keyword, so no
    /// link is named `default`.
    mutating func parseLink() {
        advance()
        var linkName: Name?
        if at == .identifier && !at("default") {
            linkName = expectName("link name")
        }
        let pattern: String
        let patternSpan = span(token)
        var isDefault = false
        if at("default") {
            pattern = "default"
            isDefault = true
        } else if at == .string {
            pattern = StringLiteral.decode(bytes, Int(token.start)..<Int(token.end))
        } else {
            error(expected: linkName == nil ? "a link name, a URL pattern string or 'default' after 'link'"
                : "a URL pattern string or 'default' after the link's name")
            skipToTopLevelItem()
            return
        }
        advance()
        guard expect(.arrow, "'->' and the link's target path, or 'over' and actions") else {
            skipToTopLevelItem()
            return
        }
        let start = token.start
        var link: LinkDecl
        // `over` is a keyword here unless it is the first flow of a path (`over/...`).
        if at("over") && peek().kind != .slash {
            advance()
            link = LinkDecl(pattern: pattern, patternSpan: patternSpan, path: .empty, arguments: .empty, targetSpan: span(from: start, to: lastConsumedEnd))
            link.isOver = true
            guard let actions = parseLinkActions(first: true) else { return }
            link.actions = actions
            link.targetSpan = span(from: start, to: lastConsumedEnd)
        } else {
            var path: [Name] = []
            var stepArguments: [IndexRange] = []
            repeat {
                guard let name = expectName("flow or route name in the link's target path") else {
                    skipToTopLevelItem()
                    return
                }
                path.append(name)
                stepArguments.append(at == .leftParen ? parseArguments() : .empty)
            } while consume(.slash)
            link = LinkDecl(pattern: pattern, patternSpan: patternSpan, path: appendNames(path),
                            arguments: stepArguments.last ?? .empty, targetSpan: span(from: start, to: lastConsumedEnd))
            link.flowArguments = Array(stepArguments.dropLast())
            if at("then") {
                guard let actions = parseLinkActions(first: false) else { return }
                link.actions = actions
            }
        }
        link.name = linkName
        link.isDefault = isDefault
        if at("when") {
            advance()
            link.gateNegated = consume(.bang)
            guard let name = expectName("guard name after 'when'") else {
                if !atTopLevelKeyword && !atEnd { skipToTopLevelItem() }
                return
            }
            guard at("else") else {
                error(expected: "'else' and the actions to run while '\(Diagnostic.quoted(symbols[name.symbol]))' does not hold")
                if !atTopLevelKeyword && !atEnd { skipToTopLevelItem() }
                return
            }
            advance()
            guard let actions = parseLinkActions(first: true) else { return }
            link.gateName = name
            link.gateActions = actions
        }
        tree.links.append(link)
    }

    /// `A then B ...` of a link (`first`: the first action comes without
    /// `then`), appended to the tree's actions; nil after an error, with the
    /// rest of the link skipped.
    private mutating func parseLinkActions(first: Bool) -> IndexRange? {
        let lower = Int32(tree.actions.count)
        var needsThen = !first
        while !needsThen || consumeThen() {
            needsThen = true
            guard let action = parseAction() else {
                tree.actions.removeSubrange(Int(lower)...)
                if !atTopLevelKeyword && !atEnd { skipToTopLevelItem() }
                return nil
            }
            tree.actions.append(action)
        }
        return IndexRange(lower, Int32(tree.actions.count))
    }
}
