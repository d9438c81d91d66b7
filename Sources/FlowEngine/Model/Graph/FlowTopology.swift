/// The static flow tree of a program: which flow can start which.
///
/// An edge Parent→Child exists for every `start Child` action in Parent's
/// handlers, for Parent's own `start Child`, and for each tab of a tab
/// container. Edges are kept in compressed adjacency arrays (one offsets
/// array, one edges array) in both directions.
public struct FlowTopology: Sendable {
    /// How a parent shows a child.
    public enum Mode: UInt8, Sendable {
        case push, sheet, cover, root
        /// The parent's own `start` names the child.
        case flowStart
        /// The child is a tab of the parent.
        case tab
    }

    /// One Parent→Child edge.
    public struct Edge: Hashable, Sendable {
        public var parent: FlowID
        public var child: FlowID
        public var mode: Mode
        /// The `start` action, or -1 for `flowStart` and `tab`.
        public var action: ActionID
        /// Where the edge is written (the action, the start name, or the tab list).
        public var span: SourceSpan
    }

    private var childOffsets: [Int32]
    /// Edges grouped by parent, each group in source order.
    public private(set) var edges: [Edge]
    private var parentOffsets: [Int32]
    private var parentList: [FlowID]
    /// When every flow has at most one flow that starts it and no flow is
    /// its own ancestor (the usual shape: a tree of coordinators), each
    /// flow's parent (-1 for a root); nil otherwise.
    public private(set) var forestParents: [FlowID]?
    /// For that forest, each flow's number on entry and on exit of a
    /// depth-first walk: `a` is above `f` when `f`'s interval is inside `a`'s.
    private var enter: [Int32] = []
    private var exit: [Int32] = []

    /// - Complexity: O(flows + actions).
    public init(_ program: Program) {
        var byParent = [[Edge]](repeating: [], count: program.flows.count)
        for (f, flow) in program.flows.enumerated() {
            let id = FlowID(f)
            // Every `start` item that names a flow, guarded or not (v1).
            for item in program.startItems[flow.starts.range] {
                if case .flow(let child) = item.target {
                    byParent[f].append(Edge(parent: id, child: child, mode: .flowStart, action: -1, span: item.span))
                }
            }
            if flow.starts.isEmpty, case .flow(let child) = flow.start {
                byParent[f].append(Edge(parent: id, child: child, mode: .flowStart, action: -1, span: flow.startSpan))
            }
            for tab in program.tabs(of: id) {
                byParent[f].append(Edge(parent: id, child: tab, mode: .tab, action: -1, span: flow.span))
            }
        }
        for handler in program.handlers {
            for a in handler.actions.range {
                let action = program.actions[a]
                guard action.kind == .start, action.flow >= 0 else { continue }
                let mode: Mode
                switch action.mode {
                case .push: mode = .push
                case .sheet: mode = .sheet
                case .cover: mode = .cover
                case .root: mode = .root
                }
                byParent[Int(handler.flow)].append(Edge(parent: handler.flow, child: action.flow, mode: mode,
                                                        action: ActionID(a), span: action.span))
            }
        }
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(byParent.count + 1)
        var all: [Edge] = []
        var parentCounts = [Int32](repeating: 0, count: program.flows.count + 1)
        for var group in byParent {
            group.sort { ($0.span.file, $0.span.start) < ($1.span.file, $1.span.start) }
            for edge in group { parentCounts[Int(edge.child) + 1] += 1 }
            all.append(contentsOf: group)
            offsets.append(Int32(all.count))
        }
        for i in 0..<program.flows.count { parentCounts[i + 1] += parentCounts[i] }
        var fill = parentCounts
        var parents = [FlowID](repeating: 0, count: all.count)
        for edge in all {
            parents[Int(fill[Int(edge.child)])] = edge.parent
            fill[Int(edge.child)] += 1
        }
        childOffsets = offsets
        edges = all
        parentOffsets = parentCounts
        parentList = parents
        numberForest(flowCount: program.flows.count)
    }

    /// Sets `forestParents`, `enter` and `exit` when the flows form a forest.
    /// An iterative depth-first walk from the roots: O(flows + edges).
    private mutating func numberForest(flowCount: Int) {
        var parentOf = [FlowID](repeating: -1, count: flowCount)
        for f in 0..<flowCount {
            for parent in parents(of: FlowID(f)) {
                if parent == FlowID(f) || (parentOf[f] >= 0 && parentOf[f] != parent) { return }
                parentOf[f] = parent
            }
        }
        var enter = [Int32](repeating: -1, count: flowCount)
        var exit = [Int32](repeating: -1, count: flowCount)
        var clock: Int32 = 0
        // (flow, next child edge to look at)
        var stack: [(FlowID, Int32)] = []
        for root in 0..<flowCount where parentOf[root] < 0 {
            enter[root] = clock
            clock += 1
            stack.append((FlowID(root), childOffsets[root]))
            while let (flow, next) = stack.last {
                if next < childOffsets[Int(flow) + 1] {
                    stack[stack.count - 1].1 = next + 1
                    let child = edges[Int(next)].child
                    guard enter[Int(child)] < 0 else { continue }
                    enter[Int(child)] = clock
                    clock += 1
                    stack.append((child, childOffsets[Int(child)]))
                } else {
                    exit[Int(flow)] = clock
                    stack.removeLast()
                }
            }
        }
        // A flow no root leads to is on a cycle: not a forest.
        guard !enter.contains(-1) else { return }
        forestParents = parentOf
        self.enter = enter
        self.exit = exit
    }

    /// The edges from `flow` to the flows it starts, in source order.
    public func children(of flow: FlowID) -> ArraySlice<Edge> {
        edges[Int(childOffsets[Int(flow)])..<Int(childOffsets[Int(flow) + 1])]
    }

    /// The flows that can start `flow` (with repetitions, one per edge).
    public func parents(of flow: FlowID) -> ArraySlice<FlowID> {
        parentList[Int(parentOffsets[Int(flow)])..<Int(parentOffsets[Int(flow) + 1])]
    }

    /// The first edge (in source order) by which `parent` starts `child`.
    public func firstEdge(from parent: FlowID, to child: FlowID) -> Edge? {
        children(of: parent).first { $0.child == child }
    }

    /// Whether `ancestor` can be above `flow` in the flow tree (or is `flow` when `inclusive`).
    /// In a forest, from the walk's numbers; else a breadth-first search up the parent edges.
    /// - Complexity: O(1) in a forest or for a direct parent; else O(flows + edges) at worst.
    public func isAncestor(_ ancestor: FlowID, of flow: FlowID, inclusive: Bool = false) -> Bool {
        if inclusive && ancestor == flow { return true }
        if forestParents != nil {
            let a = Int(ancestor), f = Int(flow)
            return a != f && enter[a] < enter[f] && exit[f] <= exit[a]
        }
        if parents(of: flow).contains(ancestor) { return true }
        return firstAncestor(of: flow, inclusive: false) { $0 == ancestor } != nil
    }

    /// The first flow above `flow` (breadth-first, nearest first) satisfying `predicate`.
    public func firstAncestor(of flow: FlowID, inclusive: Bool, where predicate: (FlowID) -> Bool) -> FlowID? {
        if inclusive && predicate(flow) { return flow }
        var seen = Set<FlowID>([flow])
        var queue: [FlowID] = [flow]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for parent in parents(of: current) where !seen.contains(parent) {
                if predicate(parent) { return parent }
                seen.insert(parent)
                queue.append(parent)
            }
        }
        return nil
    }
}
