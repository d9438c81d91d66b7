import FlowModel

/// The enabled choices of a random walk's step, in one buffer that every
/// step reuses: handler ids, -2 for the implicit back, -3 - k for a tap on
/// tab k (`Navigator.gatherChoices`).
///
/// It also keeps the flow-level handlers that apply from the last active
/// flow instance (`Navigator.forEachApplicableFlowHandler`): they depend on
/// the flow tree and the guards only, so a step that changes neither (a
/// direct push or pop, most of a walk's steps) leaves them as they are and
/// the next step takes them without walking up the flow tree again. The
/// walk forgets them after every other step (`forgetFlowHandlers`).
///
/// A class over raw storage rather than an array the walk passes `inout`:
/// writing a choice into an array checks that its buffer is unique every
/// time, and the walk writes a few choices at every one of its millions of
/// steps.
final class WalkChoices {
    // Unchecked: one walk on one thread uses its choices, one access at a
    // time, and a checked access of a class's property costs more than the
    // write it guards.
    @exclusivity(unchecked) private var choices = HandlerList()
    /// The flow-level handlers that apply from `flowHandlersInstance` (-1: none kept).
    @exclusivity(unchecked) private var flowHandlers = HandlerList()
    @exclusivity(unchecked) private var flowHandlersInstance: Int32 = -1

    init(capacity: Int = 64) {
        choices.reserve(capacity)
        flowHandlers.reserve(capacity)
    }

    deinit {
        choices.deallocate()
        flowHandlers.deallocate()
    }

    /// How many choices the step has.
    var count: Int { choices.count }

    /// Forgets the flow-level handlers kept: the step changed the flow tree or the guards, or may have.
    @inline(__always)
    func forgetFlowHandlers() { flowHandlersInstance = -1 }

    /// Appends the flow-level handlers that apply from `instance`: those
    /// kept, or those `find` gives (then kept for the next step).
    @inline(__always)
    func appendFlowHandlers(from instance: Int32, _ find: ((HandlerID) -> Void) -> Void) {
        if instance != flowHandlersInstance {
            flowHandlers.count = 0
            find { flowHandlers.append($0) }
            flowHandlersInstance = instance
        }
        for i in 0..<flowHandlers.count { choices.append(flowHandlers[i]) }
    }

    /// Forgets the choices of the step before.
    @inline(__always)
    func removeAll() { choices.count = 0 }

    @inline(__always)
    func append(_ choice: HandlerID) { choices.append(choice) }

    subscript(index: Int) -> HandlerID {
        precondition(index >= 0 && index < choices.count, "choice \(index) of \(choices.count)")
        return choices[index]
    }
}

/// Handler ids in memory the list owns, grown by doubling and never
/// shrunk; its owner deallocates it. No uniqueness check and no
/// exclusivity check on a write, unlike an array in a class's property.
private struct HandlerList {
    private var storage: UnsafeMutablePointer<HandlerID> = .allocate(capacity: 1)
    private var capacity = 1
    var count = 0

    /// Makes room for `wanted` ids without growing.
    mutating func reserve(_ wanted: Int) {
        if wanted > capacity { resize(to: wanted) }
    }

    @inline(__always)
    mutating func append(_ id: HandlerID) {
        if count == capacity { resize(to: capacity * 2) }
        storage[count] = id
        count += 1
    }

    @inline(__always)
    subscript(index: Int) -> HandlerID { storage[index] }

    /// Moves the ids to storage for `newCapacity`; rare (a step with more choices than any before).
    @inline(never)
    private mutating func resize(to newCapacity: Int) {
        let larger = UnsafeMutablePointer<HandlerID>.allocate(capacity: newCapacity)
        larger.initialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = newCapacity
    }

    func deallocate() { storage.deallocate() }
}

extension Navigator {
    /// The enabled choices at the active screen, written over `choices`:
    /// each handler dispatch could run, then -2 for the implicit back, then
    /// -3 - k for a tap on tab k while a tab container fills the top layer.
    /// Returns how many, and that container (or -1).
    ///
    /// `mutating` although it only reads: the walk calls it on its `inout`
    /// navigator, and a call of a non-mutating method there copied the
    /// whole navigator (its arrays retained and released) at every step.
    @inline(__always)
    mutating func gatherChoices(into choices: WalkChoices, at active: (route: RouteID, instance: Int32), skipsSystem: Bool) -> (count: Int, container: Int32) {
        choices.removeAll()
        forEachApplicableRouteHandler(route: active.route) { choice in
            if skipsSystem && program.handlers[Int(choice)].isSystem { return }
            choices.append(choice)
        }
        choices.appendFlowHandlers(from: active.instance) { keep in
            forEachApplicableFlowHandler(instance: active.instance) { choice in
                if skipsSystem && program.handlers[Int(choice)].isSystem { return }
                keep(choice)
            }
        }
        if implicitBack(at: active.route) != nil { choices.append(-2) }
        let topLayer = state.layers.count - 1
        let container = state.layers[topLayer].container
        if container >= 0 {
            for k in 0..<state.layers[topLayer].stacks.count { choices.append(HandlerID(-3 - k)) }
        }
        return (choices.count, container)
    }
}
