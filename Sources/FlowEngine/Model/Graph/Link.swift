/// A piece of a link pattern: the host or a path segment.
public enum LinkSegment: Hashable, Sendable {
    case literal(String)
    case capture(Symbol)
    /// `/*name` (v2, docs/language.md): the last segment; it takes one or more
    /// of the URL's segments, as a String with its slashes.
    case rest(Symbol)

    /// How specific the segment is (docs/language.md): a literal beats a
    /// capture beats a rest capture.
    public var specificity: Int {
        switch self {
        case .literal: 2
        case .capture: 1
        case .rest: 0
        }
    }
}

/// A parsed link pattern `scheme://host/seg/:name/*rest?key=:name&opt=:name?#key=:name`,
/// or `link default` (v2).
public struct LinkPattern: Hashable, Sendable {
    public var scheme: String
    /// Host first, then the path segments; a rest capture only last.
    public var segments: [LinkSegment]
    public var query: [QueryItem]
    /// (v2) The items after `#`, matched like query items.
    public var fragment: [QueryItem] = []
    /// (v2) `link default`: matches every URL that no other link matches;
    /// no scheme, segments or items.
    public var isDefault = false

    /// A query or fragment item `key=:capture`, or (v2) `key=:capture?`:
    /// an optional one, whose capture's parameter takes its default when
    /// the URL lacks the item.
    public struct QueryItem: Hashable, Sendable {
        public var key: String
        public var capture: Symbol
        public var isOptional = false
    }

    /// The pattern of `link default`.
    public static let fallback = LinkPattern(scheme: "", segments: [], query: [], isDefault: true)

    /// The rest capture (`/*name`), if the pattern ends with one.
    public var rest: Symbol? {
        if case .rest(let name) = segments.last { return name }
        return nil
    }

    /// The query and fragment items a URL must carry.
    public var requiredItemCount: Int {
        query.lazy.filter { !$0.isOptional }.count + fragment.lazy.filter { !$0.isOptional }.count
    }

    /// Every capture, in order: path segments (the rest capture last),
    /// then query items, then fragment items.
    public var captureNames: [Symbol] {
        var names: [Symbol] = []
        for segment in segments {
            switch segment {
            case .capture(let name), .rest(let name): names.append(name)
            case .literal: break
            }
        }
        names += query.map(\.capture)
        names += fragment.map(\.capture)
        return names
    }

    /// The item that captures `name`, if a query or fragment item does.
    public func item(capturing name: Symbol) -> QueryItem? {
        query.first { $0.capture == name } ?? fragment.first { $0.capture == name }
    }

    /// Whether a URL with `count` segments (host included) can match.
    public func accepts(segmentCount count: Int) -> Bool {
        rest == nil ? count == segments.count : count >= segments.count
    }
}

/// `link "pattern" -> Flow/.../route(args)`.
public struct Link: Sendable {
    /// `link post "…"` (v2): the name its URL builder takes.
    public var name: Symbol?
    public var pattern: LinkPattern
    public var patternText: String
    /// The flows on the target path, from the entry down; `[entry]` for an
    /// `over` link.
    public var path: [FlowID]
    /// For each flow of `path`, the arguments binding its parameters (v1).
    public var flowArguments: [IndexRange] = []
    /// `when g else A` (v1): while `gate` does not hold, opening runs the
    /// actions of `gateHandler` on behalf of the entry flow and keeps the URL
    /// pending. The gate's handler is in `Program.handlers` but in no
    /// flow's or route's range, so no event dispatches to it.
    public var gate: Guard?
    public var gateHandler: HandlerID = -1
    /// (v2) The actions after the path (`-> path then A`), run for the
    /// path's last flow once the path is rebuilt, or, for an `over` link,
    /// the actions run for the entry flow over what is shown: a handler
    /// outside every dispatch range, like the gate's; -1 when there are none.
    public var actionHandler: HandlerID = -1
    /// (v2) `-> over A`: opening rebuilds nothing; `route` is -1.
    public var isOver = false
    /// The target route; -1 for an `over` link.
    public var route: RouteID
    public var arguments: IndexRange
    /// The span of the pattern string.
    public var span: SourceSpan
    /// The span of the target path.
    public var targetSpan: SourceSpan

    public init(pattern: LinkPattern, patternText: String, path: [FlowID], route: RouteID, arguments: IndexRange, span: SourceSpan, targetSpan: SourceSpan) {
        self.pattern = pattern
        self.patternText = patternText
        self.path = path
        self.route = route
        self.arguments = arguments
        self.span = span
        self.targetSpan = targetSpan
    }
}
