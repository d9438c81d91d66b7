import Dispatch

/// Runs two closures at the same time and returns both results; the
/// calling thread runs one of them. The checks of a large program run in
/// two rounds of two (`Analyzer.checkedOnTwoCores`), and the parser takes
/// a large file in two halves (`Parser.parseInHalves`).
package enum Both {
    /// The closures escape: the worker thread holds them in an object, and
    /// an escaping closure's context is a heap object whatever holds it.
    package static func run<A, B>(_ first: @escaping () -> A, _ second: @escaping () -> B) -> (A, B) {
        let results = Results<A, B>(first, second)
        DispatchQueue.concurrentPerform(iterations: 2) { results.run($0) }
        return results.both()
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
