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

/// Compiles and analyzes in-memory source with the flow graph's
/// approximations alone (validate's fallback past the state exploration's
/// limits, which these cases pin down); its findings in order, with messages.
func exactFindings(_ text: String) -> [ExactFinding] {
    let validation = Validation.run(text: text, exploresStates: false)
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

/// F205 v1 (docs/diagnostics.md): a cycle whose handlers each remove at least what
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

/// F208 v1 (docs/diagnostics.md): whichever way its handler fires, at any place in
/// its `then` chain; the chain's earlier actions count.
let impossibleBackCases: [PrecisionCase] = [
    PrecisionCase(name: "sheet y then pop: the top is y, the root of its new layer", code: "F208",
                  message: "'pop' can never succeed: after 'sheet y', 'y' is the root of its layer, with nothing below it to pop to",
                  triggers: """
        flow App [entry] {
          start home
          route home { on s -> sheet y then 1️⃣pop }
          route y { on close -> dismiss }
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on s -> sheet y then push z then pop }
          route y { on close -> dismiss }
          route z [final]
        }
        """),
    PrecisionCase(name: "push x then pop then pop from a layer root: the second pop meets the root", code: "F208",
                  message: "'pop' can never succeed: after 'push x then pop', 'home' is the root of its layer, with nothing below it to pop to",
                  triggers: """
        flow App [entry] {
          start home
          route home { on t -> push x then pop then 1️⃣pop }
          route x [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on t -> push x then push w then pop then pop }
          route x [final]
          route w [final]
        }
        """),
    PrecisionCase(name: "dismiss then dismiss from a sheet over the base; over another sheet it can work", code: "F208",
                  message: "'dismiss' can never succeed: after 'dismiss', the top layer is the app's base, with no sheet or cover to dismiss",
                  triggers: """
        flow App [entry] {
          start home
          route home { on open -> sheet a  on edit -> sheet b }
          route a { on more -> push c  on close -> dismiss }
          route b { on d -> dismiss then 1️⃣dismiss }
          route c [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on open -> sheet a  on edit -> sheet b }
          route a { on more -> sheet b  on close -> dismiss }
          route b { on d -> dismiss then dismiss }
        }
        """),
    PrecisionCase(name: "pop to z where z is only ever pushed above the route; pushed below it, it works", code: "F208",
                  message: "'pop to z' can never succeed: there is never a 'z' below route 'a' in its stack",
                  triggers: """
        flow App [entry] {
          start home
          route home { on open -> push a  on other -> push z }
          route a { on next -> push z  on up -> 1️⃣pop to z }
          route z { on next -> push b }
          route b [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on open -> push a  on other -> push z }
          route a { on up -> pop to z }
          route z { on next -> push a }
        }
        """),
    PrecisionCase(name: "an alert's handler acts on the screen under it (transient layers)", code: "F208",
                  message: "'pop' can never succeed: the screen under the alert 'confirm' is always the root of its layer, with nothing below it to pop to",
                  triggers: """
        flow App [entry] {
          start home
          route home { on delete -> alert confirm  on open -> push post }
          route post [final]
          route confirm { on yes -> 1️⃣pop  on no -> stay }
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on open -> push post }
          route post { on delete -> alert confirm }
          route confirm { on yes -> pop  on no -> stay }
        }
        """),
    PrecisionCase(name: "pop then push r1 from a root cannot run (and is no push cycle)", code: "F208",
                  message: "'pop' can never succeed: route 'r1' is always the root of its layer, with nothing below it to pop to",
                  triggers: """
        flow App [entry] {
          start r1
          route r1 { on again -> 1️⃣pop then push r1 }
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on open -> push r1 }
          route r1 { on again -> pop then push r1 }
        }
        """),
]

/// F204 v1 (docs/diagnostics.md): a handler above the child hides a trap only if it
/// can end the child (or take it somewhere that can); one that only pushes
/// or presents on top does not.
let trapCases: [PrecisionCase] = [
    PrecisionCase(name: "an ancestor's alert that only stays hides nothing; one whose popToRoot takes the child back does", code: "F204",
                  message: "trap: once flow 'C' reaches route 'c2', it can never finish nor be left by back", triggers: """
        flow App [entry] {
          start a
          route a { on go -> start C as sheet }
          on help -> alert tip
          route tip { on ok -> stay }
        }
        flow C {
          start c1
          route c1 { on next -> push c2 }
          route 1️⃣c2 [noBack]
        }
        """, clean: """
        flow App [entry] {
          start a
          route a { on go -> start C as sheet }
          on help -> alert tip
          route tip { on ok -> stay  on home -> popToRoot }
        }
        flow C {
          start c1
          route c1 { on next -> push c2 }
          route c2 [noBack]
        }
        """),
    PrecisionCase(name: "select from above leaves the child; a tab's alert that only stays does not", code: "F204",
                  message: "trap: once flow 'C' reaches route 'c1', it can never finish nor be left by back", triggers: """
        flow App [entry] { tabs Home, More }
        flow Home {
          start h
          route h { on go -> start C as cover }
          on other -> alert tip
          route tip { on ok -> stay }
        }
        flow More { start m  route m [final] }
        flow C {
          start c1
          route 1️⃣c1 { on next -> push c2 }
          route c2 [noBack]
        }
        """, clean: """
        flow App [entry] { tabs Home, More }
        flow Home {
          start h
          route h { on go -> start C as cover }
          on other -> select More
        }
        flow More { start m  route m [final] }
        flow C {
          start c1
          route c1 { on next -> push c2 }
          route c2 [noBack]
        }
        """),
    PrecisionCase(name: "a link that does not pass through the child ends it", code: "F204",
                  message: "trap: once flow 'C' reaches route 'c1', it can never finish nor be left by back", triggers: """
        flow App [entry] {
          start a
          route a { on go -> start C as cover  on more -> push b }
          route b [final]
        }
        flow C {
          start c1
          route 1️⃣c1 { on next -> push c2 }
          route c2 [noBack] { on again -> replace c2 }
        }
        """, clean: """
        flow App [entry] {
          start a
          route a { on go -> start C as cover  on more -> push b }
          route b [final]
        }
        flow C {
          start c1
          route c1 { on next -> push c2 }
          route c2 [noBack] { on again -> replace c2 }
        }
        link "app://b" -> App/b
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

    @Test("F208: an action that can never succeed, anywhere in its chain, and its twin", arguments: impossibleBackCases)
    func impossibleBacks(_ row: PrecisionCase) {
        expectBothWays(row)
    }

    @Test("F208: what the chain's earlier actions add can be taken away again")
    func chainsThatWork() {
        let source = """
            flow App [entry] {
              start home
              route home {
                on a -> sheet y then dismiss then push x then pop
                on b -> push x then push y then pop to x then pop
                on c -> set [home, x, y] then pop to x then popToRoot
                on d -> sheet y then push x then popToRoot then dismiss
                on e -> alert y then dismiss
              }
              route x [final]
              route y [final]
            }
            """
        #expect(exactFindings(source) == [])
    }

    @Test("F208: a flow started in the chain puts its first screen under what the chain pushes next")
    func startedThenPushed() {
        let source = """
            flow App [entry] {
              start home
              route home { on open -> start App as cover then push page }
              route page { on up -> pop to home  on close -> dismiss }
            }
            """
        // The start is a push cycle and a flow starting itself; the pop to is fine.
        #expect(exactFindings(source).map(\.code) == ["F205", "F209"])
    }

    /// A new user's program: B's `legacy` screen, which nothing shows,
    /// closed the cycle A → B → A, and F209 said A nests without bound.
    @Test("F209 follows the starts the states take: a cycle closed by a handler no reachable state runs is no nesting")
    func recursionThroughAnUnreachableScreen() {
        let unreachable = """
            flow App [entry] { start home  route home { on go -> start A } }
            flow A { start a  route a { on next -> start B } }
            flow B { start b  route b { on close -> pop }  route legacy { on again -> start A } }
            """
        // The flow graph alone has the cycle; the states do not take it.
        #expect(exactFindings(unreachable).map(\.code) == ["F209", "F201"])
        #expect(Validation.run(text: unreachable).diagnostics.map(\.code.rawValue) == ["F201"])
        // The same start from B's first screen nests A again and again.
        let reachable = unreachable.replacingOccurrences(of: "on close -> pop }  route legacy {", with: "on close -> pop ")
        let findings = Validation.run(text: reachable).diagnostics
        #expect(findings.map(\.code.rawValue) == ["F209"])
        #expect(findings.first?.message == "flow 'A' starts itself through 'start B': A → B → A (unbounded nesting)")
        #expect(findings.first?.path == ["go", "next"])
    }

    @Test("F208: a screen an alert's chain replaces the alert with acts under it, as the alert would")
    func replacedIntoAnAlert() {
        let source = """
            flow App [entry] {
              start home
              route home { on open -> push post }
              route post { on ask -> alert tip then replace confirm }
              route tip [final]
              route confirm { on yes -> pop  on no -> stay }
            }
            """
        #expect(exactFindings(source) == [])
        #expect(exactFindings(source.replacingOccurrences(of: "on open -> push post", with: "on open -> sheet post")).map(\.description) == [
            "F208@6:29 'pop' can never succeed: route 'confirm' is always the root of its layer, with nothing below it to pop to",
        ])
    }

    @Test("F208: pop to along a long stack, exactly where the target is never below (many targets, one linear pass)")
    func manyPopTos() {
        let n = 2_000
        var lines = ["flow App [entry] {", "  start r0"]
        for i in 0..<n {
            let next = i + 1 < n ? "on next -> push r\(i + 1)" : "on done -> popToRoot"
            lines.append("  route r\(i) { \(next)  on jump -> pop to r\((i * 7) % n) }")
        }
        lines.append("}")
        // r(i) has r0 … r(i-1) below it, so the pop to succeeds exactly when (7i mod n) < i.
        let expected = (0..<n).filter { i in (i * 7) % n >= i }.map { $0 + 3 }
        let found = exactFindings(lines.joined(separator: "\n"))
        #expect(found.allSatisfy { $0.code == "F208" })
        #expect(found.map(\.line) == expected)
    }

    @Test("F208: popToRoot leaves the root on top; a pop after it can never succeed")
    func afterPopToRoot() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on open -> push x }
              route x { on up -> popToRoot then 1️⃣pop }
            }
            """)
        #expect(exactFindings(source.text) == [ExactFinding(code: "F208", line: source["1"].line, column: source["1"].column,
            message: "'pop' can never succeed: after 'popToRoot', the screen on top is the root of its layer, with nothing below it to pop to")])
    }

    @Test("F204: an ancestor's handler hides a trap only if it can end the child", arguments: trapCases)
    func traps(_ row: PrecisionCase) {
        expectBothWays(row)
    }

    @Test("F204: the issue's program: a page pushed from above and popped again leaves the child where it was")
    func pushedPageFromAbove() {
        let trapped = MarkedSource("""
            flow App [entry] {
              start a
              route a { on go -> start C as cover }
              on more -> 1️⃣push page
              route page { on close -> pop }
            }
            flow C {
              start c1
              route 2️⃣c1 { on next -> push c2 }
              route c2 [noBack]
            }
            """)
        // The child's first screen is a cover's root, with no way back: the
        // trap starts there, at c1 (at c2 when C is a sheet, whose c1 can be
        // swiped down). The push from anywhere is a push cycle too (F205).
        #expect(exactFindings(trapped.text) == [
            ExactFinding(code: "F205", line: trapped["1"].line, column: trapped["1"].column,
                         message: "the navigation stack can grow without bound: 'push page' is on the cycle page"),
            ExactFinding(code: "F204", line: trapped["2"].line, column: trapped["2"].column,
                         message: "trap: once flow 'C' reaches route 'c1', it can never finish nor be left by back"),
        ])
        #expect(exactFindings(trapped.text.replacingOccurrences(of: "as cover", with: "as sheet")).map(\.description) == [
            "F205@4:14 the navigation stack can grow without bound: 'push page' is on the cycle page",
            "F204@10:9 trap: once flow 'C' reaches route 'c2', it can never finish nor be left by back",
        ])
        // The twin: the page pushed onto the child's cover can dismiss that cover.
        let twin = trapped.text.replacingOccurrences(of: "on close -> pop }", with: "on close -> pop  on quit -> dismiss }")
        #expect(exactFindings(twin).map(\.code) == ["F205"])
    }

    @Test("F204: what the child does at its bottom entry, or lets a flow it pushes do, can end it", arguments: [
        // Pushed, its own pop of its first screen ends it; as a cover's root it cannot.
        ("", "c1 [noBack] { on next -> push c2  on drop -> pop }", "", nil),
        ("as cover", "c1 [noBack] { on next -> push c2  on drop -> pop }", "", "c1"),
        // As a sheet, a replace of its first screen leaves a root that can be swiped down.
        ("as sheet", "c1 [locked] { on next -> push c2  on swap -> replace c3 }", "route c3", nil),
        ("as sheet", "c1 [locked] { on next -> push c2  on swap -> replace c3 }", "route c3 [locked]", "c1"),
        // A flow it pushes can dismiss its cover.
        ("as cover", "c1 { on next -> push c2  on help -> start D }", "", nil),
        ("as cover", "c1 { on next -> push c2  on help -> start D as sheet }", "", "c1"),
    ] as [(String, String, String, String?)])
    func bottomEntry(mode: String, first: String, third: String, trappedAt: String?) {
        let source = """
            flow App [entry] {
              start a
              route a { on go -> start C \(mode) }
            }
            flow C {
              start c1
              route \(first)
              route c2 [final]
              \(third)
            }
            flow D { start d  route d { on close -> dismiss } }
            """
        let traps = exactFindings(source).filter { $0.code == "F204" }.map(\.message)
        #expect(traps == trappedAt.map { ["trap: once flow 'C' reaches route '\($0)', it can never finish nor be left by back"] } ?? [])
    }

    @Test("F204: tapping the selected tab pops its stack, so a child pushed onto a tab is never trapped; in a cover it can be")
    func tabTaps() {
        let pushed = MarkedSource("""
            flow App [entry] { tabs Home }
            flow Home { start h  route h { on go -> start C } }
            flow C {
              start c1
              route 1️⃣c1 [noBack] { on next -> push c2 }
              route c2 [noBack] { on wait -> replace c2 }
            }
            """)
        #expect(exactFindings(pushed.text) == [])
        let covered = pushed.text.replacingOccurrences(of: "start C }", with: "start C as cover }")
        #expect(exactFindings(covered) == [ExactFinding(code: "F204", line: pushed["1"].line, column: pushed["1"].column,
            message: "trap: once flow 'C' reaches route 'c1', it can never finish nor be left by back")])
    }

    /// Where a child C (`c1 → push c2`, both `[noBack]`) is trapped when the
    /// only thing above it is the entry's flow-level `on x -> CHAIN`.
    @Test("F204: per action kind, whether a handler above ends the child", arguments: [
        // C in a cover: only what removes the cover (or all of App's screens) ends it.
        ("as cover", "push page", "c1"), ("as cover", "sheet page", "c1"), ("as cover", "alert page", "c1"),
        ("as cover", "stay", "c1"), ("as cover", "pop", "c1"), ("as cover", "popToRoot", "c1"),
        // A replace of the child's only entry ends it, even as a cover's root.
        ("as cover", "replace page", nil), ("as cover", "dismiss", nil), ("as cover", "set [a]", nil),
        ("as cover", "start Other as root", nil), ("as cover", "push closer", nil), ("as cover", "sheet closer", "c1"),
        ("as cover", "alert closer", nil), ("as cover", "start Help as sheet", nil),
        // A screen replaced into an alert acts, like the alert, under it: its
        // dismiss removes the child's cover; in a sheet it only closes the sheet.
        ("as cover", "alert tip then replace closer", nil), ("as cover", "sheet tip then replace closer", "c1"),
        // C pushed onto the base: a pop reaches under it; a dismiss cannot.
        ("", "pop", nil), ("", "popToRoot", nil), ("", "replace page", nil), ("", "dismiss", "c1"),
        ("", "push closer", "c1"), ("", "push page", "c1"), ("", "alert page", nil),
        // C in a sheet: its first screen can be swiped down, so going back to it is enough.
        ("as sheet", "push page", "c2"), ("as sheet", "pop", nil), ("as sheet", "popToRoot", nil),
    ] as [(String, String, String?)])
    func perActionKind(mode: String, chain: String, trappedAt: String?) {
        let source = """
            flow App [entry] {
              start a
              route a { on go -> start C \(mode)  on other -> start Other }
              on x -> \(chain)
              route page { on close -> pop }
              route closer { on quit -> dismiss }
              route tip { on ok -> stay }
              on Help.done -> dismiss
            }
            flow Other { start o  route o [final] }
            flow Help { start h  route h { on ok -> finish done } }
            flow C {
              start c1
              route c1 [noBack] { on next -> push c2 }
              route c2 [noBack]
            }
            """
        let traps = exactFindings(source).filter { $0.code == "F204" }.map(\.message)
        #expect(traps == trappedAt.map { ["trap: once flow 'C' reaches route '\($0)', it can never finish nor be left by back"] } ?? [])
    }
}
