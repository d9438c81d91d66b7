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
///
/// A program holds millions of handlers at the largest sizes, so the
/// optional guard, its negation and `isSystem` share one word: the guard's
/// symbol number plus one in the low 30 bits (0: none), the negation and
/// `[system]` in the two above: 52 bytes a handler instead of 56. (A
/// program cannot have 2^30 names: its files would be gigabytes.)
public struct Handler: Sendable {
    public var flow: FlowID
    /// The route it belongs to, or -1 for a flow-level handler.
    public var route: RouteID
    public var event: EventKey
    public var parameters: IndexRange
    public var actions: IndexRange
    /// The span of the event name (where handler findings point).
    public var span: SourceSpan
    /// `on E from F` (v2, docs/language.md): a flow-level handler that applies
    /// only while the active route belongs to flow F or a flow below it;
    /// -1 when unscoped.
    public var scope: FlowID = -1
    private var guardWord: UInt32 = 0

    private static let symbolBits: UInt32 = (1 << 30) - 1
    private static let negatedBit: UInt32 = 1 << 30
    private static let systemBit: UInt32 = 1 << 31

    /// `when g` or `when !g`.
    public var guardCondition: Guard? {
        get {
            let symbol = guardWord & Handler.symbolBits
            return symbol == 0 ? nil : Guard(name: Symbol(Int32(symbol - 1)), negated: guardWord & Handler.negatedBit != 0)
        }
        set {
            var word = guardWord & Handler.systemBit
            if let newValue {
                word |= (UInt32(truncatingIfNeeded: newValue.name.id) &+ 1) & Handler.symbolBits
                if newValue.negated { word |= Handler.negatedBit }
            }
            guardWord = word
        }
    }

    /// Marked `[system]` (docs/language.md): an event the app sends, not a tap.
    /// Random walks fire it only when asked.
    public var isSystem: Bool {
        get { guardWord & Handler.systemBit != 0 }
        set { guardWord = newValue ? guardWord | Handler.systemBit : guardWord & ~Handler.systemBit }
    }

    public init(flow: FlowID, route: RouteID, event: EventKey, parameters: IndexRange, guardCondition: Guard?, actions: IndexRange, span: SourceSpan) {
        self.flow = flow
        self.route = route
        self.event = event
        self.parameters = parameters
        self.actions = actions
        self.span = span
        self.guardCondition = guardCondition
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
///
/// A program holds millions of actions at the largest sizes. Besides its
/// targets and its flow, each kind names at most one thing: `finish` a
/// result, `push`, `sheet` and `cover` a transition, `assume` a guard. So
/// one number holds whichever the kind names (-1: none), and each of those
/// properties reads it only for the kinds that name it: 40 bytes an action
/// instead of 48. (`flow` stays a field of its own: the engine's hot paths
/// read it, and a call of a getter from another module there made a
/// mutating method copy the navigator.)
public struct Action: Sendable {
    public var kind: ActionKind
    public var mode: StartMode
    // Beside the kinds, in the word they share (see below).
    private var assumesNegation = false
    /// Route targets: one for push/sheet/cover/replace/pop to, any for set.
    public var targets: IndexRange
    /// The flow of `start` or `select`; -1 otherwise.
    public var flow: FlowID
    /// `start F(args)`: bound to F's parameters; `finish x(args)`: the
    /// payload, in the order written (v1).
    public var arguments: IndexRange = .empty
    /// The span of the action keyword through its last token.
    public var span: SourceSpan
    /// The result, transition or guard the kind names, or -1.
    private var operand: Int32 = -1

    /// The result of `finish` (setting it for another kind changes nothing).
    public var result: Symbol? {
        get { kind == .finish && operand >= 0 ? Symbol(operand) : nil }
        set { if kind == .finish { operand = newValue?.id ?? -1 } }
    }

    /// The custom transition named by `with` (`push`, `sheet`, `cover`).
    public var transition: Symbol? {
        get { Action.takesTransition(kind) && operand >= 0 ? Symbol(operand) : nil }
        set { if Action.takesTransition(kind) { operand = newValue?.id ?? -1 } }
    }

    /// `assume g` (the guard set) or `assume !g` (cleared).
    public var assumedGuard: Guard? {
        get { kind == .assume && operand >= 0 ? Guard(name: Symbol(operand), negated: assumesNegation) : nil }
        set {
            guard kind == .assume else { return }
            operand = newValue?.name.id ?? -1
            assumesNegation = newValue?.negated ?? false
        }
    }

    /// Whether an action of `kind` may name a transition (`with`).
    static func takesTransition(_ kind: ActionKind) -> Bool { kind == .push || kind == .sheet || kind == .cover }

    public init(kind: ActionKind, targets: IndexRange, flow: FlowID, mode: StartMode, result: Symbol?, transition: Symbol?, span: SourceSpan) {
        self.kind = kind
        self.mode = mode
        self.targets = targets
        self.flow = flow
        self.span = span
        // What the kind names, set directly (the compiler makes millions).
        if kind == .finish {
            operand = result?.id ?? -1
        } else if Action.takesTransition(kind) {
            operand = transition?.id ?? -1
        }
    }
}
