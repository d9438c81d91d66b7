import FlowModel
import FlowRuntime

extension FlowNavigator {
    /// Tells the navigator that the user popped screens of layer `layer`
    /// themselves (the back button, its long-press menu, a swipe), as a
    /// SwiftUI `NavigationStack` path binding does.
    ///
    /// `stack` must be what the layer's visible stack (the selected tab's,
    /// for a tab container) becomes after some number of `back` steps: a
    /// prefix of it. They are taken until the stack is no deeper than
    /// `stack` (a route's own `back` handler may remove several screens),
    /// as one step, on a copy: if any of them fails, or the result is not
    /// `stack`, this throws and nothing changes.
    /// The same stack is no step at all. Only the top layer can be synced
    /// (the user cannot touch a stack under a modal).
    @discardableResult
    public mutating func syncStack(_ stack: [P.Screen], layer: Int) throws(FlowError) -> [FlowEffect<P>] {
        let layers = engine.state.layers
        guard layers.indices.contains(layer) else {
            throw .invalidStack("there is no layer \(layer) (the screen has \(layers.count))")
        }
        let current = layers[layer].stack.map(screen)
        if current == stack { return [] }
        guard layer == layers.count - 1 else {
            throw .invalidStack("layer \(layer) is under \(layers.count - 1 - layer) modal layer(s); only the top layer can be synced")
        }
        guard stack.count <= current.count else {
            throw .invalidStack("the new stack has \(screens(stack.count)), the layer \(screens(current.count)); going back never adds screens")
        }
        guard !stack.isEmpty else {
            throw .invalidStack("a stack keeps its root; to leave a modal layer, go back from its root")
        }
        if let index = stack.indices.first(where: { current[$0] != stack[$0] }) {
            throw .invalidStack("screen #\(index) is \(describe(stack[index])), the layer shows \(describe(current[index])) there: "
                                + "not a prefix of the layer's stack (going back only removes screens from the top)")
        }
        var copy = self
        var effects: [NavigationEffect] = []
        // Back steps until the layer is no deeper than asked (a route's own
        // back handler may remove more than one screen), at most one per screen.
        for _ in stack.count..<current.count {
            let shown = copy.engine.state.layers
            guard shown.count == layers.count, shown[layer].stack.count > stack.count else { break }
            do {
                effects += try copy.engine.back()
            } catch {
                throw .invalidStack("going back from \(copy.describe(copy.top)) is refused: \(error)")
            }
        }
        let after = copy.engine.state.layers
        guard after.count == layers.count, after[layer].stack.map(copy.screen) == stack else {
            throw .invalidStack("going back \(current.count - stack.count) time(s) does not leave that stack: the screens have their own back handling")
        }
        self = copy
        return typed(effects)
    }

    /// `1 screen`, `3 screens`.
    private func screens(_ count: Int) -> String { count == 1 ? "1 screen" : "\(count) screens" }
}
