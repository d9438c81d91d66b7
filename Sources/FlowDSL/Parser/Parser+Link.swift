import FlowEngine

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

    /// link = "link" STRING "->" step { "/" step } [ "when" guard "else" action { "then" action } ] ;
    /// step = IDENT [ args ] ;
    mutating func parseLink() {
        advance()
        guard at == .string else {
            error(expected: "a URL pattern string after 'link'")
            skipToTopLevelItem()
            return
        }
        let pattern = StringLiteral.decode(bytes, Int(token.start)..<Int(token.end))
        let patternSpan = span(token)
        advance()
        guard expect(.arrow, "'->' and the link's target path") else {
            skipToTopLevelItem()
            return
        }
        let start = token.start
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
        var link = LinkDecl(pattern: pattern, patternSpan: patternSpan, path: appendNames(path),
                            arguments: stepArguments.last ?? .empty, targetSpan: span(from: start, to: lastConsumedEnd))
        link.flowArguments = Array(stepArguments.dropLast())
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
            var actions: [ActionDecl] = []
            repeat {
                guard let action = parseAction() else {
                    if !atTopLevelKeyword && !atEnd { skipToTopLevelItem() }
                    return
                }
                actions.append(action)
            } while consumeThen()
            link.gateName = name
            let lower = Int32(tree.actions.count)
            tree.actions.append(contentsOf: actions)
            link.gateActions = IndexRange(lower, Int32(tree.actions.count))
        }
        tree.links.append(link)
    }
}
