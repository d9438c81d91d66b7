import FlowEngine
import FlowTestSupport
@testable import flowctl
import Testing

@Suite("Did you mean: the closest event or tab the screen offers")
struct StepHintTests {
    static let program = """
        flow App [entry] { tabs Search, Settings }
        flow Search {
          start search
          route search { on submit(query: String) -> push results }
          route results { on select -> push results }
          on logout -> stay
        }
        flow Settings { start settings  route settings [final] }
        """

    @Test("an event nothing answers gets the closest one offered, at any level; a near miss of nothing gets none", arguments: [
        ("submt", "did you mean 'submit'?"),
        ("Submit", "did you mean 'submit'?"),
        ("logut", "did you mean 'logout'?"),
        ("selec", nil),           // 'select' is an event of another screen
        ("zzz", nil),
        ("submit", nil),          // offered: rejected for its arguments, not its name
    ] as [(String, String?)])
    func events(name: String, hint: String?) throws {
        let navigator = try navigator(Self.program)
        #expect(StepHint.didYouMean(.send(name, [:]), navigator) == hint)
    }

    @Test("a tab the container on top does not have gets the closest tab; none when no container is on top")
    func tabs() throws {
        var nav = try navigator(Self.program)
        #expect(StepHint.didYouMean(.tab("Setings"), nav) == "did you mean 'Settings'?")
        #expect(StepHint.didYouMean(.tab("Settings"), nav) == nil)
        #expect(StepHint.tapsOffered(nav) == ["Search", "Settings"])
        var sheet = try navigator("""
            flow App [entry] { tabs A, B }
            flow A { start a  route a { on more -> sheet b }  route b { on done -> dismiss } }
            flow B { start c  route c [final] }
            """)
        walk(&sheet, "more")
        #expect(StepHint.tapsOffered(sheet) == [])
        #expect(StepHint.didYouMean(.tab("A"), sheet) == nil)
        _ = try nav.send("submit", arguments: ["query": .string("tea")])
        #expect(StepHint.didYouMean(.back, nav) == nil)
    }

    @Test("a line that looks like a command gets the closest command")
    func commands() {
        #expect(StepHint.didYouMean(command: ":evnts", among: Interactive.commands) == "did you mean ':events'?")
        #expect(StepHint.didYouMean(command: ":stat", among: Interactive.commands) == "did you mean ':state'?")
        #expect(StepHint.didYouMean(command: "evnts", among: Interactive.commands) == nil)
        #expect(StepHint.didYouMean(command: ":xyzzy", among: Interactive.commands) == nil)
    }
}
