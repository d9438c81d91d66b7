import FlowModel

extension SyntaxTree {
    /// Replaces each symbol `s` of the tree by `symbols[s.id]`: for every
    /// piece but the first of a file parsed in pieces (`Parser.parseInPieces`),
    /// whose names were interned into a table of its own.
    ///
    /// Every name of every declaration is rewritten here, in place;
    /// `ParallelParseTests` compares the program compiled from the pieces
    /// with the whole file's, so a name field added to a declaration and
    /// forgotten here fails there.
    /// - Complexity: O(size of the tree).
    mutating func renumberSymbols(_ symbols: [Symbol]) {
        func name(_ name: inout Name) { name.symbol = symbols[Int(name.symbol.id)] }
        func name(_ name: inout Name?) {
            guard var value = name else { return }
            value.symbol = symbols[Int(value.symbol.id)]
            name = value
        }
        Self.rewrite(&flows) { name(&$0.name) }
        Self.rewrite(&routes) { name(&$0.name) }
        Self.rewrite(&handlers) { name(&$0.event) }
        Self.rewrite(&handlerDetails) {
            name(&$0.resultFlow)
            name(&$0.guardName)
            name(&$0.scope)
        }
        Self.rewrite(&actionDetails) {
            name(&$0.operand)
            name(&$0.transition)
        }
        Self.rewrite(&targets) { name(&$0.name) }
        Self.rewrite(&arguments) {
            name(&$0.name)
            if case .identifier(var value) = $0.value {
                name(&value)
                $0.value = .identifier(value)
            }
        }
        Self.rewrite(&parameters) {
            name(&$0.name)
            name(&$0.type)
        }
        Self.rewrite(&names) { name(&$0) }
        Self.rewrite(&links) {
            name(&$0.name)
            name(&$0.gateName)
        }
        Self.rewrite(&starts) {
            name(&$0.name)
            name(&$0.guardName)
        }
        Self.rewrite(&attributes) {
            name(&$0.name)
            name(&$0.argument)
        }
        Self.rewrite(&checks) {
            name(&$0.refFirst)
            name(&$0.refSecond)
            name(&$0.guardName)
        }
        Self.rewrite(&stackNames) {
            name(&$0.flow)
            name(&$0.route)
        }
    }

    private static func rewrite<T>(_ array: inout [T], _ body: (inout T) -> Void) {
        array.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices { body(&buffer[i]) }
        }
    }
}
