import FlowModel

/// A name as written: its interned symbol and where it stands.
public struct Name: Hashable, Sendable {
    public var symbol: Symbol
    public var span: SourceSpan
}

/// The parsed form of one file, before names are resolved.
///
/// Like `Program`, the tree is a set of flat arrays: a declaration refers to
/// its children by `IndexRange`. Nothing in it is recursive, so no pass over
/// it needs recursion.
public struct SyntaxTree: Sendable {
    public var file: Int32
    public var imports: [ImportDecl] = []
    public var flows: [FlowDecl] = []
    public var routes: [RouteDecl] = []
    public var handlers: [HandlerDecl] = []
    public var actions: [ActionDecl] = []
    public var targets: [TargetDecl] = []
    public var arguments: [ArgumentDecl] = []
    public var parameters: [ParameterDecl] = []
    /// Names of tabs and link paths, referenced by ranges.
    public var names: [Name] = []
    public var links: [LinkDecl] = []
    /// `start` items of flows, referenced by `FlowDecl.starts`.
    public var starts: [StartDecl] = []
    /// Attributes of flows, routes and handlers (v2), referenced by their `attributes`.
    public var attributes: [AttributeDecl] = []
    /// `check` declarations (v2, docs/language.md#properties-check-v2), in source order.
    public var checks: [CheckDecl] = []
    /// The route names of `check ... shows` stacks, referenced by `CheckDecl.stackNames`.
    public var stackNames: [StackNameDecl] = []
    /// Lexical and syntax errors (F001–F003) of this file.
    public var diagnostics: [Diagnostic] = []
    /// The file's `// flowctl:allow` comments (v1), in source order.
    public var allows: [AllowComment] = []

    public init(file: Int32) { self.file = file }

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
public struct ImportDecl: Sendable {
    public var path: String
    public var span: SourceSpan
}

/// `flow Name(params) [attrs] { ... }`.
public struct FlowDecl: Sendable {
    public var name: Name
    /// The flow's parameters (v1), in `SyntaxTree.parameters`.
    public var parameters: IndexRange
    /// `[entry]`, `[was(Old)]` (v2), in `SyntaxTree.attributes`.
    public var attributes: IndexRange
    /// Every `start` item, in `SyntaxTree.starts`, in source order.
    public var starts: IndexRange
    /// The tab names of the `tabs` item(s).
    public var tabs: IndexRange
    /// The `tabs` keyword, for findings about the list.
    public var tabsSpan: SourceSpan?
    public var routes: IndexRange
    /// Every handler in the body: flow-level ones have `route == -1`.
    public var handlers: IndexRange
}

/// `start name(args) [when guard]`: a flow's first route, or a flow
/// started in its place (v1: several, guarded, then one fallback).
public struct StartDecl: Sendable {
    public var name: Name
    public var arguments: IndexRange
    public var guardName: Name?
    public var guardNegated: Bool
    /// From the name through the arguments.
    public var span: SourceSpan
}

/// `route name(params) "Title" [attrs] { handlers }`.
public struct RouteDecl: Sendable {
    public var name: Name
    public var parameters: IndexRange
    public var title: String?
    /// `[final]`, `[was(old)]` (v2) and the like, in `SyntaxTree.attributes`.
    public var attributes: IndexRange
    public var handlers: IndexRange
}

/// `on event [when guard] -> action { then action }`.
public struct HandlerDecl: Sendable {
    /// Index of the route in `SyntaxTree.routes`, or -1 at flow level.
    public var route: Int32
    /// For `C.x`, the flow name `C`; nil for a user event.
    public var resultFlow: Name?
    /// The event name (`x` of `C.x`).
    public var event: Name
    public var parameters: IndexRange
    public var guardName: Name?
    public var guardNegated: Bool
    public var actions: IndexRange
    /// From the event name to its end.
    public var span: SourceSpan
    /// `[system]` and the like (v2), in `SyntaxTree.attributes`.
    public var attributes: IndexRange = .empty
    /// `from F` (v2, docs/language.md): the flow the handler is scoped to.
    public var scope: Name?
}

/// An attribute item `name` or `name(argument)` (v2, docs/language.md#flows-routes-handlers).
public struct AttributeDecl: Sendable {
    public var name: Name
    public var argument: Name?
}

/// `check ["label"] property` (v2, docs/language.md#properties-check-v2).
public struct CheckDecl: Sendable {
    public var kind: PropertyCheck.Kind
    public var label: String?
    /// `ref`: the first name, and the route of `Flow.route`.
    public var refFirst: Name?
    public var refSecond: Name?
    public var guardName: Name?
    public var guardNegated = false
    public var limit = 0
    public var url = ""
    /// The stack text after `shows`, trimmed, and where it stands.
    public var stack = ""
    public var stackSpan: SourceSpan?
    /// The stack's route names, in `SyntaxTree.stackNames`.
    public var stackNames: IndexRange = .empty
    /// The `check` keyword through the end of the property.
    public var span: SourceSpan
}

/// A route name in a check's stack: `route` or `Flow.route`.
public struct StackNameDecl: Sendable {
    public var flow: Name?
    public var route: Name
}

/// One action as written.
public struct ActionDecl: Sendable {
    public var kind: ActionKind
    public var targets: IndexRange
    /// The flow of `start` / `select`, the result of `finish`, the guard of `assume`.
    public var operand: Name?
    /// `assume !g`: the guard is cleared.
    public var negated = false
    /// `start F(args)` (F's parameters) or `finish x(args)` (the payload), v1.
    public var arguments: IndexRange = .empty
    /// The operand through its arguments: where argument findings point.
    public var operandSpan: SourceSpan?
    public var mode: StartMode
    public var transition: Name?
    public var span: SourceSpan
}

/// `name(args)` as an action's target.
public struct TargetDecl: Sendable {
    public var name: Name
    public var arguments: IndexRange
    public var span: SourceSpan
}

/// A literal or a name as an argument's value.
public enum ArgumentValueDecl: Sendable {
    case identifier(Name)
    case literal(Value)
    /// A value that did not parse (already reported).
    case invalid
}

/// `name: value`.
public struct ArgumentDecl: Sendable {
    public var name: Name
    public var value: ArgumentValueDecl
    public var span: SourceSpan
}

/// `name: Type` or, for a route's or a flow's parameter, `name: Type =
/// literal` (v2, docs/language.md "Defaults").
public struct ParameterDecl: Sendable {
    public var name: Name
    public var type: Name
    /// The default's literal; nil when none is written (or it did not parse).
    public var defaultValue: Value? = nil
    /// The default's literal as written, for findings about it.
    public var defaultSpan: SourceSpan? = nil
}

/// `link "pattern" -> Flow/.../route(args)`.
public struct LinkDecl: Sendable {
    /// `link post "…"` (v2): what the generated URL builder is named after.
    public var name: Name?
    public var pattern: String
    public var patternSpan: SourceSpan
    /// The path's names, the last one being the route; empty for `over`.
    public var path: IndexRange
    /// The route's arguments.
    public var arguments: IndexRange
    /// For each flow of the path (all names but the last), the arguments
    /// binding its parameters (v1), in `SyntaxTree.arguments`.
    public var flowArguments: [IndexRange] = []
    /// `when g else A then B` (v1): the gate's guard and its action chain.
    public var gateName: Name?
    public var gateNegated = false
    public var gateActions: IndexRange = .empty
    /// (v2) `-> path then A` or `-> over A`: the actions run after the
    /// rebuild (for the path's last flow) or over what is shown (for the entry).
    public var actions: IndexRange = .empty
    /// `-> over A`: nothing is rebuilt.
    public var isOver = false
    /// (v2) `link default`: `pattern` is "default" and `patternSpan` the keyword.
    public var isDefault = false
    public var targetSpan: SourceSpan
}
