import FlowEngine
import FlowTestSupport
import Foundation
@testable import flowctl
import Testing

@Suite("The final screen, wrapped")
struct ScreenTextTests {
    typealias Piece = ScreenText.Piece

    /// Pieces from `a > b | sheet: c > d` notation: ` > ` and ` | ` separate them.
    static func pieces(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        for (index, layer) in text.split(separator: " | ", omittingEmptySubsequences: false).enumerated() {
            for (position, entry) in layer.split(separator: " > ", omittingEmptySubsequences: false).enumerated() {
                pieces.append(Piece(separator: position > 0 ? ">" : index > 0 ? "|" : "", text: String(entry)))
            }
        }
        return pieces
    }

    @Test("wraps before ` > ` and ` | ` where the next entry would pass the width, with an indent", arguments: [
        ("a > b > c", 80, "final: a > b > c"),
        ("a > b > c", 16, "final: a > b > c"),                       // exactly the width: one line
        ("a > b > c", 15, "final: a > b\n    > c"),
        ("a > b | sheet: c > d", 14, "final: a > b\n    | sheet: c\n    > d"),
        ("home", 3, "final: home"),                                  // the first entry always follows the lead
        ("a > aVeryLongRouteName(id: \"42\") > b", 20, "final: a\n    > aVeryLongRouteName(id: \"42\")\n    > b"),
        ("é > ü > ß", 16, "final: é > ü > ß"),                       // scalars, not bytes
        ("é > ü > ß", 15, "final: é > ü\n    > ß"),
    ])
    func wrap(screen: String, width: Int, expected: String) {
        #expect(ScreenText.wrap("final: ", Self.pieces(screen), width: width) == expected)
    }

    @Test("no pieces: the lead alone")
    func empty() {
        #expect(ScreenText.wrap("final: ", [], width: 80) == "final: ")
    }

    @Test("the pieces are the screen's entries, never cut inside an argument that contains a separator")
    func pieces() throws {
        var nav = try navigator("""
            flow App [entry] {
              start home
              route home { on next -> push detail(id: "a > b | c")  on modal -> sheet home }
              route detail(id: String) { on modal -> cover home }
            }
            """)
        walk(&nav, "next\nmodal")
        #expect(ScreenText.pieces(nav) == [
            Piece(separator: "", text: "home"), Piece(separator: ">", text: "detail(id: \"a > b | c\")"),
            Piece(separator: "|", text: "cover: home"),
        ])
        #expect(ScreenText.wrap("", ScreenText.pieces(nav), width: 1000) == nav.stackDescription)
        #expect(ScreenText.wrapped("all steps passed: ", nav, width: 40) == """
            all steps passed: home
                > detail(id: "a > b | c")
                | cover: home
            """)
    }

    static let deep = """
        flow App [entry] {
          start home
          route home [noBack] { on next -> push detail(id: "a > b") }
          route detail(id: String) [noBack] { on more -> push detail(id: "x")  on modal -> sheet home }
        }
        """

    @Test("simulate wraps 'all steps passed' at 80 columns when its output is no terminal")
    func endToEnd() throws {
        let file = try temporaryFile(Self.deep, suffix: ".flow")
        let steps = ["next", "more", "more", "more", "more", "modal", "next", "more", "more", "modal", "next"].flatMap { ["-e", $0] }
        let result = try runFlowctl(["simulate", file] + steps)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("""
                = home > detail(id: "a > b") > detail(id: "x") > detail(id: "x") > detail(id: "x") > detail(id: "x") | sheet: home > detail(id: "a > b") > detail(id: "x") > detail(id: "x") | sheet: home > detail(id: "a > b")
            all steps passed: home > detail(id: "a > b") > detail(id: "x") > detail(id: "x")
                > detail(id: "x") > detail(id: "x") | sheet: home > detail(id: "a > b")
                > detail(id: "x") > detail(id: "x") | sheet: home > detail(id: "a > b")

            """))
    }

    @Test("a random walk's final screen wraps greedily at 80 columns and unwraps to the whole screen")
    func randomWalkFinal() throws {
        let file = try temporaryFile(Self.deep, suffix: ".flow")
        let result = try runFlowctl(["simulate", file, "--random", "300", "--seed", "1", "--max-depth", "5000"])
        #expect(result.status == 0)
        let final = try #require(result.stdout.range(of: "final: ")).lowerBound
        let lines = result.stdout[final...].split(separator: "\n").map(String.init)
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.unicodeScalars.count <= 80 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    > ") || $0.hasPrefix("    | ") })
        // Greedy: the first piece of each line would not have fitted on the line before.
        for (line, next) in zip(lines, lines.dropFirst()) {
            #expect(line.unicodeScalars.count + 1 + next.unicodeScalars.count - 4 > 80, "\(line)\n\(next)")
        }
        let unwrapped = lines.first! + lines.dropFirst().map { " " + $0.dropFirst(4) }.joined()
        #expect(unwrapped.hasPrefix("final: home > detail(id: \"a > b\")"))
        // Unwrapped, it is the whole screen, nothing left out: the stack the same walk reports in JSON.
        let json = try runFlowctl(["simulate", file, "--random", "300", "--seed", "1", "--max-depth", "5000", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let stack = try #require(object["stack"] as? String)
        #expect(unwrapped == "final: " + stack)
        #expect(!unwrapped.contains("…"))
    }
}
