import FlowEngine
import FlowRuntime
import Testing

/// `KeyTable` numbers encoded states in the order they are first added;
/// these tests hold it to a dictionary of arrays, the structure it replaced.
@Suite("key table")
struct KeyTableTests {
    @Test("random keys: numbered as a dictionary would, found again, absent ones not", arguments: [1, 2, 3])
    func agreesWithDictionary(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        var table = KeyTable()
        var oracle: [[Int32]: Int32] = [:]
        var keys: [[Int32]] = []
        // Short keys over few values repeat often; lengths odd and even, the empty key too.
        for _ in 0..<3_000 {
            let length = Int(rng.next() % 7)
            let key = (0..<length).map { _ in Int32(rng.next() % 3) - 1 }
            let found = table.lookup(key)
            #expect(found.number == (oracle[key] ?? -1))
            if found.number < 0 {
                let number = table.add(key, found)
                #expect(number == Int32(oracle.count))
                oracle[key] = number
                keys.append(key)
            }
        }
        #expect(table.count == oracle.count)
        // The table grew well past its first 64 slots, and still finds every key.
        #expect(table.count > 200)
        for (number, key) in keys.enumerated() { #expect(table.lookup(key).number == Int32(number)) }
        #expect(table.lookup([7, 7, 7, 7, 7, 7, 7, 7]).number == -1)
    }

    @Test("keys that differ only in their last integer, or in length, are different keys")
    func nearKeysDiffer() {
        var table = KeyTable()
        let added = [[1, 2, 3], [1, 2, 4], [1, 2], [1, 2, 3, 0], [], [1, 2, 3], []].map { table.insert($0) }
        #expect(added == [true, true, true, true, true, false, false])
        #expect(table.count == 5)
        #expect(table.lookup([1, 2, 4]).number == 1)
        #expect(table.lookup([1, 2, 3, 0]).number == 3)
    }
}
