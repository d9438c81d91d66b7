/// The queue of a breadth-first search over numbered nodes (flows, routes,
/// graph nodes, states): first in, first out, no recursion, and each node
/// in it at most once, so the nodes come out in breadth-first order from
/// the seeds and `visited` is what the search reached (seeds included).
///
/// It holds one flag and one slot per node, allocated once (a node goes in
/// at most once, so the queue never grows), and is not copyable: a search
/// costs what the hand-written loop with local arrays cost, without the
/// loop. A search that touches a few nodes of a large graph (the flows
/// above one flow, a path between two nodes of a cycle) keeps a `Set` or a
/// dictionary instead. The fixed points of the analyses (a node queued
/// again whenever its facts grow) keep their own loops.
package struct Worklist: ~Copyable {
    @usableFromInline let queue: UnsafeMutableBufferPointer<Int32>
    @usableFromInline let seen: UnsafeMutableBufferPointer<Bool>
    @usableFromInline var head = 0
    @usableFromInline var tail = 0
    /// The number of nodes.
    package let count: Int

    /// An empty search over nodes `0..<count`.
    @inlinable
    package init(count: Int) {
        self.count = count
        queue = .allocate(capacity: max(count, 1))
        seen = .allocate(capacity: max(count, 1))
        seen.initialize(repeating: false)
    }

    @inlinable
    deinit {
        queue.deallocate()
        seen.deallocate()
    }

    /// Adds `node` unless it was ever added; returns whether it was added.
    @inlinable @inline(__always) @discardableResult
    package mutating func insert(_ node: Int32) -> Bool {
        let n = Int(node)
        precondition(n >= 0 && n < count, "node \(n) outside the worklist of \(count)")
        guard !seen[n] else { return false }
        seen[n] = true
        queue[tail] = node
        tail += 1
        return true
    }

    /// The node added first of those not taken yet; nil when none is left.
    @inlinable @inline(__always)
    package mutating func next() -> Int32? {
        guard head < tail else { return nil }
        head += 1
        return queue[head - 1]
    }

    /// Whether `node` was ever added.
    @inlinable
    package func contains(_ node: Int32) -> Bool { seen[Int(node)] }

    /// Per node, whether it was ever added: what the search reached.
    @inlinable
    package var visited: [Bool] { Array(seen[0..<count]) }

    /// The nodes in the order they were added: breadth first from the seeds.
    @inlinable
    package var order: [Int32] { Array(queue[0..<tail]) }
}
