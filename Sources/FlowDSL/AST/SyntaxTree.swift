import FlowModel

/// A name as written: its interned symbol and where it stands.
package struct Name: Hashable, Sendable {
    package var symbol: Symbol
    package var span: SourceSpan
}

/// The parsed form of one file, before names are resolved.
///
/// Like `Program`, the tree is a set of flat arrays: a declaration refers to
/// its children by `IndexRange`. Nothing in it is recursive, so no pass over
/// it needs recursion.
package struct SyntaxTree: Sendable {
    public var file: Int32
    package var imports: [ImportDecl] = []
    public var flows: [FlowDecl] = []
    public var routes: [RouteDecl] = []
    package var handlers: [HandlerDecl] = []
    /// What few handlers write, referenced by `HandlerDecl.details`.
    package var handlerDetails: [HandlerDetails] = []
    package var actions: [ActionDecl] = []
    /// What most actions lack, referenced by `ActionDecl.details`.
    package var actionDetails: [ActionDetails] = []
    package var targets: [TargetDecl] = []
    public var arguments: [ArgumentDecl] = []
    public var parameters: [ParameterDecl] = []
    /// Names of tabs and link paths, referenced by ranges.
    public var names: [Name] = []
    public var links: [LinkDecl] = []
    /// `start` items of flows, referenced by `FlowDecl.starts`.
    public var starts: [StartDecl] = []
    /// Attributes of flows, routes and handlers (v2), referenced by their `attributes`.
    package var attributes: [AttributeDecl] = []
    /// `check` declarations (v2, docs/language.md#properties-check-v2), in source order.
    public var checks: [CheckDecl] = []
    /// The route names of `check ... shows` stacks, referenced by `CheckDecl.stackNames`.
    package var stackNames: [StackNameDecl] = []
    /// Lexical and syntax errors (F001–F003) of this file.
    public var diagnostics: [Diagnostic] = []
    /// The file's `// flowctl:allow` comments (v1), in source order.
    package var allows: [AllowComment] = []

    package init(file: Int32) { self.file = file }

    /// The rarely written parts of `handler`.
    @inline(__always)
    package func details(of handler: HandlerDecl) -> HandlerDetails {
        handler.details < 0 ? .none : handlerDetails[Int(handler.details)]
    }

    /// The parts of `action` that most actions lack.
    @inline(__always)
    package func details(of action: ActionDecl) -> ActionDetails {
        action.details < 0 ? .none : actionDetails[Int(action.details)]
    }

    /// Keeps `details` for the handler or action about to be appended:
    /// its index, or -1 when there is nothing to keep.
    mutating func keep(_ details: HandlerDetails) -> Int32 {
        guard !details.isEmpty else { return -1 }
        handlerDetails.append(details)
        return Int32(handlerDetails.count - 1)
    }

    mutating func keep(_ details: ActionDetails) -> Int32 {
        guard !details.isEmpty else { return -1 }
        actionDetails.append(details)
        return Int32(actionDetails.count - 1)
    }

    /// Reserves room for what a file of `size` bytes typically holds (about
    /// one handler, action and target per 32 bytes), so that parsing a large
    /// file does not copy its arrays again and again as they grow. Capacity
    /// that is never written costs address space, not memory.
    mutating func reserveCapacity(forSourceSize size: Int) {
        let estimate = size / 32 + 16
        handlers.reserveCapacity(estimate)
        actions.reserveCapacity(estimate)
        targets.reserveCapacity(estimate)
        routes.reserveCapacity(estimate / 2)
        arguments.reserveCapacity(estimate / 8)
        parameters.reserveCapacity(estimate / 8)
    }
}

/// `import "path"`.
package struct ImportDecl: Sendable {
    public var path: String
    package var span: SourceSpan
}

/// `flow Name(params) [attrs] { ... }`.
package struct FlowDecl: Sendable {
    public var name: Name
    /// The flow's parameters (v1), in `SyntaxTree.parameters`.
    public var parameters: IndexRange
    /// `[entry]`, `[was(Old)]` (v2), in `SyntaxTree.attributes`.
    package var attributes: IndexRange
    /// Every `start` item, in `SyntaxTree.starts`, in source order.
    public var starts: IndexRange
    /// The tab names of the `tabs` item(s).
    public var tabs: IndexRange
    /// The `tabs` keyword, for findings about the list.
    package var tabsSpan: SourceSpan?
    public var routes: IndexRange
    /// Every handler in the body: flow-level ones have `route == -1`.
    package var handlers: IndexRange
}

/// `start name(args) [when guard]`: a flow's first route, or a flow
/// started in its place (v1: several, guarded, then one fallback).
package struct StartDecl: Sendable {
    public var name: Name
    public var arguments: IndexRange
    package var guardName: Name?
    package var guardNegated: Bool
    /// From the name through the arguments.
    package var span: SourceSpan
}

/// `route name(params) "Title" [attrs] { handlers }`.
package struct RouteDecl: Sendable {
    public var name: Name
    public var parameters: IndexRange
    public var title: String?
    /// `[final]`, `[was(old)]` (v2) and the like, in `SyntaxTree.attributes`.
    package var attributes: IndexRange
    package var handlers: IndexRange
}

/// `on event [when guard] -> action { then action }`.
///
/// What few handlers write (a child flow's result, attributes, `from`,
/// `when`) is kept beside the tree's handlers (`HandlerDetails`), so that
/// a million handlers cost 52 bytes each instead of 116.
package struct HandlerDecl: Sendable {
    /// Index of the route in `SyntaxTree.routes`, or -1 at flow level.
    public var route: Int32
    /// The event name (`x` of `C.x`).
    public var event: Name
    public var parameters: IndexRange
    package var actions: IndexRange
    /// From the event name to its end.
    package var span: SourceSpan
    /// The handler's `HandlerDetails` in `SyntaxTree.handlerDetails`, or -1
    /// when it writes none (`SyntaxTree.details(of:)`).
    package var details: Int32 = -1
}

/// The parts of a handler that few handlers write.
package struct HandlerDetails: Sendable {
    /// For `C.x`, the flow name `C`; nil for a user event.
    package var resultFlow: Name?
    package var guardName: Name?
    package var guardNegated = false
    /// `[system]` and the like (v2), in `SyntaxTree.attributes`.
    package var attributes: IndexRange = .empty
    /// `from F` (v2, docs/language.md): the flow the handler is scoped to.
    package var scope: Name?

    /// A handler that writes none of them.
    package static let none = HandlerDetails()

    /// Whether none of them is written.
    var isEmpty: Bool { resultFlow == nil && guardName == nil && attributes.isEmpty && scope == nil }
}

/// An attribute item `name` or `name(argument)` (v2, docs/language.md#flows-routes-handlers).
package struct AttributeDecl: Sendable {
    public var name: Name
    package var argument: Name?
}

/// `check ["label"] property` (v2, docs/language.md#properties-check-v2).
package struct CheckDecl: Sendable {
    public var kind: PropertyCheck.Kind
    public var label: String?
    /// `ref`: the first name, and the route of `Flow.route`.
    package var refFirst: Name?
    package var refSecond: Name?
    package var guardName: Name?
    package var guardNegated = false
    public var limit = 0
    public var url = ""
    /// The stack text after `shows`, trimmed, and where it stands.
    package var stack = ""
    package var stackSpan: SourceSpan?
    /// The stack's route names, in `SyntaxTree.stackNames`.
    package var stackNames: IndexRange = .empty
    /// The `check` keyword through the end of the property.
    package var span: SourceSpan
}

/// A route name in a check's stack: `route` or `Flow.route`.
package struct StackNameDecl: Sendable {
    public var flow: Name?
    public var route: Name
}

/// One action as written.
///
/// What most actions lack (an operand, arguments, a start mode, a
/// transition) is kept beside the tree's actions (`ActionDetails`): an
/// action costs 28 bytes instead of 88.
package struct ActionDecl: Sendable {
    public var kind: ActionKind
    package var targets: IndexRange
    package var span: SourceSpan
    /// The action's `ActionDetails` in `SyntaxTree.actionDetails`, or -1
    /// when it has none (`SyntaxTree.details(of:)`).
    package var details: Int32 = -1
}

/// The parts of an action that most actions lack.
package struct ActionDetails: Sendable {
    /// The flow of `start` / `select`, the result of `finish`, the guard of `assume`.
    package var operand: Name?
    /// `assume !g`: the guard is cleared.
    package var negated = false
    /// `start F(args)` (F's parameters) or `finish x(args)` (the payload), v1.
    package var arguments: IndexRange = .empty
    /// The operand through its arguments: where argument findings point.
    package var operandSpan: SourceSpan?
    package var mode: StartMode = .push
    package var transition: Name?

    /// An action that has none of them.
    package static let none = ActionDetails()

    /// Whether it has none of them.
    var isEmpty: Bool { operand == nil && transition == nil && mode == .push && arguments.isEmpty && operandSpan == nil && !negated }
}

/// `name(args)` as an action's target.
package struct TargetDecl: Sendable {
    public var name: Name
    public var arguments: IndexRange
    package var span: SourceSpan
}

/// A literal or a name as an argument's value.
package enum ArgumentValueDecl: Sendable {
    case identifier(Name)
    case literal(Value)
    /// A value that did not parse (already reported).
    case invalid
}

/// `name: value`.
package struct ArgumentDecl: Sendable {
    public var name: Name
    public var value: ArgumentValueDecl
    package var span: SourceSpan
}

/// `name: Type` or, for a route's or a flow's parameter, `name: Type =
/// literal` (v2, docs/language.md "Defaults").
package struct ParameterDecl: Sendable {
    public var name: Name
    public var type: Name
    /// The default's literal; nil when none is written (or it did not parse).
    package var defaultValue: Value? = nil
    /// The default's literal as written, for findings about it.
    package var defaultSpan: SourceSpan? = nil
}

/// `link "pattern" -> Flow/.../route(args)`.
package struct LinkDecl: Sendable {
    /// `link post "…"` (v2): what the generated URL builder is named after.
    public var name: Name?
    public var pattern: String
    package var patternSpan: SourceSpan
    /// The path's names, the last one being the route; empty for `over`.
    public var path: IndexRange
    /// The route's arguments.
    public var arguments: IndexRange
    /// For each flow of the path (all names but the last), the arguments
    /// binding its parameters (v1), in `SyntaxTree.arguments`.
    package var flowArguments: [IndexRange] = []
    /// `when g else A then B` (v1): the gate's guard and its action chain.
    package var gateName: Name?
    package var gateNegated = false
    package var gateActions: IndexRange = .empty
    /// (v2) `-> path then A` or `-> over A`: the actions run after the
    /// rebuild (for the path's last flow) or over what is shown (for the entry).
    package var actions: IndexRange = .empty
    /// `-> over A`: nothing is rebuilt.
    package var isOver = false
    /// (v2) `link default`: `pattern` is "default" and `patternSpan` the keyword.
    public var isDefault = false
    package var targetSpan: SourceSpan
}
