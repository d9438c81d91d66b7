import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// A finding with everything a user reads: code, position and message.
struct ExactFinding: Hashable, CustomStringConvertible, Sendable {
    var code: String
    var line: Int
    var column: Int
    var message: String

    var description: String { "\(code)@\(line):\(column) \(message)" }
}

/// Compiles and analyzes in-memory source; its findings in order, with messages.
func exactFindings(_ text: String) -> [ExactFinding] {
    let validation = Validation.run(text: text)
    var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
    return validation.diagnostics.map { diagnostic in
        let (line, column) = renderer.location(diagnostic.span)
        return ExactFinding(code: diagnostic.code.rawValue, line: line, column: column, message: diagnostic.message)
    }
}

/// One precision case: a program with exactly one finding, at 1️⃣, with
/// this message, and a near twin with none.
struct PrecisionCase: CustomTestStringConvertible, Sendable {
    var name: String
    var code: String
    var message: String
    var triggers: String
    var clean: String
    var testDescription: String { name }
}

/// Runs a precision case both ways.
func expectBothWays(_ row: PrecisionCase, sourceLocation: SourceLocation = #_sourceLocation) {
    let source = MarkedSource(row.triggers)
    let at = source["1"]
    #expect(at.line > 0, "the program has no 1️⃣ marker", sourceLocation: sourceLocation)
    #expect(exactFindings(source.text) == [ExactFinding(code: row.code, line: at.line, column: at.column, message: row.message)],
            sourceLocation: sourceLocation)
    #expect(exactFindings(row.clean) == [], sourceLocation: sourceLocation)
}

/// F205 v1 (DSL.md §6): a cycle whose handlers each remove at least what
/// they add cannot grow and is no finding.
let growthCases: [PrecisionCase] = [
    PrecisionCase(name: "pop then push r1 moves along its cycle; push r1 alone grows", code: "F205",
                  message: "the navigation stack can grow without bound: 'push r1' is on the cycle r1 → r1", triggers: """
        flow App [entry] {
          start home
          route home { on open -> push r1 }
          route r1 { on again -> 1️⃣push r1 }
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on open -> push r1 }
          route r1 { on again -> pop then push r1 }
        }
        """),
    PrecisionCase(name: "dismiss then sheet x1 swaps the sheet; sheet x1 alone piles sheets up", code: "F205",
                  message: "the navigation stack can grow without bound: 'sheet x1' is on the cycle x1 → x1", triggers: """
        flow App [entry] {
          start home
          route home { on open -> sheet x1 }
          route x1 { on again -> 1️⃣sheet x1 }
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on open -> sheet x1 }
          route x1 { on again -> dismiss then sheet x1 }
        }
        """),
    PrecisionCase(name: "push a then push b then pop is one more entry; a second pop makes it none", code: "F205",
                  message: "the navigation stack can grow without bound: 'push a' is on the cycle a → a", triggers: """
        flow App [entry] {
          start home
          route home { on open -> push a }
          route a { on more -> 1️⃣push a then push b then pop }
          route b [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on open -> push a }
          route a { on more -> push a then push b then pop then pop }
          route b [final]
        }
        """),
    PrecisionCase(name: "a dismiss that uncovers a stack and pushes onto it grows that stack", code: "F205",
                  message: "the navigation stack can grow without bound: 'sheet x' is on the cycle x → x", triggers: """
        flow App [entry] {
          start home
          route home { on open -> sheet x }
          route x { on again -> dismiss then push y then 1️⃣sheet x }
          route y [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on open -> sheet x }
          route x { on again -> dismiss then push y then pop then sheet x }
          route y [final]
        }
        """),
]

@Suite("Precision of F204, F205 and F208 (issue 7 item 12)")
struct CheckPrecisionTests {
    @Test("F205: only a handler that can grow the stack or the layer pile makes a cycle grow", arguments: growthCases)
    func growth(_ row: PrecisionCase) {
        expectBothWays(row)
    }

    @Test("F205: chains that cannot grow, whatever they push after what they remove", arguments: [
        "replace r1",
        "popToRoot then push r1",
        "set [home, r1]",
        "pop to home then push r1",
        "finish done",
        "alert r1",
    ])
    func bounded(chain: String) {
        let source = """
            flow App [entry] {
              start launch
              route launch { on go -> start Main as sheet }
              on Main.done -> dismiss
            }
            flow Main {
              start home
              route home { on open -> push r1 }
              route r1 { on again -> \(chain)  on close -> finish done }
            }
            """
        #expect(exactFindings(source).filter { $0.code == "F205" } == [])
    }
}
