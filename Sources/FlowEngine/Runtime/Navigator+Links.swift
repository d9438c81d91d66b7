/// Deep links (DSL.md §5 "Deep links"): matching a URL against the
/// program's links, then rebuilding the navigation to the link's target
/// through the lowest common ancestor of the active flow and the target.
extension Navigator {
    /// Opens `url`: rebuilds the navigation to its link's target.
    @discardableResult
    public mutating func open(_ url: String) throws(NavigationError) -> [NavigationEffect] {
        let (link, binding) = try matchBinding(url)
        if isClosed(link) {
            return try step("open") { (navigator: inout Navigator) throws(NavigationError) in
                try navigator.openClosed(link, url: url)
            }
        }
        return try step("open") { (navigator: inout Navigator) throws(NavigationError) in
            // A newer URL replaces a pending one.
            navigator.state.pendingLink = nil
            try navigator.rebuild(to: link, binding)
        }
    }

    /// What a matching URL binds: the target route's arguments, and those
    /// of each flow on the link's path (v1).
    struct LinkBinding {
        var route: [Value]
        /// Nil for a flow the link does not bind: the entry, or one started
        /// in its parent's place (its `start` item binds it).
        var flows: [[Value]?]
    }

    /// The first link whose pattern matches `url`, and the target route's arguments.
    public func match(_ url: String) throws(NavigationError) -> (Link, [Value]) {
        let (link, binding) = try matchBinding(url)
        return (link, binding.route)
    }

    /// The first link whose pattern matches `url`, and what it binds.
    func matchBinding(_ url: String) throws(NavigationError) -> (Link, LinkBinding) {
        guard !url.isEmpty else { throw .noMatchingLink(url: url, problem: "the URL is empty") }
        let parts: URLParts
        switch URLParts.split(url) {
        case .success(let split): parts = split
        case .failure(let problem): throw .noMatchingLink(url: String(url.prefix(200)), problem: problem.message)
        }
        var segments: [String] = []
        segments.reserveCapacity(parts.segments.count)
        for segment in parts.segments {
            guard let decoded = LinkPattern.percentDecode(segment) else {
                throw .noMatchingLink(url: String(url.prefix(200)), problem: "bad percent-escape in '\(segment.prefix(40))'")
            }
            segments.append(decoded)
        }
        var query: [String: String] = [:]
        for item in parts.query {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = LinkPattern.percentDecode(pair[0]),
                  let value = LinkPattern.percentDecode(pair.count > 1 ? pair[1] : "") else {
                throw .noMatchingLink(url: String(url.prefix(200)), problem: "bad percent-escape in '\(item.prefix(40))'")
            }
            if query[key] == nil { query[key] = value }
        }
        // (v1) Of several matching links the most specific wins; of equally
        // specific ones (F304 at validation), the first in the source.
        var best: (Link, LinkBinding)?
        // A pattern with the URL's host comes before any with a captured host (a literal
        // beats a capture at the first segment): both buckets keep source order.
        for bucket in linkIndex.candidates(scheme: parts.scheme, segments: segments) {
            for l in bucket {
                let link = program.links[Int(l)]
                if let current = best, !link.pattern.isMoreSpecific(than: current.0.pattern) { continue }
                if let binding = bind(link, segments, query) { best = (link, binding) }
            }
        }
        guard let best else { throw .noMatchingLink(url: String(url.prefix(200)), problem: mismatch(parts.scheme, segments, query)) }
        return best
    }

    /// Why no link matched, for the message: the most specific link whose
    /// literal segments the URL has, and what it lacks (a query item, a
    /// value of a capture's type); else "no link matches it". Only on the
    /// path of a rejected URL.
    func mismatch(_ scheme: String, _ segments: [String], _ query: [String: String]) -> String {
        var best: (Link, String)?
        for link in program.links where link.pattern.scheme == scheme && link.pattern.segments.count == segments.count {
            if let current = best, !link.pattern.isMoreSpecific(than: current.0.pattern) { continue }
            if let reason = mismatch(link, segments, query) { best = (link, reason) }
        }
        guard let (link, reason) = best else { return "no link matches it" }
        return "it has the shape of link '\(link.patternText.prefix(200))', but \(reason)"
    }

    /// The text each capture of `link` takes from a URL with as many
    /// segments, or nil when a literal segment differs; `missing` is the
    /// first query item of the pattern that the URL lacks (captures so far).
    func captures(_ link: Link, _ segments: [String], _ query: [String: String]) -> (values: [Symbol: String], missing: String?)? {
        var captured: [Symbol: String] = [:]
        for (segment, value) in zip(link.pattern.segments, segments) {
            switch segment {
            case .literal(let text): guard text == value else { return nil }
            case .capture(let name): captured[name] = value
            }
        }
        for item in link.pattern.query {
            guard let value = query[item.key] else { return (captured, item.key) }
            captured[item.capture] = value
        }
        return (captured, nil)
    }

    /// What `link` lacks to match a URL whose literal segments it has; nil
    /// when a literal differs.
    func mismatch(_ link: Link, _ segments: [String], _ query: [String: String]) -> String? {
        guard let (captured, missing) = captures(link, segments, query) else { return nil }
        if let missing { return "not its query item '\(missing.prefix(40))'" }
        func conversion(_ arguments: IndexRange, _ parameters: IndexRange) -> String? {
            for argument in program.arguments[arguments.range] where Int(argument.parameter) < parameters.count {
                guard case .capture(let name) = argument.source, let text = captured[name] else { continue }
                let parameter = program.parameters[parameters.range.lowerBound + Int(argument.parameter)]
                if RouteArguments.convert(text, to: parameter.type) == nil {
                    let article = parameter.type == .int ? "an" : "a"
                    return "'\(text.prefix(40))' is not \(article) \(parameter.type.rawValue) for '\(program.name(parameter.name))'"
                }
            }
            return nil
        }
        if let problem = conversion(link.arguments, program.routes[Int(link.route)].parameters) { return problem }
        for (i, flow) in link.path.enumerated() where i < link.flowArguments.count {
            if let problem = conversion(link.flowArguments[i], program.flows[Int(flow)].parameters) { return problem }
        }
        return "its target's arguments are not all bound by its captures (F303)"
    }

    /// What `link` binds if it matches, converting each capture to the type
    /// of the parameter it is bound to; nil if anything differs.
    func bind(_ link: Link, _ segments: [String], _ query: [String: String]) -> LinkBinding? {
        guard let (captured, missing) = captures(link, segments, query), missing == nil else { return nil }
        guard let route = bindCaptures(link.arguments, to: program.routes[Int(link.route)].parameters, captured) else { return nil }
        var flows: [[Value]?] = []
        for (i, flow) in link.path.enumerated() {
            let arguments = i < link.flowArguments.count ? link.flowArguments[i] : .empty
            let parameters = program.flows[Int(flow)].parameters
            if arguments.isEmpty && !parameters.isEmpty {
                flows.append(nil)
                continue
            }
            guard let values = bindCaptures(arguments, to: parameters, captured) else { return nil }
            flows.append(values)
        }
        return LinkBinding(route: route, flows: flows)
    }

    /// The values of a link step's arguments in the order of `parameters`.
    func bindCaptures(_ arguments: IndexRange, to parameters: IndexRange, _ captured: [Symbol: String]) -> [Value]? {
        if parameters.isEmpty { return [] }
        var bound = [Value?](repeating: nil, count: parameters.count)
        for argument in program.arguments[arguments.range] where Int(argument.parameter) < bound.count {
            let type = program.parameters[parameters.range.lowerBound + Int(argument.parameter)].type
            switch argument.source {
            case .literal(let value):
                bound[Int(argument.parameter)] = value
            case .capture(let name):
                guard let text = captured[name], let value = RouteArguments.convert(text, to: type) else { return nil }
                bound[Int(argument.parameter)] = value
            case .eventParameter, .routeParameter, .flowParameter:
                return nil
            }
        }
        var values: [Value] = []
        for value in bound {
            guard let value else { return nil }
            values.append(value)
        }
        return values
    }

    /// Keeps what the current navigation shares with the target path and
    /// replaces the rest (see DSL.md §5).
    mutating func rebuild(to link: Link, _ binding: LinkBinding) throws(NavigationError) {
        let arguments = binding.route
        guard let active = state.activeEntry else { throw .emptyScreen(event: "open") }
        let chain = Array(state.ancestry(of: active.instance).reversed())
        let path = link.path
        guard let first = chain.first, state.instances[Int(first)].flow == path[0] else {
            throw .unsupported(event: "open", problem: "the link's path does not start at the running entry flow")
        }
        var depth = 0
        // A running flow is shared only with the arguments the link gives it.
        while depth + 1 < chain.count, depth + 1 < path.count, state.instances[Int(chain[depth + 1])].flow == path[depth + 1],
              depth + 1 >= binding.flows.count || binding.flows[depth + 1].map({ state.instances[Int(chain[depth + 1])].arguments == $0 }) ?? true {
            depth += 1
        }
        var current = chain[depth]
        // Every layer above the common ancestor's layer goes.
        let base = lowestLayer(showing: current)
        if base + 1 < state.layers.count {
            for layer in state.layers[(base + 1)...].reversed() { emit(.dismissed(layer.kind)) }
            state.layers.removeSubrange((base + 1)...)
        }
        if program.flows[Int(state.instances[Int(current)].flow)].isTabContainer {
            // The target's tab is selected and its stack rebuilt; other tabs keep theirs.
            guard depth + 1 < path.count else { throw .unsupported(event: "open", problem: "a link cannot end at a tab container") }
            current = try selectAndResetTab(path[depth + 1], of: current)
            depth += 1
        } else {
            try resetToStart(current)
        }
        while depth + 1 < path.count {
            current = try startStep(from: current, to: path[depth + 1],
                                    arguments: depth + 1 < binding.flows.count ? binding.flows[depth + 1] ?? [] : [])
            depth += 1
        }
        // The target route comes last, once.
        let top = state.layers.count - 1
        let selected = state.layers[top].selected
        if let last = state.layers[top].stacks[selected].last, last.route == link.route, last.instance == current {
            state.layers[top].stacks[selected][state.layers[top].stacks[selected].count - 1].arguments = arguments
        } else {
            state.layers[top].stacks[selected].append(Entry(route: link.route, instance: current, arguments: arguments))
            emit(.pushed(link.route))
        }
        needsCollection = true
    }

    /// The index of the lowest layer holding something of `instance` or below it.
    func lowestLayer(showing instance: Int32) -> Int {
        for (index, layer) in state.layers.enumerated() {
            if layer.container >= 0 && state.isDescendant(layer.container, of: instance) { return index }
            if layer.stacks.contains(where: { $0.contains { state.isDescendant($0.instance, of: instance) } }) { return index }
        }
        return 0
    }

    /// Resets what `instance` shows to its start: what it showed, and the
    /// flows below it, end silently.
    mutating func resetToStart(_ instance: Int32) throws(NavigationError) {
        let flow = state.instances[Int(instance)].flow
        guard case .entry(let entry) = try instantiate(flow, as: instance, event: "open") else {
            // Name the tab container its start chain ends at.
            var container = flow
            for _ in 0...program.flows.count {
                guard case .flow(let next)? = chosenStart(container)?.target ?? Optional(program.flows[Int(container)].start) else { break }
                container = next
            }
            throw .unsupported(event: "open", problem: "'\(program.name(program.flows[Int(flow)].name))' shows tab container '\(program.name(program.flows[Int(container)].name))' in its place, so the link cannot show a route of its own; its path must go through '\(program.name(program.flows[Int(container)].name))' to one of its tabs")
        }
        replaceShown(by: instance, with: [entry])
        emit(.stackSet([entry.route]))
    }

    /// Selects tab `tab` of `container` and resets that tab's stack to its start.
    mutating func selectAndResetTab(_ tab: FlowID, of container: Int32) throws(NavigationError) -> Int32 {
        guard let layerIndex = state.layers.firstIndex(where: { $0.container == container }),
              let offset = program.tabs(of: state.instances[Int(container)].flow).firstIndex(of: tab) else {
            throw .unsupported(event: "open", problem: "the tab container is not on screen")
        }
        let index = offset - program.tabs(of: state.instances[Int(container)].flow).startIndex
        let stack = state.layers[layerIndex].stacks[index]
        guard let root = stack.first,
              let tabInstance = state.ancestry(of: root.instance).first(where: { state.instances[Int($0)].parent == container }) else {
            throw .unsupported(event: "open", problem: "the tab has no screen")
        }
        let entry = try startEntry(tab, as: tabInstance, insideTabs: true, event: "open")
        state.layers[layerIndex].stacks[index] = [entry]
        state.layers[layerIndex].selected = index
        emit(.tabSelected(tab))
        needsCollection = true
        return tabInstance
    }

    /// One step Parent→Child of the target path, the way the parent first
    /// starts the child in the source.
    mutating func startStep(from parent: Int32, to child: FlowID, arguments: [Value]) throws(NavigationError) -> Int32 {
        let parentFlow = state.instances[Int(parent)].flow
        guard let edge = topology.firstEdge(from: parentFlow, to: child) else {
            throw .unsupported(event: "open", problem: "'\(program.name(program.flows[Int(parentFlow)].name))' never starts '\(program.name(program.flows[Int(child)].name))'")
        }
        switch edge.mode {
        case .flowStart:
            if let existing = state.instances.indices.first(where: {
                state.instances[$0].isRunning && state.instances[$0].parent == parent && state.instances[$0].flow == child
            }) {
                return Int32(existing)
            }
            let parentName = program.name(program.flows[Int(parentFlow)].name)
            let shown = state.instances.first { $0.isRunning && $0.parent == parent }.map { "'\(program.name(program.flows[Int($0.flow)].name))'" }
            throw .unsupported(event: "open", problem: "'\(parentName)' shows \(shown ?? "nothing") in its place, not '\(program.name(program.flows[Int(child)].name))' (its start items chose when it started); the link's path goes through '\(program.name(program.flows[Int(child)].name))'")
        case .tab:
            return try selectAndResetTab(child, of: parent)
        case .push, .sheet, .cover, .root:
            guard arguments.count == program.flows[Int(child)].parameters.count else {
                throw .unsupported(event: "open", problem: "the link does not bind the parameters of '\(program.name(program.flows[Int(child)].name))' (F303)")
            }
            let instance = newInstance(child, parent: parent, arguments: arguments, expectedToFinish: edge.mode != .root)
            let placed = try instantiate(child, as: instance, event: "open")
            let top = state.layers.count - 1
            switch (edge.mode, placed) {
            case (.push, .entry(let entry)):
                state.layers[top].stacks[state.layers[top].selected].append(entry)
                emit(.pushed(entry.route))
            case (.sheet, _), (.cover, _):
                let presented = layer(edge.mode == .sheet ? .sheet : .cover, placed)
                state.layers.append(presented)
                emit(.presented(presented.kind, presented.stack[0].route))
            case (.root, .entry(let entry)):
                replaceShown(by: parent, with: [entry])
                emit(.stackSet([entry.route]))
            case (.root, .tabs):
                try replaceShownByTabs(by: parent, placed, event: "open")
            default:
                throw .unsupported(event: "open", problem: "a tab container cannot be pushed")
            }
            return deepestInstance(under: instance, in: placed)
        }
    }

    /// The instance that owns what `placed` shows (the end of a start chain),
    /// or the container itself.
    func deepestInstance(under instance: Int32, in placed: Placed) -> Int32 {
        switch placed {
        case .entry: instance
        case .tabs(let container, _): container
        }
    }
}
