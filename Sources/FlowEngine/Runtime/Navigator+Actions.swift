import FlowModel

/// The navigation actions (docs/language.md#how-a-program-runs "Actions"), `then` chains, `finish`
/// with result delivery, and the silent end of flows left without screens.
extension Navigator {
    /// A frame of the action interpreter: the rest of one handler's actions.
    struct Frame {
        var handler: HandlerID
        var instance: Int32
        var next: Int
        var values: HandlerValues
        /// The handler's flow finished (its `finish` ran): nothing after it
        /// can act for it, even if the parent's handler reused its slot.
        var finished = false
    }

    /// Runs a handler's actions for `instance`. A `finish` delivers its
    /// result at once: the parent's handler runs before the rest of the
    /// finishing handler (an explicit stack of frames, not recursion).
    mutating func run(_ handler: HandlerID, _ instance: Int32, _ values: HandlerValues, event: String) throws(NavigationError) {
        var frames = [Frame(handler: handler, instance: instance, next: 0, values: values)]
        if logsHandlers { handlerLog.append(handler) }
        while var frame = frames.popLast() {
            let actions = program.handlers[Int(frame.handler)].actions
            guard frame.next < actions.count else { continue }
            let action = program.actions[Int(actions.lower) + frame.next]
            if logsHandlers { runningAction = actions.lower + Int32(frame.next) }
            frame.next += 1
            guard !frame.finished, frame.instance >= 0, state.instances[Int(frame.instance)].isRunning else {
                let flow = program.name(program.flows[Int(program.handlers[Int(frame.handler)].flow)].name)
                throw .unsupported(event: event, problem: "'\(describe(action))' comes after '\(flow)' finished in the same chain: nothing is left to act for '\(flow)'")
            }
            frame.finished = action.kind == .finish
            frames.append(frame)
            let delivery: (HandlerID, Int32, [Value])?
            do throws(NavigationError) {
                delivery = try perform(action, for: frame.instance, values: frame.values, event: event)
            } catch {
                // A result's handler that dismisses the finished flow's sheet, which finishing already removed.
                if case .nothingToDismiss(let route) = error, program.handlers[Int(frame.handler)].event.isResult {
                    throw .nothingLeftToDismiss(result: program.eventText(program.handlers[Int(frame.handler)].event), route: route)
                }
                throw error
            }
            if let delivery {
                if logsHandlers { handlerLog.append(delivery.0) }
                frames.append(Frame(handler: delivery.0, instance: delivery.1, next: 0,
                                    values: HandlerValues(event: delivery.2, route: routeValues(delivery.0))))
            }
        }
    }

    /// Performs one action; for `finish`, returns the handler that receives
    /// the result, the instance it runs for, and the payload in the order of
    /// its parameters. Each kind of action has a function of its own below.
    mutating func perform(_ action: Action, for instance: Int32, values: HandlerValues, event: String) throws(NavigationError) -> (HandlerID, Int32, [Value])? {
        let top = state.layers.count - 1
        guard top >= 0 else { throw .emptyScreen(event: event) }
        if let transition = action.transition { emit(.transition(transition)) }
        switch action.kind {
        case .push:
            let entry = try makeEntry(action, instance, values, event)
            try checkCanPush(onto: top, action, event)
            state.layers[top].stacks[state.layers[top].selected].append(entry)
            emit(.pushed(entry))
        case .sheet, .cover, .alert, .dialog, .popover:
            try present(action, instance, values, event)
        case .replace:
            try replaceTop(action, instance, values, event)
        case .set:
            try setStack(action, instance, values, event)
        case .pop, .popTo, .popToRoot:
            try pop(action)
        case .dismiss:
            try dismissTop()
        case .start:
            try start(action, from: instance, values, event)
        case .finish:
            return try finish(action, instance, values, event)
        case .select:
            try select(action.flow, from: instance, event: event)
        case .stay:
            break
        case .assume:
            assume(action)
        }
        return nil
    }

    /// `sheet`, `cover`, `alert`, `dialog` or `popover R`: a new layer over the top one.
    private mutating func present(_ action: Action, _ instance: Int32, _ values: HandlerValues, _ event: String) throws(NavigationError) {
        let entry = try makeEntry(action, instance, values, event)
        let kind = action.kind.presentedLayer ?? .sheet
        let top = state.layers.count - 1
        // (v2) One alert or dialog at a time, as UIKit and SwiftUI show them: a user's
        // event removes the one on top first, but a system event or a link would pile them.
        if kind.isTransient, state.layers[top].kind.isTransient {
            let shown = state.layers[top].kind == .alert ? "an alert" : "a dialog"
            throw .unsupported(event: event, problem: "'\(describe(action))' cannot be shown over \(shown): one alert or dialog is shown at a time")
        }
        state.layers.append(Layer(kind: kind, stack: [entry]))
        emit(.presented(kind, entry))
    }

    /// `replace R`: the top screen of the visible stack swapped for R.
    private mutating func replaceTop(_ action: Action, _ instance: Int32, _ values: HandlerValues, _ event: String) throws(NavigationError) {
        let entry = try makeEntry(action, instance, values, event)
        let top = state.layers.count - 1
        let selected = state.layers[top].selected
        guard !state.layers[top].stacks[selected].isEmpty else {
            throw .unsupported(event: event, problem: "'\(describe(action))' has no screen to replace")
        }
        let old = state.layers[top].stacks[selected].removeLast()
        state.layers[top].stacks[selected].append(entry)
        if old.instance != entry.instance { needsCollection = true }
        emit(.replaced(old: old, new: entry))
    }

    /// `set [A, B]`: what the flow shows, in its own layer, replaced by these screens.
    private mutating func setStack(_ action: Action, _ instance: Int32, _ values: HandlerValues, _ event: String) throws(NavigationError) {
        var entries: [Entry] = []
        for t in action.targets.range {
            entries.append(try entry(for: program.targets[t], instance, values, event))
        }
        removeModalLayers(aboveLayerOf: instance)
        // An alert or a dialog holds one screen (docs/language.md#how-a-program-runs): `set` there names exactly one.
        let own = state.layers.count - 1
        if state.layers[own].kind.isTransient && entries.count != 1 {
            let kind = state.layers[own].kind == .alert ? "an alert" : "a dialog"
            throw .unsupported(event: event, problem: "'\(describe(action))' would show \(entries.count) screens in \(kind), which holds one")
        }
        replaceShown(by: instance, with: entries)
        emit(.stackSet(entries))
    }

    /// `pop`, `pop to R`, `popToRoot`: screens off the top of the visible stack.
    private mutating func pop(_ action: Action) throws(NavigationError) {
        let top = state.layers.count - 1
        let selected = state.layers[top].selected
        let stack = state.layers[top].stacks[selected]
        var keep = 1
        switch action.kind {
        case .pop: keep = stack.count - 1
        case .popTo:
            let route = program.targets[Int(action.targets.lower)].route
            guard let index = stack.dropLast().lastIndex(where: { $0.route == route }) else {
                let target = program.name(program.routes[Int(route)].name)
                if stack.last?.route == route { throw .alreadyOnTop(target: target, route: activeRouteName) }
                throw .notBelow(target: target, route: activeRouteName)
            }
            keep = index + 1
        default: keep = 1
        }
        guard keep >= 1, keep < stack.count else {
            throw .nothingToPop(action: describe(action), route: activeRouteName, place: stackPlace(top))
        }
        for entry in stack[keep...].reversed() { emit(.popped(entry)) }
        let remaining = stack[keep - 1].instance
        if stack[keep...].contains(where: { $0.instance != remaining }) { needsCollection = true }
        state.layers[top].stacks[selected].removeSubrange(keep...)
    }

    /// `dismiss`: the top layer goes.
    private mutating func dismissTop() throws(NavigationError) {
        guard state.layers.count > 1 else { throw .nothingToDismiss(route: activeRouteName) }
        let removed = state.layers.removeLast()
        // No flow can have lost its last screen if every removed screen
        // belongs to the flow that shows the screen now on top.
        let owner = state.activeEntry?.instance ?? -1
        if removed.isTabContainer || removed.stacks.contains(where: { $0.contains { $0.instance != owner } }) {
            needsCollection = true
        }
        emit(.dismissed(removed.kind))
    }

    /// `start F [as sheet | cover | root]`: a child flow, placed as its mode says.
    private mutating func start(_ action: Action, from instance: Int32, _ values: HandlerValues, _ event: String) throws(NavigationError) {
        let arguments = try bind(action.arguments, to: program.flows[Int(action.flow)].parameters, instance, values,
                                 what: "flow '\(program.name(program.flows[Int(action.flow)].name))'", event)
        if action.mode == .root { removeModalLayers(aboveLayerOf: instance) }
        let top = state.layers.count - 1
        let selected = state.layers[top].selected
        let child = newInstance(action.flow, parent: instance, arguments: arguments, expectedToFinish: action.mode != .root)
        let placed = try instantiate(action.flow, as: child, event: event)
        switch (action.mode, placed) {
        case (.push, .entry(let entry)):
            try checkCanPush(onto: top, action, event)
            state.layers[top].stacks[selected].append(entry)
            emit(.pushed(entry))
        case (.sheet, _), (.cover, _):
            let kind: LayerKind = action.mode == .sheet ? .sheet : .cover
            let presented = layer(kind, placed)
            state.layers.append(presented)
            emit(.presented(kind, presented.stack[0]))
        case (.root, .entry(let entry)):
            replaceShown(by: instance, with: [entry])
            emit(.stackSet([entry]))
        case (.root, .tabs):
            try replaceShownByTabs(by: instance, placed, event: event)
        case (.push, .tabs):
            throw .unsupported(event: event, problem: "tab container '\(program.name(program.flows[Int(action.flow)].name))' cannot be pushed")
        }
    }

    /// `finish result(…)`: the flow ends; returns the handler that receives
    /// the result, the instance it runs for, and the payload in its order.
    private mutating func finish(_ action: Action, _ instance: Int32, _ values: HandlerValues, _ event: String) throws(NavigationError) -> (HandlerID, Int32, [Value])? {
        var payload: [(Symbol, Value)] = []
        for argument in program.arguments[action.arguments.range] {
            guard let value = evaluate(argument.source, instance, values) else {
                throw .unsupported(event: event, problem: "'\(describe(action))' has no value for '\(program.name(argument.name))'")
            }
            payload.append((argument.name, value))
        }
        guard let (handler, receiver) = try finish(instance, result: action.result ?? cancelSymbol, event: event) else { return nil }
        return (handler, receiver, try order(payload, for: handler, event: event))
    }

    /// `assume g` / `assume !g`: part of the step, rolled back with it when the
    /// chain fails; a pending link whose guard now holds opens at the step's end.
    private mutating func assume(_ action: Action) {
        guard let assumed = action.assumedGuard else { return }
        let value = !assumed.negated
        if value { state.guards.insert(assumed.name) } else { state.guards.remove(assumed.name) }
        if let log = guardReads, !log.written.contains(assumed.name) { log.written.append(assumed.name) }
        emit(.guardSet(assumed.name, value))
    }

    /// Ends `instance` and its descendants (their entries and layers go
    /// away) and returns the handler that receives `Flow.result`, if any.
    mutating func finish(_ instance: Int32, result: Symbol, event: String) throws(NavigationError) -> (HandlerID, Int32)? {
        let flow = state.instances[Int(instance)].flow
        let parent = state.instances[Int(instance)].parent
        guard parent >= 0 else {
            throw .unsupported(event: event, problem: "'finish \(program.name(result))' would end '\(program.name(program.flows[Int(flow)].name))', the entry flow: no flow is above it to return to")
        }
        let ending = subtree(of: instance)
        var layers: [Layer] = []
        // With effects recorded, what goes of each layer, bottom layer first: each modal layer
        // that goes is dismissed; in a layer that stays, the ending flows' screens are popped.
        var removals: [[NavigationEffect]] = []
        for var layer in state.layers {
            // The base layer stays, empty if need be, for the parent's handler to fill (its
            // `set` or root swap says what replaces a tab bar there).
            if layer.kind == .base && layer.container >= 0 && ending[Int(layer.container)] {
                layers.append(Layer(kind: .base, stack: []))
                continue
            }
            if layer.container >= 0 && ending[Int(layer.container)] {
                if recordsEffects { removals.append([.dismissed(layer.kind)]) }
                continue
            }
            // Held only when recording: holding the stacks would make the removal below copy them.
            let shown = recordsEffects ? layer.stacks : []
            // Only a stack with an ending flow's screen is written: a write makes the stack (and
            // the layer's list of them) a copy of its own, when the state shares them.
            for s in layer.stacks.indices where layer.stacks[s].contains(where: { ending[Int($0.instance)] }) {
                layer.stacks[s].removeAll { ending[Int($0.instance)] }
            }
            if layer.kind != .base && layer.stacks.allSatisfy({ $0.isEmpty }) {
                if recordsEffects { removals.append([.dismissed(layer.kind)]) }
                continue
            }
            if recordsEffects {
                removals.append(shown.flatMap { stack in stack.reversed().filter { ending[Int($0.instance)] }.map(NavigationEffect.popped) })
            }
            layers.append(layer)
        }
        // Top layer first, top of each stack first.
        for group in removals.reversed() { for effect in group { emit(effect) } }
        state.layers = layers
        for i in 0..<ending.count where ending[i] { free(Int32(i)) }
        emit(.flowFinished(flow, result: result))
        needsCollection = true
        let key = EventKey(flow: flow, name: result)
        let active = state.activeEntry
        let route = active.map { $0.instance == parent ? $0.route : -1 } ?? -1
        let receiver = findHandler(key, from: parent, route: route)
        if receiver == nil, logsHandlers, result != cancelSymbol { droppedResultLog.append(key) }
        return receiver
    }

    /// `select T`: removes modal layers above the nearest tab container above
    /// `instance` and selects its tab T (an error if T is not one of its tabs).
    mutating func select(_ tab: FlowID, from instance: Int32, event: String) throws(NavigationError) {
        let tabName = program.name(program.flows[Int(tab)].name)
        let from = program.name(program.flows[Int(state.instances[Int(instance)].flow)].name)
        for candidate in state.ancestry(of: instance) {
            guard let layerIndex = state.layers.firstIndex(where: { $0.container == candidate }) else { continue }
            let flow = state.instances[Int(candidate)].flow
            guard let index = program.tabs(of: flow).firstIndex(of: tab) else {
                throw .noSuchTab(tab: tabName, flow: from, container: program.name(program.flows[Int(flow)].name))
            }
            if layerIndex + 1 < state.layers.count {
                for layer in state.layers[(layerIndex + 1)...].reversed() { emit(.dismissed(layer.kind)) }
                state.layers.removeSubrange((layerIndex + 1)...)
                needsCollection = true
            }
            state.layers[layerIndex].selected = index - program.tabs(of: flow).startIndex
            emit(.tabSelected(tab))
            return
        }
        throw .noTabContainer(tab: tabName, flow: from)
    }

    /// An action as written, for messages.
    func describe(_ action: Action) -> String { program.actionText(action) }
}
