import FlowDSL
import FlowEngine
import FlowKit
import Testing

/// The embedded program is read once and checked against the generated
/// cases: anything that does not fit is `invalidProgram`, never a trap.
@Suite struct FlowDefinitionTests {
    static let source = "flow A [entry] {\n  start x\n  route x { on go(id: Int) when g -> push y }\n  route y [final]\n}\n"

    /// The image text `generate swift` would embed for `source`.
    static func image(of source: String) -> String {
        let validation = try? Validation.run("a.flow", fileSystem: MemoryFileSystem(["a.flow": source]))
        return validation.map { ProgramImage.embeddedText($0.program) } ?? "no program"
    }

    func problem(_ definition: FlowDefinition) -> String? {
        do {
            _ = try definition.program()
            return nil
        } catch {
            guard case .invalidProgram(let problem) = error else { return "\(error)" }
            return problem
        }
    }

    @Test func aMatchingDefinitionLoads() throws {
        let definition = FlowDefinition(image: Self.image(of: Self.source), routes: ["A.x", "A.y"],
                                        events: ["go(id: Int)"], guards: ["g"], tabs: [])
        #expect(problem(definition) == nil)
        let program = try definition.program()
        #expect(program.files.map(\.path) == ["a.flow"])
        #expect(program.routes.indices.map { program.qualifiedName(RouteID($0)) } == ["A.x", "A.y"])
    }

    @Test(arguments: [
        (["A.x"], ["go(id: Int)"], ["g"], "the generated code expects route #1 to be nothing, the embedded program has 'A.y'; regenerate it"),
        (["A.x", "A.z"], ["go(id: Int)"], ["g"], "the generated code expects route #1 to be 'A.z', the embedded program has 'A.y'; regenerate it"),
        (["A.x", "A.y"], ["go(id: String)"], ["g"], "the generated code expects event #0 to be 'go(id: String)', the embedded program has 'go(id: Int)'; regenerate it"),
        (["A.x", "A.y"], ["go(id: Int)"], [], "the generated code expects guard #0 to be nothing, the embedded program has 'g'; regenerate it"),
    ])
    func aDefinitionThatDoesNotMatchIsRefused(_ item: ([String], [String], [String], String)) {
        let definition = FlowDefinition(image: Self.image(of: Self.source), routes: item.0, events: item.1, guards: item.2, tabs: [])
        #expect(problem(definition) == item.3)
    }

    @Test func aDamagedImageOrALibraryIsRefused() {
        let image = Self.image(of: Self.source)
        func load(_ text: String) -> String? {
            problem(FlowDefinition(image: text, routes: ["A.x", "A.y"], events: ["go(id: Int)"], guards: ["g"], tabs: []))
        }
        #expect(load("not an image!") == "the embedded program is not Base64 text; regenerate it")
        #expect(load("") == "the compiled program cannot be read at byte 0: it is not a compiled FlowKit program; regenerate it")
        // One character changed in the middle: the checksum says so.
        var changed = Array(image.utf8)
        let middle = changed.count / 2
        changed[middle] = changed[middle] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(load(String(decoding: changed, as: UTF8.self))?.hasSuffix(": its checksum does not match its content; regenerate it") == true)
        let library = FlowDefinition(image: Self.image(of: "flow A { start x route x [final] }\nflow B { start y route y [final] }"),
                                     routes: [], events: [], guards: [], tabs: [])
        #expect(problem(library) == "the embedded program has no entry flow")
    }

    @Test func anF3xxErrorLoadsAndRuns() throws {
        // docs/language.md#how-a-program-runs "What runs": a link whose target binds no capture (F303) does not stop the engine.
        let linked = Self.source + "link \"app://y/:n\" -> A/y(id: n)\n"
        let definition = FlowDefinition(image: Self.image(of: linked), routes: ["A.x", "A.y"],
                                        events: ["go(id: Int)"], guards: ["g"], tabs: [])
        #expect(problem(definition) == nil)
        #expect(try definition.program().links.count == 1)
    }

    /// A program type whose generated tables do not fit its embedded program.
    enum Tampered: FlowProgram {
        typealias Screen = Shop.Screen
        typealias Event = Shop.Event
        typealias Guard = Shop.Guard
        typealias Tab = Shop.Tab
        static let definition = FlowDefinition(image: FlowDefinitionTests.image(of: source), routes: ["A.x"], events: [], guards: [], tabs: [])
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
