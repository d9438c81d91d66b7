/// Index of a flow in `Program.flows`.
public typealias FlowID = Int32
/// Index of a route in `Program.routes`.
public typealias RouteID = Int32
/// Index of a handler in `Program.handlers`.
public typealias HandlerID = Int32
/// Index of an action in `Program.actions`.
public typealias ActionID = Int32

/// A compiled flow program: every flow, route, handler, action and link of a
/// file and its imports, resolved to integer ids and laid out in flat arrays.
///
/// Children are ranges into the parent arrays: a flow's routes are
/// `routes[flow.routes]`, a route's handlers `handlers[route.handlers]`, a
/// handler's actions `actions[handler.actions]`. The program is immutable
/// once compiled and `Sendable`; the analyses and the runtime only read it.
public struct Program: Sendable {
    /// The files the program was compiled from; `SourceSpan.file` indexes it.
    public var files: [SourceFile] = []
    /// The names used in the program.
    public var symbols = SymbolTable()
    public var flows: [Flow] = []
    public var routes: [Route] = []
    public var handlers: [Handler] = []
    public var actions: [Action] = []
    /// Route targets of actions (`push`, `set`, ...), referenced by `Action.targets`.
    public var targets: [Target] = []
    /// Arguments of targets and links, referenced by ranges.
    public var arguments: [Argument] = []
    /// Parameters of routes and events, referenced by ranges.
    public var parameters: [Parameter] = []
    /// `start` items of flows, referenced by `Flow.starts` (v1).
    public var startItems: [StartItem] = []
    /// Tab lists of tab containers, referenced by `Flow.tabs`.
    public var tabFlows: [FlowID] = []
    public var links: [Link] = []
    /// Route titles, by route id (kept apart so that `Route` is plain data).
    public var titles: [String?] = []
    /// The entry flow, or -1 when the program is a library.
    public var entry: FlowID = -1
    /// The compiler's findings that stop the engine from running the
    /// program (F0xx, F1xx: `DiagnosticCode.stopsRunning`), in source
    /// order: `Navigator` refuses a program while this is not empty. The
    /// compiler sets it; a program built by hand has none.
    public var runBlockers: [Diagnostic] = []
    /// The properties stated with `check` (docs/language.md#properties-check-v2), in source order,
    /// file by file in the order the files were loaded (the importer first).
    public var checks: [PropertyCheck] = []
    /// `was(OldName)` of routes and flows (docs/language.md): the names an
    /// earlier release gave them, in declaration order.
    public var formerNames: [FormerName] = []

    public init() {}

    /// Whether the program has no entry flow (docs/language.md#how-a-program-runs: a library).
    public var isLibrary: Bool { entry < 0 }

    /// Routes, handlers, flows and links: the size the analyses' budgets
    /// and the exploration's limits grow with.
    public var declarationCount: Int { routes.count + handlers.count + flows.count + links.count }

    /// The text of a symbol.
    public func name(_ symbol: Symbol) -> String { symbols[symbol] }

    /// The display name of a route: `Flow.route`.
    public func qualifiedName(_ route: RouteID) -> String {
        let r = routes[Int(route)]
        return "\(name(flows[Int(r.flow)].name)).\(name(r.name))"
    }

    /// The title of a route, if it has one.
    public func title(_ route: RouteID) -> String? { titles[Int(route)] }

    /// The tabs of a tab container (empty for other flows).
    public func tabs(of flow: FlowID) -> ArraySlice<FlowID> {
        tabFlows[flows[Int(flow)].tabs.range]
    }
}

/// A half-open range of indices into one of the program's arrays.
public struct IndexRange: Hashable, Sendable {
    public var lower: Int32
    public var upper: Int32
    public init(_ lower: Int32, _ upper: Int32) {
        self.lower = lower
        self.upper = upper
    }
    @inlinable public static var empty: IndexRange { IndexRange(0, 0) }
    public var range: Range<Int> { Int(lower)..<Int(upper) }
    public var count: Int { Int(upper - lower) }
    public var isEmpty: Bool { lower == upper }
}

/// What a flow shows first.
public enum FlowStart: Hashable, Sendable {
    /// No valid `start` (reported as F104), or a tab container.
    case none
    /// The flow's first screen.
    case route(RouteID)
    /// A flow started in this flow's place (a coordinator that only manages children).
    case flow(FlowID)
}

/// A flow (a coordinator): its routes, its flow-level handlers, its start.
public struct Flow: Sendable {
    public var name: Symbol
    /// The span of the flow's name in its declaration.
    public var span: SourceSpan
    /// Marked `[entry]`.
    public var isMarkedEntry: Bool
    /// The unguarded `start` (the fallback), what the analyses follow.
    public var start: FlowStart
    /// The span of the name after `start`, or of the flow's name if there is none.
    public var startSpan: SourceSpan
    /// Every `start` item in `Program.startItems`: the guarded ones in source
    /// order, then the fallback (v1). Empty for a tab container.
    public var starts: IndexRange = .empty
    /// The flow's parameters (v1), visible to all its routes and handlers.
    public var parameters: IndexRange = .empty
    /// For a tab container: its tabs in `Program.tabFlows`, first selected.
    public var tabs: IndexRange
    public var routes: IndexRange
    /// Flow-level handlers: they apply to any route of this flow and bubble from children.
    public var handlers: IndexRange

    /// Whether the flow is a tab container.
    public var isTabContainer: Bool { !tabs.isEmpty }

    public init(name: Symbol, span: SourceSpan, isMarkedEntry: Bool, start: FlowStart, startSpan: SourceSpan, tabs: IndexRange, routes: IndexRange, handlers: IndexRange) {
        self.name = name
        self.span = span
        self.isMarkedEntry = isMarkedEntry
        self.start = start
        self.startSpan = startSpan
        self.tabs = tabs
        self.routes = routes
        self.handlers = handlers
    }
}

/// One `start` item: what a flow shows first, under a guard or as the
/// fallback, with the arguments that bind the start route's (or started
/// flow's) parameters from the flow's own.
public struct StartItem: Hashable, Sendable {
    public var target: FlowStart
    public var guardCondition: Guard?
    /// Bound to the target's parameters; values are `.flowParameter` or literals.
    public var arguments: IndexRange
    /// The span of the target's name.
    public var span: SourceSpan

    public init(target: FlowStart, guardCondition: Guard?, arguments: IndexRange, span: SourceSpan) {
        self.target = target
        self.guardCondition = guardCondition
        self.arguments = arguments
        self.span = span
    }
}

/// Attributes a route may carry.
public struct RouteAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// An intended end: never a dead end.
    @inlinable public static var final: RouteAttributes { RouteAttributes(rawValue: 1) }
    /// No system back button when pushed.
    @inlinable public static var noBack: RouteAttributes { RouteAttributes(rawValue: 2) }
    /// A sheet that cannot be swiped down.
    @inlinable public static var locked: RouteAttributes { RouteAttributes(rawValue: 4) }
    /// (v2) Busy: while it is the active route, an opened URL waits
    /// (docs/language.md "Busy routes").
    @inlinable public static var busy: RouteAttributes { RouteAttributes(rawValue: 8) }
}

/// A route (a screen) of a flow.
public struct Route: Sendable {
    public var name: Symbol
    public var flow: FlowID
    /// The span of the route's name.
    public var span: SourceSpan
    public var parameters: IndexRange
    public var attributes: RouteAttributes
    public var handlers: IndexRange

    public init(name: Symbol, flow: FlowID, span: SourceSpan, parameters: IndexRange, attributes: RouteAttributes, handlers: IndexRange) {
        self.name = name
        self.flow = flow
        self.span = span
        self.parameters = parameters
        self.attributes = attributes
        self.handlers = handlers
    }
}

/// The type of a parameter.
public enum ValueType: String, Hashable, Sendable, CaseIterable {
    case string = "String"
    case int = "Int"
    case bool = "Bool"
    case double = "Double"
}

/// A typed parameter of a route, a flow or an event.
public struct Parameter: Hashable, Sendable {
    public var name: Symbol
    public var type: ValueType
    public var span: SourceSpan
    /// `name: Type = literal` (v2, docs/language.md "Defaults"), on a route's or
    /// a flow's parameter: the value the engine gives it when an argument
    /// list leaves it out (or an optional query item of a link is absent).
    public var defaultValue: Value? = nil

    public init(name: Symbol, type: ValueType, span: SourceSpan) {
        self.name = name
        self.type = type
        self.span = span
    }
}

/// A runtime value of a parameter.
public enum Value: Hashable, Sendable, Codable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case double(Double)

    public var type: ValueType {
        switch self {
        case .string: .string
        case .int: .int
        case .bool: .bool
        case .double: .double
        }
    }
}

/// Where an argument's value comes from.
public enum ArgumentSource: Hashable, Sendable {
    case literal(Value)
    /// The handler event's parameter with this index in `Handler.parameters`.
    case eventParameter(Int32)
    /// A parameter of the route the handler is declared on, by its index in
    /// `Route.parameters` (v1): the active entry's argument when it fired.
    case routeParameter(Int32)
    /// A parameter of the handling flow (or, in a `start` item, of the flow
    /// being started), by its index in `Flow.parameters` (v1).
    case flowParameter(Int32)
    /// A value captured by a link pattern (`:name`).
    case capture(Symbol)
}

/// `name: value` bound to the target's parameter `parameter`: a route's, a
/// started flow's, or, for a `finish` payload, its position in the payload.
public struct Argument: Hashable, Sendable {
    public var name: Symbol
    /// Index of the bound parameter within the target route's parameters.
    public var parameter: Int32
    public var source: ArgumentSource
    public var span: SourceSpan

    public init(name: Symbol, parameter: Int32, source: ArgumentSource, span: SourceSpan) {
        self.name = name
        self.parameter = parameter
        self.source = source
        self.span = span
    }
}

/// A route named by an action, with its arguments.
public struct Target: Hashable, Sendable {
    public var route: RouteID
    public var arguments: IndexRange
    public var span: SourceSpan

    public init(route: RouteID, arguments: IndexRange, span: SourceSpan) {
        self.route = route
        self.arguments = arguments
        self.span = span
    }
}

/// The event a handler answers: a user event, or a child flow's result.
public struct EventKey: Hashable, Sendable {
    /// For a result event, the child flow; -1 for a user event.
    public var flow: FlowID
    public var name: Symbol
    public init(flow: FlowID = -1, name: Symbol) {
        self.flow = flow
        self.name = name
    }
    public var isResult: Bool { flow >= 0 }
}

/// `when guard` or `when !guard`.
public struct Guard: Hashable, Sendable {
    public var name: Symbol
    public var negated: Bool

    public init(name: Symbol, negated: Bool) {
        self.name = name
        self.negated = negated
    }
}

/// `on event [when guard] -> action { then action }`.
public struct Handler: Sendable {
    public var flow: FlowID
    /// The route it belongs to, or -1 for a flow-level handler.
    public var route: RouteID
    public var event: EventKey
    public var parameters: IndexRange
    public var guardCondition: Guard?
    public var actions: IndexRange
    /// The span of the event name (where handler findings point).
    public var span: SourceSpan
    /// Marked `[system]` (docs/language.md): an event the app sends, not a tap.
    /// Random walks fire it only when asked.
    public var isSystem: Bool = false
    /// `on E from F` (v2, docs/language.md): a flow-level handler that applies
    /// only while the active route belongs to flow F or a flow below it;
    /// -1 when unscoped.
    public var scope: FlowID = -1

    public init(flow: FlowID, route: RouteID, event: EventKey, parameters: IndexRange, guardCondition: Guard?, actions: IndexRange, span: SourceSpan) {
        self.flow = flow
        self.route = route
        self.event = event
        self.parameters = parameters
        self.guardCondition = guardCondition
        self.actions = actions
        self.span = span
    }
}

/// The navigation action kinds of docs/language.md#flows-routes-handlers
public enum ActionKind: String, Hashable, Sendable {
    case push, sheet, cover, replace, set, pop, popTo = "pop to", popToRoot, dismiss, start, finish, select
    /// (v1) Present a layer of that kind whose root is the target.
    case alert, dialog, popover
    /// (v1) Handled; changes nothing.
    case stay
    /// (v2, docs/language.md) Sets or clears a guard as part of the step.
    case assume

    /// `stay` and `assume`: no screen changes.
    public var staysPut: Bool { self == .stay || self == .assume }

    /// The kind of layer `sheet`, `cover`, `alert`, `dialog` and `popover` present.
    public var presentedLayer: LayerKind? {
        switch self {
        case .sheet: .sheet
        case .cover: .cover
        case .alert: .alert
        case .dialog: .dialog
        case .popover: .popover
        default: nil
        }
    }
}

/// How `start F` shows the child flow.
public enum StartMode: String, Hashable, Sendable {
    case push, sheet, cover, root
}

/// One navigation action of a handler.
public struct Action: Sendable {
    public var kind: ActionKind
    /// Route targets: one for push/sheet/cover/replace/pop to, any for set.
    public var targets: IndexRange
    /// The flow of `start` or `select`; -1 otherwise.
    public var flow: FlowID
    public var mode: StartMode
    /// The result of `finish`.
    public var result: Symbol?
    /// `start F(args)`: bound to F's parameters; `finish x(args)`: the
    /// payload, in the order written (v1).
    public var arguments: IndexRange = .empty
    /// The custom transition named by `with`.
    public var transition: Symbol?
    /// `assume g` (the guard set) or `assume !g` (cleared).
    public var assumedGuard: Guard?
    /// The span of the action keyword through its last token.
    public var span: SourceSpan

    public init(kind: ActionKind, targets: IndexRange, flow: FlowID, mode: StartMode, result: Symbol?, transition: Symbol?, span: SourceSpan) {
        self.kind = kind
        self.targets = targets
        self.flow = flow
        self.mode = mode
        self.result = result
        self.transition = transition
        self.span = span
    }
}

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

/// A property stated in the file (docs/language.md#properties-check-v2), checked on the state graph.
public struct PropertyCheck: Sendable {
    public enum Kind: String, Sendable { case alwaysReach, never, reachWithin, link }
    public var kind: Kind
    /// The check's STRING label, if written.
    public var label: String?
    /// The flow the ref names (for `Flow.route`, the route's flow); -1 for `link`.
    public var flow: FlowID
    /// The route for `Flow.route` (or a bare route name that is unambiguous), or -1 when the ref names a flow.
    public var route: RouteID
    public var guardCondition: Guard?
    /// N of `within N` (0 otherwise).
    public var limit: Int
    /// The URL of a `link` check ("" otherwise).
    public var url: String
    /// The stack text after `shows`, trimmed, exactly as `expect stack` takes it ("" otherwise).
    public var stack: String
    public var span: SourceSpan   // the `check` keyword .. end of the property

    public init(kind: Kind, label: String?, flow: FlowID, route: RouteID, guardCondition: Guard?, limit: Int, url: String, stack: String, span: SourceSpan) {
        self.kind = kind
        self.label = label
        self.flow = flow
        self.route = route
        self.guardCondition = guardCondition
        self.limit = limit
        self.url = url
        self.stack = stack
        self.span = span
    }
}
