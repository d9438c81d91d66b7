import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// The compiled image generated code embeds: every program reads back to
/// one the engine runs exactly as the compiled one, and every damaged
/// image is an error that names the byte, never a trap.
@Suite struct ProgramImageTests {
    static func compiled(_ app: String) throws -> Program {
        let path = repositoryRoot + "/flows/" + (app.hasSuffix(".flow") ? app : app + "/app.flow")
        return try Validation.run(path).program
    }

    /// What a walk of `steps` steps does on `program`, step by step, with links and guard changes.
    static func trace(_ program: Program, steps: Int) throws -> [String] {
        var navigator = try Navigator(program: program)
        var events: [String] = []
        let summary = RandomWalk.run(&navigator, steps: steps, seed: 7, links: true, guards: true) { step in
            events.append(step.event + (step.rejection == nil ? "" : " (refused)"))
        }
        return events + ["\(summary.steps) steps, \(summary.restarts) restarts", navigator.stackSummary]
    }

    @Test("a bundled app reads back to the same tables, and runs the same walk", arguments: ReleaseRestoreTests.apps)
    func bundledAppsRoundTrip(_ app: String) throws {
        let program = try Self.compiled(app)
        let image = ProgramImage.encode(program)
        let loaded = try ProgramImage.decode(image)
        #expect(ProgramImage.encode(loaded) == image)
        #expect(loaded.files.map(\.path) == program.files.map(\.path))
        #expect(loaded.files.filter { !$0.bytes.isEmpty }.isEmpty)
        #expect(try Self.trace(loaded, steps: 2_000) == (try Self.trace(program, steps: 2_000)))
    }

    @Test("a small app's image explores to the same states")
    func sameStateGraph() throws {
        for app in ["login.flow", "shop.flow"] {
            let program = try Self.compiled(app)
            let loaded = try ProgramImage.decode(ProgramImage.encode(program))
            #expect(try StateGraph(program: loaded).count == (try StateGraph(program: program).count))
        }
    }

    @Test("random programs read back to the same tables and walks", arguments: 1...24)
    func randomProgramsRoundTrip(_ seed: Int) throws {
        let validation = Validation.run(text: randomProgram(seed: UInt64(seed), size: 5), exploresStates: false)
        // Only a program that runs is embedded (an unknown route, F101, has no id to write).
        guard validation.program.runBlockers.isEmpty, !validation.program.isLibrary else { return }
        let image = ProgramImage.encode(validation.program)
        let loaded = try ProgramImage.decode(image)
        #expect(ProgramImage.encode(loaded) == image)
        #expect(try Self.trace(loaded, steps: 300) == (try Self.trace(validation.program, steps: 300)))
    }

    @Test("every action kind, start mode, value and link segment keeps its tag")
    func everyTagRoundTrips() throws {
        var program = Program()
        let name = program.symbols.intern("x")
        let kinds: [ActionKind] = [.push, .sheet, .cover, .replace, .set, .pop, .popTo, .popToRoot, .dismiss, .start, .finish,
                                   .select, .alert, .dialog, .popover, .stay, .assume]
        let modes: [StartMode] = [.push, .sheet, .cover, .root]
        program.actions = kinds.enumerated().map { i, kind in
            Action(kind: kind, targets: .empty, flow: -1, mode: modes[i % modes.count], result: i % 2 == 0 ? name : nil,
                   transition: nil, span: .none)
        }
        let values: [Value] = [.string("é\u{0}"), .int(Int.min), .int(Int.max), .bool(true), .double(-0.5), .double(.infinity)]
        program.arguments = values.map { Argument(name: name, parameter: 0, source: .literal($0), span: .none) }
            + [Argument(name: name, parameter: 1, source: .capture(name), span: .none),
               Argument(name: name, parameter: 2, source: .eventParameter(3), span: .none),
               Argument(name: name, parameter: 2, source: .routeParameter(4), span: .none),
               Argument(name: name, parameter: 2, source: .flowParameter(5), span: .none)]
        program.parameters = ValueType.allCases.map { Parameter(name: name, type: $0, span: .none) }
        let loaded = try ProgramImage.decode(ProgramImage.encode(program))
        #expect(loaded.actions.map(\.kind) == kinds)
        #expect(loaded.actions.map(\.mode) == kinds.indices.map { modes[$0 % modes.count] })
        #expect(loaded.arguments.map(\.source) == program.arguments.map(\.source))
        #expect(loaded.parameters.map(\.type) == ValueType.allCases)
    }

    // MARK: Damage

    static let small = ProgramImage.encode(Validation.run(text: "flow A [entry] {\n  start x\n  route x { on go(id: Int) when g -> push y }\n  route y [final]\n}\nlink \"a://y\" -> A/y\n").program)

    /// `bytes` with its checksum made to fit its content again, as a hand edit would.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        let body = Array(bytes.dropLast(8))
        let checksum = ProgramImage.fnv1a(body[...])
        return body + (0..<8).map { UInt8(truncatingIfNeeded: checksum >> UInt64(8 * $0)) }
    }

    static func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ProgramImage.decode(bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func anImageCutShortIsRefused() {
        for length in 0..<Self.small.count {
            #expect(Self.reason(Array(Self.small.prefix(length))) != nil, "cut to \(length) bytes")
        }
        #expect(Self.reason([]) == "it is not a compiled FlowKit program")
    }

    @Test func anyChangedByteIsCaughtByTheChecksum() {
        for i in 5..<(Self.small.count - 8) {
            var changed = Self.small
            changed[i] ^= 0x5A
            #expect(Self.reason(changed) == "its checksum does not match its content", "byte \(i)")
        }
    }

    @Test("a changed byte under a matching checksum reads as an error or another program, never a trap")
    func resealedChangesNeverTrap() {
        var refused = 0
        for i in 5..<(Self.small.count - 8) {
            for delta: UInt8 in [1, 0x40, 0x7F, 0x80, 0xFF] {
                var changed = Self.small
                changed[i] &+= delta
                if Self.reason(Self.resealed(changed)) != nil { refused += 1 }
            }
        }
        // Most changes break a bound; the rest are programs that read (another id in range, another name).
        #expect(refused > (Self.small.count - 13) * 5 / 2)
    }

    @Test func anotherFormatVersionIsRefused() {
        var other = Self.small
        other[4] = 2
        #expect(Self.reason(other) == "it was made by another version of FlowKit (format 2, this one reads 1)")
    }

    @Test("an id, a range or a count outside its table is refused with what and where")
    func outOfRangeReferences() {
        var entry = Program()
        entry.entry = 3
        #expect(Self.reason(ProgramImage.encode(entry)) == "entry flow 3 is out of range (there are 0)")

        var routes = Program()
        routes.flows = [Flow(name: routes.symbols.intern("A"), span: .none, isMarkedEntry: false, start: .none, startSpan: .none,
                             tabs: .empty, routes: IndexRange(0, 5), handlers: .empty)]
        #expect(Self.reason(ProgramImage.encode(routes)) == "a range of routes (0..<5) is out of range (there are 0)")

        var backwards = routes
        backwards.flows[0].routes = IndexRange(1, 0)
        #expect(Self.reason(ProgramImage.encode(backwards)) == "a range of routes (1..<0) is out of range (there are 0)")

        var tabs = Program()
        tabs.tabFlows = [7]
        #expect(Self.reason(ProgramImage.encode(tabs)) == "flow 7 is out of range (there are 0)")

        var symbol = Program()
        symbol.links = [Link(pattern: .fallback, patternText: "default", path: [], route: 0, arguments: .empty, span: .none, targetSpan: .none)]
        #expect(Self.reason(ProgramImage.encode(symbol)) == "route 0 is out of range (there are 0)")

        // One byte more after the last table, under a checksum that fits.
        let longer = Array(ProgramImage.encode(Program()).dropLast(8)) + [0]
        #expect(Self.reason(Self.resealed(longer + [0, 0, 0, 0, 0, 0, 0, 0])) == "bytes are left after the last table")
    }

    @Test func aCountLargerThanTheImageIsRefusedBeforeAllocating() {
        let header = Array("FKPI".utf8) + [1]
        #expect(Self.reason(Self.resealed(header + [0xFF, 0xFF, 0xFF, 0xFF, 0x0F] + [0, 0, 0, 0, 0, 0, 0, 0]))
            == "a count (4294967295) is larger than the image")
        #expect(Self.reason(Self.resealed(header + [UInt8](repeating: 0xFF, count: 11) + [0, 0, 0, 0, 0, 0, 0, 0]))
            == "a number is too long")
    }
}
