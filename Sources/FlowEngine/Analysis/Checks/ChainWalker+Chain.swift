import FlowModel

/// The chain itself: the frames a handler's actions push, present and pop,
/// and the edges and requirements each action adds.
extension ChainWalker {
    var top: Frame {
        get { frames[frames.count - 1] }
        set { frames[frames.count - 1] = newValue }
    }
    /// Entries the chain pushed on the top frame.
    var pushedOnTop: Int { entries.count - top.entriesStart }
    var topBelow: Int { top.baseBelow + pushedOnTop }
    var modalOnTop: Int { modalBase + frames.count - 1 }
    /// The route on top, if known.
    var topRoute: RouteID { pushedOnTop > 0 ? entries[entries.count - 1].route : (top.basePopped ? -1 : top.baseRoute) }

    /// The "below" node under what the next push lands on, and whether it is
    /// directly below (a push edge) or only somewhere below (a copy edge).
    var underNext: (node: Int32, push: Bool) {
        pushedOnTop > 0 ? (entries[entries.count - 1].node, true) : (top.base, !top.basePopped)
    }

    mutating func require(_ kind: BackRequirement.Kind, _ action: Int, base: Int = 0, baseNode: Int32 = -1) {
        let value = kind == .modal ? modalBase : topBelow
        requirements.append(BackRequirement(kind: kind, action: ActionID(action), ref: ref,
                                            belowIsConstant: kind != .modal && top.belowIsConstant,
                                            top: Int32(clamping: value), base: Int32(clamping: base),
                                            baseNode: baseNode, topRoute: topRoute))
    }

    /// A new stack whose counts are constants: a presented layer's, or one
    /// that can hold anything below its top.
    func frame(presented: Bool, below: Int, base: Int32, route: RouteID) -> Frame {
        Frame(presented: presented, belowIsConstant: true, baseBelow: below, base: base, baseRoute: route,
              basePopped: false, entriesStart: entries.count)
    }

    /// Puts `node` (showing `route`) on top of the top frame; `entry` is the
    /// "below" node of the new entry when it differs (a started flow's root
    /// node stands for where its first entry goes, not for that entry).
    mutating func push(_ node: Int32, route: RouteID, entry: Int32? = nil) {
        carry(ref, node, constant: top.belowIsConstant, below: topBelow + 1, modal: modalOnTop)
        let under = underNext
        below(under.node, node, push: under.push)
        entries.append((entry ?? node, route))
    }

    /// Presents a new layer whose root is `node` (see `push` for `entry`).
    mutating func present(_ node: Int32, route: RouteID, entry: Int32? = nil) {
        carry(ref, node, constant: true, below: 0, modal: modalOnTop + 1)
        // Presented whether or not its source is ever active, as the placements do.
        seed(node, Depth(below: 0, modal: 1))
        frames.append(frame(presented: true, below: 0, base: entry ?? node, route: route))
    }

    /// Walks handler `h`'s chain of actions from where it runs; each kind
    /// of action has a function of its own below.
    mutating func walk(_ h: HandlerID) {
        let handler = program.handlers[Int(h)]
        let source = handler.route >= 0 ? handler.route : context(handler.flow)
        ref = source
        modalBase = 0
        entries.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        frames.append(Frame(presented: false, belowIsConstant: false, baseBelow: 0, base: source,
                            baseRoute: handler.route >= 0 ? handler.route : -1, basePopped: false, entriesStart: 0))
        for a in handler.actions.range {
            let action = program.actions[a]
            let target = action.targets.isEmpty ? RouteID(-1) : program.targets[Int(action.targets.lower)].route
            switch action.kind {
            case .push: push(target, route: target)
            case .sheet, .cover, .popover: present(target, route: target)
            case .alert, .dialog: presentTransient(target)
            case .replace: replace(with: target)
            case .pop: pop(a)
            case .popToRoot: popToRoot(a)
            case .popTo: popTo(target, a)
            case .dismiss: dismiss(a)
            case .set: set(action, in: handler.flow)
            case .start: start(action, in: handler.flow)
            case .select: restartBelowAnything()
            case .finish:
                // Whatever follows runs after the flow has ended: never.
                return
            case .stay, .assume:
                break
            }
        }
    }

    /// `alert` or `dialog R`: a layer whose handlers act where its presenter stands.
    mutating func presentTransient(_ target: RouteID) {
        let presenter = (constant: top.belowIsConstant, below: topBelow, modal: modalOnTop)
        carry(ref, target, constant: presenter.constant, below: presenter.below, modal: presenter.modal)
        let under = underNext
        below(under.node, target, push: under.push)
        var layer = frame(presented: true, below: 0, base: target, route: target)
        layer.transient = presenter
        frames.append(layer)
    }

    /// `replace R`: the top entry becomes R.
    mutating func replace(with target: RouteID) {
        if let presenter = top.transient, pushedOnTop == 0 {
            // Replaced into an alert or a dialog: it acts where that was presented.
            carry(ref, target, constant: presenter.constant, below: presenter.below, modal: presenter.modal)
            below(top.base, target, push: false)
            top.base = target
            top.baseRoute = target
            return
        }
        carry(ref, target, constant: top.belowIsConstant, below: topBelow, modal: modalOnTop)
        if pushedOnTop > 0 {
            let under: (Int32, Bool) = pushedOnTop > 1 ? (entries[entries.count - 2].node, true) : (top.base, !top.basePopped)
            below(under.0, target, push: under.1)
            entries[entries.count - 1] = (target, target)
        } else {
            below(top.base, target, push: false)
            top.base = target
            top.baseRoute = target
            top.basePopped = false
        }
    }

    /// `pop`: the chain's own entry, or (a requirement) one below its base.
    mutating func pop(_ action: Int) {
        if pushedOnTop > 0 {
            entries.removeLast()
        } else {
            require(.below, action)
            top.baseBelow -= 1
            top.basePopped = true
        }
    }

    /// `popToRoot`: the stack down to its root, whatever that is.
    mutating func popToRoot(_ action: Int) {
        if pushedOnTop == 0 { require(.below, action) }
        entries.removeSubrange(top.entriesStart...)
        top.belowIsConstant = true
        top.baseBelow = 0
        top.basePopped = false
        // The root of a stack the chain did not present could be any route.
        if !top.presented { top.baseRoute = -1 }
    }

    /// `dismiss`: the chain's own layer, or (a requirement) one it did not present.
    mutating func dismiss(_ action: Int) {
        if frames.count > 1 {
            entries.removeSubrange(top.entriesStart...)
            frames.removeLast()
        } else {
            require(.modal, action)
            modalBase -= 1
            entries.removeAll(keepingCapacity: true)
            // The stack below: its top could have anything below it.
            frames[0] = frame(presented: false, below: Int(Depth.unbounded), base: anything, route: -1)
        }
    }

    /// `set [A, B]`: the flow's own stack, from its root.
    mutating func set(_ action: Action, in flow: FlowID) {
        let flowRoot = root(flow)
        ref = flowRoot
        modalBase = 0
        entries.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        var previous: Int32 = -1
        for (k, t) in program.targets[action.targets.range].enumerated() {
            carry(flowRoot, t.route, constant: false, below: k, modal: 0)
            if k == 0 {
                below(flowRoot, t.route, push: false)
                frames.append(Frame(presented: false, belowIsConstant: false, baseBelow: 0, base: t.route,
                                    baseRoute: t.route, basePopped: false, entriesStart: 0))
            } else {
                below(previous, t.route, push: true)
                entries.append((t.route, t.route))
            }
            previous = t.route
        }
        if frames.isEmpty {
            frames.append(Frame(presented: false, belowIsConstant: false, baseBelow: 0, base: flowRoot,
                                baseRoute: -1, basePopped: false, entriesStart: 0))
        }
    }

    /// `start F [as …]`: the child's first entry pushed, presented, or in the flow's place.
    mutating func start(_ action: Action, in flow: FlowID) {
        let child = root(action.flow)
        switch action.mode {
        case .push:
            push(child, route: firstRoutes[Int(action.flow)], entry: entryNode(action.flow))
        case .sheet, .cover:
            present(child, route: firstRoutes[Int(action.flow)], entry: entryNode(action.flow))
        case .root:
            let flowRoot = root(flow)
            ref = flowRoot
            modalBase = 0
            carry(flowRoot, child, constant: false, below: 0, modal: 0)
            below(flowRoot, child, push: false)
            entries.removeAll(keepingCapacity: true)
            frames.removeAll(keepingCapacity: true)
            frames.append(Frame(presented: false, belowIsConstant: false, baseBelow: 0, base: entryNode(action.flow),
                                baseRoute: firstRoutes[Int(action.flow)], basePopped: false, entriesStart: 0))
        }
    }

    /// `select T`: a tab's stack, which could hold anything.
    mutating func restartBelowAnything() {
        entries.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        frames.append(frame(presented: false, below: Int(Depth.unbounded), base: anything, route: -1))
    }

    /// `pop to R`: the nearest R strictly below the top. Found among the
    /// chain's own entries of this stack when it can be (every entry looked
    /// at is then removed, so the chain stays linear); otherwise it has to be
    /// below the base entry, which the "below" graph decides.
    mutating func popTo(_ target: RouteID, _ action: Int) {
        let pushed = pushedOnTop
        if pushed > 0 {
            var i = entries.count - 2
            while i >= top.entriesStart {
                if entries[i].route == target || entries[i].route < 0 {
                    entries.removeSubrange((i + 1)...)
                    return
                }
                i -= 1
            }
            if !top.basePopped && (top.baseRoute == target || top.baseRoute < 0) {
                entries.removeSubrange(top.entriesStart...)
                return
            }
        }
        require(.popTo, action, base: top.baseBelow, baseNode: top.presented ? -1 : top.base)
        entries.removeSubrange(top.entriesStart...)
        top.base = target
        top.baseRoute = target
        top.basePopped = false
        top.baseBelow -= 1
    }
}
