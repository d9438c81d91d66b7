/// F304: two links that can match the same URL.
///
/// Two patterns overlap when they have the same scheme and number of
/// segments and every pair of segments can match one value: equal literals,
/// or a capture whose type accepts the other side. Query items never
/// separate two links (a URL may carry both sets of keys). Links are sorted
/// by (scheme, segment count, host) so that only links that can collide are
/// compared: linear for distinct hosts, quadratic only within one host.
extension Analyzer {
    mutating func checkLinkOverlaps() {
        let links = program.links
        guard links.count > 1 else { return }
        let hostKey: (Link) -> String = { link in
            if case .literal(let host)? = link.pattern.segments.first { return host }
            return ""
        }
        let order = links.indices.sorted { a, b in
            let (x, y) = (links[a], links[b])
            if x.pattern.scheme != y.pattern.scheme { return x.pattern.scheme < y.pattern.scheme }
            if x.pattern.segments.count != y.pattern.segments.count { return x.pattern.segments.count < y.pattern.segments.count }
            let (hx, hy) = (hostKey(x), hostKey(y))
            return hx != hy ? hx < hy : a < b
        }
        var groupStart = 0
        while groupStart < order.count {
            let first = links[order[groupStart]]
            var groupEnd = groupStart + 1
            while groupEnd < order.count, links[order[groupEnd]].pattern.scheme == first.pattern.scheme,
                  links[order[groupEnd]].pattern.segments.count == first.pattern.segments.count {
                groupEnd += 1
            }
            // Within a group: same host with same host, and captured hosts with everything.
            let group = Array(order[groupStart..<groupEnd])
            var i = 0
            while i < group.count {
                var j = i + 1
                while j < group.count, hostKey(links[group[j]]) == hostKey(links[group[i]]) { j += 1 }
                let bucket = group[i..<j]
                let partners: ArraySlice<Int> = hostKey(links[group[i]]).isEmpty ? group[...] : bucket
                for a in bucket {
                    for b in partners where b != a && (hostKey(links[b]) == hostKey(links[a]) ? b > a : true) {
                        reportOverlapIfAny(a, b)
                    }
                }
                i = j
            }
            groupStart = groupEnd
        }
    }

    private mutating func reportOverlapIfAny(_ a: Int, _ b: Int) {
        let (x, y) = (program.links[a], program.links[b])
        let (first, second) = (x.span.file, x.span.start) <= (y.span.file, y.span.start) ? (x, y) : (y, x)
        guard zip(first.pattern.segments, second.pattern.segments).allSatisfy({ canMatchSameValue($0, first, $1, second) }) else { return }
        report(.ambiguousLinks, second.span,
               "links '\(Diagnostic.quoted(first.patternText))' and '\(Diagnostic.quoted(second.patternText))' can match the same URL",
               notes: [DiagnosticNote(span: first.span, message: "the other link is here")])
    }

    private func canMatchSameValue(_ x: LinkSegment, _ linkX: Link, _ y: LinkSegment, _ linkY: Link) -> Bool {
        switch (x, y) {
        case (.literal(let a), .literal(let b)):
            return a == b
        case (.literal(let text), .capture(let name)):
            return RouteArguments.convert(text, to: captureType(name, linkY)) != nil
        case (.capture(let name), .literal(let text)):
            return RouteArguments.convert(text, to: captureType(name, linkX)) != nil
        case (.capture(let a), .capture(let b)):
            let (ta, tb) = (captureType(a, linkX), captureType(b, linkY))
            if ta == tb || ta == .string || tb == .string { return true }
            return (ta == .int && tb == .double) || (ta == .double && tb == .int)
        }
    }

    /// The type a capture must convert to: that of the parameter it binds (String if none).
    private func captureType(_ capture: Symbol, _ link: Link) -> ValueType {
        let route = program.routes[Int(link.route)]
        for argument in program.arguments[link.arguments.range] {
            if case .capture(capture) = argument.source {
                return program.parameters[route.parameters.range.lowerBound + Int(argument.parameter)].type
            }
        }
        return .string
    }
}
