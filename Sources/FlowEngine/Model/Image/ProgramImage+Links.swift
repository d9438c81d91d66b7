/// Links, property checks, and the tags of the program's enums. A tag is
/// written by an exhaustive `switch`, so a new case cannot be added
/// without giving it one (and a new format `version` if an old tag moves).
extension ProgramImage {
    // MARK: Links

    static func writeLink(_ link: Link, _ w: inout ImageWriter) {
        w.optionalSymbol(link.name)
        writePattern(link.pattern, &w)
        w.string(link.patternText)
        w.count(link.path.count)
        for flow in link.path { w.int32(flow) }
        w.count(link.flowArguments.count)
        for range in link.flowArguments { w.range(range) }
        w.optionalGuard(link.gate)
        w.int32(link.gateHandler)
        w.int32(link.actionHandler)
        w.bool(link.isOver)
        w.int32(link.route)
        w.range(link.arguments)
        w.span(link.span)
        w.span(link.targetSpan)
    }

    static func readLink(_ r: inout ImageReader) throws(ProgramImageError) -> Link {
        let s = r.sizes
        let name = try r.optionalSymbol()
        let pattern = try readPattern(&r)
        let text = try r.string()
        let path = try (0..<r.count()).map { _ throws(ProgramImageError) in try r.index(below: s.flows, "flow") }
        let flowArguments = try (0..<r.count()).map { _ throws(ProgramImageError) in try r.range(within: s.arguments, "arguments") }
        let gate = try r.optionalGuard()
        let gateHandler = try r.index(below: s.handlers, "handler", allowingNone: true)
        let actionHandler = try r.index(below: s.handlers, "handler", allowingNone: true)
        let isOver = try r.bool()
        var link = Link(pattern: pattern, patternText: text, path: path, route: try r.index(below: s.routes, "route", allowingNone: true),
                        arguments: try r.range(within: s.arguments, "arguments"), span: try r.span(), targetSpan: try r.span())
        link.name = name
        link.flowArguments = flowArguments
        link.gate = gate
        link.gateHandler = gateHandler
        link.actionHandler = actionHandler
        link.isOver = isOver
        return link
    }

    private static func writePattern(_ pattern: LinkPattern, _ w: inout ImageWriter) {
        w.string(pattern.scheme)
        w.count(pattern.segments.count)
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): w.byte(0); w.string(text)
            case .capture(let name): w.byte(1); w.symbol(name)
            case .rest(let name): w.byte(2); w.symbol(name)
            }
        }
        for items in [pattern.query, pattern.fragment] {
            w.count(items.count)
            for item in items {
                w.string(item.key)
                w.symbol(item.capture)
                w.bool(item.isOptional)
            }
        }
        w.bool(pattern.isDefault)
    }

    private static func readPattern(_ r: inout ImageReader) throws(ProgramImageError) -> LinkPattern {
        let scheme = try r.string()
        let segments = try (0..<r.count()).map { _ throws(ProgramImageError) -> LinkSegment in
            switch try r.byte() {
            case 0: return .literal(try r.string())
            case 1: return .capture(try r.symbol())
            case 2: return .rest(try r.symbol())
            default: throw r.damaged("a link segment's tag is unknown")
            }
        }
        func items() throws(ProgramImageError) -> [LinkPattern.QueryItem] {
            try (0..<r.count()).map { _ throws(ProgramImageError) in
                LinkPattern.QueryItem(key: try r.string(), capture: try r.symbol(), isOptional: try r.bool())
            }
        }
        let query = try items()
        let fragment = try items()
        return LinkPattern(scheme: scheme, segments: segments, query: query, fragment: fragment, isDefault: try r.bool())
    }

    // MARK: Property checks

    static func writeCheck(_ check: PropertyCheck, _ w: inout ImageWriter) {
        switch check.kind {
        case .alwaysReach: w.byte(0)
        case .never: w.byte(1)
        case .reachWithin: w.byte(2)
        case .link: w.byte(3)
        }
        w.optionalString(check.label)
        w.int32(check.flow)
        w.int32(check.route)
        w.optionalGuard(check.guardCondition)
        w.signed(Int64(check.limit))
        w.string(check.url)
        w.string(check.stack)
        w.span(check.span)
    }

    static func readCheck(_ r: inout ImageReader) throws(ProgramImageError) -> PropertyCheck {
        let s = r.sizes
        let kind: PropertyCheck.Kind
        switch try r.byte() {
        case 0: kind = .alwaysReach
        case 1: kind = .never
        case 2: kind = .reachWithin
        case 3: kind = .link
        default: throw r.damaged("a check's tag is unknown")
        }
        let label = try r.optionalString()
        let flow = try r.index(below: s.flows, "flow", allowingNone: true)
        let route = try r.index(below: s.routes, "route", allowingNone: true)
        let guardCondition = try r.optionalGuard()
        let limit = try r.signed()
        guard let narrow = Int(exactly: limit) else { throw r.damaged("a check's limit is out of range") }
        return PropertyCheck(kind: kind, label: label, flow: flow, route: route, guardCondition: guardCondition, limit: narrow,
                             url: try r.string(), stack: try r.string(), span: try r.span())
    }

    // MARK: Tags

    static func actionKindTag(_ kind: ActionKind) -> UInt8 {
        switch kind {
        case .push: 0
        case .sheet: 1
        case .cover: 2
        case .replace: 3
        case .set: 4
        case .pop: 5
        case .popTo: 6
        case .popToRoot: 7
        case .dismiss: 8
        case .start: 9
        case .finish: 10
        case .select: 11
        case .alert: 12
        case .dialog: 13
        case .popover: 14
        case .stay: 15
        case .assume: 16
        }
    }

    static func readActionKind(_ r: inout ImageReader) throws(ProgramImageError) -> ActionKind {
        let kinds: [ActionKind] = [.push, .sheet, .cover, .replace, .set, .pop, .popTo, .popToRoot, .dismiss, .start, .finish,
                                   .select, .alert, .dialog, .popover, .stay, .assume]
        let tag = Int(try r.byte())
        guard tag < kinds.count else { throw r.damaged("an action's tag is unknown") }
        return kinds[tag]
    }

    static func startModeTag(_ mode: StartMode) -> UInt8 {
        switch mode {
        case .push: 0
        case .sheet: 1
        case .cover: 2
        case .root: 3
        }
    }

    static func readStartMode(_ r: inout ImageReader) throws(ProgramImageError) -> StartMode {
        switch try r.byte() {
        case 0: return .push
        case 1: return .sheet
        case 2: return .cover
        case 3: return .root
        default: throw r.damaged("a start mode's tag is unknown")
        }
    }

    static func valueTypeTag(_ type: ValueType) -> UInt8 {
        switch type {
        case .string: 0
        case .int: 1
        case .bool: 2
        case .double: 3
        }
    }

    static func readValueType(_ r: inout ImageReader) throws(ProgramImageError) -> ValueType {
        switch try r.byte() {
        case 0: return .string
        case 1: return .int
        case 2: return .bool
        case 3: return .double
        default: throw r.damaged("a parameter's type tag is unknown")
        }
    }
}
