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
