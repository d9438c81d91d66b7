import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Issue 7 item 12: a tab container goes wherever a start route would go
/// (docs/language.md#how-a-program-runs), never pushed, not even through a flow's `start`.
@Suite("Tab containers started in a flow's place")
struct TabContainerStartTests {
    @Test("a flow whose start is a tab container runs, as the entry and as a sheet")
    func runs() throws {
        var nav = try navigator("""
            flow App [entry] { start Main }
            flow Main { tabs A, B }
            flow A { start a  route a { on go -> start Wrap as sheet } }
            flow B { start b  route b [final] }
            flow Wrap { start Inner }
            flow Inner { tabs C, D }
            flow C { start c  route c { on close -> dismiss } }
            flow D { start d  route d [final] }
            """)
        walk(&nav, "expect stack a\nexpect tab A\ntab B\nexpect stack b\ntab A\ngo\nexpect stack a | sheet: c\ntab D\nexpect stack a | sheet: d")
        #expect(nav.invariantViolations().isEmpty)
    }

    static let pushedThroughStart = """
        flow App [entry] { start home  route home [final] { on go -> 1️⃣start Wrap } }
        flow Wrap { start Main }
        flow Main { tabs A, B }
        flow A { start a  route a [final] }
        flow B { start b  route b [final] }
        """

    @Test("pushed through a flow's start is F112 at validation; the twin started as a sheet is clean")
    func pushedIsF112() throws {
        let marked = MarkedSource(Self.pushedThroughStart)
        #expect(findings(marked.text) == [Finding("F112", marked["1"].line, marked["1"].column)])
        let twin = marked.text.replacingOccurrences(of: "start Wrap }", with: "start Wrap as sheet }")
        #expect(findings(twin).isEmpty)
    }
}
