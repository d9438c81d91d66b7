extension FlowStore {
    /// The effects of every later step that succeeds, one array per step, in order.
    ///
    /// Each call returns a new stream; it ends when the consuming task is cancelled or the
    /// store goes away. Effects are buffered, so a slow consumer sees every step.
    public func effects() -> AsyncStream<[FlowEffect<P>]> {
        let (stream, continuation) = AsyncStream<[FlowEffect<P>]>.makeStream()
        let key = nextContinuationKey
        nextContinuationKey += 1
        effectContinuations[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.effectContinuations[key] = nil }
        }
        return stream
    }

    /// Hands a step's effects to `onEffects` and every stream.
    func deliver(_ effects: [FlowEffect<P>]) {
        onEffects?(effects)
        for continuation in effectContinuations.values { continuation.yield(effects) }
    }
}
