import FlowAnalysis
import FlowModel
import FlowRuntime

/// A scenario script (docs/simulate.md): one step a line, `#` starts a comment.
///
///     getStarted                 # send an event
///     send back                  # an event named like a command
///     select(id: "42")           # an event with arguments
///     back                       # the implicit back
///     open "shop://product/42"   # a deep link (open(id: 1) is an event)
///     assume loggedIn            # set a guard (assume !loggedIn clears it)
///     tab Settings               # the user taps a tab (v1; tab(x: 1) is an event)
///     expect top login           # the active route (Flow.route also accepted)
///     expect stack a > b | sheet: c
///     expect tab Search
///     expect error               # the previous step was rejected
public struct ScenarioScript: Sendable {
    /// One step and the line it came from.
    public struct Line: Sendable {
        package var number: Int
        public var text: String
        public var step: Step

        package init(number: Int, text: String, step: Step) {
            self.number = number
            self.text = text
            self.step = step
        }
    }

    /// What a line asks for.
    public enum Step: Sendable, Equatable {
        case send(String, [String: Value])
        case back
        case open(String)
        case assume(String, Bool)
        /// The user taps the tab of this flow (docs/language.md#how-a-program-runs "Tab taps").
        case tab(String)
        case expectTop(String)
        case expectStack(ExpectedStack)
        case expectTab(String)
        case expectError
    }

    /// A line that does not parse.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
        package init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    public var lines: [Line]

    /// The guards set by the `assume` steps that come before every other
    /// step (docs/simulate.md, v1): they are in force when the entry starts. A
    /// guard cleared later in that run (`assume !g`) is not set.
    public static func leadingGuards(_ lines: [Line]) -> [String] {
        var guards: [String] = []
        for line in lines {
            guard case .assume(let name, let value) = line.step else { break }
            guards.removeAll { $0 == name }
            if value { guards.append(name) }
        }
        return guards
    }

    /// Parses a whole script; every bad line is reported.
    public static func parse(_ text: String) -> (script: ScenarioScript, errors: [ParseError]) {
        var lines: [Line] = []
        var errors: [ParseError] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let content = stripComment(raw).trimmingSpaces
            guard !content.isEmpty else { continue }
            switch parseStep(content) {
            case .success(let step): lines.append(Line(number: number, text: String(content), step: step))
            case .failure(let message): errors.append(ParseError(line: number, message: message.text))
            }
        }
        return (ScenarioScript(lines: lines), errors)
    }

    /// Parses one step, as `-e` gives it (surrounding whitespace ignored).
    package static func parseStep(_ text: Substring) -> Result<Step, Message> {
        let text = text.trimmingSpaces
        var scanner = StepScanner(text)
        guard let word = scanner.identifier() else { return .failure(Message("expected an event or a command, found '\(text.prefix(30))'")) }
        switch word {
        case "send":
            guard let name = scanner.identifier() else { return .failure(Message("expected an event name after 'send'")) }
            return event(name, &scanner)
        case "back" where scanner.atEnd:
            return .success(.back)
        case "open" where scanner.startsString:
            guard let url = scanner.stringLiteral(), scanner.atEnd else { return .failure(Message("expected a quoted URL after 'open': open \"scheme://...\"")) }
            return .success(.open(url))
        case "assume":
            let negated = scanner.consume("!")
            guard let name = scanner.identifier(), scanner.atEnd else { return .failure(Message("expected a guard name after 'assume'")) }
            return .success(.assume(name, !negated))
        case "tab":
            // `tab Settings` taps a tab; `tab` alone or `tab(x: 1)` is an event named tab.
            var probe = scanner
            if let flow = probe.identifier(), probe.atEnd { return .success(.tab(flow)) }
            return event(word, &scanner)
        case "expect":
            return expectation(&scanner)
        default:
            return event(word, &scanner)
        }
    }

    private static func event(_ name: String, _ scanner: inout StepScanner) -> Result<Step, Message> {
        var arguments: [String: Value] = [:]
        if scanner.consume("(") {
            repeat {
                guard let key = scanner.identifier() else { return .failure(Message("expected an argument name in '\(name)(...)'")) }
                guard scanner.consume(":") else { return .failure(Message("expected ':' after argument '\(key)'")) }
                guard let value = scanner.value() else { return .failure(Message("expected a value for '\(key)' (a string, number, true or false)")) }
                guard arguments.updateValue(value, forKey: key) == nil else { return .failure(Message("argument '\(key)' is given twice")) }
            } while scanner.consume(",")
            guard scanner.consume(")") else { return .failure(Message("expected ')' to close the arguments of '\(name)'")) }
        }
        guard scanner.atEnd else { return .failure(Message("unexpected '\(scanner.rest.prefix(20))' after event '\(name)'")) }
        return .success(.send(name, arguments))
    }

    private static func expectation(_ scanner: inout StepScanner) -> Result<Step, Message> {
        guard let kind = scanner.identifier() else { return .failure(Message("expected 'top', 'stack', 'tab' or 'error' after 'expect'")) }
        switch kind {
        case "error" where scanner.atEnd:
            return .success(.expectError)
        case "top", "tab":
            guard let name = scanner.qualifiedName(), scanner.atEnd else { return .failure(Message("expected a route name after 'expect \(kind)'")) }
            return .success(kind == "top" ? .expectTop(name) : .expectTab(name))
        case "stack":
            switch ExpectedStack.parse(scanner.rest) {
            case .success(let stack): return .success(.expectStack(stack))
            case .failure(let error): return .failure(Message(error.text))
            }
        default:
            return .failure(Message("expected 'top', 'stack', 'tab' or 'error' after 'expect', found '\(kind)'"))
        }
    }

    /// The line without its `#` comment (a `#` inside a string is kept).
    static func stripComment(_ line: Substring) -> Substring {
        var inString = false
        var escaped = false
        for index in line.indices {
            let c = line[index]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "#" {
                return line[..<index]
            }
        }
        return line
    }

    /// An error message of a step.
    package struct Message: Error, Sendable, Equatable {
        public var text: String
        package init(_ text: String) { self.text = text }
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs and line breaks.
    package var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\r" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s = s.dropLast() }
        return s
    }
}
