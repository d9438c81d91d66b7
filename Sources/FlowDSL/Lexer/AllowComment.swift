import FlowModel

/// A line comment `// flowctl:allow F205, F201 -- reason` (docs/diagnostics.md, v1),
/// as the lexer found it: the warnings it allows on its line, or on the
/// next line when it stands alone on its own.
///
/// The lexer reads it on bytes while skipping the comment, so finding allows
/// costs one byte comparison per line comment that is not one. Only a line
/// comment whose text starts (after spaces) with `flowctl:` is a directive;
/// `/* flowctl:allow F205 */`, an allow inside a block comment, and a
/// commented-out `// // flowctl:allow F205` are ordinary comments.
///
/// The form is `flowctl:allow`, a space, codes separated by commas, then
/// optionally `--` and a reason. What the comment gets wrong is recorded in
/// `problems` (each becomes an F401 finding at the comment) and the rest of
/// it still applies: a code that is not in the catalogue, an error code
/// (errors cannot be allowed), F401 itself, a code named twice, no code at
/// all, text after a code that is neither `,` nor `--`, and a directive
/// other than `allow` (`flowctl:alow`).
package struct AllowComment: Hashable, Sendable {
    /// The comment, from `//` to the end of its line (without a `\r`).
    package var span: SourceSpan
    /// Whether no token precedes the comment on its line: it then allows
    /// the findings of the next line.
    package var standsAlone: Bool
    /// The warnings it allows, in the order written, each once.
    package var codes: [DiagnosticCode]
    /// F401 messages: why a part of the comment allows nothing.
    public var problems: [String]

    package init(span: SourceSpan, standsAlone: Bool, codes: [DiagnosticCode], problems: [String] = []) {
        self.span = span
        self.standsAlone = standsAlone
        self.codes = codes
        self.problems = problems
    }

    /// Reads the line comment `bytes[start..<end]` (from its `//`), or
    /// returns nil when it is not a `flowctl:` directive.
    /// - Complexity: O(end - start).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, file: Int32, standsAlone: Bool) -> AllowComment? {
        var end = end
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var position = skipBlanks(bytes, start + 2, end)
        guard matches(bytes, position, end, "flowctl:") else { return nil }
        position += 8
        var allow = AllowComment(span: SourceSpan(file: file, start: Int32(start), end: Int32(end)),
                                 standsAlone: standsAlone, codes: [])
        let directiveEnd = wordEnd(bytes, position, end)
        // `// flowctl: a remark` is prose, not a directive.
        guard directiveEnd > position else { return nil }
        guard directiveEnd - position == 5, matches(bytes, position, end, "allow") else {
            allow.problems.append("unknown directive 'flowctl:\(text(bytes, position, directiveEnd))'; the only one is 'flowctl:allow'")
            return allow
        }
        position = skipBlanks(bytes, directiveEnd, end)
        var afterComma = false
        while true {
            let wordStart = position
            let wordStop = wordEnd(bytes, wordStart, end)
            if wordStart == wordStop || matches(bytes, wordStart, wordStop, "--") {
                if afterComma {
                    allow.problems.append("expected a code after ',' in the allow")
                } else {
                    allow.problems.append("the allow names no code; write '// flowctl:allow F205', codes separated by commas")
                }
                return allow
            }
            allow.add(code: text(bytes, wordStart, wordStop))
            position = skipBlanks(bytes, wordStop, end)
            guard position < end else { return allow }
            if bytes[position] == UInt8(ascii: ",") {
                position = skipBlanks(bytes, position + 1, end)
                afterComma = true
                continue
            }
            if matches(bytes, position, end, "--") { return allow }
            let found = text(bytes, position, wordEnd(bytes, position, end))
            allow.problems.append("expected ',' or '-- reason' after \(text(bytes, wordStart, wordStop)), found '\(found)'")
            return allow
        }
    }

    /// Records one code as written: a warning of the catalogue, or a problem.
    private mutating func add(code word: String) {
        guard let code = DiagnosticCode(rawValue: word) else {
            report("'\(word)' is not a diagnostic code")
            return
        }
        if code.severity == .error {
            report("\(word) is an error; only warnings can be allowed")
        } else if code == .unusedAllow {
            report("F401 cannot be allowed; remove the allow that suppresses nothing")
        } else if codes.contains(code) {
            report("\(word) is named twice")
        } else {
            codes.append(code)
        }
    }

    /// Records a problem once, however often the comment repeats it.
    private mutating func report(_ problem: String) {
        if !problems.contains(problem) { problems.append(problem) }
    }

    private static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var position = from
        while position < end, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
        return position
    }

    /// The end of the word at `from`: up to a blank or a comma.
    private static func wordEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var position = from
        while position < end {
            let b = bytes[position]
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: ",") { break }
            position += 1
        }
        return position
    }

    /// Whether `bytes[from..<end]` starts with `literal`.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - from >= count else { return false }
        let l = literal.utf8Start
        for i in 0..<count where bytes[from + i] != l[i] { return false }
        return true
    }

    /// A word for a message, shortened when long (invalid UTF-8 shows as U+FFFD).
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        Diagnostic.quoted(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self))
    }
}
