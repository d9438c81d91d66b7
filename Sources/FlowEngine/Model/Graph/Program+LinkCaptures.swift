/// What a link's captures bind, and URLs built from a link's pattern: the
/// typed builders of the generated API and the sample URLs of the explorer
/// write the same thing.
extension Program {
    /// Each capture of `link`'s pattern, in order of first appearance, with
    /// the type of what it binds (String when it binds nothing or only strings).
    public func captureTypes(of link: Link) -> [(name: Symbol, type: ValueType)] {
        // A pattern has a few captures: found by a scan, not hashed (the
        // explorer builds a sample URL for every link of a large program).
        var captures = link.pattern.captureNames.map { (name: $0, type: ValueType?.none) }
        func bind(_ list: IndexRange, _ parameterList: IndexRange) {
            for a in list.range {
                guard case .capture(let name) = arguments[a].source, Int(arguments[a].parameter) < parameterList.count else { continue }
                for c in captures.indices where captures[c].name == name && (captures[c].type == nil || captures[c].type == .string) {
                    captures[c].type = parameters[Int(parameterList.lower) + Int(arguments[a].parameter)].type
                }
            }
        }
        if link.route >= 0 { bind(link.arguments, routes[Int(link.route)].parameters) }
        for (flow, list) in zip(link.path, link.flowArguments) { bind(list, flows[Int(flow)].parameters) }
        if link.actionHandler >= 0 {
            for action in actions[handlers[Int(link.actionHandler)].actions.range] {
                for target in targets[action.targets.range] { bind(target.arguments, routes[Int(target.route)].parameters) }
                if action.kind == .start, action.flow >= 0 { bind(action.arguments, flows[Int(action.flow)].parameters) }
            }
        }
        return captures.map { ($0.name, $0.type ?? .string) }
    }

    /// The URLs the checks open (docs/diagnostics.md#findings-on-the-engines-states), link by link: each link's
    /// `sampleURL(of:)`, then, when its pattern has optional items, the
    /// same URL with every one of them present. A `PathStep.open` step
    /// names one by its index here.
    public var linkSamples: [LinkSample] {
        var samples: [LinkSample] = []
        samples.reserveCapacity(links.count)
        for (l, link) in links.enumerated() {
            for sample in 0..<link.pattern.sampleCount {
                samples.append(LinkSample(link: Int32(l), url: sampleURL(of: link, withOptionalItems: sample == 1)))
            }
        }
        return samples
    }

    /// The URL of the sample at `index` in `linkSamples`, built alone: a
    /// path's `open` step names one, and printing or replaying it builds no other.
    public func linkSampleURL(at index: Int32) -> String {
        var rest = Int(index)
        // By index: a `for link in links` copied every link it passed, and a path of
        // the 100k-route benchmark's findings passes a thousand of them.
        for l in links.indices {
            let count = links[l].pattern.sampleCount
            if rest < count { return sampleURL(of: links[l], withOptionalItems: rest == 1) }
            rest -= count
        }
        preconditionFailure("link sample \(index) is past the program's \(linkSamples.count) samples")
    }

    /// A URL that `link`'s pattern matches, each capture given the same
    /// sample value of its type (`1`, `1.0`, `true`; a string is `1` too):
    /// `shop://product/1?ref=1`. Literal segments are percent-encoded. (v2)
    /// A rest capture takes two segments (`1/1`); optional items are left
    /// out unless `withOptionalItems` (with them, the URL may match another
    /// link that requires one: then it opens that link, as in the app),
    /// fragment items follow `#`; `link default`'s sample has a scheme no
    /// other link has (`unmatched://default`, with more `x`s after
    /// `unmatched` while one has), so it is its own.
    public func sampleURL(of link: Link, withOptionalItems: Bool = false) -> String {
        if link.pattern.isDefault {
            let schemes = Set(links.lazy.filter { !$0.pattern.isDefault }.map(\.pattern.scheme))
            var scheme = "unmatched"
            while schemes.contains(scheme) { scheme += "x" }
            return scheme + "://default"
        }
        let captures = captureTypes(of: link)
        func sample(_ name: Symbol) -> String {
            switch captures.first(where: { $0.name == name })?.type ?? .string {
            case .string, .int: "1"
            case .double: "1.0"
            case .bool: "true"
            }
        }
        var url = link.pattern.scheme + "://"
        for (i, segment) in link.pattern.segments.enumerated() {
            if i > 0 { url += "/" }
            switch segment {
            case .literal(let text): url += i == 0 ? text : LinkPattern.percentEncoded(text)
            case .capture(let name): url += sample(name)
            case .rest: url += "1/1"
            }
        }
        func items(_ items: [LinkPattern.QueryItem], _ start: String) {
            var first = true
            for item in items where withOptionalItems || !item.isOptional {
                url += (first ? start : "&") + LinkPattern.percentEncoded(item.key) + "=" + sample(item.capture)
                first = false
            }
        }
        items(link.pattern.query, "?")
        items(link.pattern.fragment, "#")
        return url
    }
}

/// One URL the checks open for a link (`Program.linkSamples`).
public struct LinkSample: Hashable, Sendable {
    /// The index in `Program.links` of the link whose pattern built it.
    public var link: Int32
    /// The URL, as `flowctl simulate`'s `open` takes it.
    public var url: String
}

extension LinkPattern {
    /// Whether a query or fragment item of the pattern may be left out.
    public var hasOptionalItems: Bool {
        query.contains(where: \.isOptional) || fragment.contains(where: \.isOptional)
    }

    /// How many sample URLs the checks open for a link of this pattern
    /// (`Program.linkSamples`): 2 with optional items (absent, present), else 1.
    var sampleCount: Int { hasOptionalItems ? 2 : 1 }

    /// `text` with every byte but letters, digits and `-._~` percent-encoded
    /// (RFC 3986's unreserved characters), as `FlowURL.encode` does at run time.
    public static func percentEncoded(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
