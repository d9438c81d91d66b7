/// The guards a program uses.
extension Program {
    /// Every guard named by a handler, a `start` item or a link's gate, by name.
    public var guardSymbols: [String: Symbol] {
        var symbols: [String: Symbol] = [:]
        for handler in handlers { if let g = handler.guardCondition { symbols[name(g.name)] = g.name } }
        for item in startItems { if let g = item.guardCondition { symbols[name(g.name)] = g.name } }
        for link in links { if let g = link.gate { symbols[name(g.name)] = g.name } }
        return symbols
    }
}
