import Dispatch

/// Runs two closures at the same time and returns both results; the
/// calling thread runs one of them. The checks of a large program run in
/// two rounds of two (`Analyzer.checkedOnTwoCores`); the parser takes a
/// large file's pieces a few at a time (`Both.each`, `Parser.parseInPieces`).
package enum Both {
    /// The closures escape: the worker thread holds them in an object, and
    /// an escaping closure's context is a heap object whatever holds it.
    package static func run<A, B>(_ first: @escaping () -> A, _ second: @escaping () -> B) -> (A, B) {
        let results = Results<A, B>(first, second)
        DispatchQueue.concurrentPerform(iterations: 2) { results.run($0) }
        return results.both()
    }

    /// `body(0)`, `body(1)`, ... `body(count - 1)`, run as many at a time
    /// as there are cores, their results in that order.
    package static func each<T>(_ count: Int, _ body: @escaping (Int) -> T) -> [T] {
        let results = Each<T>(count, body)
        DispatchQueue.concurrentPerform(iterations: count) { results.run($0) }
        return results.all()
    }

    /// One result per index, each in a slot of its own. Sendable for the
    /// reason `Results` is: each slot is written by one thread, and read
    /// after all have finished.
    private final class Each<T>: @unchecked Sendable {
        final class Slot {
            var result: T?
        }

        let body: (Int) -> T
        let slots: [Slot]

        init(_ count: Int, _ body: @escaping (Int) -> T) {
            self.body = body
            slots = (0..<count).map { _ in Slot() }
        }

        func run(_ index: Int) { slots[index].result = body(index) }

        func all() -> [T] {
            slots.map { slot in
                guard let result = slot.result else { preconditionFailure("concurrentPerform returned before every closure ran") }
                return result
            }
        }
    }

    /// The two closures and their results. Sendable because each result is
    /// written by one thread, and read only after `concurrentPerform` has
    /// returned, which waits for both.
    private final class Results<A, B>: @unchecked Sendable {
        let first: () -> A
        let second: () -> B
        var a: A?
        var b: B?

        init(_ first: @escaping () -> A, _ second: @escaping () -> B) {
            self.first = first
            self.second = second
        }

        func run(_ index: Int) {
            if index == 0 { a = first() } else { b = second() }
        }

        func both() -> (A, B) {
            guard let a, let b else { preconditionFailure("concurrentPerform returned before both closures ran") }
            return (a, b)
        }
    }
}
