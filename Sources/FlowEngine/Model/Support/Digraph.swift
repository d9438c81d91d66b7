#if canImport(Glibc)
import Glibc
#endif

/// A directed graph in compressed adjacency form: the successors of node
/// `n` are `targets[offsets[n]..<offsets[n + 1]]`, and `labels` carries one
/// integer per edge (an action id, or -1) in the same order; a graph built
/// without labels (`Builder(labeled: false)`) has none, `labels` is empty.
///
/// Built once from an edge list by counting sort, so construction is linear
/// and iteration touches contiguous memory.
package struct Digraph: Sendable {
    package let nodeCount: Int
    package private(set) var offsets: [Int32]
    package private(set) var targets: [Int32]
    package private(set) var labels: [Int32]

    /// A builder that collects edges before freezing them: one append of
    /// one edge each, the hottest call of the graph checks. A builder made
    /// `labeled: false` keeps 8 bytes an edge instead of 12, and its graph
    /// no label array: the largest graphs of the checks need none.
    package struct Builder {
        struct Edge {
            var from: Int32
            var to: Int32
            var label: Int32
        }
        struct Ends {
            var from: Int32
            var to: Int32
        }
        var edges: [Edge] = []
        var unlabeled: [Ends] = []
        /// Whether the edges carry labels.
        package let isLabeled: Bool
        package init(labeled: Bool = true) { isLabeled = labeled }
        /// A builder with room for `expectedEdges` edges: a graph of a large
        /// program otherwise copies its edges at every doubling. (Room that
        /// is never written costs address space, not memory: the pages of a
        /// large allocation are only taken when first touched.)
        package init(expectedEdges: Int, labeled: Bool = true) {
            isLabeled = labeled
            if labeled { edges.reserveCapacity(expectedEdges) } else { unlabeled.reserveCapacity(expectedEdges) }
        }
        /// The number of edges added.
        package var count: Int { isLabeled ? edges.count : unlabeled.count }
        package mutating func add(_ from: Int32, _ to: Int32, label: Int32 = -1) {
            if isLabeled {
                edges.append(Edge(from: from, to: to, label: label))
            } else {
                precondition(label == -1, "a label on an edge of a graph built without labels")
                unlabeled.append(Ends(from: from, to: to))
            }
        }
        /// Hands the edges over (to `Digraph(nodeCount:taking:)`, which gives
        /// their memory back as it places them) and keeps none, so that the
        /// storage it hands over is not shared.
        package mutating func take() -> Builder {
            defer { self = Builder(labeled: isLabeled) }
            return self
        }
        /// Calls `body` with each edge's ends, in the order they were added.
        package func forEachEdge(_ body: (_ from: Int32, _ to: Int32) -> Void) {
            if isLabeled {
                for edge in edges { body(edge.from, edge.to) }
            } else {
                for edge in unlabeled { body(edge.from, edge.to) }
            }
        }
    }

    /// - Complexity: O(nodes + edges). Through raw buffers: the checks
    /// build graphs of millions of edges, and indexing the arrays checked
    /// their uniqueness at every write. Each edge's ends are checked
    /// against `nodeCount` all the same. Counted into `offsets`, then placed
    /// from the last edge back, so no second array of positions is needed.
    package init(nodeCount: Int, _ builder: Builder, reversed: Bool = false) {
        self.init(nodeCount: nodeCount, edgeCount: builder.count, labeled: builder.isLabeled) { offsets, targets, labels in
            if builder.isLabeled {
                builder.edges.withUnsafeBufferPointer { edges in
                    Digraph.place(edges, reversed: reversed, offsets: offsets, targets: targets) { slot, e in
                        labels[slot] = edges[e].label
                    }
                }
            } else {
                builder.unlabeled.withUnsafeBufferPointer { edges in
                    Digraph.place(edges, reversed: reversed, offsets: offsets, targets: targets) { _, _ in }
                }
            }
        }
    }

    /// The same graph from a builder given up to it: the builder's memory
    /// goes back to the system as its edges are placed, so the two are not
    /// held whole at once. (The edges are placed from the last back, and a
    /// graph's edges come mostly in the order of their nodes: the builder's
    /// tail is given back about as fast as the graph's arrays are first
    /// written, from their ends.) At a million routes the builder of a
    /// labelled graph is about 38 MB and its graph 26.
    package init(nodeCount: Int, taking builder: consuming Builder, reversed: Bool = false) {
        let isLabeled = builder.isLabeled
        self.init(nodeCount: nodeCount, edgeCount: builder.count, labeled: isLabeled) { offsets, targets, labels in
            if isLabeled {
                builder.edges.withUnsafeMutableBufferPointer { edges in
                    let edges = UnsafeBufferPointer(edges)
                    var release = TailRelease(edges)
                    Digraph.place(edges, reversed: reversed, offsets: offsets, targets: targets) { slot, e in
                        labels[slot] = edges[e].label
                        release.placed(downTo: e)
                    }
                }
            } else {
                builder.unlabeled.withUnsafeMutableBufferPointer { edges in
                    let edges = UnsafeBufferPointer(edges)
                    var release = TailRelease(edges)
                    Digraph.place(edges, reversed: reversed, offsets: offsets, targets: targets) { _, e in
                        release.placed(downTo: e)
                    }
                }
            }
        }
    }

    /// Allocates `offsets` (zeroed) and `targets` and `labels` (not: their
    /// pages are taken as `fill` first writes them), and lets `fill` write
    /// every slot of the last two.
    private init(nodeCount: Int, edgeCount: Int, labeled: Bool,
                 fill: (_ offsets: UnsafeMutableBufferPointer<Int32>, _ targets: UnsafeMutableBufferPointer<Int32>,
                        _ labels: UnsafeMutableBufferPointer<Int32>) -> Void) {
        self.nodeCount = nodeCount
        var offsets = [Int32](repeating: 0, count: nodeCount + 1)
        var labels: [Int32] = []
        let targets = [Int32](unsafeUninitializedCapacity: edgeCount) { targets, targetCount in
            labels = [Int32](unsafeUninitializedCapacity: labeled ? edgeCount : 0) { labels, labelCount in
                offsets.withUnsafeMutableBufferPointer { offsets in fill(offsets, targets, labels) }
                labelCount = labels.count
            }
            targetCount = edgeCount
        }
        self.offsets = offsets
        self.targets = targets
        self.labels = labels
    }

    /// Gives the pages of a builder's edges back to the system as they are
    /// placed, from the last back, a megabyte at a time (Linux: `madvise`;
    /// elsewhere nothing). Only whole pages wholly past every edge still to
    /// be read are given back, and nothing reads them again: the builder
    /// that holds them was given up and is dropped after.
    private struct TailRelease {
        private let base: UnsafeRawPointer?
        private let stride: Int
        /// The first byte not yet given back: the end of the edges, at first.
        private var releasedFrom: Int
        private static let step = 1 << 20
        /// The system's page size (4 KiB on most machines, 16 or 64 on some
        /// ARM ones): `madvise` takes whole pages, and would round a length
        /// up past the end of the edges.
        private static let page: Int = {
            #if os(Linux)
            return Int(getpagesize())
            #else
            return 4096
            #endif
        }()

        init<E>(_ edges: UnsafeBufferPointer<E>) {
            base = edges.baseAddress.map { UnsafeRawPointer($0) }
            stride = MemoryLayout<E>.stride
            releasedFrom = edges.count * stride
        }

        /// Edge `e` and every edge after it are placed.
        @inline(__always)
        mutating func placed(downTo e: Int) {
            let from = e * stride
            guard releasedFrom - from >= TailRelease.step else { return }
            release(from)
        }

        @inline(never)
        private mutating func release(_ from: Int) {
            guard let base else { return }
            // Whole pages from the first page boundary at or after `from`.
            let start = (Int(bitPattern: base) + from + TailRelease.page - 1) & ~(TailRelease.page - 1)
            let end = (Int(bitPattern: base) + releasedFrom) & ~(TailRelease.page - 1)
            releasedFrom = from
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            #if os(Linux)
            _ = madvise(pointer, end - start, MADV_DONTNEED)
            #endif
        }
    }

    /// The counting sort: each node's edges counted at its own index, the
    /// counts summed so that `offsets[n]` is the end of node n's edges,
    /// then the edges placed from the last back, each taking the slot
    /// before its node's end (which leaves `offsets[n]` at its start, and
    /// the edges of a node in the order they were added).
    private static func place<E: EdgeEnds>(_ edges: UnsafeBufferPointer<E>, reversed: Bool,
                                           offsets: UnsafeMutableBufferPointer<Int32>,
                                           targets: UnsafeMutableBufferPointer<Int32>,
                                           label: (_ slot: Int, _ edge: Int) -> Void) {
        let nodeCount = offsets.count - 1
        for edge in edges {
            precondition(edge.from >= 0 && Int(edge.from) < nodeCount && edge.to >= 0 && Int(edge.to) < nodeCount,
                         "edge \(edge.from) → \(edge.to) of a graph of \(nodeCount) nodes")
            offsets[Int(reversed ? edge.to : edge.from)] &+= 1
        }
        for i in 0..<nodeCount { offsets[i + 1] &+= offsets[i] }
        var e = edges.count
        while e > 0 {
            e -= 1
            let edge = edges[e]
            let (from, to) = reversed ? (edge.to, edge.from) : (edge.from, edge.to)
            offsets[Int(from)] &-= 1
            let slot = Int(offsets[Int(from)])
            targets[slot] = to
            label(slot, e)
        }
    }

    /// The indices into `targets`/`labels` of `node`'s outgoing edges.
    package func edges(of node: Int) -> Range<Int> { Int(offsets[node])..<Int(offsets[node + 1]) }

    /// Marks every node reachable from `seeds` (breadth-first).
    /// - Complexity: O(nodes + edges).
    public func reachable(from seeds: [Int32]) -> [Bool] {
        var search = Worklist(count: nodeCount)
        for s in seeds { search.insert(s) }
        while let n = search.next() {
            for e in edges(of: Int(n)) { search.insert(targets[e]) }
        }
        return search.visited
    }

    /// The strongly connected component of each node (Tarjan's algorithm
    /// with an explicit stack; no recursion, so any depth is fine).
    /// Components are numbered in reverse topological order.
    /// - Complexity: O(nodes + edges).
    package func stronglyConnectedComponents() -> [Int32] {
        var index = [Int32](repeating: -1, count: nodeCount)
        var low = [Int32](repeating: 0, count: nodeCount)
        var onStack = [Bool](repeating: false, count: nodeCount)
        var component = [Int32](repeating: -1, count: nodeCount)
        var stack: [Int32] = []
        var callStack: [(node: Int32, edge: Int32)] = []
        var counter: Int32 = 0
        var components: Int32 = 0
        for root in 0..<nodeCount where index[root] < 0 {
            callStack.append((Int32(root), offsets[root]))
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(Int32(root))
            onStack[root] = true
            while let frame = callStack.last {
                let n = Int(frame.node)
                let e = Int(frame.edge)
                if e < Int(offsets[n + 1]) {
                    callStack[callStack.count - 1].edge += 1
                    let m = Int(targets[e])
                    if index[m] < 0 {
                        index[m] = counter
                        low[m] = counter
                        counter += 1
                        stack.append(Int32(m))
                        onStack[m] = true
                        callStack.append((Int32(m), offsets[m]))
                    } else if onStack[m] {
                        low[n] = min(low[n], index[m])
                    }
                    continue
                }
                callStack.removeLast()
                if let parent = callStack.last {
                    low[Int(parent.node)] = min(low[Int(parent.node)], low[n])
                }
                if low[n] == index[n] {
                    while let top = stack.popLast() {
                        onStack[Int(top)] = false
                        component[Int(top)] = components
                        if Int(top) == n { break }
                    }
                    components += 1
                }
            }
        }
        return component
    }

    /// A shortest path from `from` to `to` using only nodes with `allowed`
    /// true, as node ids (both ends included); nil if none. (Called once per
    /// cycle found: a dictionary of the nodes it meets, not a `Worklist`'s
    /// flag per node of the graph.)
    public func path(from: Int32, to: Int32, allowed: (Int32) -> Bool) -> [Int32]? {
        var previous = [Int32: Int32]()
        previous[from] = from
        var queue: [Int32] = [from]
        var head = 0
        while head < queue.count {
            let n = queue[head]
            head += 1
            if n == to { break }
            for e in edges(of: Int(n)) {
                let m = targets[e]
                guard allowed(m), previous[m] == nil else { continue }
                previous[m] = n
                queue.append(m)
            }
        }
        guard previous[to] != nil else { return nil }
        var path: [Int32] = [to]
        var current = to
        while current != from, let p = previous[current] {
            path.append(p)
            current = p
        }
        return path.reversed()
    }
}

/// The two ends of a builder's edge, whichever way it is stored.
private protocol EdgeEnds {
    var from: Int32 { get }
    var to: Int32 { get }
}

extension Digraph.Builder.Edge: EdgeEnds {}
extension Digraph.Builder.Ends: EdgeEnds {}
