/// The catalogue of findings: one stable code each, with its severity and a
/// one-line summary. Codes are part of the contract (docs/diagnostics.md): tests and
/// suppressions name them, so a code is never renumbered or reused.
public enum DiagnosticCode: String, CaseIterable, Sendable {
    case syntax = "F001"
    case unterminated = "F002"
    case invalidCharacter = "F003"

    case unknownRoute = "F101"
    case unknownFlow = "F102"
    case duplicateDeclaration = "F103"
    case missingStart = "F104"
    case importNotFound = "F105"
    case entryConflict = "F106"
    case argumentMismatch = "F107"
    case typeMismatch = "F108"
    case duplicateHandler = "F109"
    case resultFromStranger = "F110"
    case selectOutsideTabs = "F111"
    case malformedTabContainer = "F112"
    case badAttribute = "F113"
    case neverRunnable = "F114"
    /// (v2, docs/generated-api.md) What the generated Swift API cannot declare.
    case generatedNameConflict = "F115"

    case unreachableRoute = "F201"
    case flowNeverStarted = "F202"
    case deadEnd = "F203"
    case trap = "F204"
    case unboundedStack = "F205"
    case resultNeverSent = "F206"
    case resultNeverHandled = "F207"
    case impossibleBack = "F208"
    case recursiveFlow = "F209"
    case sometimesRefused = "F210"

    case badLinkPattern = "F301"
    case linkTargetNotFound = "F302"
    case linkParameterUnbound = "F303"
    case ambiguousLinks = "F304"
    case linkUnreachable = "F305"
    case pendingLinkDropped = "F306"

    case unusedAllow = "F401"

    case propertyViolated = "F501"

    /// The severity every finding with this code has.
    public var severity: Severity {
        switch self {
        case .unreachableRoute, .flowNeverStarted, .unboundedStack, .resultNeverSent,
             .resultNeverHandled, .recursiveFlow, .linkUnreachable, .unusedAllow, .sometimesRefused:
            return .warning
        default:
            return .error
        }
    }

    /// Whether the state exploration decides findings of this code
    /// (docs/diagnostics.md#findings-on-the-engines-states): two programs that share a file may word one differently (one
    /// explored its states, the other fell back to the flow graph).
    public var isDecidedByStates: Bool {
        switch self {
        case .unreachableRoute, .flowNeverStarted, .deadEnd, .trap, .unboundedStack, .resultNeverHandled,
             .impossibleBack, .sometimesRefused, .linkUnreachable, .pendingLinkDropped, .propertyViolated: true
        default: false
        }
    }

    /// Whether a finding with this code stops the engine from running the
    /// program (docs/language.md#how-a-program-runs "What runs"): the F0xx and F1xx families, programs
    /// it could not run. F2xx and F3xx findings say how a program behaves;
    /// the engine runs it, so that a dead end can be walked into. F115 is
    /// about the generated Swift only: the engine runs such a program.
    public var stopsRunning: Bool { rawValue < "F200" && self != .generatedNameConflict }

    /// A short summary of what the code means, for `flowctl explain` and docs.
    public var summary: String {
        switch self {
        case .syntax: "syntax error: unexpected token or missing piece"
        case .unterminated: "unterminated string or block comment"
        case .invalidCharacter: "invalid character, escape or UTF-8 sequence"
        case .unknownRoute: "unknown route"
        case .unknownFlow: "unknown flow"
        case .duplicateDeclaration: "duplicate route in a flow, or duplicate flow in a program"
        case .missingStart: "flow has no usable `start`"
        case .importNotFound: "import not found or unreadable"
        case .entryConflict: "more than one entry flow, or links without an entry"
        case .argumentMismatch: "arguments do not match the parameters"
        case .typeMismatch: "type mismatch in an argument, or an unknown type"
        case .duplicateHandler: "two handlers for the same event and guard"
        case .resultFromStranger: "handler for a result of a flow this flow never starts"
        case .selectOutsideTabs: "`select` outside a tab container, or of a flow that is not a tab"
        case .malformedTabContainer: "tab container with routes or `start`, or pushed"
        case .badAttribute: "unknown or misplaced attribute"
        case .neverRunnable: "the engine could never run this: a tab with parameters, a tab container inside a tab, a start that never shows a screen"
        case .generatedNameConflict: "the generated Swift API cannot declare this: one event with the same labels and different types"
        case .unreachableRoute: "unreachable route"
        case .flowNeverStarted: "flow never started and not the entry"
        case .deadEnd: "dead end: no event can be handled and there is no back"
        case .trap: "trap: a child flow can neither finish nor be left"
        case .unboundedStack: "the navigation stack can grow without bound"
        case .resultNeverSent: "handler for a result the child never sends"
        case .resultNeverHandled: "result that no flow on the way up handles"
        case .impossibleBack: "`pop`, `popToRoot` or `dismiss` that can never succeed"
        case .recursiveFlow: "a flow starts itself (unbounded nesting)"
        case .sometimesRefused: "a handler that fails in some of the reachable states where it is picked"
        case .badLinkPattern: "bad link pattern"
        case .linkTargetNotFound: "link target not found, or a step the graph does not have"
        case .linkParameterUnbound: "link target parameter not bound by the pattern"
        case .ambiguousLinks: "two links can match the same URL"
        case .linkUnreachable: "link target cannot be reached by navigating from the entry"
        case .pendingLinkDropped: "a pending URL dropped although its guard holds"
        case .propertyViolated: "a property stated with `check` does not hold"
        case .unusedAllow: "an allow comment that suppresses nothing"
        }
    }
}
