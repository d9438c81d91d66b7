import FlowAnalysis
import FlowModel
import FlowRuntime

/// The picture of a program, independent of any output format: one cluster
/// per flow, one node per route (plus exits, back targets, tab containers,
/// deep links, and a box for each flow a flow starts), and one edge per handler, per
/// link, per flow started in another's place and per tab, each carrying the
/// findings that point at it. The overview (`Options.overview`) draws one
/// node per flow instead, and one edge per way a flow starts, shows or
/// answers another. A journey (`Options.journey`) marks what a scenario took.
/// `DOTWriter`, `MermaidWriter` and `GraphJSONWriter` render it.
package struct FlowGraph: Sendable {
    /// What the picture shows.
    package enum View: String, Sendable {
        /// Flows as clusters of routes.
        case routes
        /// One node per flow (`--overview`).
        case overview
    }

    /// What a node stands for.
    package enum NodeKind: String, Sendable {
        case route
        /// Where a flow goes when it finishes.
        case exit
        /// "The screen before": the target of `pop`, `dismiss` and of the implicit back.
        case back
        /// A tab container (it has no routes of its own).
        case tabs
        /// A flow that only starts another flow in its place.
        case anchor
        /// A whole flow drawn as one node (`--flow`).
        case collapsedFlow
        /// A deep link's entry point.
        case link
        /// A flow drawn in full in its own cluster, shown in this cluster as a
        /// box that this flow's starts go into and its results come from.
        case reference
        /// The overview: one whole flow.
        case flow
        /// The overview: where deep links come from.
        case links
    }

    /// What an edge does, which decides its style.
    package enum EdgeKind: String, Sendable {
        case push, sheet, cover, replace, set, pop, popTo, popToRoot, dismiss
        case start, finish, select
        /// (v1) A handler whose only action is `stay`: a loop.
        case stay
        /// (v1) Layers of those kinds presented over the current one.
        case alert, dialog, popover
        /// A deep link into its target.
        case link
        /// The implicit back (only with `showBack`).
        case implicitBack
        /// A flow's own `start` naming another flow, shown in its place.
        case startsInPlace
        /// A tab container to one of its tabs.
        case tab
        /// The overview: a child flow's results, handled by a flow above it.
        case result
        /// From a flow's box (`NodeKind.reference`) to the flow's own cluster.
        case reference

        /// The edge of a handler whose last moving action is of `kind`
        /// (an action kind with no edge kind of its own draws as a push).
        init(drawing kind: ActionKind) {
            switch kind {
            case .push: self = .push
            case .sheet: self = .sheet
            case .cover: self = .cover
            case .replace: self = .replace
            case .set: self = .set
            case .pop: self = .pop
            case .popTo: self = .popTo
            case .popToRoot: self = .popToRoot
            case .dismiss: self = .dismiss
            case .start: self = .start
            case .finish: self = .finish
            case .select: self = .select
            case .alert: self = .alert
            case .dialog: self = .dialog
            case .popover: self = .popover
            case .stay: self = .stay
            case .assume: self = .push
            }
        }
    }

    /// A node: a route, an exit, a back target, a tab container, a link...
    package struct Node: Sendable {
        public var id: String
        public var kind: NodeKind
        /// The flow whose cluster holds it, or -1.
        package var cluster: FlowID
        /// The flow a `reference`, `collapsedFlow` or `flow` node stands for, or -1.
        public var flow: FlowID = -1
        public var label: String
        public var route: RouteID
        /// The flow's first screen.
        package var isStart: Bool
        /// A route marked [final].
        package var isFinal: Bool
        /// (v2) A route marked [busy]: opened URLs wait while it is active.
        package var isBusy = false
        public var findings: [Diagnostic]
        /// The journey's steps at which it was on top (a route) or which
        /// reached it (any other node); empty when off the journey.
        public var steps: [Int] = []
    }

    /// An edge: one handler (to where its last action goes), or one link.
    public struct Edge: Sendable {
        public var from: Int
        public var to: Int
        public var kind: EdgeKind
        /// How `start` shows the child.
        package var mode: StartMode?
        /// `event(params) when guard`.
        public var label: String
        public var event: String
        package var guardText: String?
        package var transition: String?
        /// What the tooltip says. Empty for a handler's edge of the route
        /// view: `FlowGraph.detail(of:)` writes the handler as written only
        /// when the edge is drawn, so that a large program does not hold a
        /// hundred thousand texts meanwhile.
        package var detail: String
        /// A child's result (`Child.done`), drawn from the child's exit.
        package var isResult: Bool
        /// Draw the edge into / out of this flow's cluster (-1: none).
        package var intoCluster: FlowID
        package var outOfCluster: FlowID
        package var handler: HandlerID
        public var findings: [Diagnostic]
        /// The journey's steps that took it, in order; empty when off the journey.
        public var steps: [Int] = []
    }

    /// A flow's box and the nodes in it.
    package struct Cluster: Sendable {
        public var flow: FlowID
        public var label: String
        package var isEntry: Bool
        package var isTabContainer: Bool
        package var nodes: [Int]
        public var findings: [Diagnostic]
    }

    /// What to draw.
    public struct Options: Sendable {
        package var showBack = false
        package var showFindings = true
        /// Draw only this flow, with its parents and direct children collapsed.
        package var focus: FlowID?
        /// One node per flow instead of one per route (`focus` and
        /// `showBack` do not apply).
        package var overview = false
        /// A scenario's journey to mark (`--highlight`).
        public var journey: Journey?
        package init(showBack: Bool = false, showFindings: Bool = true, focus: FlowID? = nil,
                    overview: Bool = false, journey: Journey? = nil) {
            self.showBack = showBack
            self.showFindings = showFindings
            self.focus = focus
            self.overview = overview
            self.journey = journey
        }
    }

    package internal(set) var view = View.routes
    /// Whether a journey is marked: then what it took has `steps`, and the
    /// writers dim the rest.
    package internal(set) var hasJourney = false
    package internal(set) var clusters: [Cluster] = []
    package internal(set) var nodes: [Node] = []
    package internal(set) var edges: [Edge] = []
    public let program: Program
}
