import FlowModel

/// Flows, routes, parameters and attributes.
extension Parser {
    /// flow = "flow" IDENT [ params ] [ attrs ] "{" { flowItem } "}" ;
    mutating func parseFlow() {
        advance()
        guard let name = expectName("flow name") else {
            skipToTopLevelItem()
            return
        }
        let parameters = at == .leftParen ? parseParameters() : .empty
        let attributes = at == .leftBracket ? parseAttributeItems() : .empty
        var flow = FlowDecl(name: name, parameters: parameters, attributes: attributes, starts: .empty, tabs: .empty, tabsSpan: nil,
                            routes: IndexRange(Int32(tree.routes.count), Int32(tree.routes.count)),
                            handlers: IndexRange(Int32(tree.handlers.count), Int32(tree.handlers.count)))
        guard at == .leftBrace else {
            error(expected: "'{' to open flow '\(Diagnostic.quoted(symbols[name.symbol]))'")
            tree.flows.append(flow)
            if !atTopLevelKeyword { skipToTopLevelItem() }
            return
        }
        let open = token
        advance()
        var starts: [StartDecl] = []
        var tabs: [Name] = []
        while true {
            if at == .rightBrace {
                advance()
                break
            }
            if atEnd || atTopLevelKeyword {
                error("expected '}' to close flow '\(Diagnostic.quoted(symbols[name.symbol]))'",
                      notes: [DiagnosticNote(span: span(open), message: "flow '\(Diagnostic.quoted(symbols[name.symbol]))' opened here")])
                break
            }
            if at("start") {
                if let start = parseStartItem() { starts.append(start) }
            } else if at("tabs") {
                if flow.tabsSpan == nil { flow.tabsSpan = span(token) }
                advance()
                parseNameList(into: &tabs, what: "tab flow name")
            } else if at("route") {
                parseRoute()
            } else if at("on") {
                parseHandler(route: -1)
            } else {
                error(expected: "'route', 'on', 'start', 'tabs' or '}'")
                skipToFlowItem()
            }
        }
        flow.starts = IndexRange(Int32(tree.starts.count), Int32(tree.starts.count + starts.count))
        tree.starts.append(contentsOf: starts)
        flow.tabs = appendNames(tabs)
        flow.routes.upper = Int32(tree.routes.count)
        flow.handlers.upper = Int32(tree.handlers.count)
        tree.flows.append(flow)
    }

    /// "start" IDENT [ args ] [ "when" guard ]
    mutating func parseStartItem() -> StartDecl? {
        advance()
        guard let name = expectName("route or flow name after 'start'") else {
            skipToFlowItem()
            return nil
        }
        var start = StartDecl(name: name, arguments: .empty, guardName: nil, guardNegated: false, span: name.span)
        if at == .leftParen {
            start.arguments = parseArguments()
            start.span.end = lastEnd
        }
        if at("when") {
            advance()
            start.guardNegated = consume(.bang)
            guard let guardName = expectName("guard name after 'when'") else {
                skipToFlowItem()
                return nil
            }
            start.guardName = guardName
        }
        return start
    }

    /// IDENT { "," IDENT }
    mutating func parseNameList(into names: inout [Name], what: String) {
        guard let first = expectName(what) else { return }
        names.append(first)
        while consume(.comma) {
            guard let next = expectName(what) else { return }
            names.append(next)
        }
    }

    /// route = "route" IDENT [ params ] [ STRING ] [ attrs ] [ "{" { handler } "}" ] ;
    mutating func parseRoute() {
        advance()
        guard let name = expectName("route name") else {
            skipToFlowItem()
            return
        }
        let index = Int32(tree.routes.count)
        var route = RouteDecl(name: name, parameters: .empty, title: nil, attributes: .empty,
                              handlers: IndexRange(Int32(tree.handlers.count), Int32(tree.handlers.count)))
        if at == .leftParen { route.parameters = parseParameters() }
        if at == .string {
            route.title = StringLiteral.decode(bytes, Int(token.start)..<Int(token.end))
            advance()
        }
        if at == .leftBracket { route.attributes = parseAttributeItems() }
        tree.routes.append(route)
        guard at == .leftBrace else { return }
        let open = token
        advance()
        while true {
            if at == .rightBrace {
                advance()
                break
            }
            if at("on") {
                parseHandler(route: index)
                continue
            }
            if atEnd || atTopLevelKeyword || (atFlowItemKeyword && !at("start")) {
                error("expected '}' to close route '\(Diagnostic.quoted(symbols[name.symbol]))'",
                      notes: [DiagnosticNote(span: span(open), message: "route '\(Diagnostic.quoted(symbols[name.symbol]))' opened here")])
                break
            }
            error(expected: "'on' or '}'")
            skipToFlowItem()
        }
        tree.routes[Int(index)].handlers.upper = Int32(tree.handlers.count)
    }

    /// params = "(" param { "," param } ")" ; param = IDENT ":" TYPE [ "=" literal ] ;
    /// (v2, docs/language.md "Defaults": a default only on a route's or a flow's
    /// parameter; `defaults: false` for an event's reports one as F001.)
    mutating func parseParameters(defaults: Bool = true) -> IndexRange {
        advance()
        // A default value is no list: the parameters go straight into the tree.
        let lower = Int32(tree.parameters.count)
        repeat {
            guard let name = expectName("parameter name") else { break }
            // The message quotes the name: built only when it is reported.
            guard consume(.colon) else {
                error(expected: "':' and a type after parameter '\(Diagnostic.quoted(symbols[name.symbol]))'")
                break
            }
            guard let type = expectName("a type (String, Int, Bool or Double)") else { break }
            var parameter = ParameterDecl(name: name, type: type)
            if at == .equals {
                let equals = span(token)
                advance()
                guard let (value, literalSpan) = parseDefaultLiteral(of: name) else { break }
                if defaults {
                    parameter.defaultValue = value
                    parameter.defaultSpan = literalSpan
                } else {
                    error("an event's parameter '\(Diagnostic.quoted(symbols[name.symbol]))' cannot have a default: only a route's or a flow's can", at: equals)
                }
            }
            tree.parameters.append(parameter)
        } while consume(.comma)
        closeList(.rightParen)
        return IndexRange(lower, Int32(tree.parameters.count))
    }

    /// The literal after a parameter's `=` (a string, a number, `true` or
    /// `false`) and its span; nil after reporting anything else.
    private mutating func parseDefaultLiteral(of name: Name) -> (Value?, SourceSpan)? {
        let literalSpan = span(token)
        switch at {
        case .string:
            let value = StringLiteral.decode(bytes, Int(token.start)..<Int(token.end))
            advance()
            return (.string(value), literalSpan)
        case .integer, .decimal:
            let number = numberValue()
            advance()
            if case .literal(let value) = number { return (value, literalSpan) }
            return (nil, literalSpan)
        case .identifier where at("true") || at("false"):
            let value = at("true")
            advance()
            return (.bool(value), literalSpan)
        default:
            error(expected: "a literal default for parameter '\(Diagnostic.quoted(symbols[name.symbol]))' (a string, a number, true or false)")
            return nil
        }
    }

    /// attrs = "[" attr { "," attr } "]" ; attr = IDENT [ "(" IDENT ")" ] ; (v2,
    /// docs/language.md#flows-routes-handlers: `[entry]`, `[final, was(cart)]`, `[system]`; the
    /// compiler says which apply where).
    mutating func parseAttributeItems() -> IndexRange {
        advance()
        var items: [AttributeDecl] = []
        repeat {
            guard let name = expectName("attribute name") else { break }
            var item = AttributeDecl(name: name, argument: nil)
            if consume(.leftParen) {
                item.argument = expectName("a name in the attribute's parentheses")
                if item.argument == nil || !expect(.rightParen, "')' after the attribute's argument") { break }
            }
            items.append(item)
        } while consume(.comma)
        closeList(.rightBracket)
        let lower = Int32(tree.attributes.count)
        tree.attributes.append(contentsOf: items)
        return IndexRange(lower, Int32(tree.attributes.count))
    }

    /// Expects the closing bracket of a list; on anything else reports it and
    /// skips to the bracket if it comes before the end of the line.
    mutating func closeList(_ close: TokenKind) {
        if consume(close) { return }
        error(expected: close.description)
        while !atEnd && !token.startsLine && at != close && at != .leftBrace && at != .rightBrace && at != .arrow {
            advance()
        }
        _ = consume(close)
    }

    mutating func appendNames(_ names: [Name]) -> IndexRange {
        let lower = Int32(tree.names.count)
        tree.names.append(contentsOf: names)
        return IndexRange(lower, Int32(tree.names.count))
    }
}
