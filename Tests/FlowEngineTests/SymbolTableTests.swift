import FlowModel
import Testing

/// Interning compares names eight bytes at a time, then byte by byte: names
/// that differ only past the eighth byte, or only in their last one, are
/// different symbols, and the same text is always the same symbol.
@Suite struct SymbolTableTests {
    /// Names of every length up to 24, and pairs that differ in one byte at each position.
    static let names: [String] = {
        var names = (0...24).map { String(repeating: "n", count: $0) }
        for position in 0..<17 {
            let base = Array(repeating: UInt8(ascii: "a"), count: 17)
            var other = base
            other[position] = UInt8(ascii: "b")
            names.append(String(decoding: other, as: UTF8.self))
        }
        names.append(String(repeating: "a", count: 17))
        names.append("café_☕️")
        return names
    }()

    @Test func eachNameIsOneSymbolAndTheSameTextFindsIt() {
        var table = SymbolTable()
        let symbols = Self.names.map { table.intern($0) }
        #expect(Set(symbols).count == Self.names.count)
        #expect(symbols.map(\.id) == Array(0..<Int32(Self.names.count)))
        #expect(table.count == Self.names.count)
        // Interned again (past several growths of the table), and looked up: the same symbols.
        for _ in 0..<3 {
            #expect(Self.names.map { table.intern($0) } == symbols)
        }
        #expect(Self.names.map { table.lookup($0) } == symbols.map { Optional($0) })
        #expect(symbols.map { table[$0] } == Self.names)
        #expect(table.count == Self.names.count)
    }

    @Test(arguments: ["x", "aaaaaaaaaaaaaaaac", "aaaaaaab", "nnnnnnnnnnnnnnnnnnnnnnnnn", "café"])
    func aNameNeverInternedIsNotFound(name: String) {
        var table = SymbolTable()
        for known in Self.names { _ = table.intern(known) }
        #expect(table.lookup(name) == nil)
        let symbol = table.intern(name)
        #expect(symbol.id == Int32(Self.names.count))
        #expect(table.lookup(name) == symbol)
    }

    /// Bytes interned from a larger buffer: the range, not the buffer, is the name.
    @Test func aRangeOfABufferIsInternedAsItsOwnText() {
        var table = SymbolTable()
        let bytes = Array("flow checkoutFlowWithALongName {".utf8)
        let symbol = bytes.withUnsafeBufferPointer { table.intern($0, 5..<30) }
        #expect(table[symbol] == "checkoutFlowWithALongName")
        #expect(table.intern("checkoutFlowWithALongName") == symbol)
        #expect(table.lookup("checkoutFlowWithALongNam") == nil)
    }

    /// An empty name from a buffer with no storage at all, then from a string.
    @Test func theEmptyNameIsOneSymbolWhereverItComesFrom() {
        var table = SymbolTable()
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let first = table.intern(empty, 0..<0)
        #expect(table.intern(empty, 0..<0) == first)
        #expect(table.intern("") == first)
        #expect(table.lookup("") == first)
        #expect(table[first] == "")
    }
}
