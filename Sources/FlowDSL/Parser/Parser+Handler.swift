import FlowModel

/// Handlers, actions, targets and arguments.
extension Parser {
    /// handler = "on" event [ attrs ] [ "from" IDENT ] [ "when" guard ] "->" action { "then" action } ;
    mutating func parseHandler(route: Int32) {
        advance()
        guard let first = expectName("event name after 'on'") else {
            skipToHandlerEnd()
            return
        }
        var handler = HandlerDecl(route: route, event: first, parameters: .empty, actions: .empty, span: first.span)
        var details = HandlerDetails()
        if at == .dot {
            advance()
            guard let result = expectName("result name after '\(Diagnostic.quoted(symbols[first.symbol])).'") else {
                skipToHandlerEnd()
                return
            }
            details.resultFlow = first
            handler.event = result
            handler.span.end = result.span.end
        }
        if at == .leftParen {
            handler.parameters = parseParameters(defaults: false)
        }
        if at == .leftBracket {
            details.attributes = parseAttributeItems()
        }
        if at("from") {
            advance()
            guard let scope = expectName("flow name after 'from'") else {
                skipToHandlerEnd()
                return
            }
            details.scope = scope
        }
        if at("when") {
            advance()
            details.guardNegated = consume(.bang)
            guard let name = expectName("guard name after 'when'") else {
                skipToHandlerEnd()
                return
            }
            details.guardName = name
        }
        guard expect(.arrow, "'->' and an action") else {
            skipToHandlerEnd()
            return
        }
        // Straight into the tree: an action's parts go to other arrays, so
        // the handler's actions stay contiguous without a list of their own.
        let lower = Int32(tree.actions.count)
        repeat {
            guard let action = parseAction() else {
                skipToHandlerEnd()
                break
            }
            tree.actions.append(action)
        } while consumeThen()
        handler.actions = IndexRange(lower, Int32(tree.actions.count))
        handler.details = tree.keep(details)
        tree.handlers.append(handler)
    }

    mutating func consumeThen() -> Bool {
        guard at("then") else { return false }
        advance()
        return true
    }

    /// action = "push" target [ "with" IDENT ] | ... (docs/language.md#flows-routes-handlers)
    mutating func parseAction() -> ActionDecl? {
        guard at == .identifier else {
            error(expected: "an action (push, sheet, cover, alert, dialog, popover, replace, set, pop, popToRoot, dismiss, start, finish, select, stay, assume)")
            return nil
        }
        let keyword = token
        var action = ActionDecl(kind: .pop, targets: .empty, span: span(token))
        var details = ActionDetails()
        if at("push") || at("sheet") || at("cover") || at("replace") || at("alert") || at("dialog") || at("popover") {
            action.kind = at("push") ? .push : at("sheet") ? .sheet : at("cover") ? .cover
                : at("alert") ? .alert : at("dialog") ? .dialog : at("popover") ? .popover : .replace
            advance()
            guard let target = parseTarget() else { return nil }
            action.targets = appendTarget(target)
            if action.kind == .push || action.kind == .sheet || action.kind == .cover, at("with") {
                advance()
                guard let transition = expectName("transition name after 'with'") else { return nil }
                details.transition = transition
            }
        } else if at("set") {
            action.kind = .set
            advance()
            guard expect(.leftBracket, "'[' and the routes to set") else { return nil }
            // A target's arguments go to their own array: the targets stay contiguous.
            let lower = Int32(tree.targets.count)
            repeat {
                guard let target = parseTarget() else {
                    tree.targets.removeSubrange(Int(lower)...)
                    return nil
                }
                tree.targets.append(target)
            } while consume(.comma)
            guard expect(.rightBracket, "']' to close the route list") else {
                tree.targets.removeSubrange(Int(lower)...)
                return nil
            }
            action.targets = IndexRange(lower, Int32(tree.targets.count))
        } else if at("pop") {
            advance()
            if at("to") {
                advance()
                guard let name = expectName("route name after 'pop to'") else { return nil }
                action.kind = .popTo
                action.targets = appendTarget(TargetDecl(name: name, arguments: .empty, span: name.span))
            } else {
                action.kind = .pop
            }
        } else if at("popToRoot") || at("dismiss") || at("stay") {
            action.kind = at("dismiss") ? .dismiss : at("stay") ? .stay : .popToRoot
            advance()
        } else if at("start") {
            action.kind = .start
            advance()
            guard let flow = expectName("flow name after 'start'") else { return nil }
            details.operand = flow
            if at == .leftParen { details.arguments = parseArguments() }
            details.operandSpan = span(from: flow.span.start, to: lastEnd)
            if at("as") {
                advance()
                if at("sheet") { details.mode = .sheet } else if at("cover") { details.mode = .cover } else if at("root") { details.mode = .root } else {
                    error(expected: "'sheet', 'cover' or 'root' after 'as'")
                    return nil
                }
                advance()
            }
        } else if at("finish") || at("select") {
            action.kind = at("finish") ? .finish : .select
            advance()
            guard let operand = expectName(action.kind == .finish ? "result name after 'finish'" : "tab name after 'select'") else { return nil }
            details.operand = operand
            if action.kind == .finish, at == .leftParen { details.arguments = parseArguments() }
            details.operandSpan = span(from: operand.span.start, to: lastEnd)
        } else if at("assume") {
            action.kind = .assume
            advance()
            details.negated = consume(.bang)
            guard let name = expectName("guard name after 'assume'") else { return nil }
            details.operand = name
            details.operandSpan = name.span
        } else {
            error(expected: "an action (push, sheet, cover, alert, dialog, popover, replace, set, pop, popToRoot, dismiss, start, finish, select, stay, assume)")
            return nil
        }
        action.span = span(from: keyword.start, to: lastEnd)
        action.details = tree.keep(details)
        return action
    }

    /// target = IDENT [ "(" arg { "," arg } ")" ] ;
    mutating func parseTarget() -> TargetDecl? {
        guard let name = expectName("route name") else { return nil }
        var target = TargetDecl(name: name, arguments: .empty, span: name.span)
        if at == .leftParen {
            target.arguments = parseArguments()
            target.span.end = lastEnd
        }
        return target
    }

    /// "(" arg { "," arg } ")" ; arg = IDENT ":" ( IDENT | STRING | NUMBER | "true" | "false" ) ;
    mutating func parseArguments() -> IndexRange {
        advance()
        // A value holds no list of its own: the arguments go straight into the tree.
        let lower = Int32(tree.arguments.count)
        repeat {
            guard let name = expectName("argument name") else { break }
            // The message quotes the name: built only when it is reported.
            guard consume(.colon) else {
                error(expected: "':' and a value after argument '\(Diagnostic.quoted(symbols[name.symbol]))'")
                break
            }
            let valueToken = token
            var value: ArgumentValueDecl = .invalid
            switch at {
            case .identifier:
                if at("true") || at("false") {
                    value = .literal(.bool(at("true")))
                    advance()
                } else {
                    value = .identifier(takeName())
                }
            case .string:
                value = .literal(.string(StringLiteral.decode(bytes, Int(token.start)..<Int(token.end))))
                advance()
            case .integer, .decimal:
                value = numberValue()
                advance()
            default:
                error(expected: "a value (a parameter name, string, number, true or false)")
            }
            if case .invalid = value, valueToken.start == token.start { break }
            tree.arguments.append(ArgumentDecl(name: name, value: value, span: span(from: name.span.start, to: valueToken.end)))
        } while consume(.comma)
        closeList(.rightParen)
        return IndexRange(lower, Int32(tree.arguments.count))
    }

    /// The value of the current number token; out-of-range numbers are reported.
    mutating func numberValue() -> ArgumentValueDecl {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
        if at == .integer, let value = Int(text) { return .literal(.int(value)) }
        if at == .decimal, let value = Double(text), value.isFinite { return .literal(.double(value)) }
        tree.diagnostics.append(Diagnostic(.invalidCharacter, at: span(token), "number '\(text.prefix(24))' is out of range"))
        return .invalid
    }

    /// The end of the last consumed token.
    var lastEnd: Int32 { lastConsumedEnd }

    mutating func appendTarget(_ target: TargetDecl) -> IndexRange {
        tree.targets.append(target)
        return IndexRange(Int32(tree.targets.count - 1), Int32(tree.targets.count))
    }
}
