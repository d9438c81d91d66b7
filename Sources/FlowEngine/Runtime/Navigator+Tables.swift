import FlowModel

/// The dispatch tables a navigator builds from its program once, when it
/// is made. Each is one pass over the program's arrays, read by index: the
/// path search of `validate` makes a navigator for a program of a million
/// routes, where a slice or a copied element per route or handler cost
/// more than the pass itself.
extension Navigator {
    /// By symbol id: whether routes of two flows have that name (`expect top` then names the flow too).
    static func ambiguousRouteNames(_ program: Program) -> [Bool] {
        var ambiguous = [Bool](repeating: false, count: program.symbols.count)
        var owner = [FlowID](repeating: -1, count: program.symbols.count)
        program.routes.withUnsafeBufferPointer { routes in
            for r in routes.indices {
                let s = Int(routes[r].name.id)
                if owner[s] >= 0 && owner[s] != routes[r].flow { ambiguous[s] = true }
                owner[s] = routes[r].flow
            }
        }
        return ambiguous
    }

    /// By flow: whether it has a scoped handler (`on E from F`); where its
    /// flow-level handlers of user events are in the list; the list.
    static func flowHandlerTables(_ program: Program) -> (scoped: [Bool], ranges: [IndexRange], list: [HandlerID]) {
        var scoped = [Bool](repeating: false, count: program.flows.count)
        var ranges: [IndexRange] = []
        ranges.reserveCapacity(program.flows.count)
        var list: [HandlerID] = []
        program.handlers.withUnsafeBufferPointer { handlers in
            for f in program.flows.indices {
                let lower = Int32(list.count)
                for h in program.flows[f].handlers.range {
                    if handlers[h].scope >= 0 { scoped[f] = true }
                    if !handlers[h].event.isResult { list.append(HandlerID(h)) }
                }
                ranges.append(IndexRange(lower, Int32(list.count)))
            }
        }
        return (scoped, ranges, list)
    }

    /// By route: whether it has a `back` handler of its own (then it has no implicit back).
    static func routesWithOwnBack(_ program: Program, back: Symbol) -> [Bool] {
        var own = [Bool](repeating: false, count: program.routes.count)
        program.handlers.withUnsafeBufferPointer { handlers in
            for r in program.routes.indices {
                for h in program.routes[r].handlers.range where !handlers[h].event.isResult && handlers[h].event.name == back {
                    own[r] = true
                    break
                }
            }
        }
        return own
    }

    /// By handler: whether a route's handler passes one of the route's
    /// parameters on (its actions' or targets' arguments read `.routeParameter`).
    static func handlersReadingRouteValues(_ program: Program) -> [Bool] {
        var reads = [Bool](repeating: false, count: program.handlers.count)
        // Most handlers pass no argument at all: only those with one are looked at closely.
        program.arguments.withUnsafeBufferPointer { arguments in
            program.actions.withUnsafeBufferPointer { actions in
                program.targets.withUnsafeBufferPointer { targets in
                    func readsRoute(_ list: IndexRange) -> Bool {
                        for a in list.range { if case .routeParameter = arguments[a].source { return true } }
                        return false
                    }
                    program.handlers.withUnsafeBufferPointer { handlers in
                        for h in handlers.indices where handlers[h].route >= 0 {
                            search: for a in handlers[h].actions.range {
                                if !actions[a].arguments.isEmpty, readsRoute(actions[a].arguments) {
                                    reads[h] = true
                                    break
                                }
                                for t in actions[a].targets.range where !targets[t].arguments.isEmpty && readsRoute(targets[t].arguments) {
                                    reads[h] = true
                                    break search
                                }
                            }
                        }
                    }
                }
            }
        }
        return reads
    }
}
