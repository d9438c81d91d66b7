import FlowEngine
import FlowKit
import Testing

/// The embedded program is compiled once and checked against the generated
/// cases: anything that does not fit is `invalidProgram`, never a trap.
@Suite struct FlowDefinitionTests {
    static let source = "flow A [entry] {\n  start x\n  route x { on go(id: Int) when g -> push y }\n  route y [final]\n}\n"

    func problem(_ definition: FlowDefinition) -> String? {
        do {
            _ = try definition.program()
            return nil
        } catch {
            guard case .invalidProgram(let problem) = error else { return "\(error)" }
            return problem
        }
    }

    @Test func aMatchingDefinitionLoads() {
        let definition = FlowDefinition(root: "a.flow", files: ["a.flow": Self.source], routes: ["A.x", "A.y"],
                                        events: ["go(id: Int)"], guards: ["g"], tabs: [])
        #expect(problem(definition) == nil)
    }

    @Test(arguments: [
        (["A.x"], ["go(id: Int)"], ["g"], "expects route #1 to be nothing, the embedded program has 'A.y'"),
        (["A.x", "A.z"], ["go(id: Int)"], ["g"], "expects route #1 to be 'A.z', the embedded program has 'A.y'"),
        (["A.x", "A.y"], ["go(id: String)"], ["g"], "expects event #0 to be 'go(id: String)'"),
        (["A.x", "A.y"], ["go(id: Int)"], [], "expects guard #0 to be nothing, the embedded program has 'g'"),
    ])
    func aDefinitionThatDoesNotMatchIsRefused(_ item: ([String], [String], [String], String)) {
        let definition = FlowDefinition(root: "a.flow", files: ["a.flow": Self.source], routes: item.0,
                                        events: item.1, guards: item.2, tabs: [])
        #expect(problem(definition)?.contains(item.3) == true, "\(problem(definition) ?? "loaded")")
    }

    @Test func aMissingFileOrAnErrorIsRefused() {
        let missing = FlowDefinition(root: "b.flow", files: ["a.flow": Self.source], routes: [], events: [], guards: [], tabs: [])
        #expect(problem(missing) == "the embedded file 'b.flow' is missing (no such file)")
        let broken = FlowDefinition(root: "a.flow", files: ["a.flow": "flow A [entry] { start nowhere }"], routes: [], events: [], guards: [], tabs: [])
        #expect(problem(broken)?.hasPrefix("a.flow:1:24: ") == true, "\(problem(broken) ?? "loaded")")
        let library = FlowDefinition(root: "a.flow", files: ["a.flow": "flow A { start x route x [final] }\nflow B { start y route y [final] }"],
                                     routes: [], events: [], guards: [], tabs: [])
        #expect(problem(library) == "the embedded program has no entry flow")
    }

    @Test func anF3xxErrorLoadsAndRunsAnF1xxOneIsRefused() throws {
        // docs/language.md#how-a-program-runs "What runs": a link whose target binds no capture (F303) does not stop the engine.
        let linked = Self.source + "link \"app://y/:n\" -> A/y(id: n)\n"
        let definition = FlowDefinition(root: "a.flow", files: ["a.flow": linked], routes: ["A.x", "A.y"],
                                        events: ["go(id: Int)"], guards: ["g"], tabs: [])
        #expect(problem(definition) == nil)
        let unknown = FlowDefinition(root: "a.flow", files: ["a.flow": Self.source.replacingOccurrences(of: "push y", with: "push z")],
                                     routes: ["A.x", "A.y"], events: ["go(id: Int)"], guards: ["g"], tabs: [])
        #expect(problem(unknown) == "a.flow:3:43: unknown route 'z' in flow 'A'; did you mean 'x'? [F101]", "\(problem(unknown) ?? "loaded")")
    }

    @Test func importsResolveInsideTheEmbeddedFiles() {
        let definition = FlowDefinition(root: "app/main.flow",
                                        files: ["app/main.flow": "import \"../lib/b.flow\"\nflow A [entry] { start B }",
                                                "lib/b.flow": "flow B { start y  route y [final] }"],
                                        routes: ["B.y"], events: [], guards: [], tabs: [])
        #expect(problem(definition) == nil)
    }

    /// A program type whose generated tables do not fit its embedded program.
    enum Tampered: FlowProgram {
        typealias Screen = Shop.Screen
        typealias Event = Shop.Event
        typealias Guard = Shop.Guard
        typealias Tab = Shop.Tab
        static let definition = FlowDefinition(root: "a.flow", files: ["a.flow": source], routes: ["A.x"], events: [], guards: [], tabs: [])
        static func code(for screen: Screen) -> FlowCode { Shop.code(for: screen) }
        static func screen(for code: FlowCode) -> Screen? { Shop.screen(for: code) }
        static func code(for event: Event) -> FlowCode { Shop.code(for: event) }
    }

    @Test func anIdThatIsNoRouteDecodesToNoScreen() throws {
        let routes = try FlowNavigator<Shop>().engine.program.routes.count
        #expect(Shop.screen(for: FlowCode(-1)) == nil)
        #expect(Shop.screen(for: FlowCode(routes)) == nil)
        #expect(Shop.screen(for: FlowCode(0)) != nil)
        #expect(Shop.screen(for: FlowCode(routes - 1)) != nil)
    }

    @Test func theNavigatorOfAMismatchedProgramThrows() {
        #expect { try FlowNavigator<Tampered>() } throws: { error in
            guard case FlowError.invalidProgram = error else { return false }
            return "\(error)".hasPrefix("invalid flow program: the generated code expects route #1")
        }
    }
}
