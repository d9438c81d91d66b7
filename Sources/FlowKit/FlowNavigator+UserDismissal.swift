extension FlowNavigator {
    /// The user dismissed the layer at `index` (a sheet swiped down, a popover or dialog tapped
    /// away, or a presentation whose parent went away): that layer and every layer above it go,
    /// in one step.
    ///
    /// It is a series of `back` steps, applied together: each must make the screen smaller
    /// (remove a layer, or an entry of the top layer), so the route's own `back` handlers and
    /// the engine's rules still apply (a child flow whose last screen goes finishes with `cancel`;
    /// a cover's root, a `[locked]` sheet and an alert cannot be dismissed this way). If any
    /// back is refused or does not make the screen smaller, it throws and nothing changes.
    @discardableResult
    public mutating func dismissLayers(from index: Int) throws(FlowError) -> [FlowEffect<P>] {
        guard index > 0, index < layers.count else {
            throw .invalidStack("no modal layer \(index) to dismiss (the screen has \(layers.count) layers)")
        }
        var copy = self
        var effects: [FlowEffect<P>] = []
        while copy.layers.count > index {
            let before = (copy.layers.count, copy.layers.last?.stack.count ?? 0)
            let from = copy.top
            do {
                effects += try copy.back()
            } catch {
                throw .invalidStack("dismissing layer \(index) means going back from \(from), which is refused: \(error)")
            }
            let after = (copy.layers.count, copy.layers.last?.stack.count ?? 0)
            guard after.0 < before.0 || (after.0 == before.0 && after.1 < before.1) else {
                throw .invalidStack("dismissing layer \(index): going back from \(from) does not go back (its own back handler)")
            }
        }
        self = copy
        return effects
    }
}
