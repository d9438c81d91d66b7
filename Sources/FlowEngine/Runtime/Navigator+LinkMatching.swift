import FlowModel

/// Matching a URL against the program's links (docs/language.md#deep-links): the most specific pattern that matches wins, `link
/// default` when none does; what the match binds, each capture converted
/// to the type of the parameter it is bound to and each parameter an
/// absent optional item binds given its default.
extension Navigator {
    /// A URL split and percent-decoded: what patterns are compared with.
    struct DecodedURL {
        var scheme: String
        /// The host, then each path segment.
        var segments: [String]
        /// Query items by key (the first of a repeated key).
        var query: [String: String]
        /// (v2) Fragment items by key, as for the query.
        var fragment: [String: String]
    }

    /// The first link whose pattern matches `url`, and the target route's arguments.
    public func match(_ url: String) throws(NavigationError) -> (Link, [Value]) {
        let (link, binding) = try matchBinding(url)
        return (link, binding.route)
    }

    /// The link whose pattern matches `url` (the most specific; of equally
    /// specific ones, F304 at validation, the first in the source; else
    /// `link default`), and what it binds.
    package func matchBinding(_ url: String) throws(NavigationError) -> (Link, LinkBinding) {
        guard !url.isEmpty else { throw .noMatchingLink(url: url, problem: "the URL is empty") }
        let decoded = try decode(url)
        var best: (Link, LinkBinding)?
        // Each bucket keeps source order; a later link replaces the best only when it is more specific.
        for bucket in linkIndex.candidates(scheme: decoded.scheme, segments: decoded.segments) {
            for l in bucket {
                let link = program.links[Int(l)]
                if let current = best, !link.pattern.isMoreSpecific(than: current.0.pattern) { continue }
                if let binding = bind(link, decoded) { best = (link, binding) }
            }
        }
        if best == nil, linkIndex.fallback >= 0 {
            let link = program.links[Int(linkIndex.fallback)]
            if let binding = bind(link, decoded) { best = (link, binding) }
        }
        guard let best else { throw .noMatchingLink(url: String(url.prefix(200)), problem: mismatch(decoded)) }
        return best
    }

    /// `url` split and percent-decoded, or why it is no URL.
    func decode(_ url: String) throws(NavigationError) -> DecodedURL {
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
        return DecodedURL(scheme: parts.scheme, segments: segments,
                          query: try items(parts.query, url), fragment: try items(parts.fragment, url))
    }

    /// `key=value` items by key, percent-decoded; the first of a repeated key wins.
    private func items(_ raw: [Substring], _ url: String) throws(NavigationError) -> [String: String] {
        var items: [String: String] = [:]
        for item in raw {
            let equals = item.utf8.firstIndex(of: UInt8(ascii: "="))
            let rawKey = equals.map { item[..<$0] } ?? item
            let rawValue = equals.map { item[item.utf8.index(after: $0)...] } ?? ""
            guard let key = LinkPattern.percentDecode(rawKey), let value = LinkPattern.percentDecode(rawValue) else {
                throw .noMatchingLink(url: String(url.prefix(200)), problem: "bad percent-escape in '\(item.prefix(40))'")
            }
            if items[key] == nil { items[key] = value }
        }
        return items
    }

    /// Why no link matched, for the message: the most specific link whose
    /// literal segments the URL has, and what it lacks (a query or fragment
    /// item, a value of a capture's type); else "no link matches it". Only
    /// on the path of a rejected URL.
    func mismatch(_ url: DecodedURL) -> String {
        var best: (Link, String)?
        for link in program.links where link.pattern.scheme == url.scheme && !link.pattern.isDefault
            && link.pattern.accepts(segmentCount: url.segments.count) {
            if let current = best, !link.pattern.isMoreSpecific(than: current.0.pattern) { continue }
            if let reason = mismatch(link, url) { best = (link, reason) }
        }
        guard let (link, reason) = best else { return "no link matches it" }
        return "it has the shape of link '\(link.patternText.prefix(200))', but \(reason)"
    }

    /// The text each capture of `link` takes from `url`, or nil when the
    /// URL's segments do not fit (their number, a literal); `missing` is
    /// the first required item of the pattern that the URL lacks, as
    /// "query item 'q'". A rest capture takes the segments from its place
    /// on, joined with '/'; an absent optional item captures nothing.
    func captures(_ link: Link, _ url: DecodedURL) -> (values: [Symbol: String], missing: String?)? {
        let pattern = link.pattern
        if pattern.isDefault { return ([:], nil) }
        guard pattern.accepts(segmentCount: url.segments.count) else { return nil }
        var captured: [Symbol: String] = [:]
        for (i, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal(let text): guard text == url.segments[i] else { return nil }
            case .capture(let name): captured[name] = url.segments[i]
            case .rest(let name): captured[name] = url.segments[i...].joined(separator: "/")
            }
        }
        for item in pattern.query {
            guard let value = url.query[item.key] else {
                if item.isOptional { continue }
                return (captured, "query item '\(item.key.prefix(40))'")
            }
            captured[item.capture] = value
        }
        for item in pattern.fragment {
            guard let value = url.fragment[item.key] else {
                if item.isOptional { continue }
                return (captured, "fragment item '\(item.key.prefix(40))'")
            }
            captured[item.capture] = value
        }
        return (captured, nil)
    }

    /// What `link` lacks to match `url`, whose literal segments it has; nil
    /// when a literal differs.
    func mismatch(_ link: Link, _ url: DecodedURL) -> String? {
        guard let (captured, missing) = captures(link, url) else { return nil }
        if let missing { return "not its \(missing)" }
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
        if link.route >= 0, let problem = conversion(link.arguments, program.routes[Int(link.route)].parameters) { return problem }
        for (i, flow) in link.path.enumerated() where i < link.flowArguments.count {
            if let problem = conversion(link.flowArguments[i], program.flows[Int(flow)].parameters) { return problem }
        }
        return "its target's arguments are not all bound by its captures (F303)"
    }

    /// What `link` binds if it matches, converting each capture to the type
    /// of the parameter it is bound to; nil if anything differs.
    func bind(_ link: Link, _ url: DecodedURL) -> LinkBinding? {
        guard let (captured, missing) = captures(link, url), missing == nil else { return nil }
        let route: [Value]
        if link.route >= 0 {
            guard let values = bindCaptures(link.arguments, to: program.routes[Int(link.route)].parameters, captured) else { return nil }
            route = values
        } else {
            route = []
        }
        var flows: [[Value]?] = []
        for (i, flow) in link.path.enumerated() {
            let arguments = i < link.flowArguments.count ? link.flowArguments[i] : .empty
            let parameters = program.flows[Int(flow)].parameters
            if arguments.isEmpty && !parameters.isEmpty {
                // A flow the link starts takes its defaults (v2); one the link does not start,
                // or one without defaults (F303, refused when the step is built), is left unbound.
                flows.append(bindsFlow(link, at: i) ? bindCaptures(arguments, to: parameters, captured) : nil)
                continue
            }
            guard let values = bindCaptures(arguments, to: parameters, captured) else { return nil }
            flows.append(values)
        }
        var binding = LinkBinding(route: route, flows: flows)
        if link.actionHandler >= 0 {
            // The actions' arguments must convert too, or the URL is no match.
            guard actionCapturesConvert(link.actionHandler, captured) else { return nil }
            binding.captures = captured.map { (name: $0.key, text: $0.value) }
        }
        return binding
    }

    /// Whether the link's step to `path[i]` starts that flow, so that the
    /// link gives its arguments (defaults for those it leaves out): not the
    /// entry, nor a flow started in its parent's place (its `start` item
    /// binds it).
    func bindsFlow(_ link: Link, at i: Int) -> Bool {
        i > 0 && topology.firstEdge(from: link.path[i - 1], to: link.path[i])?.mode != .flowStart
    }

    /// Whether the captures of a link's actions convert to the types of the
    /// parameters they bind (a route's or a started flow's).
    func actionCapturesConvert(_ handler: HandlerID, _ captured: [Symbol: String]) -> Bool {
        for action in program.actions[program.handlers[Int(handler)].actions.range] {
            for target in program.targets[action.targets.range] {
                guard capturesConvert(target.arguments, to: program.routes[Int(target.route)].parameters, captured) else { return false }
            }
            if action.kind == .start, action.flow >= 0,
               !capturesConvert(action.arguments, to: program.flows[Int(action.flow)].parameters, captured) {
                return false
            }
        }
        return true
    }

    /// Whether each capture among `arguments` converts to its parameter's
    /// type; one that captured nothing (an absent optional item) leaves its
    /// parameter to its default.
    func capturesConvert(_ arguments: IndexRange, to parameters: IndexRange, _ captured: [Symbol: String]) -> Bool {
        for argument in program.arguments[arguments.range] where Int(argument.parameter) < parameters.count {
            guard case .capture(let name) = argument.source else { continue }
            let parameter = program.parameters[parameters.range.lowerBound + Int(argument.parameter)]
            guard let text = captured[name] else {
                if parameter.defaultValue != nil { continue }
                return false
            }
            guard RouteArguments.convert(text, to: parameter.type) != nil else { return false }
        }
        return true
    }

    /// The values of a link step's arguments in the order of `parameters`;
    /// a parameter left out, or bound to a capture that captured nothing,
    /// takes its default.
    func bindCaptures(_ arguments: IndexRange, to parameters: IndexRange, _ captured: [Symbol: String]) -> [Value]? {
        if parameters.isEmpty { return [] }
        var bound = [Value?](repeating: nil, count: parameters.count)
        for argument in program.arguments[arguments.range] where Int(argument.parameter) < bound.count {
            let type = program.parameters[parameters.range.lowerBound + Int(argument.parameter)].type
            switch argument.source {
            case .literal(let value):
                bound[Int(argument.parameter)] = value
            case .capture(let name):
                guard let text = captured[name] else { continue }
                guard let value = RouteArguments.convert(text, to: type) else { return nil }
                bound[Int(argument.parameter)] = value
            case .eventParameter, .routeParameter, .flowParameter:
                return nil
            }
        }
        return filled(bound, parameters)
    }
}
