import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// F203 v1 (docs/diagnostics.md): the new layer kinds, `stay`, and tab bars.
@Suite("Dead ends on alerts, dialogs, popovers and tab bars")
struct DeadEndLayerTests {
    @Test("how a route was reached is named for each new layer kind", arguments: [
        ("alert", "as the root of an alert"),
        ("dialog", "as the root of a [locked] dialog"),
        ("popover", "as the root of a [locked] popover"),
    ])
    func reachedAs(kind: String, way: String) {
        let source = """
            flow App [entry] { start home  route home { on go -> \(kind) stuck }  route stuck [locked] }
            """
        let validation = Validation.run(text: source)
        let deadEnds = validation.diagnostics.filter { $0.code == .deadEnd }
        #expect(deadEnds.map(\.message) == ["dead end: at 'stuck', reached \(way), no step of the user leads anywhere: no handler answers with a change and there is no way back"])
        #expect(deadEnds.map(\.path) == [["go"]])
    }

    @Test("the root of a dialog or popover not [locked] has an implicit back; an alert's has none")
    func implicitBackTwins() {
        for kind in ["dialog", "popover"] {
            #expect(findings("flow App [entry] { start home  route home { on go -> \(kind) free }  route free }").isEmpty)
        }
        #expect(findings("flow App [entry] { start home  route home { on go -> alert free }  route free }").map(\.code) == ["F203"])
    }

    @Test("stay is no way out, except on an alert or a dialog")
    func stayOnly() {
        #expect(findings("flow App [entry] { start home  route home { on go -> cover c }  route c { on ok -> stay } }").map(\.code) == ["F203"])
        #expect(findings("flow App [entry] { start home  route home { on go -> cover c }  route c { on ok -> dismiss } }").isEmpty)
        #expect(findings("flow App [entry] { start home  route home { on go -> alert c }  route c { on ok -> stay } }").isEmpty)
        #expect(findings("flow App [entry] { start home  route home { on go -> dialog c }  route c [locked] { on ok -> stay } }").isEmpty)
    }

    @Test("a route on a tab bar is never a dead end: another tab, or a tap on the selected one, which pops to its root (v2: the engine's own step)")
    func tabBars() {
        let two = """
            flow App [entry] { tabs A, B }
            flow A { start a  route a { on go -> push b }  route b [noBack] }
            flow B { start c  route c [final] }
            """
        #expect(findings(two).isEmpty)
        let one = """
            flow App [entry] { tabs A }
            flow A { start a  route a { on go -> push b }  route b [noBack] }
            """
        #expect(findings(one).isEmpty)
        #expect(findings(one.replacingOccurrences(of: "flow App [entry] { tabs A }", with: "flow App [entry] { tabs A, B }\nflow B { start c  route c [final] }")).isEmpty)
    }
}
