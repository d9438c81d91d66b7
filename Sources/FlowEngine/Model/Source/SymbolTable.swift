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
        let hash = SymbolTable.hash(bytes, range)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[slot]
            if id < 0 { break }
            if equals(Int(id), bytes, range) { return Symbol(id) }
            slot = (slot + 1) & mask
        }
        let id = Int32(names.count)
        let start = storage.count
        storage.append(contentsOf: bytes[range])
        ranges.append(start..<storage.count)
        names.append(String(decoding: bytes[range], as: UTF8.self))
        slots[slot] = id
        if names.count * 2 > slots.count { grow() }
        return Symbol(id)
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
            let hash = SymbolTable.hash(buffer, 0..<buffer.count)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let id = slots[slot]
                if id < 0 { return nil }
                if equals(Int(id), buffer, 0..<buffer.count) { return Symbol(id) }
                slot = (slot + 1) & mask
            }
        }
    }

    private func equals(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let stored = ranges[id]
        guard stored.count == range.count else { return false }
        var i = stored.lowerBound
        var j = range.lowerBound
        while j < range.upperBound {
            if storage[i] != bytes[j] { return false }
            i += 1
            j += 1
        }
        return true
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

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in range {
            h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3
        }
        return h ^ (h >> 29)
    }
}
