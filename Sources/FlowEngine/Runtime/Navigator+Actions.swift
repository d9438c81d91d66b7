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
    /// its parameters.
    mutating func perform(_ action: Action, for instance: Int32, values: HandlerValues, event: String) throws(NavigationError) -> (HandlerID, Int32, [Value])? {
        let top = state.layers.count - 1
        guard top >= 0 else { throw .emptyScreen(event: event) }
        let selected = state.layers[top].selected
        if let transition = action.transition { emit(.transition(transition)) }
        switch action.kind {
        case .push:
            let entry = try makeEntry(action, instance, values, event)
            try checkCanPush(onto: top, action, event)
            state.layers[top].stacks[selected].append(entry)
            emit(.pushed(entry))
        case .sheet, .cover, .alert, .dialog, .popover:
            let entry = try makeEntry(action, instance, values, event)
            let kind = action.kind.presentedLayer ?? .sheet
            // (v2) One alert or dialog at a time, as UIKit and SwiftUI show them: a user's
            // event removes the one on top first, but a system event or a link would pile them.
            if kind.isTransient, state.layers[top].kind.isTransient {
                let shown = state.layers[top].kind == .alert ? "an alert" : "a dialog"
                throw .unsupported(event: event, problem: "'\(describe(action))' cannot be shown over \(shown): one alert or dialog is shown at a time")
            }
            state.layers.append(Layer(kind: kind, stack: [entry]))
            emit(.presented(kind, entry))
        case .replace:
            let entry = try makeEntry(action, instance, values, event)
            guard !state.layers[top].stacks[selected].isEmpty else {
                throw .unsupported(event: event, problem: "'\(describe(action))' has no screen to replace")
            }
            let old = state.layers[top].stacks[selected].removeLast()
            state.layers[top].stacks[selected].append(entry)
            if old.instance != entry.instance { needsCollection = true }
            emit(.replaced(old: old, new: entry))
        case .set:
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
        case .pop, .popTo, .popToRoot:
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
        case .dismiss:
            guard top > 0 else { throw .nothingToDismiss(route: activeRouteName) }
            let removed = state.layers.removeLast()
            // No flow can have lost its last screen if every removed screen
            // belongs to the flow that shows the screen now on top.
            let owner = state.activeEntry?.instance ?? -1
            if removed.isTabContainer || removed.stacks.contains(where: { $0.contains { $0.instance != owner } }) {
                needsCollection = true
            }
            emit(.dismissed(removed.kind))
        case .start:
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
        case .finish:
            var payload: [(Symbol, Value)] = []
            for argument in program.arguments[action.arguments.range] {
                guard let value = evaluate(argument.source, instance, values) else {
                    throw .unsupported(event: event, problem: "'\(describe(action))' has no value for '\(program.name(argument.name))'")
                }
                payload.append((argument.name, value))
            }
            guard let (handler, receiver) = try finish(instance, result: action.result ?? cancelSymbol, event: event) else { return nil }
            return (handler, receiver, try order(payload, for: handler, event: event))
        case .select:
            try select(action.flow, from: instance, event: event)
        case .stay:
            break
        case .assume:
            // Part of the step: rolled back with it when the chain fails; a
            // pending link whose guard now holds opens at the step's end.
            guard let assumed = action.assumedGuard else { break }
            let value = !assumed.negated
            if value { state.guards.insert(assumed.name) } else { state.guards.remove(assumed.name) }
            if let log = guardReads, !log.written.contains(assumed.name) { log.written.append(assumed.name) }
            emit(.guardSet(assumed.name, value))
        }
        return nil
    }

    /// The visible stack of layer `layer`, for messages: `the app's base
    /// stack`, `its sheet`, `tab 'Search'`.
    func stackPlace(_ layer: Int) -> String {
        let shown = state.layers[layer]
        if shown.isTabContainer, shown.container >= 0, Int(shown.container) < state.instances.count {
            let tabs = program.tabs(of: state.instances[Int(shown.container)].flow)
            if shown.selected < tabs.count { return "tab '\(program.name(program.flows[Int(tabs[tabs.startIndex + shown.selected])].name))'" }
        }
        return shown.kind == .base ? "the app's base stack" : "its \(shown.kind.rawValue)"
    }

    /// Whether the top layer is an alert or a dialog (indexed in place).
    package var topIsTransient: Bool {
        let top = state.layers.count - 1
        return top > 0 && state.layers[top].kind.isTransient
    }

    /// Removes the alert or dialog on top (docs/language.md#how-a-program-runs "Transient layers").
    mutating func removeTransientLayer() {
        let removed = state.layers.removeLast()
        let owner = state.activeEntry?.instance ?? -1
        if removed.stacks.contains(where: { $0.contains { $0.instance != owner } }) { needsCollection = true }
        emit(.dismissed(removed.kind))
    }

    /// An alert or a dialog holds exactly one entry (docs/language.md#how-a-program-runs, v1).
    func checkCanPush(onto layer: Int, _ action: Action, _ event: String) throws(NavigationError) {
        let kind = state.layers[layer].kind
        guard kind.isTransient else { return }
        throw .unsupported(event: event, problem: "'\(describe(action))' cannot push onto \(kind == .alert ? "an alert" : "a dialog"), which holds one screen")
    }

    func layer(_ kind: LayerKind, _ placed: Placed) -> Layer {
        switch placed {
        case .entry(let entry): Layer(kind: kind, stack: [entry])
        case .tabs(let container, let stacks): Layer(kind: kind, container: container, tabs: stacks)
        }
    }

    /// The entry for an action's single target.
    func makeEntry(_ action: Action, _ instance: Int32, _ values: HandlerValues, _ event: String) throws(NavigationError) -> Entry {
        try entry(for: program.targets[Int(action.targets.lower)], instance, values, event)
    }

    /// `set` and `start ... as root`: replaces all that `instance` (and its
    /// descendants) shows in the visible stack of the top layer by `entries`,
    /// at the place of its first entry (or on top if it shows nothing there).
    mutating func replaceShown(by instance: Int32, with entries: [Entry]) {
        let top = state.layers.count - 1
        if state.layers[top].isTabContainer, state.isDescendant(state.layers[top].container, of: instance) {
            // The tab bar is the handling flow's own (it or a flow below it started the container):
            // all it shows is the whole layer, every tab included (a log-out from inside a tab).
            state.layers[top] = Layer(kind: state.layers[top].kind, stack: entries)
            needsCollection = true
            return
        }
        let selected = state.layers[top].selected
        let stack = state.layers[top].stacks[selected]
        var kept: [Entry] = []
        var replaced: [Entry] = []
        var insertAt: Int?
        for entry in stack {
            if state.isDescendant(entry.instance, of: instance) {
                if insertAt == nil { insertAt = kept.count }
                replaced.append(entry)
            } else {
                kept.append(entry)
            }
        }
        // The screens that stay the same (`set [feed, post]` over feed, post, profile)
        // stay the same entries: a UI keeps their views (`Entry.identity`).
        var entries = entries
        var same = 0
        while same < entries.count, same < replaced.count, replaced[same] == entries[same] {
            entries[same] = replaced[same]
            same += 1
        }
        kept.insert(contentsOf: entries, at: insertAt ?? kept.count)
        state.layers[top].stacks[selected] = kept
        needsCollection = true
    }

    /// (v1) Before a root swap or a `set`: removes every modal layer above
    /// the handling flow's own layer, the lowest that shows it or a flow
    /// below it (the flows those layers host end silently), so a log-out
    /// handled by the entry flow from inside a sheet lands at the base.
    mutating func removeModalLayers(aboveLayerOf instance: Int32) {
        let top = state.layers.count - 1
        guard top > 0 else { return }
        var own = -1
        for l in 0...top {
            let layer = state.layers[l]
            if (layer.container >= 0 && state.isDescendant(layer.container, of: instance))
                || layer.stacks.contains(where: { $0.contains { state.isDescendant($0.instance, of: instance) } }) {
                own = l
                break
            }
        }
        guard own >= 0, own < top else { return }
        for removed in state.layers[(own + 1)...].reversed() { emit(.dismissed(removed.kind)) }
        state.layers.removeSubrange((own + 1)...)
        needsCollection = true
    }

    /// `start T as root` for a tab container: it must fill the top layer.
    mutating func replaceShownByTabs(by instance: Int32, _ placed: Placed, event: String) throws(NavigationError) {
        guard case .tabs(let container, let stacks) = placed else { return }
        let top = state.layers.count - 1
        let shown = state.layers[top]
        // The layer is the handling flow's when all it shows is the flow's or below it: its
        // screens, or a tab container it (or a flow below it) started, which the new one replaces.
        let owned = shown.isTabContainer
            ? state.isDescendant(shown.container, of: instance)
            : shown.stack.allSatisfy { state.isDescendant($0.instance, of: instance) }
        guard owned else {
            let by = program.name(program.flows[Int(state.instances[Int(instance)].flow)].name)
            let tabs = program.name(program.flows[Int(state.instances[Int(container)].flow)].name)
            let why = shown.isTabContainer ? "its layer is the tab bar of a flow above it" : "'\(by)' shares its layer with screens of other flows"
            throw .unsupported(event: event, problem: "tab container '\(tabs)' started as root by '\(by)' must fill its layer, but \(why)")
        }
        state.layers[top] = Layer(kind: state.layers[top].kind, container: container, tabs: stacks)
        needsCollection = true
        emit(.stackSet(stacks.compactMap(\.first)))
    }

    /// The implicit back: pop or dismiss; a child whose last screen the user
    /// removes finishes with `cancel`.
    mutating func applyImplicitBack(_ back: ImplicitBack) throws(NavigationError) {
        let top = state.layers.count - 1
        let removed: [Entry]
        /// For a dismissal: the tab container the layer held, or -1.
        enum Removal { case pop, dismiss(container: Int32) }
        let presented: Removal
        switch back {
        case .pop:
            let selected = state.layers[top].selected
            removed = [state.layers[top].stacks[selected].removeLast()]
            emit(.popped(removed[0]))
            presented = .pop
        case .dismiss:
            let layer = state.layers.removeLast()
            removed = layer.stacks.flatMap { $0 }
            emit(.dismissed(layer.kind))
            presented = .dismiss(container: layer.container)
        }
        needsCollection = true
        // The flow of the removed root screen, if it has no screen left, was backed out of.
        guard let first = removed.first else { return }
        var child = first.instance
        if case .dismiss(let container) = presented {
            // (v2, docs/language.md) A removed layer finishes the child it was presented for: the
            // highest flow above its root (or its tab container) left with nothing on screen.
            if container >= 0 { child = container }
            let shown = instancesShowingSomething()
            guard !shown[Int(child)] else { return }
            var steps = 0
            while state.instances[Int(child)].parent >= 0, !shown[Int(state.instances[Int(child)].parent)], steps <= state.instances.count {
                child = state.instances[Int(child)].parent
                steps += 1
            }
            guard state.instances[Int(child)].parent >= 0 else { return }
        } else {
            guard state.instances[Int(child)].parent >= 0, !showsAnything(child) else { return }
        }
        if let delivery = try finish(child, result: cancelSymbol, event: "back") {
            let values = HandlerValues(event: try order([], for: delivery.0, event: "back"), route: routeValues(delivery.0))
            try run(delivery.0, delivery.1, values, event: "back")
        }
    }

    /// Whether `instance` or a flow below it still has an entry on screen.
    /// The flows below it are found once (`subtree(of:)`), so the cost is
    /// the instances plus the entries, not their product: a back at the
    /// bottom of a chain of 10,000 flows asked 10,000 ancestries.
    func showsAnything(_ instance: Int32) -> Bool {
        let inside = subtree(of: instance)
        for layer in state.layers {
            if layer.container >= 0 && inside[Int(layer.container)] { return true }
            for stack in layer.stacks where stack.contains(where: { inside[Int($0.instance)] }) {
                return true
            }
        }
        return false
    }

    /// For each instance: whether it or a flow below it has something on
    /// screen (an entry, or a tab container's layer).
    /// - Complexity: O(instances + entries): each instance is marked once.
    func instancesShowingSomething() -> [Bool] {
        var shown = [Bool](repeating: false, count: state.instances.count)
        func markUp(_ instance: Int32) {
            var current = instance
            while current >= 0, !shown[Int(current)] {
                shown[Int(current)] = true
                current = state.instances[Int(current)].parent
            }
        }
        for layer in state.layers {
            if layer.container >= 0 { markUp(layer.container) }
            for stack in layer.stacks { for entry in stack { markUp(entry.instance) } }
        }
        return shown
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
            for s in layer.stacks.indices { layer.stacks[s].removeAll { ending[Int($0.instance)] } }
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
        for (i, isEnding) in ending.enumerated() where isEnding { free(Int32(i)) }
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

    // MARK: - Instances

    /// What starting a flow puts on screen.
    enum Placed {
        case entry(Entry)
        case tabs(container: Int32, stacks: [[Entry]])
    }

    /// Starts `flow` as instance `instance`: follows `start` through flows
    /// that start another flow in their place, to a route or a tab container.
    /// `event` names the step in errors.
    mutating func instantiate(_ flow: FlowID, as instance: Int32, event: String = "start") throws(NavigationError) -> Placed {
        try startChain(flow, as: instance, insideTabs: false, event: event)
    }

    /// The start route of `flow` (a tab's: no tab container may follow).
    mutating func startEntry(_ flow: FlowID, as instance: Int32, insideTabs: Bool, event: String = "start") throws(NavigationError) -> Entry {
        switch try startChain(flow, as: instance, insideTabs: insideTabs, event: event) {
        case .entry(let entry): return entry
        case .tabs: throw .unsupported(event: event, problem: "flow '\(program.name(program.flows[Int(flow)].name))' starts a tab container in its place")
        }
    }

    /// Follows the start chain of `flow`, creating instances for flows
    /// started in place: at each flow, the first `start` item whose guard
    /// holds, else the fallback, its arguments bound from that flow's own;
    /// a tab container at the end starts all its tabs (its instance is the
    /// last one created).
    private mutating func startChain(_ flow: FlowID, as instance: Int32, insideTabs: Bool, event: String) throws(NavigationError) -> Placed {
        var current = flow
        var owner = instance
        for _ in 0...program.flows.count {
            let f = program.flows[Int(current)]
            if f.isTabContainer {
                if insideTabs { throw .unsupported(event: event, problem: "tab containers cannot be nested") }
                var stacks: [[Entry]] = []
                for tab in program.tabs(of: current) {
                    guard program.flows[Int(tab)].parameters.isEmpty else {
                        throw .unsupported(event: event, problem: "tab '\(program.name(program.flows[Int(tab)].name))' has parameters (F114)")
                    }
                    let child = newInstance(tab, parent: owner)
                    stacks.append([try startEntry(tab, as: child, insideTabs: true, event: event)])
                }
                return .tabs(container: owner, stacks: stacks)
            }
            let item = chosenStart(current)
            switch item?.target ?? f.start {
            case .route(let r):
                let arguments = try bind(item?.arguments ?? .empty, to: program.routes[Int(r)].parameters, owner, HandlerValues(event: []),
                                         what: "start route '\(program.qualifiedName(r))'", event)
                return .entry(Entry(route: r, instance: owner, arguments: arguments))
            case .flow(let g):
                let arguments = try bind(item?.arguments ?? .empty, to: program.flows[Int(g)].parameters, owner, HandlerValues(event: []),
                                         what: "flow '\(program.name(program.flows[Int(g)].name))'", event)
                owner = newInstance(g, parent: owner, arguments: arguments)
                current = g
            case .none:
                throw .unsupported(event: event, problem: "flow '\(program.name(f.name))' has no start")
            }
        }
        throw .unsupported(event: event, problem: "the start of '\(program.name(program.flows[Int(flow)].name))' never shows a screen: \(startCycleText(from: flow)) start each other in their place without end")
    }

    /// The cycle that the start chain from `flow` enters, for messages: `'A' → 'B' → 'A'`.
    func startCycleText(from flow: FlowID) -> String {
        var seen = [Int](repeating: -1, count: program.flows.count)
        var chain: [FlowID] = []
        var current = flow
        while seen[Int(current)] < 0 {
            seen[Int(current)] = chain.count
            chain.append(current)
            guard case .flow(let next)? = chosenStart(current)?.target ?? Optional(program.flows[Int(current)].start) else { break }
            current = next
        }
        let cycle = seen[Int(current)] >= 0 ? Array(chain[seen[Int(current)]...]) + [current] : chain
        return cycle.map { "'\(program.name(program.flows[Int($0)].name))'" }.joined(separator: " → ")
    }

    /// The `start` item of `flow` that applies now: the first guarded one
    /// whose guard holds, else the fallback (nil for a flow without items).
    func chosenStart(_ flow: FlowID) -> StartItem? {
        let items = program.flows[Int(flow)].starts
        var fallback: StartItem?
        for i in items.range {
            let item = program.startItems[i]
            guard let condition = item.guardCondition else {
                fallback = item
                continue
            }
            if guardIsSet(condition.name) != condition.negated { return item }
        }
        return fallback
    }

    mutating func newInstance(_ flow: FlowID, parent: Int32, arguments: [Value] = [], expectedToFinish: Bool = false) -> Int32 {
        emit(.flowStarted(flow))
        let instance = FlowInstance(flow: flow, parent: parent, isRunning: true, arguments: arguments,
                                    isExpectedToFinish: expectedToFinish)
        if reusesSlots, let slot = state.freeSlots.popLast() {
            state.instances[Int(slot)] = instance
            return slot
        }
        state.instances.append(instance)
        return Int32(state.instances.count - 1)
    }

    mutating func free(_ instance: Int32) {
        state.instances[Int(instance)].isRunning = false
        state.instances[Int(instance)].arguments = []
        state.freeSlots.append(instance)
    }

    /// Marks `instance` and every running instance below it.
    func subtree(of instance: Int32) -> [Bool] {
        // 0 unknown, 1 inside, 2 outside; each instance is resolved once.
        var verdict = [UInt8](repeating: 0, count: state.instances.count)
        verdict[Int(instance)] = 1
        var path: [Int32] = []
        for i in state.instances.indices where state.instances[i].isRunning && verdict[i] == 0 {
            var current = Int32(i)
            path.removeAll(keepingCapacity: true)
            while current >= 0, verdict[Int(current)] == 0, path.count <= state.instances.count {
                path.append(current)
                current = state.instances[Int(current)].parent
            }
            let inside: UInt8 = current >= 0 && verdict[Int(current)] == 1 ? 1 : 2
            for p in path { verdict[Int(p)] = inside }
        }
        return verdict.map { $0 == 1 }
    }

    /// Ends, silently, every flow left with no screen of its own or below it.
    mutating func endUnusedInstances() {
        needsCollection = false
        var alive = [Bool](repeating: false, count: state.instances.count)
        func markUp(_ instance: Int32) {
            var current = instance
            while current >= 0, !alive[Int(current)] {
                alive[Int(current)] = true
                current = state.instances[Int(current)].parent
            }
        }
        for layer in state.layers {
            if layer.container >= 0 { markUp(layer.container) }
            for stack in layer.stacks { for entry in stack { markUp(entry.instance) } }
        }
        for (i, instance) in state.instances.enumerated() where instance.isRunning && !alive[i] {
            emit(.flowEnded(instance.flow))
            free(Int32(i))
        }
    }

    /// An action as written, for messages.
    func describe(_ action: Action) -> String { program.actionText(action) }
}
