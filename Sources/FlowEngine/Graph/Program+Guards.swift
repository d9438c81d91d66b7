/// The guards a program uses.
extension Program {
    /// Every guard named by a handler or a `start` item, by name.
    public var guardSymbols: [String: Symbol] {
        var symbols: [String: Symbol] = [:]
        for handler in handlers { if let g = handler.guardCondition { symbols[name(g.name)] = g.name } }
        for item in startItems { if let g = item.guardCondition { symbols[name(g.name)] = g.name } }
        return symbols
    }
}
