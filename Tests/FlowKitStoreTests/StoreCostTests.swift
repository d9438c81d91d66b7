import FlowKit
import Foundation
import Observation
import Testing

/// The store's cost per step against the bare navigator. A measurement, not a test: it runs
/// only with FLOWKIT_BENCH set, in release mode:
/// `FLOWKIT_BENCH=1 swift test -c release --filter StoreCostTests`.
@MainActor
@Suite("FlowStore: cost per step", .enabled(if: ProcessInfo.processInfo.environment["FLOWKIT_BENCH"] != nil))
struct StoreCostTests {
    let rounds = 200_000

    @Test("push and pop: navigator, store, store observed the way a view observes it")
    func costPerStep() throws {
        let clock = ContinuousClock()
        var navigator = try FlowNavigator<Stacks>()
        let bare = clock.measure {
            for round in 0..<rounds {
                _ = try? navigator.send(.open(id: round))
                _ = try? navigator.back()
            }
        }

        let store = try FlowStore<Stacks>()
        let stored = clock.measure {
            for round in 0..<rounds {
                store.send(.open(id: round))
                store.back()
            }
        }

        let observed = try FlowStore<Stacks>()
        let watched = clock.measure {
            for round in 0..<rounds {
                // A view reads the path, is invalidated by the step, and reads it again.
                withObservationTracking { _ = observed.path(layer: 0) } onChange: {}
                observed.send(.open(id: round))
                withObservationTracking { _ = observed.path(layer: 0) } onChange: {}
                observed.back()
            }
        }

        let userWrites = try FlowStore<Stacks>()
        let written = clock.measure {
            for round in 0..<rounds {
                userWrites.send(.open(id: round))
                userWrites.setPath([], layer: 0)
            }
        }

        func perStep(_ duration: Duration) -> String {
            let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
            return String(format: "%.0f ns", nanoseconds / Double(2 * rounds))
        }
        print("""
            steps: \(2 * rounds)
            navigator send/back:        \(perStep(bare))
            store send/back:            \(perStep(stored))
            store, observed:            \(perStep(watched))
            store send + setPath (UI):  \(perStep(written))
            """)
        #expect(store.layers.count == 1)
    }
}
