import FlowModel

/// The canonical form of an engine state for the state graph: its flow
/// tree, its screen and its pending URL, instance identities aside
/// (docs/diagnostics.md#findings-on-the-engines-states). The guards are not part of it: the app may set them before any
/// step, and the state graph runs each step under every valuation of the
/// guards it reads (`GuardBranching`). The encoder writes a state as
/// integers, numbering instances in the order the screen shows them (each
/// layer's tab container, then its stacks' entries bottom to top, then the
/// flows above them), so that two states that differ only in instance
/// slots encode alike. A pending URL of a gated link is keyed by its class
/// (the links whose gate reads the same guard and runs the same actions:
/// `StateGraph`), not by the URL: until it opens, which one waits makes no
/// difference.
///
/// The stacks of the tabs a tab container does not show are left out too
/// (and the flows only they hold), all but their roots: what a user does in
/// the shown tab does not depend on them, and each of them is explored when
/// its tab is shown. Without this, an app of four tabs has the product of
/// the four tabs' stacks as states; with it, their sum. A hidden tab's root
/// stays in the key: which screen a tab starts on can depend on the guards
/// when it started (`start done when g0`), and a tab that started on
/// another screen is not explored elsewhere. A tab that a step changed
/// while leaving it hidden (`replace done then select Tab1`) is whole in the
/// key until it is shown: its screens were never explored with the tab
/// shown (the `unseen` tabs, which `StateGraph` follows). The representative
/// state of a node keeps the other tabs' real stacks, so every path replays.
package struct StateEncoder {
    /// Strings met in arguments and URLs, numbered as first seen.
    private var strings: [String: Int32] = [:]
    /// Scratch: canonical number of each instance slot (-1: not numbered),
    /// for the slots of the state last numbered (see `number`).
    private(set) var canonical: [Int32] = []
    /// The size of the largest key written so far: the scratch memory the
    /// next key is written into.
    private var keyCapacity = 0
    /// Scratch: instance slots in canonical order.
    package private(set) var order: [Int32] = []

    /// Per sample URL of a gated link, the number of its class (`StateGraph`):
    /// a pending URL is keyed by its class.
    private let pendingClasses: [String: Int32]
    /// The same by the link a pending URL matched (`PendingLink.matched`),
    /// which a step keeps, so that keying a state hashes no URL: per gate
    /// handler (`Link.gateHandler`, one per gated link) its links' class or
    /// -1, and the class of the links without a gate (-1: none). Nil when
    /// links share a gate handler with different classes (a hand-made
    /// image): then the URL decides.
    private let gateClasses: [Int32]?
    private let ungatedClass: Int32

    /// An encoder keying pending URLs by `pendingClasses`; `matched` holds
    /// each classified URL with the link it matches.
    package init(program: Program, pendingClasses: [String: Int32] = [:], matched: [(url: String, link: Link)] = []) {
        self.pendingClasses = pendingClasses
        var gates = [Int32](repeating: -1, count: program.handlers.count)
        var ungated: Int32 = -1
        var consistent = true
        for (url, link) in matched {
            guard let c = pendingClasses[url] else { continue }
            let handler = Int(link.gateHandler)
            if handler >= 0 && handler < gates.count {
                consistent = consistent && (gates[handler] < 0 || gates[handler] == c)
                gates[handler] = c
            } else if handler < 0 {
                consistent = consistent && (ungated < 0 || ungated == c)
                ungated = c
            }
        }
        gateClasses = consistent ? gates : nil
        ungatedClass = ungated
    }

    /// The class of a pending URL (nil: it is keyed by itself).
    package func pendingClass(of pending: PendingLink) -> Int32? {
        // The gate handler alone: binding the link would copy all of it.
        if let handler = pending.matched.map({ Int($0.link.gateHandler) }), let gates = gateClasses {
            let c = handler < 0 ? ungatedClass : handler < gates.count ? gates[handler] : -1
            return c >= 0 ? c : nil
        }
        return pendingClasses[pending.url]
    }

    /// Writes `state` into `key` (replacing it). `canonical` and `order`
    /// then describe the state's instances. `unseen`: the hidden tabs kept
    /// whole, each `layer << 8 | tab`.
    ///
    /// Every state a run reaches is encoded, so the key is written into
    /// scratch memory (`KeyWriter`) and copied into `key` at once, and the
    /// loops read fields in place by index: binding a whole entry or
    /// instance would retain its arguments, and a layer its stacks.
    package mutating func encode(_ state: NavigationState, unseen: [Int32] = [], into key: inout [Int32]) {
        number(state)
        var capacity = max(keyCapacity, 64)
        while true {
            let needed = withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { buffer -> Int in
                var writer = KeyWriter(buffer)
                write(state, unseen: unseen, to: &writer)
                if writer.fits {
                    key.removeAll(keepingCapacity: true)
                    key.append(contentsOf: writer.written)
                }
                return writer.count
            }
            if needed <= capacity { break }
            // Too small for this state: once more with room for it, and for the next.
            capacity = needed
            keyCapacity = needed
        }
    }

    /// The canonical key of `state` (see `encode`), after `number`.
    private mutating func write(_ state: NavigationState, unseen: [Int32], to key: inout KeyWriter) {
        key.put(Int32(order.count))
        for i in order.indices {
            let slot = Int(order[i])
            key.put(state.instances[slot].flow)
            let parent = state.instances[slot].parent
            key.put(parent >= 0 ? canonical[Int(parent)] : -1)
            key.put(state.instances[slot].isExpectedToFinish ? 1 : 0)
            put(state.instances[slot].arguments, to: &key)
        }
        key.put(Int32(state.layers.count))
        for l in state.layers.indices {
            let container = state.layers[l].container
            let selected = state.layers[l].selected
            key.put(Int32(state.layers[l].kind.code))
            key.put(container >= 0 ? canonical[Int(container)] : -1)
            key.put(Int32(selected))
            key.put(Int32(state.layers[l].stacks.count))
            for s in state.layers[l].stacks.indices {
                let count = state.layers[l].stacks[s].count
                // A tab not shown is left out: see the type's documentation.
                guard s == selected else {
                    if !unseen.isEmpty, unseen.contains(Int32(l << 8 | s)) {
                        key.put(Int32.min)
                        key.put(Int32(count))
                        for e in 0..<count {
                            key.put(state.layers[l].stacks[s][e].route)
                            put(state.layers[l].stacks[s][e].arguments, to: &key)
                        }
                        continue
                    }
                    // Its root stays: which screen a tab started on can depend on the
                    // guards when it started, and no other state may stand for it.
                    key.put(-2 - (count > 0 ? state.layers[l].stacks[s][0].route : -1))
                    continue
                }
                key.put(Int32(count))
                for e in 0..<count {
                    key.put(state.layers[l].stacks[s][e].route)
                    key.put(canonical[Int(state.layers[l].stacks[s][e].instance)])
                    put(state.layers[l].stacks[s][e].arguments, to: &key)
                }
            }
        }
        if let pending = state.pendingLink {
            // A held URL (v2 busy routes) is marked; it is keyed by its class too: until the
            // busy route is left, which one waits makes no difference either.
            if pending.isHeld { key.put(Int32.min) }
            key.put(pendingClass(of: pending).map { -2 - $0 } ?? intern(pending.url))
            key.put(Int32(pending.shown.count))
            for mark in pending.shown {
                key.put(mark.route)
                let slot = Int(mark.instance)
                key.put(slot >= 0 && slot < state.instances.count ? canonical[slot] : -1)
            }
        } else {
            key.put(-1)
        }
    }

    /// Writes all of `state` into `key` (replacing it): every instance in
    /// its slot, every layer with every tab's stack, the guards, the
    /// pending URL. Two states write alike only when they are equal (the
    /// free slots aside, which no step reads while exploring): the key of
    /// a state a step goes on from, where the canonical one would leave
    /// out what the rest of the step may read.
    package mutating func encodeExactly(_ state: NavigationState, into key: inout [Int32]) {
        key.removeAll(keepingCapacity: true)
        key.append(Int32(state.instances.count))
        for instance in state.instances {
            key.append(instance.flow)
            key.append(instance.parent)
            key.append((instance.isRunning ? 1 : 0) | (instance.isExpectedToFinish ? 2 : 0))
            append(instance.arguments, to: &key)
        }
        key.append(Int32(state.layers.count))
        for layer in state.layers {
            key.append(Int32(layer.kind.code))
            key.append(layer.container)
            key.append(Int32(layer.selected))
            key.append(Int32(layer.stacks.count))
            for stack in layer.stacks { appendExactly(stack, to: &key) }
        }
        let guards = state.guards.map(\.id).sorted()
        key.append(Int32(guards.count))
        key.append(contentsOf: guards)
        if let pending = state.pendingLink {
            key.append(pending.isHeld ? 1 : 0)
            key.append(intern(pending.url))
            key.append(Int32(pending.shown.count))
            for mark in pending.shown {
                key.append(mark.route)
                key.append(mark.instance)
            }
        } else {
            key.append(-1)
        }
    }

    /// Appends a stack as `encodeExactly` writes it: its size, then each
    /// entry's route, instance slot and arguments.
    package mutating func appendExactly(_ stack: [Entry], to key: inout [Int32]) {
        key.append(Int32(stack.count))
        for entry in stack {
            key.append(entry.route)
            key.append(entry.instance)
            append(entry.arguments, to: &key)
        }
    }

    /// Numbers the running instances: those the screen shows, in screen
    /// order, then the flows above them, breadth first. `canonical` keeps
    /// its size when a state has fewer instances than an earlier one: the
    /// numbers past the state's instances are stale, and nothing reads them.
    private mutating func number(_ state: NavigationState) {
        if canonical.count < state.instances.count {
            canonical.append(contentsOf: repeatElement(-1, count: state.instances.count - canonical.count))
        }
        canonical.withUnsafeMutableBufferPointer { numbers in
            for i in 0..<state.instances.count { numbers[i] = -1 }
        }
        order.removeAll(keepingCapacity: true)
        for l in state.layers.indices {
            let container = state.layers[l].container
            if container >= 0 { visit(container) }
            let selected = state.layers[l].selected
            for e in state.layers[l].stacks[selected].indices { visit(state.layers[l].stacks[selected][e].instance) }
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

    /// Appends arguments: their count, then each value (most screens have
    /// none), as `put` writes them.
    private mutating func append(_ values: [Value], to key: inout [Int32]) {
        key.append(Int32(values.count))
        guard !values.isEmpty else { return }
        // Each value takes at most three integers.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * values.count) { buffer in
            var writer = KeyWriter(buffer)
            putEach(values, to: &writer)
            key.append(contentsOf: writer.written)
        }
    }

    /// A string argument of up to seven ASCII bytes, packed with its length
    /// into two integers (most are sample values like "1", and interning
    /// hashes the string); nil for any other, which is interned (strings
    /// equal as Swift compares them, `é` written as one scalar or two,
    /// intern alike; ASCII has one form).
    private static func packed(_ string: String) -> (Int32, Int32)? {
        var packed: UInt64 = 0
        var count = 0
        for byte in string.utf8 {
            guard count < 7, byte < 0x80 else { return nil }
            packed |= UInt64(byte) << (8 * count)
            count += 1
        }
        packed |= UInt64(count) << 56
        return (Int32(truncatingIfNeeded: packed), Int32(truncatingIfNeeded: packed >> 32))
    }

    /// Puts arguments: their count, then each value.
    @inline(__always)
    private mutating func put(_ values: [Value], to key: inout KeyWriter) {
        key.put(Int32(values.count))
        if !values.isEmpty { putEach(values, to: &key) }
    }

    /// Puts each of the values, tagged by its type.
    private mutating func putEach(_ values: [Value], to key: inout KeyWriter) {
        for value in values {
            switch value {
            case .string(let s):
                if let (low, high) = StateEncoder.packed(s) {
                    key.put(5)
                    key.put(low)
                    key.put(high)
                } else {
                    key.put(0)
                    key.put(intern(s))
                }
            case .int(let i):
                key.put(1)
                key.put(Int32(truncatingIfNeeded: i))
                key.put(Int32(truncatingIfNeeded: i >> 32))
            case .double(let d):
                key.put(2)
                key.put(Int32(truncatingIfNeeded: Int64(bitPattern: d.bitPattern)))
                key.put(Int32(truncatingIfNeeded: Int64(bitPattern: d.bitPattern) >> 32))
            case .bool(let b):
                key.put(b ? 4 : 3)
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

/// Integers written one after another into memory lent for one key
/// (`StateEncoder.encode`): a key is written without growing an array an
/// integer at a time. Past its capacity it only counts, so that the caller
/// learns how much a key needs and writes it again.
struct KeyWriter {
    private let base: UnsafeMutablePointer<Int32>?
    private let capacity: Int
    /// How many integers were put, those that did not fit too.
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<Int32>) {
        base = buffer.baseAddress
        capacity = buffer.count
    }

    @inline(__always)
    mutating func put(_ value: Int32) {
        if count < capacity, let base { base[count] = value }
        count += 1
    }

    /// Whether every integer put fits.
    var fits: Bool { count <= capacity }

    /// What was put (all of it when it `fits`).
    var written: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: base, count: min(count, capacity)) }
}
