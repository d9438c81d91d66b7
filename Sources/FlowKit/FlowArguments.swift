import FlowModel
import FlowRuntime

/// The arguments of a route or an event, in parameter order.
///
/// Generated code reads them with the typed accessors; a position that is
/// missing or holds another type reads as the type's zero value, which
/// cannot happen for a program that passed FlowKit's load-time check (the
/// engine keeps every argument of the declared type).
public struct FlowArguments: Hashable, Sendable {
    var values: [Value]

    /// No arguments.
    public init() { values = [] }

    /// The given values, in parameter order.
    public init(_ values: [FlowValue]) {
        self.values = values.map { value in
            switch value {
            case .string(let s): .string(s)
            case .int(let i): .int(i)
            case .bool(let b): .bool(b)
            case .double(let d): .double(d)
            }
        }
    }

    init(engine values: [Value]) { self.values = values }

    /// The number of arguments.
    public var count: Int { values.count }

    /// The value at `index`.
    public subscript(index: Int) -> FlowValue? {
        guard values.indices.contains(index) else { return nil }
        switch values[index] {
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        case .bool(let b): return .bool(b)
        case .double(let d): return .double(d)
        }
    }

    /// The `String` at `index` ("" if it is not one).
    public func string(_ index: Int) -> String {
        guard values.indices.contains(index), case .string(let s) = values[index] else { return "" }
        return s
    }

    /// The `Int` at `index` (0 if it is not one).
    public func int(_ index: Int) -> Int {
        guard values.indices.contains(index), case .int(let i) = values[index] else { return 0 }
        return i
    }

    /// The `Bool` at `index` (false if it is not one).
    public func bool(_ index: Int) -> Bool {
        guard values.indices.contains(index), case .bool(let b) = values[index] else { return false }
        return b
    }

    /// The `Double` at `index` (0 if it is not one).
    public func double(_ index: Int) -> Double {
        guard values.indices.contains(index), case .double(let d) = values[index] else { return 0 }
        return d
    }
}
