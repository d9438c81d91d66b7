/// The line editor of interactive `simulate`: a pure state machine from
/// keys (or the bytes a terminal sends) to a line, a cursor, and the bytes
/// that draw them. It never reads or writes anything itself
/// (`TerminalLineReader` does), so every key is tested without a terminal.
///
/// Keys: printable characters insert at the cursor; Left/Right (Ctrl-B,
/// Ctrl-F), Home/End (Ctrl-A, Ctrl-E), Backspace, Delete, Ctrl-U (delete to
/// the start of the line), Ctrl-K (to the end), Ctrl-W (the word before the
/// cursor, up to whitespace), Up/Down (Ctrl-P, Ctrl-N) through this
/// session's history, Enter submits, Ctrl-D ends the input on an empty line
/// (else deletes under the cursor), Ctrl-C abandons the line (`^C` after
/// it, a new prompt).
///
/// Drawing: the line is one terminal row. Each Unicode scalar counts as one
/// column (a wide or combining character puts the cursor off by its
/// difference). A line longer than the row scrolls sideways so that the
/// cursor stays visible; the last column stays free. Typing at the end of a
/// line that fits writes the character alone; every other change redraws
/// the row: `\r`, the prompt, the visible part, erase to the end of the row
/// (`ESC [ K`), `\r` and the cursor moved right (`ESC [ n C`). A submitted
/// or abandoned line ends with `\n` (raw mode keeps the terminal's output
/// processing, which turns it into a new row).
///
/// History: each submitted line that is not blank and not the same as the
/// one before, at most `historyLimit`. Editing a recalled line edits a copy
/// until the line is submitted or abandoned.
struct LineEditor: Sendable {
    /// What a key did.
    enum Outcome: Hashable, Sendable {
        /// The line is still being edited.
        case editing
        /// Enter: the line (the editor is ready for the next one).
        case submitted(String)
        /// Ctrl-D on an empty line.
        case endOfInput
    }

    /// What a key did, and the bytes that show it.
    struct Reaction: Hashable, Sendable {
        var outcome: Outcome
        var output: [UInt8]
    }

    /// The prompt, drawn before the line.
    let prompt: [Unicode.Scalar]
    /// The terminal's width in columns (at least the prompt and 2).
    var columns: Int {
        didSet { columns = max(columns, prompt.count + 2) }
    }
    /// The most lines the history keeps.
    let historyLimit: Int
    /// The line being edited.
    private(set) var line: [Unicode.Scalar] = []
    /// Where the cursor is: an index into `line` (0 is before the first scalar).
    private(set) var cursor = 0
    /// The submitted lines, oldest first.
    private(set) var history: [String] = []
    /// Which history line is shown: `history.count` for the line being typed.
    private var position = 0
    /// The line being typed while a history line is shown.
    private var draft: [Unicode.Scalar] = []
    /// History lines edited since the last submission, by index.
    private var edited: [Int: [Unicode.Scalar]] = [:]
    private var decoder = KeyDecoder()

    init(prompt: String, columns: Int = 80, historyLimit: Int = 1_000) {
        self.prompt = Array(prompt.unicodeScalars)
        self.columns = max(columns, self.prompt.count + 2)
        self.historyLimit = max(0, historyLimit)
    }

    /// Starts a line: the prompt to write (the line is empty).
    mutating func begin() -> [UInt8] {
        line.removeAll()
        cursor = 0
        position = history.count
        draft.removeAll()
        edited.removeAll()
        return Self.bytes(prompt)
    }

    /// Feeds one byte from the terminal. A byte that completes two keys (a
    /// cut UTF-8 sequence, then its own key) reacts to both; the second is
    /// never Enter-like after the first ends the line, since U+FFFD does not.
    mutating func feed(_ byte: UInt8) -> Reaction {
        var reaction = Reaction(outcome: .editing, output: [])
        for key in decoder.feed(byte) where reaction.outcome == .editing {
            let next = handle(key)
            reaction.outcome = next.outcome
            reaction.output += next.output
        }
        return reaction
    }

    /// Reacts to one key.
    mutating func handle(_ key: Key) -> Reaction {
        switch key {
        case .character(let scalar):
            line.insert(scalar, at: cursor)
            cursor += 1
            // At the end of a line that fits: the character alone.
            if cursor == line.count && prompt.count + line.count < columns {
                return Reaction(outcome: .editing, output: Self.bytes([scalar]))
            }
            return redraw()
        case .enter:
            let text = String(String.UnicodeScalarView(line))
            remember(text)
            _ = begin()
            return Reaction(outcome: .submitted(text), output: [0x0A])
        case .endOfInput:
            if line.isEmpty { return Reaction(outcome: .endOfInput, output: [0x0A]) }
            return delete(at: cursor)
        case .interrupt:
            // `^C` after the whole line, not over its end.
            let shown = cursor < line.count ? move(to: line.count).output : []
            return Reaction(outcome: .editing, output: shown + Array("^C\n".utf8) + begin())
        case .backspace:
            guard cursor > 0 else { return Reaction(outcome: .editing, output: []) }
            cursor -= 1
            return delete(at: cursor)
        case .delete:
            return delete(at: cursor)
        case .left:
            return move(to: cursor - 1)
        case .right:
            return move(to: cursor + 1)
        case .home:
            return move(to: 0)
        case .end:
            return move(to: line.count)
        case .killToStart:
            guard cursor > 0 else { return Reaction(outcome: .editing, output: []) }
            line.removeSubrange(0..<cursor)
            cursor = 0
            return redraw()
        case .killToEnd:
            guard cursor < line.count else { return Reaction(outcome: .editing, output: []) }
            line.removeSubrange(cursor...)
            return redraw()
        case .killWord:
            var start = cursor
            while start > 0 && Self.isSpace(line[start - 1]) { start -= 1 }
            while start > 0 && !Self.isSpace(line[start - 1]) { start -= 1 }
            guard start < cursor else { return Reaction(outcome: .editing, output: []) }
            line.removeSubrange(start..<cursor)
            cursor = start
            return redraw()
        case .up:
            return recall(position - 1)
        case .down:
            return recall(position + 1)
        }
    }

    /// Deletes the scalar at `index`, if there is one.
    private mutating func delete(at index: Int) -> Reaction {
        guard index < line.count else { return Reaction(outcome: .editing, output: []) }
        line.remove(at: index)
        return redraw()
    }

    /// Moves the cursor to `index`, if it is in the line.
    private mutating func move(to index: Int) -> Reaction {
        guard index >= 0, index <= line.count, index != cursor else { return Reaction(outcome: .editing, output: []) }
        cursor = index
        return redraw()
    }

    /// Shows history line `index` (`history.count`: the line being typed).
    private mutating func recall(_ index: Int) -> Reaction {
        guard index >= 0, index <= history.count, index != position else { return Reaction(outcome: .editing, output: []) }
        if position == history.count { draft = line } else { edited[position] = line }
        position = index
        line = index == history.count ? draft : edited[index] ?? Array(history[index].unicodeScalars)
        cursor = line.count
        return redraw()
    }

    /// Adds a submitted line to the history.
    private mutating func remember(_ text: String) {
        guard historyLimit > 0, !text.unicodeScalars.allSatisfy(Self.isSpace), history.last != text else { return }
        history.append(text)
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
    }

    /// The bytes that draw the prompt and the part of the line around the
    /// cursor, and put the terminal's cursor on it.
    private func redraw() -> Reaction {
        let room = columns - prompt.count - 1
        let first = max(0, cursor - room)
        let last = min(line.count, first + room)
        var out: [UInt8] = [0x0D] + Self.bytes(prompt) + Self.bytes(line[first..<last])
        out += Array("\u{1B}[K\r".utf8)
        let column = prompt.count + cursor - first
        if column > 0 { out += Array("\u{1B}[\(column)C".utf8) }
        return Reaction(outcome: .editing, output: out)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    private static func bytes<S: Sequence>(_ scalars: S) -> [UInt8] where S.Element == Unicode.Scalar {
        var out: [UInt8] = []
        for scalar in scalars { out += Array(String(scalar).utf8) }
        return out
    }
}
