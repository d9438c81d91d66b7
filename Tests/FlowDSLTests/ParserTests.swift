import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

@Suite("Parser")
struct ParserTests {
    @Test("one run reports every syntax error of a file, and parsing resumes after each")
    func recovery() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home {
                on open 1️⃣push details
                on close -> dismiss
              }
              route details { on done -> 2️⃣}
              3️⃣oops here
            }
            flow Next { start x  route x [final] }
            link 4️⃣-> App/home
            """)
        #expect(findings(source.text) == ["1", "2", "3", "4"].map { Finding("F001", source[$0].line, source[$0].column) })
    }

    @Test("columns count Unicode scalars on non-ASCII lines")
    func nonASCIIColumns() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home "Café ☕️ 😀" { on go -> push 1️⃣nowhere }
            }
            """)
        #expect(findings(source.text) == [Finding("F101", source["1"].line, source["1"].column)])
        #expect(source["1"].column == 42)
    }

    @Test("the caret lines up under wide characters and combining marks: a CJK character or an emoji takes two columns", arguments: [
        ("  route home \"日本語\" { on go -> push nowhere }", 38, 7),
        ("  route home \"Café ☕️ 😀\" { on go -> push nowhere }", 42, 7),
        ("  route home \"Cafe\u{301}\" { on go -> push nowhere }", 36, 7),
        ("link \"日本://x\" -> App/home", 5, 10),
    ])
    func caretColumns(line: String, indent: Int, length: Int) {
        let source = line.hasPrefix("link")
            ? "flow App [entry] { start home  route home [final] }\n\n\(line)\n"
            : "flow App [entry] {\n  start home\n\(line)\n}\n"
        let validation = Validation.run(text: source)
        var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
        let text = validation.diagnostics.first.map { renderer.render($0) } ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count > 3 && lines[2] == "3 | \(line)")
        #expect(lines.count > 3 && lines[3] == "  | " + String(repeating: " ", count: indent) + "^" + String(repeating: "~", count: length - 1))
    }

    @Test("a line longer than the excerpt's window is cut around the caret, with '…' where text was left out",
          arguments: ["x", "é"])
    func longLines(filler: String) {
        let source = "flow App [entry] {\n  start home\n  route home \"" + String(repeating: filler, count: 200)
            + "\" { on go -> push nowhere }\n}\n"
        let validation = Validation.run(text: source)
        var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
        let text = validation.diagnostics.first.map { renderer.render($0) } ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 241 scalars: the window shows the last 120 (the caret's 40 before would pass the end), after a '…'.
        #expect(lines.count > 3 && lines[2] == "3 | …" + String(repeating: filler, count: 93) + "\" { on go -> push nowhere }")
        #expect(lines.count > 3 && lines[3] == "  | " + String(repeating: " ", count: 112) + "^~~~~~~")
    }

    @Test("a missing '}' is reported at the end of file with a note at the '{'")
    func missingBrace() {
        let validation = Validation.run(text: "flow App [entry] {\n  start home\n  route home [final]\n")
        #expect(validation.diagnostics.count == 1)
        let diagnostic = validation.diagnostics[0]
        #expect(diagnostic.code == .syntax)
        #expect(diagnostic.message == "expected '}' to close flow 'App'")
        #expect(diagnostic.notes.map(\.message) == ["flow 'App' opened here"])
    }

    @Test("syntax errors stop the flow analyses, so nothing cascades from them")
    func noCascade() {
        // 'orphan' is unreachable, but with a syntax error in the file F201 must not be reported.
        #expect(findings("flow App [entry] { start home  route home [final]  route orphan [final]  ! }").map(\.code) == ["F001"])
    }

    @Test("every grammar form parses", arguments: [
        "on a -> push r with fade",
        "on a -> sheet r",
        "on a -> cover r with zoom",
        "on a -> replace r",
        "on a -> set [home, r]",
        "on a -> push r then pop",
        "on a -> pop to home",
        "on a -> popToRoot",
        "on a -> start Other",
        "on a -> start Other as sheet",
        "on a -> start Other as cover",
        "on a -> start Other as root",
        "on a when ok -> push r",
        "on a when !ok -> push r",
    ])
    func grammarForms(handler: String) {
        let source = "flow A [entry] { start home  route home { \(handler) }  route r [final] }\nflow Other { start o  route o [final] }"
        let syntax = findings(source).filter { $0.code < "F100" }
        #expect(syntax == [])
    }
}
