import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// The allow comments the lexer finds in `text`, and the tokens it gives.
func allows(_ text: String) -> (allows: [AllowComment], tokens: Int) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
        var lexer = Lexer(bytes: buffer, file: 0)
        var tokens = 0
        while lexer.next().kind != .endOfFile { tokens += 1 }
        return (lexer.allows, tokens)
    }
}

/// What `Validation` reports and what it suppressed, as code@line:column.
func allowOutcome(_ validation: Validation) -> (reported: [Finding], suppressed: [Finding]) {
    var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
    func finding(_ d: Diagnostic) -> Finding {
        let (line, column) = renderer.location(d.span)
        return Finding(d.code.rawValue, line, column)
    }
    return (validation.diagnostics.map(finding), validation.suppressed.map(finding))
}

@Suite("Allow comments: the lexer reads them on bytes")
struct AllowCommentLexerTests {
    @Test("what an allow comment names, and what is wrong with it", arguments: [
        ("// flowctl:allow F205", [DiagnosticCode.unboundedStack], [String]()),
        ("//flowctl:allow F205", [.unboundedStack], []),
        ("//\t flowctl:allow \tF205 ,F201", [.unboundedStack, .unreachableRoute], []),
        ("// flowctl:allow F205, F201 -- profiles open profiles", [.unboundedStack, .unreachableRoute], []),
        ("// flowctl:allow F205 --reason without a blank", [.unboundedStack], []),
        ("// flowctl:allow F205\r", [.unboundedStack], []),
        ("// flowctl:allow", [], ["the allow names no code; write '// flowctl:allow F205', codes separated by commas"]),
        ("// flowctl:allow -- no code", [], ["the allow names no code; write '// flowctl:allow F205', codes separated by commas"]),
        ("// flowctl:allow F2O5", [], ["'F2O5' is not a diagnostic code"]),
        ("// flowctl:allow F999, F205", [.unboundedStack], ["'F999' is not a diagnostic code"]),
        ("// flowctl:allow f205", [], ["'f205' is not a diagnostic code"]),
        ("// flowctl:allow F203", [], ["F203 is an error; only warnings can be allowed"]),
        ("// flowctl:allow F401", [], ["F401 cannot be allowed; remove the allow that suppresses nothing"]),
        ("// flowctl:allow F205, F205, F205", [.unboundedStack], ["F205 is named twice"]),
        ("// flowctl:allow F999, F999, F203, F203", [], ["'F999' is not a diagnostic code", "F203 is an error; only warnings can be allowed"]),
        ("// flowctl:allow F205,", [.unboundedStack], ["expected a code after ',' in the allow"]),
        ("// flowctl:allow F205 F201", [.unboundedStack], ["expected ',' or '-- reason' after F205, found 'F201'"]),
        ("// flowctl:allow F205 because", [.unboundedStack], ["expected ',' or '-- reason' after F205, found 'because'"]),
        ("// flowctl:alow F205", [], ["unknown directive 'flowctl:alow'; the only one is 'flowctl:allow'"]),
        ("// flowctl:allowF205", [], ["unknown directive 'flowctl:allowF205'; the only one is 'flowctl:allow'"]),
    ])
    func parsed(comment: String, codes: [DiagnosticCode], problems: [String]) throws {
        let found = allows(comment).allows
        try #require(found.count == 1)
        #expect(found[0].codes == codes)
        #expect(found[0].problems == problems)
        let end = Int32(comment.utf8.count) - (comment.hasSuffix("\r") ? 1 : 0)
        #expect(found[0].span == SourceSpan(file: 0, start: 0, end: end))
    }

    @Test("comments that are not allows", arguments: [
        "/* flowctl:allow F205 */",
        "/* a block /* nested */ // flowctl:allow F205 */",
        "// // flowctl:allow F205",
        "// see flowctl:allow F205",
        "// flowctl: a remark about the tool",
        "// FLOWCTL:allow F205",
        "route \"// flowctl:allow F205\"",
        "",
    ])
    func notAllows(text: String) {
        #expect(allows(text).allows.isEmpty)
    }

    @Test("an allow stands alone when no token precedes it on its line")
    func standsAlone() {
        let found = allows("// flowctl:allow F201\nroute a // flowctl:allow F201\n  /* x */ // flowctl:allow F201\na /* x */ // flowctl:allow F201\n").allows
        #expect(found.map(\.standsAlone) == [true, false, true, false])
        #expect(found.map(\.span.start) == [0, 30, 62, 94])
    }

    @Test("invalid UTF-8 and a very long word in an allow give a short, printable message")
    func hostileBytes() throws {
        let bytes = Array("// flowctl:allow ".utf8) + [0xFF, 0xC3] + Array(", ".utf8) + Array(repeating: UInt8(ascii: "F"), count: 5000)
        let found = bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, file: 0)
            while lexer.next().kind != .endOfFile {}
            return lexer.allows
        }
        try #require(found.count == 1)
        #expect(found[0].codes == [])
        #expect(found[0].problems == ["'\u{FFFD}\u{FFFD}' is not a diagnostic code",
                                      "'" + String(repeating: "F", count: 60) + "…' is not a diagnostic code"])
    }

    @Test("the tokens around an allow are unchanged")
    func tokensUnchanged() {
        #expect(allows("flow A { // flowctl:allow F201\n}").tokens == 4)
    }
}

@Suite("Allow comments: what they suppress (docs/diagnostics.md, v1)")
struct AllowTests {
    @Test("on the finding's line, or alone on the line above: the warning is suppressed, not reported", arguments: [
        """
        flow App [entry] {
          start home
          route home [final]
          route 1️⃣orphan [final] // flowctl:allow F201
        }
        """,
        """
        flow App [entry] {
          start home
          route home [final]
          // flowctl:allow F201 -- shown by a feature flag
          route 1️⃣orphan [final]
        }
        """,
        "flow App [entry] {\r\n  start home\r\n  route home [final]\r\n  // flowctl:allow F201\r\n  route 1️⃣orphan [final]\r\n}\r\n",
    ])
    func suppressed(marked: String) {
        let source = MarkedSource(marked)
        let validation = Validation.run(text: source.text)
        let outcome = allowOutcome(validation)
        #expect(outcome.reported == [])
        #expect(outcome.suppressed == [Finding("F201", source["1"].line, source["1"].column)])
        #expect(validation.warningCount == 0)
        #expect(validation.errorCount == 0)
    }

    @Test("an allow two lines above, below the finding, of another code, or in a block comment suppresses nothing")
    func notCovered() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home [final]
              1️⃣// flowctl:allow F201

              route 2️⃣a [final]
              route 3️⃣b [final] 4️⃣// flowctl:allow F205
              /* flowctl:allow F201 */ route 5️⃣c [final]
              route 6️⃣d [final]
              7️⃣// flowctl:allow F201
            }
            """)
        let validation = Validation.run(text: source.text)
        let marker = { (name: String, code: String) in Finding(code, source[name].line, source[name].column) }
        #expect(allowOutcome(validation).reported == [
            marker("1", "F401"), marker("2", "F201"), marker("3", "F201"), marker("4", "F401"),
            marker("5", "F201"), marker("6", "F201"), marker("7", "F401"),
        ])
        #expect(allowOutcome(validation).suppressed == [])
        #expect(validation.diagnostics.filter { $0.code == .unusedAllow }.map(\.message) == [
            "allow F201 suppresses nothing: no F201 warning on the next line",
            "allow F205 suppresses nothing: no F205 warning on this line",
            "allow F201 suppresses nothing: no F201 warning on the next line",
        ])
    }

    @Test("one allow names the two warnings of its line; each code it names must suppress something")
    func severalCodes() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home [final]
              route 1️⃣orphan { on again -> 2️⃣push orphan } // flowctl:allow F201, F205
              route 3️⃣other { on again -> 5️⃣push other } 4️⃣// flowctl:allow F205, F201, F209
            }
            """)
        // The flow graph's approximation (validate's fallback) finds the unreachable cycle's F205 the allow names.
        let validation = Validation.run(text: source.text, exploresStates: false)
        let outcome = allowOutcome(validation)
        #expect(outcome.suppressed == [Finding("F201", source["1"].line, source["1"].column),
                                       Finding("F205", source["2"].line, source["2"].column),
                                       Finding("F201", source["3"].line, source["3"].column),
                                       Finding("F205", source["5"].line, source["5"].column)])
        #expect(outcome.reported == [Finding("F401", source["4"].line, source["4"].column)])
        #expect(validation.diagnostics.map(\.message) == ["allow F209 suppresses nothing: no F209 warning on this line"])
    }

    @Test("an allow that names an error leaves the error and is F401 itself")
    func errorsCannotBeAllowed() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on promo -> cover promo }
              route 1️⃣promo 2️⃣// flowctl:allow F203
            }
            """)
        let validation = Validation.run(text: source.text)
        #expect(allowOutcome(validation).reported == [Finding("F203", source["1"].line, source["1"].column),
                                                      Finding("F401", source["2"].line, source["2"].column)])
        #expect(validation.diagnostics.last?.message == "F203 is an error; only warnings can be allowed")
        #expect(validation.errorCount == 1)
        #expect(validation.warningCount == 1)
    }

    @Test("two allows for the same finding are both used; one allow suppresses several findings on its line")
    func severalAllows() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home [final]
              // flowctl:allow F201
              route 1️⃣a [final]  route 2️⃣b [final] // flowctl:allow F201
            }
            """)
        let outcome = allowOutcome(Validation.run(text: source.text))
        #expect(outcome.reported == [])
        #expect(outcome.suppressed == [Finding("F201", source["1"].line, source["1"].column),
                                       Finding("F201", source["2"].line, source["2"].column)])
    }

    @Test("an allow applies in its own file: a finding in an imported file needs an allow there")
    func importedFiles() throws {
        let files = MemoryFileSystem([
            "app.flow": """
                import "lib.flow"
                flow App [entry] { start home  route home [final] { on go -> start Lib } }
                // flowctl:allow F201
                """,
            "lib.flow": """
                flow Lib {
                  start a
                  route a { on done -> finish done }
                  // flowctl:allow F201 -- reached by a link in the next release
                  route orphan [final]
                  route other [final]
                }
                """,
        ])
        let validation = try Validation.run("app.flow", fileSystem: files)
        var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
        let reported = validation.diagnostics.map { d in
            let (line, column) = renderer.location(d.span)
            return "\(renderer.path(d.span)):\(line):\(column) \(d.code.rawValue)"
        }
        #expect(reported == ["app.flow:3:1 F401", "lib.flow:3:24 F207", "lib.flow:6:9 F201"])
        #expect(validation.suppressed.map { renderer.path($0.span) } == ["lib.flow"])
    }

    @Test("with a syntax or name error, an allow that suppresses nothing is not reported: its warning may be missing")
    func noCascade() {
        let syntax = Validation.run(text: """
            flow App [entry] {
              start home
              route home { on next -> push } // flowctl:allow F205
              // flowctl:allow F999
            }
            """)
        #expect(syntax.diagnostics.map(\.code.rawValue) == ["F001", "F401"])
        #expect(syntax.diagnostics.last?.message == "'F999' is not a diagnostic code")
        let names = Validation.run(text: """
            flow App [entry] {
              start home
              route home { on next -> push hme } // flowctl:allow F205
            }
            """)
        #expect(names.diagnostics.map(\.code.rawValue) == ["F101"])
    }

    @Test("an allow on each of 2,000 lines suppresses each line's warning")
    func manyAllows() {
        var text = "flow App [entry] {\n  start r0\n  route r0 [final]\n"
        for i in 1..<2000 { text += "  route r\(i) [final] // flowctl:allow F201\n" }
        text += "}\n"
        let validation = Validation.run(text: text)
        #expect(validation.diagnostics == [])
        #expect(validation.suppressed.count == 1999)
    }
}
