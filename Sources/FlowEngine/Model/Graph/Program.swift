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

extension Program {
    /// About how many edges a graph over the program's routes and flows
    /// has: one per target, plus a few per route and flow (`Digraph.Builder(expectedEdges:)`).
    package var expectedFlowGraphEdges: Int { targets.count + routes.count + 4 * flows.count }
}
