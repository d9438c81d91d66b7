import FlowModel

/// Finds a name's position in a list of parameter names: a scan for the
/// short lists real programs have, a table for long ones, so that a route
/// with thousands of parameters still compiles in linear time.
struct ParameterLookup {
    /// Lists up to this long are scanned.
    static let scanLimit = 16

    private let names: [Symbol]
    private var table: [Symbol: Int] = [:]

    init(_ names: [Symbol]) {
        self.names = names
        guard names.count > Self.scanLimit else { return }
        table.reserveCapacity(names.count)
        // The first of two equal names wins, as a scan finds it.
        for (offset, name) in names.enumerated().reversed() { table[name] = offset }
    }

    /// The offset of the first `name` in the list.
    func offset(of name: Symbol) -> Int? {
        guard names.count > Self.scanLimit else { return names.firstIndex(of: name) }
        return table[name]
    }
}
