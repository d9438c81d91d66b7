import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

@Suite("[system] handlers (docs/language.md)")
struct SystemEventTests {
    @Test("[system] marks a handler, after the event's parameters and before its guard; other handlers are not marked")
    func marked() {
        let (program, diagnostics) = compile("""
            flow App [entry] {
              start home
              route home {
                on go -> push details
                on pushed(id: String) [system] when loggedIn -> push details
                on tokenRevoked [ system ] -> replace details
              }
              route details [final] { on tokenRevoked [system] -> pop }
              on ping [system] -> stay
            }
            """)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(program.handlers.map { "\(program.eventText($0)) \($0.isSystem)" } == [
            "go false", "pushed(id: String) true", "tokenRevoked true", "tokenRevoked true", "ping true",
        ])
        #expect(program.handlerText(program.handlers[1]) == "on pushed(id: String) [system] when loggedIn -> push details")
    }

    @Test("an attribute other than system, an argument, [system] on back or on a result: F113 at the attribute")
    func badAttributes() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home {
                on a [1️⃣sytem] -> push b
                on b [2️⃣system(x)] -> push b
                on c [3️⃣final, 4️⃣was(old)] -> push b
                on d -> start Child
              }
              route b [final] { on back [5️⃣system] -> pop }
              on Child.done [6️⃣system] -> pop
            }
            flow Child { start page  route page [final] { on close -> finish done } }
            """)
        #expect(locatedFindings(source.text) == [
            at(source, "1", "F113", "unknown attribute 'sytem' (allowed on a handler: system); did you mean 'system'?"),
            at(source, "2", "F113", "attribute 'system' takes no argument ('x'); write [system]"),
            at(source, "3", "F113", "attribute 'final' does not apply to a handler (allowed: system)"),
            at(source, "4", "F113", "unknown attribute 'was' (allowed on a handler: system)"),
            at(source, "5", "F113", "'back' is the user's back button or swipe, not an event the app sends: it cannot be [system]"),
            at(source, "6", "F113", "'Child.done' is a child flow's result, not an event the app sends: it cannot be [system]"),
        ])
        #expect(!compile(source.text).program.handlers.contains { $0.isSystem })
    }

    @Test("an event name is a system event everywhere or nowhere: F113 at each unmarked handler, with a note at the marked one")
    func everywhereOrNowhere() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home { on 1️⃣expired -> push other  on go -> start Child }
              route other [final]
              on 2️⃣expired [system] -> popToRoot
              on Child.done -> stay
            }
            flow Child {
              start page
              route page [final] { on 3️⃣expired -> finish done  on go [system] -> stay }
            }
            """)
        let message = "'expired' is marked [system] at another handler: mark this one [system] too, or rename one of the events (an event is a system event everywhere or nowhere)"
        let marked = source["2"]
        let note = " [note@\(marked.line):\(marked.column) 'expired' is marked [system] here]"
        let goMessage = "'go' is marked [system] at another handler: mark this one [system] too, or rename one of the events (an event is a system event everywhere or nowhere)"
        let go = MarkedSource(source.text.replacingOccurrences(of: "on go -> start", with: "on 4️⃣go -> start")
            .replacingOccurrences(of: "on go [system]", with: "on 5️⃣go [system]"))
        #expect(locatedFindings(source.text) == [
            at(source, "1", "F113", message) + note,
            at(go, "4", "F113", goMessage) + " [note@\(go["5"].line):\(go["5"].column) 'go' is marked [system] here]",
            at(source, "3", "F113", message) + note,
        ])
    }

    @Test("[system] is parsed only where the grammar has attrs: a '[' elsewhere in a handler is a syntax error")
    func syntax() {
        let source = MarkedSource("""
            flow App [entry] {
              start home
              route home [final] { on go when g 1️⃣[system] -> pop }
            }
            """)
        #expect(locatedFindings(source.text) == [at(source, "1", "F001", "expected '->' and an action, found '['")])
    }
}
