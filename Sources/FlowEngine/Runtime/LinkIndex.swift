import FlowModel

/// The links of a program grouped by what a URL must share with a pattern
/// to match it: the scheme, the number of segments (host included) and,
/// for a pattern whose host is literal, the host. Opening a URL then looks
/// at the patterns of its bucket and those with a captured host, not at
/// every link: an app of thousands of links, one per host or section, opens
/// each in constant time. (v2) Links that end with a rest capture (`/*path`)
/// match URLs of any length from theirs on: they are kept per scheme and
/// host apart; `link default` is kept on its own.
struct LinkIndex: Sendable {
    private struct Key: Hashable, Sendable {
        var scheme: String
        /// The pattern's segments; -1 for a pattern that ends with a rest capture.
        var segments: Int
        /// The literal host; nil for a captured one.
        var host: String?
    }

    /// Link indexes per key, each list in source order.
    private var buckets: [Key: [Int32]] = [:]
    /// The first `link default`, or -1.
    private(set) var fallback: Int32 = -1
    /// Whether any link ends with a rest capture (most programs have none:
    /// their URLs skip those lookups).
    private var hasRest = false

    init(_ links: [Link]) {
        for (l, link) in links.enumerated() {
            if link.pattern.isDefault {
                if fallback < 0 { fallback = Int32(l) }
                continue
            }
            var host: String?
            if case .literal(let text) = link.pattern.segments.first { host = text }
            let count = link.pattern.rest == nil ? link.pattern.segments.count : -1
            if count < 0 { hasRest = true }
            buckets[Key(scheme: link.pattern.scheme, segments: count, host: host), default: []].append(Int32(l))
        }
    }

    /// The links that may match a URL of this scheme and these segments:
    /// those with its literal host first, then those with a captured host,
    /// then those that end with a rest capture (whose segments before it
    /// the caller compares).
    func candidates(scheme: String, segments: [String]) -> [[Int32]] {
        let host = segments.first
        let literal = host.flatMap { buckets[Key(scheme: scheme, segments: segments.count, host: $0)] } ?? []
        let captured = buckets[Key(scheme: scheme, segments: segments.count, host: nil)] ?? []
        guard hasRest else { return [literal, captured] }
        let restLiteral = host.flatMap { buckets[Key(scheme: scheme, segments: -1, host: $0)] } ?? []
        let restCaptured = buckets[Key(scheme: scheme, segments: -1, host: nil)] ?? []
        return [literal, captured, restLiteral, restCaptured]
    }
}
