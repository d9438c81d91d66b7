import FlowModel
import Testing

/// The queue of the breadth-first searches (`Worklist`), and the graph
/// search built on it (`Digraph.reachable`). (A worklist is not copyable:
/// what it answers is taken out before `#expect` looks at it.)
@Suite("Worklist: breadth-first searches over numbered nodes")
struct WorklistTests {
    @Test("each node goes in once and comes out in the order it went in")
    func firstInFirstOut() {
        var search = Worklist(count: 5)
        var answers: [String] = []
        func take(_ search: inout Worklist) { answers.append(search.next().map { "next \($0)" } ?? "none") }
        func add(_ node: Int32, _ search: inout Worklist) { answers.append(search.insert(node) ? "added \(node)" : "kept out \(node)") }
        take(&search)
        add(3, &search)
        add(1, &search)
        add(3, &search)
        take(&search)
        add(3, &search)  // taken already: never again
        add(4, &search)
        take(&search)
        take(&search)
        take(&search)
        #expect(answers == ["none", "added 3", "added 1", "kept out 3", "next 3", "kept out 3", "added 4", "next 1", "next 4", "none"])
        let order = search.order, visited = search.visited
        let contains = (search.contains(4), search.contains(0))
        #expect(order == [3, 1, 4])
        #expect(visited == [false, true, false, true, true])
        #expect(contains == (true, false))
    }

    @Test("a search over a graph: breadth first from the seeds, each node once, cycles included")
    func graphSearch() {
        // 0 → 1 → 2 → 0 (a cycle), 1 → 3, and 4 → 3, which no seed reaches.
        let edges: [(Int32, Int32)] = [(0, 1), (1, 2), (2, 0), (1, 3), (4, 3)]
        var builder = Digraph.Builder()
        for (from, to) in edges { builder.add(from, to) }
        let graph = Digraph(nodeCount: 5, builder)
        var search = Worklist(count: graph.nodeCount)
        search.insert(0)
        while let n = search.next() {
            for e in graph.edges(of: Int(n)) { search.insert(graph.targets[e]) }
        }
        let order = search.order
        #expect(order == [0, 1, 2, 3])
        #expect(graph.reachable(from: [0]) == [true, true, true, true, false])
        #expect(graph.reachable(from: [4, 4]) == [false, false, false, true, true])
        #expect(graph.reachable(from: []) == [false, false, false, false, false])
    }

    @Test("a graph keeps each node's edges in the order they were added, with their labels, forward and reversed")
    func edgesInOrder() {
        var builder = Digraph.Builder(expectedEdges: 2)
        for (from, to, label) in [(2, 0, 10), (0, 1, 11), (2, 1, 12), (0, 2, 13), (2, 2, -1)] as [(Int32, Int32, Int32)] {
            builder.add(from, to, label: label)
        }
        func outgoing(_ graph: Digraph) -> [[String]] {
            (0..<graph.nodeCount).map { n in graph.edges(of: n).map { "\(graph.targets[$0])/\(graph.labels[$0])" } }
        }
        #expect(outgoing(Digraph(nodeCount: 4, builder)) == [["1/11", "2/13"], [], ["0/10", "1/12", "2/-1"], []])
        #expect(outgoing(Digraph(nodeCount: 4, builder, reversed: true)) == [["2/10"], ["0/11", "2/12"], ["0/13", "2/-1"], []])
        #expect(outgoing(Digraph(nodeCount: 2, Digraph.Builder())) == [[], []])
    }

    @Test("a graph built without labels has the same edges in the same order, and no label array", arguments: [false, true])
    func unlabeledEdges(reversed: Bool) {
        let edges: [(Int32, Int32)] = [(2, 0), (0, 1), (2, 1), (0, 2), (2, 2), (3, 0)]
        var plain = Digraph.Builder(expectedEdges: 1, labeled: false)
        var labeled = Digraph.Builder()
        for (from, to) in edges {
            plain.add(from, to)
            labeled.add(from, to)
        }
        var seen: [String] = []
        plain.forEachEdge { seen.append("\($0)→\($1)") }
        #expect(seen == ["2→0", "0→1", "2→1", "0→2", "2→2", "3→0"])
        #expect(plain.count == 6 && !plain.isLabeled && labeled.isLabeled)
        let a = Digraph(nodeCount: 4, plain, reversed: reversed), b = Digraph(nodeCount: 4, labeled, reversed: reversed)
        #expect(a.offsets == b.offsets && a.targets == b.targets)
        #expect(a.offsets == (reversed ? [0, 2, 4, 6, 6] : [0, 2, 2, 5, 6]))
        #expect(a.labels.isEmpty && b.labels == [Int32](repeating: -1, count: 6))
    }

    /// A graph built from a builder given up to it (whose pages go back to
    /// the system a megabyte at a time as its edges are placed) is the one
    /// built from a builder kept: large enough to give several megabytes
    /// back, with its edges mostly in the order of their nodes as the
    /// checks' are, and some out of it.
    @Test("a graph built taking its builder has the same edges, labels and order",
          arguments: [(false, false), (false, true), (true, false), (true, true)])
    func takingTheBuilder(labeled: Bool, reversed: Bool) {
        let nodeCount = 200_000
        let kept = Digraph(nodeCount: nodeCount, Self.largeBuilder(nodeCount, labeled: labeled), reversed: reversed)
        var given = Self.largeBuilder(nodeCount, labeled: labeled)
        let taken = Digraph(nodeCount: nodeCount, taking: consume given, reversed: reversed)
        #expect(taken.offsets == kept.offsets)
        #expect(taken.targets == kept.targets)
        #expect(taken.labels == kept.labels)
        #expect(taken.targets.count == 3 * nodeCount && taken.labels.count == (labeled ? 3 * nodeCount : 0))
        given = Digraph.Builder()
        #expect(given.count == 0)
    }

    /// A builder whose storage another still shares is copied, never given
    /// back: the other reads every edge after.
    @Test func takingASharedBuilderLeavesItWhole() {
        let nodeCount = 200_000
        let builder = Self.largeBuilder(nodeCount, labeled: true)
        let taken = Digraph(nodeCount: nodeCount, taking: builder)
        var sum = 0
        var edges = 0
        builder.forEachEdge { from, _ in
            sum &+= Int(from)
            edges += 1
        }
        #expect(edges == 3 * nodeCount && taken.targets.count == 3 * nodeCount)
        #expect(sum == 3 * (nodeCount * (nodeCount - 1) / 2))
    }

    /// Three edges a node, in node order as the checks add theirs: to the
    /// next node, and to two others drawn at random (labels tell them apart).
    static func largeBuilder(_ nodeCount: Int, labeled: Bool) -> Digraph.Builder {
        var builder = Digraph.Builder(expectedEdges: 16, labeled: labeled)
        var random: UInt64 = 7
        for n in 0..<nodeCount {
            for k in 0..<3 {
                random = random &* 6364136223846793005 &+ 1442695040888963407
                let to = k == 0 ? Int32((n + 1) % nodeCount) : Int32(Int(random >> 33) % nodeCount)
                builder.add(Int32(n), to, label: labeled ? Int32(n &* 3 &+ k) : -1)
            }
        }
        return builder
    }

    @Test("an empty search has nothing to give")
    func empty() {
        var search = Worklist(count: 0)
        let next = search.next(), visited = search.visited, order = search.order
        #expect(next == nil)
        #expect(visited == [])
        #expect(order == [])
    }
}
