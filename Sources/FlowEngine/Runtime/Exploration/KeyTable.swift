import FlowModel

/// A set of encoded states (`StateEncoder`), numbered in the order they
/// were first added: the keys lie end to end in one array, found through an
/// open-addressing table of their numbers with a digest of each, so that
/// looking a key up allocates nothing and a key costs its integers and
/// 24 to 32 bytes (its end, its digest, two to four slots). (A dictionary
/// of arrays allocated a key for every run that looked one up, and hashed
/// its digest again.)
package struct KeyTable: Sendable {
    /// The keys, end to end; key `n` ends at `ends[n]`.
    private var values: [Int32] = []
    private var ends: [Int] = []
    /// Each key's digest (`digest(of:)`).
    private var digests: [UInt64] = []
    /// The table: a key's number, or -1 for an empty slot. Its size is a
    /// power of two, at least twice the number of keys.
    private var slots = [Int32](repeating: -1, count: 64)

    package init() {}

    /// The number of keys.
    package var count: Int { ends.count }

    /// Where a lookup ended: the key's number (-1: absent), and where an
    /// absent key goes.
    package struct Lookup {
        package var number: Int32
        var slot: Int
        var digest: UInt64
    }

    /// Looks `key` up.
    package func lookup(_ key: [Int32]) -> Lookup {
        let digest = KeyTable.digest(of: key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest) & mask
        while true {
            let number = slots[slot]
            if number < 0 { return Lookup(number: -1, slot: slot, digest: digest) }
            if digests[Int(number)] == digest, holds(key, at: Int(number)) { return Lookup(number: number, slot: slot, digest: digest) }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `key`, which `lookup` did not find (and nothing was added since);
    /// returns its number.
    @discardableResult
    package mutating func add(_ key: [Int32], _ lookup: Lookup) -> Int32 {
        let number = Int32(ends.count)
        values.append(contentsOf: key)
        ends.append(values.count)
        digests.append(lookup.digest)
        slots[lookup.slot] = number
        if 2 * ends.count > slots.count { grow() }
        return number
    }

    /// Adds `key` if it is new; returns whether it was.
    package mutating func insert(_ key: [Int32]) -> Bool {
        let found = lookup(key)
        guard found.number < 0 else { return false }
        add(key, found)
        return true
    }

    /// Whether key `number` is `key`: compared eight bytes at a time.
    private func holds(_ key: [Int32], at number: Int) -> Bool {
        let start = number == 0 ? 0 : ends[number - 1]
        guard ends[number] - start == key.count else { return false }
        return key.withUnsafeBufferPointer { key in
            values.withUnsafeBufferPointer { values in
                guard let a = key.baseAddress, let b = values.baseAddress else { return key.isEmpty }
                let pairs = key.count / 2
                let wideA = UnsafeRawPointer(a), wideB = UnsafeRawPointer(b + start)
                for i in 0..<pairs where wideA.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)
                    != wideB.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) {
                    return false
                }
                return key.count % 2 == 0 || a[key.count - 1] == b[start + key.count - 1]
            }
        }
    }

    /// Doubles the table, placing each key by its digest.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for number in digests.indices {
            var slot = Int(truncatingIfNeeded: digests[number]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }

    /// A digest of a key's integers, computed in one pass, two at a time.
    static func digest(of key: [Int32]) -> UInt64 {
        key.withUnsafeBufferPointer { key in
            var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(key.count)
            guard let base = key.baseAddress else { return h }
            let wide = UnsafeRawPointer(base)
            for i in 0..<key.count / 2 {
                h = (h ^ wide.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 29
            }
            if key.count % 2 == 1 {
                h = (h ^ UInt64(UInt32(bitPattern: base[key.count - 1]))) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 29
            }
            return h
        }
    }
}
