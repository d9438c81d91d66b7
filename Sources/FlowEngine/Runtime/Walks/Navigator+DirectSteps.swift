import FlowModel

/// The two commonest steps of a random walk, taken without the general
/// dispatch: a push by the only handler a route has for its event (which
/// dispatch would certainly choose, guards or not), and the implicit pop of
/// a screen whose flow also shows the screen below. Both change one stack
/// in place and cannot fail; `RandomWalkTests` checks that a walk with and
/// without them ends in the same state.
extension Navigator {
    /// Works out `directPushTarget`, once: a walk with direct steps calls it first.
    package mutating func prepareDirectSteps() {
        if directPushTarget.count != program.handlers.count { directPushTarget = Navigator.directPushTargets(program) }
    }

    /// For each handler: the route it pushes when it is taken directly, or -1.
    static func directPushTargets(_ program: Program) -> [RouteID] {
        var targets = [RouteID](repeating: -1, count: program.handlers.count)
        for route in program.routes {
            let range = route.handlers.range
            for h in range {
                let handler = program.handlers[h]
                guard handler.guardCondition == nil, !handler.event.isResult, handler.actions.count == 1 else { continue }
                let action = program.actions[Int(handler.actions.lower)]
                guard action.kind == .push, action.transition == nil, action.targets.count == 1 else { continue }
                let target = program.targets[Int(action.targets.lower)].route
                guard program.routes[Int(target)].parameters.isEmpty else { continue }
                // The only handler of this route for the event: dispatch picks it.
                let unique = !range.contains { $0 != h && program.handlers[$0].event == handler.event }
                if unique { targets[h] = target }
            }
        }
        return targets
    }

    /// Whether a walk's step may be taken directly now: not on an alert or
    /// a dialog (a tap there removes it first), and not while a URL is
    /// pending (a step that moves the user may open it: `settlePendingLink`).
    /// Always inlined: a call from the walk's `inout` navigator copied all of it.
    var takesDirectSteps: Bool {
        @inline(__always) get {
            if case .some = state.pendingLink { return false }
            return !topIsTransient
        }
    }

    /// Pushes `route` for `instance` onto the visible stack of the top layer.
    package mutating func pushDirectly(_ route: RouteID, for instance: Int32) {
        let top = state.layers.count - 1
        let selected = state.layers[top].selected
        let entry = Entry(route: route, instance: instance)
        state.layers[top].stacks[selected].append(entry)
        lastStepChangedFlows = false
        if recordsEffects {
            effects.removeAll(keepingCapacity: true)
            effects.append(.pushed(entry))
        }
    }

    /// The implicit pop when the screen below belongs to the same flow
    /// instance; false (and nothing done) otherwise. `back()` uses it too.
    /// With effects recorded, `effects` then holds the pop.
    package mutating func popDirectly(_ instance: Int32) -> Bool {
        let top = state.layers.count - 1
        let selected = state.layers[top].selected
        let count = state.layers[top].stacks[selected].count
        guard count > 1, state.layers[top].stacks[selected][count - 2].instance == instance else { return false }
        let removed = state.layers[top].stacks[selected].removeLast()
        lastStepChangedFlows = false
        if recordsEffects {
            effects.removeAll(keepingCapacity: true)
            effects.append(.popped(removed))
        }
        return true
    }
}
