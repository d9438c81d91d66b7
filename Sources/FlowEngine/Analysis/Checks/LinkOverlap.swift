import FlowModel
import FlowRuntime

/// F304 (v1): two links that match the same URLs with the same specificity.
///
/// When several links match a URL the most specific wins (docs/language.md#deep-links):
/// at the first segment where their kinds differ, a literal beats a capture
/// beats a rest capture; then the one with more required query and
/// fragment items. So only links of the same *shape* (scheme, each
/// segment's literal text or "a capture" or "a rest capture", number of
/// required items) can tie, and two of them tie exactly when each pair of
/// captures can take one value (their types agree, or one is a String).
/// Item keys never separate two links (a URL may carry both sets), and an
/// optional item never does (a URL may lack it). (v2) `link default` ties
/// with another `link default` only: a second one is F304.
///
/// Links are grouped by shape in one hashing pass; within a group, each
/// distinct vector of capture types remembers its first link, so each link
/// is compared with the group's distinct type vectors, not with every link:
/// linear in the number of links. Each overlapping link is reported once,
/// against the first link (in source order) it overlaps.
extension Analyzer {
    /// A link's shape: the links that can tie share it.
    private struct LinkShape: Hashable {
        var scheme: String
        /// Each segment's literal text, or nil for a capture.
        var segments: [String?]
        /// Whether the last segment is a rest capture (then its entry is nil).
        var endsWithRest: Bool
        var requiredItems: Int
        var isDefault: Bool
    }

    mutating func checkLinkOverlaps() {
        let links = program.links
        guard links.count > 1 else { return }
        // Source order: the first link of a tie is the one earlier in the program.
        let order = links.indices.sorted { (links[$0].span.file, links[$0].span.start, $0) < (links[$1].span.file, links[$1].span.start, $1) }
        var groups: [LinkShape: Int] = [:]
        // Per group: its distinct capture-type vectors and the first link of each.
        var firstByTypes: [[([UInt8], Int)]] = []
        for l in order {
            let link = links[l]
            var segments: [String?] = []
            var types: [UInt8] = []
            segments.reserveCapacity(link.pattern.segments.count)
            for segment in link.pattern.segments {
                switch segment {
                case .literal(let text): segments.append(text)
                case .capture(let name):
                    segments.append(nil)
                    types.append(Self.typeClass(captureType(name, link)))
                case .rest:
                    // A String with its slashes: it takes any value.
                    segments.append(nil)
                    types.append(0)
                }
            }
            let shape = LinkShape(scheme: link.pattern.scheme, segments: segments, endsWithRest: link.pattern.rest != nil,
                                  requiredItems: link.pattern.requiredItemCount, isDefault: link.pattern.isDefault)
            let group: Int
            if let existing = groups[shape] {
                group = existing
            } else {
                group = firstByTypes.count
                groups[shape] = group
                firstByTypes.append([])
            }
            var earliest: Int?
            var seen = false
            for (other, first) in firstByTypes[group] {
                if other == types { seen = true }
                guard zip(types, other).allSatisfy({ $0 == $1 || $0 == 0 || $1 == 0 }) else { continue }
                if earliest == nil || Self.precedes(first, earliest ?? first, in: links) { earliest = first }
            }
            if let earliest { report(overlapOf: l, with: earliest) }
            if !seen { firstByTypes[group].append((types, l)) }
        }
    }

    private static func precedes(_ a: Int, _ b: Int, in links: [Link]) -> Bool {
        (links[a].span.file, links[a].span.start, a) < (links[b].span.file, links[b].span.start, b)
    }

    /// Capture types by what values they accept: 0 any (String), 1 a number
    /// (Int and Double share "1"), 2 a Bool.
    private static func typeClass(_ type: ValueType) -> UInt8 {
        switch type {
        case .string: 0
        case .int, .double: 1
        case .bool: 2
        }
    }

    private mutating func report(overlapOf second: Int, with first: Int) {
        let (x, y) = (program.links[first], program.links[second])
        if y.pattern.isDefault {
            report(.ambiguousLinks, y.span, "a second 'link default': at most one link matches the URLs no other link matches",
                   notes: [DiagnosticNote(span: x.span, message: "the first 'link default' is here")])
            return
        }
        report(.ambiguousLinks, y.span,
               "links '\(Diagnostic.quoted(x.patternText))' and '\(Diagnostic.quoted(y.patternText))' can match the same URL with the same specificity",
               notes: [DiagnosticNote(span: x.span, message: "the other link is here")])
    }

    /// The type a capture must convert to: that of the parameter it binds (String if none).
    private func captureType(_ capture: Symbol, _ link: Link) -> ValueType {
        guard link.route >= 0 else { return program.captureTypes(of: link).first { $0.name == capture }?.type ?? .string }
        let route = program.routes[Int(link.route)]
        for argument in program.arguments[link.arguments.range] {
            if case .capture(capture) = argument.source {
                return program.parameters[route.parameters.range.lowerBound + Int(argument.parameter)].type
            }
        }
        return .string
    }
}
