/// The guards a program uses, and the handlers of gated links.
extension Program {
    /// Whether `handler` holds a gated link's `else` actions (v1) or a
    /// link's own actions (v2, `-> path then A`, `-> over A`): a handler
    /// outside its flow's and routes' ranges, so no event dispatches to it.
    /// Tools that list a program's events skip it.
    public func isLinkHandler(_ handler: HandlerID) -> Bool {
        let h = handlers[Int(handler)]
        return h.route < 0 && !flows[Int(h.flow)].handlers.range.contains(Int(handler))
    }

    /// Every guard named by a handler, an `assume` action, a `start` item, a
    /// link's gate or a `check` (docs/language.md#properties-check-v2: a guard named only in a check is a guard like
    /// any other), by name.
    public var guardSymbols: [String: Symbol] {
        var symbols: [String: Symbol] = [:]
        for handler in handlers { if let g = handler.guardCondition { symbols[name(g.name)] = g.name } }
        for action in actions { if let g = action.assumedGuard { symbols[name(g.name)] = g.name } }
        for item in startItems { if let g = item.guardCondition { symbols[name(g.name)] = g.name } }
        for link in links { if let g = link.gate { symbols[name(g.name)] = g.name } }
        for check in checks { if let g = check.guardCondition { symbols[name(g.name)] = g.name } }
        return symbols
    }
}
