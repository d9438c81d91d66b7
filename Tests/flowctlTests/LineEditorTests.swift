import FlowEngine
@testable import flowctl
import Testing

/// Feeds `input`'s bytes to `editor`; returns what it wrote (as text) and
/// the outcomes other than `.editing`.
private func type(_ editor: inout LineEditor, _ input: String) -> (output: String, outcomes: [LineEditor.Outcome]) {
    type(&editor, Array(input.utf8))
}

private func type(_ editor: inout LineEditor, _ bytes: [UInt8]) -> (output: String, outcomes: [LineEditor.Outcome]) {
    var output: [UInt8] = []
    var outcomes: [LineEditor.Outcome] = []
    for byte in bytes {
        let reaction = editor.feed(byte)
        output += reaction.output
        if reaction.outcome != .editing { outcomes.append(reaction.outcome) }
    }
    return (String(decoding: output, as: UTF8.self), outcomes)
}

/// A fresh editor with `text` typed (the cursor at its end).
private func editor(_ text: String = "", columns: Int = 80) -> LineEditor {
    var editor = LineEditor(prompt: "> ", columns: columns)
    _ = editor.begin()
    _ = type(&editor, text)
    return editor
}

private func text(_ editor: LineEditor) -> String { String(String.UnicodeScalarView(editor.line)) }

/// The redraw of a line: `\r`, the prompt and `visible`, erase to the end, the cursor at `column`.
private func redraw(_ visible: String, column: Int) -> String {
    "\r> \(visible)\u{1B}[K\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
}

@Suite("Line editor: keys")
struct LineEditorKeyTests {
    @Test("begin writes the prompt; typing at the end of a line that fits writes the character alone")
    func typing() {
        var e = LineEditor(prompt: "> ")
        #expect(e.begin() == Array("> ".utf8))
        let typed = type(&e, "go")
        #expect(typed.output == "go")
        #expect(typed.outcomes == [])
        #expect(text(e) == "go")
        #expect(e.cursor == 2)
    }

    @Test("Enter submits the line, writes a newline and starts an empty one", arguments: ["\r", "\n"])
    func enter(key: String) {
        var e = editor("go")
        let typed = type(&e, key)
        #expect(typed.output == "\n")
        #expect(typed.outcomes == [.submitted("go")])
        #expect(e.line.isEmpty)
        #expect(e.cursor == 0)
        #expect(e.history == ["go"])
    }

    @Test("Left and Right move one scalar and redraw; at either end they do nothing", arguments: [
        ("\u{1B}[D", "\u{1B}[C"), ("\u{1B}OD", "\u{1B}OC"), ("\u{02}", "\u{06}"),
    ])
    func leftRight(left: String, right: String) {
        var e = editor("go")
        #expect(type(&e, left).output == redraw("go", column: 3))
        #expect(e.cursor == 1)
        #expect(type(&e, left).output == redraw("go", column: 2))
        #expect(type(&e, left).output == "")
        #expect(e.cursor == 0)
        #expect(type(&e, right).output == redraw("go", column: 3))
        #expect(type(&e, right).output == redraw("go", column: 4))
        #expect(type(&e, right).output == "")
        #expect(e.cursor == 2)
    }

    @Test("Home and End, in every form terminals send", arguments: [
        ("\u{01}", "\u{05}"), ("\u{1B}[H", "\u{1B}[F"), ("\u{1B}OH", "\u{1B}OF"),
        ("\u{1B}[1~", "\u{1B}[4~"), ("\u{1B}[7~", "\u{1B}[8~"), ("\u{1B}[1H", "\u{1B}[1F"),
    ])
    func homeEnd(home: String, end: String) {
        var e = editor("select")
        #expect(type(&e, home).output == redraw("select", column: 2))
        #expect(e.cursor == 0)
        #expect(type(&e, home).output == "")
        #expect(type(&e, end).output == redraw("select", column: 8))
        #expect(e.cursor == 6)
    }

    @Test("typing in the middle inserts at the cursor and redraws")
    func insertInMiddle() {
        var e = editor("gt")
        _ = type(&e, "\u{1B}[D")
        #expect(type(&e, "o").output == redraw("got", column: 4))
        #expect(text(e) == "got")
        #expect(e.cursor == 2)
    }

    @Test("Backspace (DEL or Ctrl-H) deletes before the cursor; at the start it does nothing", arguments: ["\u{7F}", "\u{08}"])
    func backspace(key: String) {
        var e = editor("back")
        #expect(type(&e, key).output == redraw("bac", column: 5))
        _ = type(&e, "\u{01}")
        #expect(type(&e, key).output == "")
        #expect(text(e) == "bac")
        _ = type(&e, "\u{06}\u{06}")
        #expect(type(&e, key).output == redraw("bc", column: 3))
        #expect(e.cursor == 1)
    }

    @Test("Delete deletes under the cursor; at the end it does nothing")
    func delete() {
        var e = editor("back")
        #expect(type(&e, "\u{1B}[3~").output == "")
        _ = type(&e, "\u{01}")
        #expect(type(&e, "\u{1B}[3~").output == redraw("ack", column: 2))
        #expect(text(e) == "ack")
        #expect(e.cursor == 0)
    }

    @Test("Ctrl-U deletes to the start of the line, Ctrl-K to its end")
    func killLine() {
        var e = editor("open \"x\"")
        _ = type(&e, "\u{1B}[D\u{1B}[D\u{1B}[D")
        #expect(type(&e, "\u{15}").output == redraw("\"x\"", column: 2))
        #expect(text(e) == "\"x\"")
        #expect(type(&e, "\u{15}").output == "")
        _ = type(&e, "\u{06}")
        #expect(type(&e, "\u{0B}").output == redraw("\"", column: 3))
        #expect(type(&e, "\u{0B}").output == "")
        #expect(text(e) == "\"")
    }

    @Test("Ctrl-W deletes the word before the cursor and the spaces after it", arguments: [
        ("expect top login", 16, "expect top ", 11),
        ("expect top login  ", 18, "expect top ", 11),
        ("expect top login", 10, "expect  login", 7),
        ("select(id: \"4 2\")", 17, "select(id: \"4 ", 14),
        ("  go", 4, "  ", 2),
    ])
    func killWord(line: String, cursor: Int, after: String, cursorAfter: Int) {
        var e = editor(line)
        for _ in cursor..<line.unicodeScalars.count { _ = type(&e, "\u{02}") }
        _ = type(&e, "\u{17}")
        #expect(text(e) == after)
        #expect(e.cursor == cursorAfter)
    }

    @Test("Ctrl-W at the start of the line does nothing")
    func killWordAtStart() {
        var e = editor("go")
        _ = type(&e, "\u{01}")
        #expect(type(&e, "\u{17}").output == "")
        #expect(text(e) == "go")
    }

    @Test("Ctrl-D on an empty line ends the input; on a line it deletes under the cursor")
    func controlD() {
        var e = editor("go")
        #expect(type(&e, "\u{04}").output == "")
        #expect(text(e) == "go")
        _ = type(&e, "\u{01}")
        #expect(type(&e, "\u{04}").output == redraw("o", column: 2))
        _ = type(&e, "\u{04}")
        let end = type(&e, "\u{04}")
        #expect(end.outcomes == [.endOfInput])
        #expect(end.output == "\n")
    }

    @Test("Ctrl-C abandons the line: ^C, a new prompt, an empty line, nothing in the history")
    func controlC() {
        var e = editor("bogus")
        let typed = type(&e, "\u{03}")
        #expect(typed.output == "^C\n> ")
        #expect(typed.outcomes == [])
        #expect(e.line.isEmpty)
        #expect(e.history.isEmpty)
        _ = type(&e, "bogus\u{02}\u{02}")
        #expect(type(&e, "\u{03}").output == redraw("bogus", column: 7) + "^C\n> ")
    }

    @Test("control characters that are no key, and Tab, are ignored")
    func ignoredControls() {
        var e = editor("go")
        #expect(type(&e, "\u{00}\u{07}\t\u{0C}\u{11}\u{13}\u{1A}\u{1C}\u{1F}").output == "")
        #expect(text(e) == "go")
    }
}

@Suite("Line editor: history")
struct LineEditorHistoryTests {
    @Test("Up recalls submitted lines, newest first; Down comes back to the line being typed")
    func upDown() {
        var e = editor()
        _ = type(&e, "ready\rgetStarted\rbac")
        #expect(e.history == ["ready", "getStarted"])
        #expect(type(&e, "\u{1B}[A").output == redraw("getStarted", column: 12))
        #expect(type(&e, "\u{10}").output == redraw("ready", column: 7))
        #expect(type(&e, "\u{1B}OA").output == "")
        #expect(type(&e, "\u{1B}[B").output == redraw("getStarted", column: 12))
        #expect(type(&e, "\u{0E}").output == redraw("bac", column: 5))
        #expect(type(&e, "\u{1B}OB").output == "")
        #expect(text(e) == "bac")
    }

    @Test("an edited history line keeps its edit while browsing; the history itself does not change")
    func editedCopies() {
        var e = editor()
        _ = type(&e, "ready\rgetStrated\r")
        _ = type(&e, "\u{1B}[A\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}arted")
        #expect(text(e) == "getStarted")
        _ = type(&e, "\u{1B}[A")
        #expect(text(e) == "ready")
        _ = type(&e, "\u{1B}[B")
        #expect(text(e) == "getStarted")
        #expect(type(&e, "\r").outcomes == [.submitted("getStarted")])
        #expect(e.history == ["ready", "getStrated", "getStarted"])
        _ = type(&e, "\u{1B}[A\u{1B}[A")
        #expect(text(e) == "getStrated")
    }

    @Test("blank lines and a repeat of the line before are not remembered")
    func notRemembered() {
        var e = editor()
        _ = type(&e, "\r  \rback\rback\rready\rback\r")
        #expect(e.history == ["back", "ready", "back"])
    }

    @Test("the history keeps its last historyLimit lines")
    func limit() {
        var e = LineEditor(prompt: "> ", historyLimit: 2)
        _ = e.begin()
        _ = type(&e, "a\rb\rc\r")
        #expect(e.history == ["b", "c"])
        var none = LineEditor(prompt: "> ", historyLimit: 0)
        _ = type(&none, "a\r")
        #expect(none.history == [])
        #expect(type(&none, "\u{1B}[A").output == "")
    }

    @Test("Ctrl-C forgets the browsing: Up starts again from the newest line")
    func interruptResetsBrowsing() {
        var e = editor()
        _ = type(&e, "a\rb\r\u{1B}[A\u{1B}[A\u{03}\u{1B}[A")
        #expect(text(e) == "b")
    }
}

@Suite("Line editor: UTF-8 and escape sequences")
struct LineEditorDecodingTests {
    @Test("a multi-byte character is one cursor unit", arguments: ["é", "€", "🧭", "日"])
    func multiByte(character: String) {
        var e = editor()
        let typed = type(&e, "a\(character)b")
        #expect(typed.output == "a\(character)b")
        #expect(e.line.count == 3)
        _ = type(&e, "\u{1B}[D")
        #expect(e.cursor == 2)
        #expect(type(&e, "\u{7F}").output == redraw("ab", column: 3))
        #expect(text(e) == "ab")
        #expect(type(&e, "\r").outcomes == [.submitted("ab")])
    }

    @Test("invalid UTF-8 becomes U+FFFD, one per maximal invalid part, and the next byte still counts", arguments: [
        ([0xC3, 0x61], "\u{FFFD}a"),               // a cut 2-byte sequence, then 'a'
        ([0xE2, 0x82, 0x0D], "\u{FFFD}"),          // cut before Enter: Enter still submits
        ([0xFF, 0xFE], "\u{FFFD}\u{FFFD}"),
        ([0x80], "\u{FFFD}"),                      // a stray continuation byte
        ([0xC0, 0x80], "\u{FFFD}\u{FFFD}"),        // overlong NUL
        ([0xE0, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),  // overlong
        ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),  // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),  // past U+10FFFF
        ([0xF0, 0x9F, 0xA7, 0x1B, 0x5B, 0x44], "\u{FFFD}"),  // cut by an arrow, which still moves
        ([0xC2, 0x85], ""),                        // NEL, a C1 control: ignored
    ] as [([UInt8], String)])
    func invalid(bytes: [UInt8], expected: String) {
        var e = editor()
        _ = type(&e, bytes)
        let line = e.line.isEmpty ? (e.history.last ?? "") : text(e)
        #expect(line == expected)
    }

    @Test("an escape sequence split across reads decodes the same; a cut one lets the next key through")
    func splitSequences() {
        var e = editor("go")
        var output = ""
        for byte in Array("\u{1B}[D".utf8) { output += String(decoding: e.feed(byte).output, as: UTF8.self) }
        #expect(output == redraw("go", column: 3))
        _ = type(&e, "\u{1B}[")
        #expect(type(&e, "\r").outcomes == [.submitted("go")])
        _ = type(&e, "x\u{1B}")
        #expect(type(&e, "\u{7F}").output == redraw("", column: 2))
    }

    @Test("sequences that are no editing key are consumed whole and ignored", arguments: [
        "\u{1B}[1;5C", "\u{1B}[2~", "\u{1B}[5~", "\u{1B}[200~", "\u{1B}OP", "\u{1B}[15;2~", "\u{1B}b", "\u{1B}\u{1B}[Z",
        "\u{1B}[" + String(repeating: "9", count: 40) + "~", "\u{1B}[" + String(repeating: "1", count: 17) + "A",
        "\u{1B}[?1;2c", "\u{1B}O\u{1B}OC",
    ])
    func ignoredSequences(sequence: String) {
        var e = editor("go")
        #expect(type(&e, sequence).output == "")
        #expect(text(e) == "go")
        #expect(e.cursor == 2)
        #expect(type(&e, "!").output == "!")
    }
}

@Suite("Line editor: drawing")
struct LineEditorDrawingTests {
    @Test("a line longer than the row scrolls to keep the cursor in view, the last column free")
    func scrolling() {
        var e = LineEditor(prompt: "> ", columns: 10)
        _ = e.begin()
        #expect(type(&e, "abcdefg").output == "abcdefg")
        #expect(type(&e, "h").output == redraw("bcdefgh", column: 9))
        #expect(type(&e, "i").output == redraw("cdefghi", column: 9))
        #expect(type(&e, "\u{01}").output == redraw("abcdefg", column: 2))
        #expect(type(&e, "\u{05}").output == redraw("cdefghi", column: 9))
        #expect(type(&e, "\r").outcomes == [.submitted("abcdefghi")])
    }

    @Test("a width too small for the prompt is widened to the prompt and two columns")
    func tinyWidth() {
        var e = LineEditor(prompt: "> ", columns: 0)
        #expect(e.columns == 4)
        _ = e.begin()
        #expect(type(&e, "a").output == "a")
        #expect(type(&e, "b").output == redraw("b", column: 3))
        e.columns = 1
        #expect(e.columns == 4)
    }
}

@Suite("Line editor: arbitrary input")
struct LineEditorRobustnessTests {
    @Test("arbitrary bytes never trap, and the cursor stays in the line", arguments: 0..<8)
    func arbitraryBytes(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var e = LineEditor(prompt: "> ", columns: 1 + Int(seed) * 11, historyLimit: 5)
        _ = e.begin()
        // Bytes drawn from the ones that matter most often: ESC, '[', 'O', digits, ';', '~', controls, UTF-8 leads.
        let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x31, 0x33, 0x37, 0x3B, 0x7E, 0x41, 0x44, 0x0D, 0x7F, 0x03, 0x04, 0x15, 0x17, 0xC3, 0xE2, 0xF0, 0x80, 0xBF]
        var problems: [String] = []
        for step in 0..<20_000 {
            let r = rng.next()
            let byte = r & 1 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : interesting[Int((r >> 8) % UInt64(interesting.count))]
            let reaction = e.feed(byte)
            if e.cursor < 0 || e.cursor > e.line.count { problems.append("step \(step): cursor \(e.cursor) of \(e.line.count)") }
            if e.line.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { problems.append("step \(step): a control in the line") }
            if case .submitted(let line) = reaction.outcome, line.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                problems.append("step \(step): a control submitted")
            }
        }
        #expect(problems == [])
        #expect(e.history.count <= 5)
    }
}
