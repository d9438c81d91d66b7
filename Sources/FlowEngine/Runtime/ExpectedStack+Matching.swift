import FlowModel

extension ExpectedStack {
    /// Whether `navigator` shows exactly these layers and screens.
    public func isShown(by navigator: Navigator) -> Bool {
        let layers = navigator.state.layers
        guard layers.count == self.layers.count else { return false }
        for (layer, want) in zip(layers, self.layers) {
            guard layer.kind == want.kind, layer.stack.count == want.entries.count else { return false }
            for (entry, wanted) in zip(layer.stack, want.entries) {
                guard navigator.program.route(entry.route, isNamed: wanted.name) else { return false }
                guard let arguments = wanted.arguments else { continue }
                let program = navigator.program
                let parameters = program.parameters[program.routes[Int(entry.route)].parameters.range]
                guard arguments.count == entry.arguments.count else { return false }
                for (name, value) in arguments {
                    guard let index = parameters.firstIndex(where: { program.name($0.name) == name }) else { return false }
                    if !Self.same(entry.arguments[index - parameters.startIndex], value) { return false }
                }
            }
        }
        return true
    }

    private static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.double(let x), .int(let y)): return x == Double(y)
        case (.int(let x), .double(let y)): return Double(x) == y
        default: return a == b
        }
    }
}
