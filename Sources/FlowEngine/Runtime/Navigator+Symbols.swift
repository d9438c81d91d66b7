import FlowModel

/// Sending events by symbols: the path of typed front ends (FlowKit), which
/// resolve names once and then send integers.
extension Navigator {
    /// Sends the user event `event` with `values` labelled by `labels` (in
    /// any order; matched to the handler's parameters by name). The same
    /// rules and errors as `send(_:arguments:)`, without strings.
    @discardableResult
    public mutating func send(_ event: Symbol, labels: [Symbol], values: [Value]) throws(NavigationError) -> [NavigationEffect] {
        defer { if recordsEffects { stampIdentities() } }
        guard let active = state.activeIDs else { throw .unhandled(event: program.name(event), route: activeRouteName) }
        if event == backSymbol && labels.isEmpty { return try back() }
        guard let (handler, instance) = findHandler(EventKey(name: event), from: active.instance, route: active.route) else {
            throw .unhandled(event: program.name(event), route: activeRouteName)
        }
        let parameters = program.handlers[Int(handler)].parameters
        guard parameters.count == labels.count, labels.count == values.count else {
            throw .badArgument(event: program.name(event), problem: "the handler that answers takes \(handlerSignature(handler))")
        }
        var ordered: [Value] = []
        ordered.reserveCapacity(values.count)
        for p in parameters.range {
            let parameter = program.parameters[p]
            guard let i = labels.firstIndex(of: parameter.name), values[i].type == parameter.type else {
                throw .badArgument(event: program.name(event), problem: "the handler that answers takes \(handlerSignature(handler))")
            }
            ordered.append(values[i])
        }
        return try fire(handler, instance, ordered, event: program.name(event))
    }

    /// `(label: Type, ...)` of a handler's event.
    func handlerSignature(_ handler: HandlerID) -> String {
        let parameters = program.parameters[program.handlers[Int(handler)].parameters.range]
        return "(" + parameters.map { "\(program.name($0.name)): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
    }
}
