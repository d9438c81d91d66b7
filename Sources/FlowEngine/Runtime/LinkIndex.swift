/// The links of a program grouped by what a URL must share with a pattern
/// to match it: the scheme, the number of segments (host included) and,
/// for a pattern whose host is literal, the host. Opening a URL then looks
/// at the patterns of its bucket and those with a captured host, not at
/// every link: an app of thousands of links, one per host or section, opens
/// each in constant time.
struct LinkIndex: Sendable {
    private struct Key: Hashable, Sendable {
        var scheme: String
        var segments: Int
        /// The literal host; nil for a captured one.
        var host: String?
    }

    /// Link indexes per key, each list in source order.
    private var buckets: [Key: [Int32]] = [:]

    init(_ links: [Link]) {
        for (l, link) in links.enumerated() {
            var host: String?
            if case .literal(let text) = link.pattern.segments.first { host = text }
            buckets[Key(scheme: link.pattern.scheme, segments: link.pattern.segments.count, host: host), default: []].append(Int32(l))
        }
    }

    /// The links that may match a URL of this scheme and these segments:
    /// those with its literal host first, then those with a captured host.
    func candidates(scheme: String, segments: [String]) -> [[Int32]] {
        let literal = segments.first.flatMap { buckets[Key(scheme: scheme, segments: segments.count, host: $0)] } ?? []
        let captured = buckets[Key(scheme: scheme, segments: segments.count, host: nil)] ?? []
        return [literal, captured]
    }
}
