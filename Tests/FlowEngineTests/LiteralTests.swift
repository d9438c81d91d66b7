import FlowEngine
import FlowModel
import Testing

/// `Navigator.literal`: how scripts, traces and paths write a value.
@Suite("Literals of the flow language")
struct LiteralTests {
    @Test("a string is quoted, with quotes, backslashes and control characters escaped", arguments: [
        ("shop://product/1", #""shop://product/1""#),
        ("", #""""#),
        ("café ☕︎ 👩‍💻", #""café ☕︎ 👩‍💻""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"a\b"#, #""a\\b""#),
        ("one\ntwo\tthree", #""one\ntwo\tthree""#),
        ("bell\u{7}\r\u{1F}é", #""bell\u{7}\u{d}\u{1f}é""#),
    ])
    func quotesStrings(text: String, literal: String) {
        #expect(Navigator.literal(.string(text)) == literal)
    }

    @Test("numbers and booleans are written as Swift writes them")
    func writesOtherValues() {
        #expect(Navigator.literal(.int(-42)) == "-42")
        #expect(Navigator.literal(.double(1.5)) == "1.5")
        #expect(Navigator.literal(.bool(true)) == "true")
    }
}
