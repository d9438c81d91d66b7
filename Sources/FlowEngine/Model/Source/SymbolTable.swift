/// An identifier interned to a small integer.
///
/// Every name in a program (flows, routes, events, parameters, guards,
/// results, transitions) is a `Symbol`, so that the compiler, the analyses
/// and the runtime compare and index integers, never strings.
public struct Symbol: Hashable, Comparable, Sendable {
    public let id: Int32
    public init(_ id: Int32) { self.id = id }
    public static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
}

/// Interns byte strings to `Symbol`s with an open-addressing hash table over
/// the bytes themselves (FNV-1a), so that interning an identifier never
/// builds a `String` unless the name is new.
public struct SymbolTable: Sendable {
    /// The text of each symbol, indexed by `Symbol.id`.
    public private(set) var names: [String] = []
    private var storage: [UInt8] = []
    private var ranges: [Range<Int>] = []
    private var slots: [Int32] = Array(repeating: -1, count: 64)

    public init() {}

    /// The number of distinct symbols.
    public var count: Int { names.count }

    /// The text of `symbol`.
    public subscript(symbol: Symbol) -> String { names[Int(symbol.id)] }

    /// Interns `bytes[range]`.
    /// - Complexity: amortized O(length of the name).
    public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Symbol {
        let (slot, found) = probe(bytes, range)
        if found >= 0 { return Symbol(found) }
        let id = Int32(names.count)
        let start = storage.count
        storage.append(contentsOf: bytes[range])
        ranges.append(start..<storage.count)
        names.append(String(decoding: bytes[range], as: UTF8.self))
        slots[slot] = id
        if names.count * 2 > slots.count { grow() }
        return Symbol(id)
    }

    /// The slot of `bytes[range]` in `slots`, and its symbol's id there
    /// (-1: not interned; the slot is the free one to put it in). Reads
    /// the tables through their buffers, and compares names eight bytes at
    /// a time: the parser interns every name it meets.
    @inline(__always)
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (slot: Int, id: Int32) {
        let hash = SymbolTable.hash(bytes, range)
        return slots.withUnsafeBufferPointer { slots in
            ranges.withUnsafeBufferPointer { ranges in
                storage.withUnsafeBufferPointer { storage in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let id = slots[slot]
                        if id < 0 { return (slot, -1) }
                        let stored = ranges[Int(id)]
                        if stored.count == range.count, SymbolTable.same(storage, stored.lowerBound, bytes, range.lowerBound, range.count) {
                            return (slot, id)
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    /// Interns a Swift string.
    public mutating func intern(_ text: String) -> Symbol {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { buffer in
            intern(UnsafeBufferPointer(buffer), 0..<buffer.count)
        }
    }

    /// The symbol of `text` if it was interned, without adding it.
    public func lookup(_ text: String) -> Symbol? {
        let utf8 = Array(text.utf8)
        return utf8.withUnsafeBufferPointer { buffer in
            let id = probe(buffer, 0..<buffer.count).id
            return id >= 0 ? Symbol(id) : nil
        }
    }

    private mutating func grow() {
        let newCount = slots.count * 2
        var newSlots = [Int32](repeating: -1, count: newCount)
        let mask = newCount - 1
        storage.withUnsafeBufferPointer { buffer in
            for (id, range) in ranges.enumerated() {
                var slot = Int(truncatingIfNeeded: SymbolTable.hash(buffer, range)) & mask
                while newSlots[slot] >= 0 { slot = (slot + 1) & mask }
                newSlots[slot] = Int32(id)
            }
        }
        slots = newSlots
    }

    /// Whether `count` bytes of `a` from `i` and of `b` from `j` are the
    /// same: eight at a time, then one at a time.
    @inline(__always)
    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ i: Int, _ b: UnsafeBufferPointer<UInt8>, _ j: Int, _ count: Int) -> Bool {
        guard count > 0, let x = a.baseAddress, let y = b.baseAddress else { return count == 0 }
        let p = UnsafeRawPointer(x + i), q = UnsafeRawPointer(y + j)
        var k = 0
        while k + 8 <= count {
            if p.loadUnaligned(fromByteOffset: k, as: UInt64.self) != q.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
            k += 8
        }
        while k < count {
            if p.load(fromByteOffset: k, as: UInt8.self) != q.load(fromByteOffset: k, as: UInt8.self) { return false }
            k += 1
        }
        return true
    }

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in range {
            h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3
        }
        return h ^ (h >> 29)
    }
}
