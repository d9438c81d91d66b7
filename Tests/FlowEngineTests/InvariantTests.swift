import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The invariants every reachable state keeps (`Navigator.invariantViolations`):
/// each broken on purpose, one at a time, and named exactly.
@Suite struct InvariantTests {
    static let source = """
        flow App [entry] {
          start home
          route home { on child -> start Child as sheet  on warn -> alert note }
          route note { on ok -> dismiss }
        }
        flow Child { start first  route first {} }
        flow Stray { start stray  route stray {} }
        """

    /// A way to break the start state, and what the check must then say.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        var problems: [String]
        var apply: @Sendable (inout NavigationState, Program) -> Void
        var testDescription: String { name }
    }

    static func route(_ name: String, _ program: Program) -> RouteID {
        RouteID(program.routes.firstIndex { program.name($0.name) == name }!)
    }

    static func flow(_ name: String, _ program: Program) -> FlowID {
        FlowID(program.flows.firstIndex { program.name($0.name) == name }!)
    }

    /// An instance of `flow` under the entry's, shown (when `shown`) in a sheet.
    static func addChild(_ flow: String, shown: Bool, _ state: inout NavigationState, _ program: Program) {
        let f = InvariantTests.flow(flow, program)
        state.instances.append(FlowInstance(flow: f, parent: 0, isRunning: true))
        guard shown else { return }
        let first = program.routes.indices.first { program.routes[$0].flow == f }!
        state.layers.append(Layer(kind: .sheet, stack: [Entry(route: RouteID(first), instance: 1)]))
    }

    static let breakages: [Breakage] = [
        Breakage(name: "sound", problems: []) { _, _ in },
        Breakage(name: "a second base", problems: ["layer 1 is a second base layer"]) { state, program in
            state.layers.append(Layer(kind: .base, stack: [Entry(route: route("home", program), instance: 0)]))
        },
        Breakage(name: "an alert of two screens", problems: ["layer 1 is an alert that does not hold exactly one screen"]) { state, program in
            let note = Entry(route: route("note", program), instance: 0)
            state.layers.append(Layer(kind: .alert, stack: [note, note]))
        },
        Breakage(name: "an unknown route", problems: ["layer 0 shows an unknown route or a flow that is not running"]) { state, _ in
            state.layers[0].stacks[0].append(Entry(route: 999, instance: 0))
        },
        Breakage(name: "a screen of another flow", problems: ["'Child.first' is shown by a flow it does not belong to"]) { state, program in
            state.layers[0].stacks[0].append(Entry(route: route("first", program), instance: 0))
        },
        Breakage(name: "a flow that shows nothing", problems: ["flow 'Child' runs but shows nothing"]) { state, program in
            addChild("Child", shown: false, &state, program)
        },
        Breakage(name: "a child its parent never starts",
                 problems: ["instance 1 of 'Stray' runs under an instance of 'App', which never starts it"]) { state, program in
            addChild("Stray", shown: true, &state, program)
        },
        Breakage(name: "its own ancestor",
                 problems: ["instance 1 is its own ancestor",
                            "instance 1 of 'Child' runs under an instance of 'Child', which never starts it"]) { state, program in
            addChild("Child", shown: true, &state, program)
            state.instances[1].parent = 1
        },
        Breakage(name: "two roots", problems: ["instance 1 has no parent but is not the entry flow",
                                               "2 flows run without a parent; exactly one (the entry) must"]) { state, program in
            addChild("Child", shown: true, &state, program)
            state.instances[1].parent = -1
        },
        Breakage(name: "arguments a flow does not take",
                 problems: ["instance 0 of 'App' has arguments that do not fit its parameters"]) { state, _ in
            state.instances[0].arguments = [.int(1)]
        },
    ]

    @Test(arguments: breakages)
    func eachBrokenInvariantIsNamed(_ breakage: Breakage) throws {
        // The states are made by hand: what validate says of the program is beside the point.
        var navigator = try navigator(allowingFindings: true, InvariantTests.source)
        var state = navigator.state
        breakage.apply(&state, navigator.program)
        navigator.state = state
        #expect(navigator.invariantViolations() == breakage.problems)
    }
}
