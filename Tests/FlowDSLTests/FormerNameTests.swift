import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

@Suite("was(OldName): renames (docs/language.md, docs/releases.md)")
struct FormerNameTests {
    @Test("was(Old) on a route or a flow records the old name; it mixes with other attributes")
    func recorded() {
        let (program, diagnostics) = compile("""
            flow App [entry, was(Main)] {
              start home
              route home [was(start)] { on go -> push detail }
              route detail [final, was(item)]
            }
            """)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(program.formerNames.map { "\($0.flow) \($0.route) \($0.name)" } == ["0 -1 Main", "0 0 start", "0 1 item"])
        #expect(program.entry == 0)
        #expect(program.routes[1].attributes.contains(.final))
        let table = program.formerNameTable()
        #expect(table.routes == [Optional("start"), Optional("item")])
        #expect(table.flows == [Optional("Main")])
    }

    @Test("F103 for was naming a current name or an old name claimed twice; F113 for was without a name or an argument elsewhere")
    func findings() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on go -> push detail  on more -> push other }
              route detail [final, was(1️⃣home)]
              route other [was(legacy), final]
              route third [was(2️⃣legacy), 3️⃣was, final(4️⃣x)]
            }
            flow Other [was(5️⃣App)] { start x  route x [final] }
            flow Third [was(Gone)] { start y  route y [final] }
            flow Fourth [was(6️⃣Gone), entry(7️⃣z)] { start z  route z [final] }
            """)
        let found = locatedFindings(source.text).filter { $0.hasPrefix("F1") }
        #expect(found == [
            at(source, "1", "F103", "route 'detail' of flow 'App' says it was 'home', but that is the name of a route of the flow now"),
            at(source, "2", "F103", "two routes say they were 'legacy' [note@5:20 first claimed here]"),
            at(source, "3", "F113", "attribute 'was' needs the old name: write was(OldName)"),
            at(source, "4", "F113", "attribute 'final' takes no argument ('x'); write [final]"),
            at(source, "5", "F103", "flow 'Other' says it was 'App', but that is the name of a flow now"),
            at(source, "6", "F103", "two flows say they were 'Gone' [note@9:17 first claimed here]"),
            at(source, "7", "F113", "attribute 'entry' takes no argument ('z'); write [entry]"),
        ])
    }

    @Test("the same old name in two flows is two routes' names, not a conflict")
    func perFlow() {
        let (_, diagnostics) = compile("""
            flow App [entry] { start a  route a [was(old)] { on go -> start B } }
            flow B { start b  route b [final, was(old)] }
            """)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
    }
}
