/// The canonical form of an engine state (DSL.md §9.1): two states are the
/// same when their flow trees, screens, guards and pending URL are equal,
/// flow-instance identities aside. The encoder writes a state as integers,
/// numbering instances in the order the screen shows them (each layer's tab
/// container, then its stacks' entries bottom to top, then the flows above
/// them), so that two states that differ only in instance slots encode alike.
///
/// The encoding has two parts: the *screen* (instances and layers), then the
/// guards and the pending URL. The screen part alone says whether two states
/// show the same thing under different guards (what F203 compares).
struct StateEncoder {
    /// The guards, in the order of their bits (index by symbol id, -1: not a guard).
    private let guardBit: [Int32]
    let guardCount: Int
    /// Strings met in arguments and URLs, numbered as first seen.
    private var strings: [String: Int32] = [:]
    /// Scratch: canonical number of each instance slot (-1: not numbered).
    private(set) var canonical: [Int32] = []
    /// Scratch: instance slots in canonical order.
    private(set) var order: [Int32] = []

    init(program: Program, guards: [Symbol]) {
        var bits = [Int32](repeating: -1, count: program.symbols.count)
        for (i, symbol) in guards.enumerated() { bits[Int(symbol.id)] = Int32(i) }
        guardBit = bits
        guardCount = guards.count
    }

    /// Writes `state` into `key` (replacing it); returns where the screen part ends.
    /// `canonical` and `order` then describe the state's instances.
    mutating func encode(_ state: NavigationState, into key: inout [Int32]) -> Int {
        key.removeAll(keepingCapacity: true)
        number(state)
        key.append(Int32(order.count))
        for slot in order {
            let instance = state.instances[Int(slot)]
            key.append(instance.flow)
            key.append(instance.parent >= 0 ? canonical[Int(instance.parent)] : -1)
            key.append(instance.isExpectedToFinish ? 1 : 0)
            append(instance.arguments, to: &key)
        }
        key.append(Int32(state.layers.count))
        for layer in state.layers {
            key.append(Int32(layer.kind.code))
            key.append(layer.container >= 0 ? canonical[Int(layer.container)] : -1)
            key.append(Int32(layer.selected))
            key.append(Int32(layer.stacks.count))
            for stack in layer.stacks {
                key.append(Int32(stack.count))
                for entry in stack {
                    key.append(entry.route)
                    key.append(canonical[Int(entry.instance)])
                    append(entry.arguments, to: &key)
                }
            }
        }
        let screenEnd = key.count
        // The guards as bits, 32 to a word.
        var words = [Int32](repeating: 0, count: (guardCount + 31) / 32)
        for symbol in state.guards where Int(symbol.id) < guardBit.count {
            let bit = guardBit[Int(symbol.id)]
            if bit >= 0 { words[Int(bit) / 32] |= Int32(bitPattern: 1 << UInt32(bit % 32)) }
        }
        key += words
        if let pending = state.pendingLink {
            key.append(intern(pending.url))
            key.append(Int32(pending.shown.count))
            for mark in pending.shown {
                key.append(mark.route)
                let slot = Int(mark.instance)
                key.append(slot >= 0 && slot < canonical.count ? canonical[slot] : -1)
            }
        } else {
            key.append(-1)
        }
        return screenEnd
    }

    /// Numbers the running instances: those the screen shows, in screen
    /// order, then the flows above them, breadth first.
    private mutating func number(_ state: NavigationState) {
        canonical.removeAll(keepingCapacity: true)
        canonical.append(contentsOf: repeatElement(-1, count: state.instances.count))
        order.removeAll(keepingCapacity: true)
        for layer in state.layers {
            if layer.container >= 0 { visit(layer.container) }
            for stack in layer.stacks { for entry in stack { visit(entry.instance) } }
        }
        var head = 0
        while head < order.count {
            let parent = state.instances[Int(order[head])].parent
            if parent >= 0 { visit(parent) }
            head += 1
        }
    }

    private mutating func visit(_ slot: Int32) {
        guard canonical[Int(slot)] < 0 else { return }
        canonical[Int(slot)] = Int32(order.count)
        order.append(slot)
    }

    private mutating func append(_ values: [Value], to key: inout [Int32]) {
        key.append(Int32(values.count))
        for value in values {
            switch value {
            case .string(let s):
                key.append(0)
                key.append(intern(s))
            case .int(let i):
                key.append(1)
                key.append(Int32(truncatingIfNeeded: i))
                key.append(Int32(truncatingIfNeeded: i >> 32))
            case .double(let d):
                key.append(2)
                key.append(Int32(truncatingIfNeeded: Int64(bitPattern: d.bitPattern)))
                key.append(Int32(truncatingIfNeeded: Int64(bitPattern: d.bitPattern) >> 32))
            case .bool(let b):
                key.append(b ? 4 : 3)
            }
        }
    }

    private mutating func intern(_ string: String) -> Int32 {
        if let known = strings[string] { return known }
        let id = Int32(strings.count)
        strings[string] = id
        return id
    }
}

extension LayerKind {
    /// A small number for the state's encoding.
    var code: Int {
        switch self {
        case .base: 0
        case .sheet: 1
        case .cover: 2
        case .alert: 3
        case .dialog: 4
        case .popover: 5
        }
    }
}
