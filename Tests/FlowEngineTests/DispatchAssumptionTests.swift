import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// The path search works out which handler dispatch chooses at a place,
/// and the `assume` steps that make it choose each one. Without guards it
/// takes a shortcut (`Explorer.unguardedAssumptions`): it must pick what
/// the guard-aware pass picks.
@Suite struct DispatchAssumptionTests {
    static func compare(_ program: Program, _ candidates: [HandlerID], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let explorer = try Explorer(program: program)
        for implicitBack in [false, true] {
            // One level holding them all, and a level each.
            for levelEnds in [[candidates.count], Array(1...max(1, candidates.count))] {
                #expect(explorer.unguardedAssumptions(candidates, implicitBack: implicitBack)
                        == explorer.assumptionsThroughGuards(candidates, levelEnds: levelEnds, [], implicitBack: implicitBack),
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test("random programs: every unguarded handler, once and twice over", arguments: 0..<16)
    func randomPrograms(seed: Int) throws {
        let program = program(randomProgram(seed: UInt64(seed), size: 1 + seed % 4))
        guard program.runBlockers.isEmpty, program.entry >= 0 else { return }
        let unguarded = program.handlers.indices
            .filter { program.handlers[$0].guardCondition == nil && !program.handlers[$0].event.isResult }.map(HandlerID.init)
        try Self.compare(program, unguarded)
        try Self.compare(program, unguarded + unguarded)
    }

    @Test("more events than the shortcut scans: the first handler of each is chosen, back only without the implicit back")
    func manyEvents() throws {
        let events = (0..<20).map { "e\($0)" }
        let text = "flow App [entry] {\n  start home\n"
            + events.map { "  on \($0) -> pop\n" }.joined() + "  on back -> pop\n"
            + "  route home {\n" + events.map { "    on \($0) -> push x\n" }.joined() + "  }\n  route x\n}\n"
        let program = program(text)
        #expect(program.runBlockers.isEmpty)
        // The route's handlers, then the flow's: each event twice, `back` once.
        let candidates = Array(program.routes[0].handlers.range).map(HandlerID.init) + Array(program.flows[0].handlers.range).map(HandlerID.init)
        #expect(candidates.count == 41)
        try Self.compare(program, candidates)
        let explorer = try Explorer(program: program)
        let chosen = explorer.unguardedAssumptions(candidates, implicitBack: false)
        #expect(chosen.map { $0 != nil } == Array(repeating: true, count: 20) + Array(repeating: false, count: 20) + [true])
        #expect(explorer.unguardedAssumptions(candidates, implicitBack: true).last == .some(nil))
    }
}
