import FlowModel
import FlowRuntime
import Testing

/// Where each flow instance's chain of parents leads: what the invariant
/// checks and the restoring of saved states judge a flow tree by.
@Suite struct ParentChainTests {
    /// The verdict of one instance, by walking up at most `count` parents.
    static func slowVerdict(_ i: Int, _ instances: [FlowInstance]) -> Navigator.ParentChain {
        guard instances[i].isRunning else { return .unknown }
        var seen: [Int] = []
        var current = i
        while true {
            // Back at `i`: it is on the cycle; back at another: `i` hangs below one.
            if let first = seen.firstIndex(of: current) { return first == 0 ? .cycle : .belowCycle }
            seen.append(current)
            let parent = Int(instances[current].parent)
            if parent < 0 { return .rooted }
            guard parent < instances.count, instances[parent].isRunning else { return .broken }
            current = parent
        }
    }

    @Test(arguments: 0..<200)
    func everyVerdictIsThatOfAWalkUpTheParents(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let count = 1 + Int(rng.next() % 12)
        let instances = (0..<count).map { _ in
            FlowInstance(flow: 0, parent: Int32(Int(rng.next() % UInt64(count + 3))) - 2, isRunning: rng.next() % 5 != 0)
        }
        let chains = Navigator.parentChains(instances)
        #expect(chains.count == count)
        for i in 0..<count {
            #expect(chains[i] == ParentChainTests.slowVerdict(i, instances), "instance \(i) of \(instances.map(\.parent))")
        }
    }

    @Test func aChainIntoACycleHangsBelowIt() {
        // 0 is the root; 1 → 2 → 3 → 1 is a cycle; 4 hangs below it; 5's parent is not running; 6 is not running.
        let parents: [Int32] = [-1, 3, 1, 2, 2, 6, 0]
        let instances = parents.enumerated().map { FlowInstance(flow: 0, parent: $0.element, isRunning: $0.offset != 6) }
        #expect(Navigator.parentChains(instances) == [.rooted, .cycle, .cycle, .cycle, .belowCycle, .broken, .unknown])
    }
}
