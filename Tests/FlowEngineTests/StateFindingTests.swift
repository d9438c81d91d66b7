import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Findings as facts about the states the engine reaches (issue 16,
/// docs/diagnostics.md#findings-on-the-engines-states): each case is a program whose v1 approximation was wrong, with the
/// exact findings and, for each, the path the engine replays to it.
@Suite("Findings on the state graph")
struct StateFindingTests {
    /// The findings of `marked` (code at each marker) and their paths.
    func check(_ marked: String, _ expected: [(code: String, marker: String, path: [String]?)],
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let source = MarkedSource(marked)
        let validation = Validation.run(text: source.text)
        var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
        let found = validation.diagnostics.map { diagnostic -> String in
            let (line, column) = renderer.location(diagnostic.span)
            return "\(diagnostic.code.rawValue)@\(line):\(column) \(diagnostic.path?.joined(separator: " → ") ?? "-")"
        }
        let wanted = expected.map { item -> String in
            let (line, column) = source[item.marker]
            return "\(item.code)@\(line):\(column) \(item.path?.joined(separator: " → ") ?? "-")"
        }
        #expect(found == wanted, sourceLocation: sourceLocation)
        // Every path replays, and ends on the route or in the handler's flow the finding names.
        for diagnostic in validation.diagnostics {
            guard let path = diagnostic.path else { continue }
            let navigator = try replay(validation.program, path, sourceLocation: sourceLocation)
            #expect(endsAtFinding(diagnostic, validation.program, navigator), "\(diagnostic.code.rawValue): \(path)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("a cover whose only event opens a sheet that comes back to it is a trap (F204, with its path)")
    func coverWithOnlyASheet() throws {
        try check("""
        flow App [entry] {
          start home
          route home { on watch -> start Stories as cover }
        }
        flow Stories { start viewer  route 1️⃣viewer { on reply -> sheet replyBox }  route 2️⃣replyBox { on send -> dismiss } }
        """, [("F204", "1", ["watch"]), ("F204", "2", ["watch", "reply"])])
    }

    @Test("a [final] screen with no way out inside a child expected to finish is a trap: F204, not a silence between F203 and F204")
    func finalScreenTrapsItsChild() throws {
        try check("""
        flow App [entry] {
          start home
          route home [final] { on buy -> start Checkout }
        }
        flow Checkout {
          start cart
          route cart { on pay -> push receipt }
          route 1️⃣receipt [final, noBack]
        }
        """, [("F204", "1", ["buy", "pay"])])
    }

    @Test("a result handler's pop to the root, from the root, refuses the finishing step: F210, and the screen is a dead end")
    func resultHandlerPopsFromTheRoot() throws {
        try check("""
        flow App [entry] {
          start products
          route products {
            on open -> push product
            on showCart -> start Cart as sheet
          }
          route product { on showCart -> start Cart as sheet }
          on Cart.checkedOut -> 1️⃣popToRoot
        }
        flow Cart {
          start cart
          route cart { on pay -> push receipt }
          route 2️⃣receipt [noBack] { on done -> finish checkedOut }
        }
        """, [("F210", "1", ["showCart", "pay"]), ("F203", "2", ["showCart", "pay"])])
    }

    @Test("pop to a route that is always on top after a finish is F208")
    func popToAlwaysOnTop() throws {
        try check("""
        flow App [entry] {
          start list
          route list [final] { on add -> start Editor as sheet }
          on Editor.saved -> 1️⃣pop to list
        }
        flow Editor { start form  route form { on save -> finish saved } }
        """, [("F208", "1", ["add"])])
    }

    @Test("a cycle that comes back to the same screen does not grow: no F205")
    func cycleBackToTheSameShape() throws {
        try check("""
        flow App [entry] {
          start home
          route home [final] { on compose -> sheet draft }
          route draft { on send -> dismiss then replace home }
        }
        """, [])
    }

    @Test("a push cycle grows: F205 at a push on it, with the path to the grown state")
    func pushCycleGrows() throws {
        try check("""
        flow App [entry] {
          start feed
          route feed [final] { on open -> push post }
          route post { on author -> 1️⃣push profile }
          route profile { on latest -> push post }
        }
        """, [("F205", "1", ["send open", "author", "latest"])])
    }

    @Test("a screen only a link shows is F305 alone, never also F201")
    func linkOnlyScreen() throws {
        try check("""
        flow App [entry] {
          start home
          route home [final]
          route secret [final]
        }
        link 1️⃣"app://secret" -> App/secret
        """, [("F305", "1", nil)])
    }

    @Test("a result handled on one path and dropped on another is F207, with the path that drops it")
    func resultDroppedOnOnePath() throws {
        try check("""
        flow App [entry] {
          start home
          route home [final] {
            on onboard -> start Onboarding as cover
            on again -> push settings
          }
          route settings [final] { on redo -> start Onboarding as cover  on Onboarding.done -> pop }
          on Onboarding.done -> stay
        }
        flow Onboarding { start intro  route intro { on finish -> finish done  on skip -> 1️⃣finish skipped } }
        """, [("F207", "1", ["onboard", "skip"])])
    }

    @Test("a handler behind a guard is a way out: no dead end where a guard would let the user go on")
    func guardedWayOut() throws {
        try check("""
        flow App [entry] {
          start splash
          route splash { on ready when loggedIn -> push home }
          route home [final]
        }
        """, [])
    }

    @Test("a flow-level log-out handler the user can send is a way out of every screen below it")
    func userLogOutIsAWayOut() throws {
        try check("""
        flow App [entry] {
          start welcome
          route welcome { on go -> push promo }
          route promo "Big sale"
          on logout -> set [welcome]
        }
        """, [])
    }

    @Test("a [system] log-out is no way out: the dead end beside it is reported (the issue's case 2)")
    func systemLogOutHidesNothing() throws {
        try check("""
        flow App [entry] {
          start welcome
          route welcome { on go -> cover promo }
          route 1️⃣promo "Big sale"
          on logout [system] -> set [welcome]
        }
        """, [("F203", "1", ["go"])])
    }

    @Test("the issue's case 1: a gated link opens after the guard is set, behind a guarded start; a second URL piles up log-in covers unless the log-in is busy")
    func gatedLinkBehindAGuardedStart() throws {
        let source = """
            flow App [entry] {
              start Main when loggedIn
              start welcome
              route welcome { on logIn -> start Login as cover }
              on Login.done -> start Main as root
            }
            flow Login { start form  route form { on submit -> finish done  on close -> finish cancel } }
            flow Main { tabs Home, Search }
            flow Home { start feed  route feed {} }
            flow Search { start explore  route explore {} }
            link "app://home" -> App/Main/Home/feed when loggedIn else 1️⃣start Login as cover
            """
        // The shortest growth the search meets first starts logged in: the tabs, then logged out by the app.
        try check(source, [("F205", "1", ["assume loggedIn", "expect top Home.feed", "assume !loggedIn", #"open "app://home""#, #"open "app://home""#])])
        let plain = source.replacingOccurrences(of: "1️⃣", with: "")
        let navigator = try replay(Validation.run(text: plain).program, [#"open "app://home""#, "assume loggedIn"])
        #expect(navigator.stackDescription == "feed")
        // With the log-in busy, the second URL waits instead; the first opens once the log-in is left.
        let busy = plain.replacingOccurrences(of: "route form {", with: "route form [busy] {")
        try check(busy, [])
        let loggedIn = try replay(Validation.run(text: busy).program, [#"open "app://home""#, #"open "app://home""#, "assume loggedIn", "submit"])
        #expect(loggedIn.stackDescription == "feed")
    }

    @Test("the issue's duplicate child: a link opened over the entry's sheet shares the running start child")
    func linkOverTheEntrysSheet() throws {
        let source = """
            flow App [entry] { start Main  on pick -> sheet picker  route picker { on close -> dismiss } }
            flow Main { start home  route home { on detail -> push detail }  route detail [final] }
            link "t://home" -> App/Main/home
            """
        let navigator = try replay(Validation.run(text: source).program, ["pick", #"open "t://home""#])
        #expect(navigator.stackDescription == "home")
    }

    @Test("a pending link whose guard holds and still cannot open is F306, with the path that drops it")
    func pendingLinkDroppedWhileItsGuardHolds() throws {
        let validation = Validation.run(text: """
        flow App [entry] {
          start welcome
          route welcome [final] { on logIn -> start Login as cover }
        }
        flow Login { start form  route form { on close -> finish cancel } }
        flow Shop { start catalog  route catalog [final] }
        link "app://shop" -> App/welcome when loggedIn else start Login as cover
        """)
        #expect(!validation.diagnostics.contains { $0.code == .pendingLinkDropped })
    }

    /// A new user's F306 at a link without a gate said its guard held.
    @Test("a URL of a link without a gate, held by a busy screen and dropped when it is left, is F306 without a guard in its message")
    func heldLinkDroppedWithoutAGate() throws {
        let validation = Validation.run(text: """
        flow App [entry] {
          start home
          route home { on save -> push saving }
          route saving [noBack, busy] { on saved [system] -> alert done }
          route done { on ok -> stay }
          route tip { on ok -> stay }
        }
        link "t://tip" -> over alert tip
        """)
        #expect(validation.diagnostics.map(\.code.rawValue) == ["F306"])
        #expect(validation.diagnostics.first?.message == "a URL of this link held by a busy screen is dropped: after the last step of this path it could not be opened where the user is")
        #expect(validation.diagnostics.first?.path == ["save", #"open "t://tip""#, "saved"])
    }

    /// A new user's note pointed at the push under the alert.
    @Test("a dead end's arrival note points at the action that showed it: the last of its handler's that shows something")
    func arrivalNoteAtTheShowingAction() throws {
        let validation = Validation.run(text: """
        flow App [entry] {
          start home
          route home { on warn -> push detail then alert oops }
          route detail {}
          route oops [locked] {}
        }
        """)
        let deadEnd = try #require(validation.diagnostics.first { $0.code == .deadEnd })
        var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
        #expect(deadEnd.notes.map { "\(renderer.location($0.span).line):\(renderer.location($0.span).column) \($0.message)" }
                == ["3:44 reached as the root of an alert by 'alert oops' here"])
        #expect(deadEnd.path == ["warn"])
    }

    @Test("the exploration counts its states")
    func countsStates() throws {
        let validation = Validation.run(text: """
        flow App [entry] {
          start home
          route home [final] { on more -> push detail }
          route detail [final]
        }
        """)
        #expect(validation.exploredStates == 2)
        #expect(validation.explorationNote == nil)
    }

    /// The launch costs 1; each later run `runCost` and the entries, layers and
    /// flows of the state it starts from (here 3 or 4): the fourth run passes 768.
    @Test("a limit stops the exploration and says which, after how many states and runs", arguments: [
        (StateGraph.Limits(maxWork: 3 * StateGraph.Limits.runCost), "the exploration's work limit was reached after 2 states (4 runs)"),
        (StateGraph.Limits(maxStates: 2), "the exploration's limit of 2 states was reached"),
    ])
    func limits(limits: StateGraph.Limits, why: String) throws {
        let program = Validation.run(text: """
        flow App [entry] {
          start home
          route home { on more -> push detail }
          route detail { on more -> push detail }
        }
        """).program
        let graph = try StateGraph(program: program, limits: limits)
        #expect(!graph.isComplete)
        #expect(graph.limitHit == why)
        let whole = try StateGraph(program: program, limits: StateGraph.Limits())
        #expect(whole.isComplete)
        #expect(whole.limitHit == nil)
    }

    @Test("the states' keys have a limit too: a byte short of the whole graph's, the last state is not kept")
    func keyBytesLimit() throws {
        let program = Validation.run(text: """
        flow App [entry] {
          start home
          route home { on more -> push detail  on other -> sheet other }
          route detail { on more -> push detail }
          route other { on close -> dismiss }
        }
        """).program
        let whole = try StateGraph(program: program)
        #expect(whole.isComplete)
        #expect(whole.count == 4)
        let limit = whole.keyBytes - 1
        let graph = try StateGraph(program: program, limits: StateGraph.Limits(maxKeyBytes: limit))
        #expect(!graph.isComplete)
        #expect(graph.count == whole.count - 1)
        #expect(graph.keyBytes <= limit)
        #expect(graph.limitHit == "the exploration's limit of \(limit) bytes of state keys was reached after \(whole.count - 1) states")
        let mebibytes = try StateGraph(program: program, limits: StateGraph.Limits(maxKeyBytes: 1 << 20))
        #expect(mebibytes.isComplete)
        #expect(StateGraph.Limits().maxKeyBytes == 64 << 20)
        #expect(StateGraph.Limits.text(ofBytes: 64 << 20) == "64 MiB")
        #expect(StateGraph.Limits.text(ofBytes: (1 << 20) + 1) == "1048577 bytes")
        #expect(StateGraph.Limits.text(ofBytes: 0) == "0 bytes")
    }
}
