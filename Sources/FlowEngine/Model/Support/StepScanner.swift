/// A tiny scanner over one script line: identifiers, punctuation, string
/// and number literals, with spaces skipped between tokens.
package struct StepScanner {
    package private(set) var rest: Substring

    package init(_ text: Substring) { rest = text }

    /// Whether only spaces are left.
    package var atEnd: Bool { rest.allSatisfy { $0 == " " || $0 == "\t" } }

    /// Whether a string literal comes next.
    package var startsString: Bool { rest.first(where: { $0 != " " && $0 != "\t" }) == "\"" }

    package mutating func spaces() {
        while let f = rest.first, f == " " || f == "\t" { rest = rest.dropFirst() }
    }

    package mutating func identifier() -> String? {
        spaces()
        guard let first = rest.unicodeScalars.first, first == "_" || isLetter(first) else { return nil }
        let name = rest.unicodeScalars.prefix { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
        rest = rest.dropFirst(name.count)
        return String(String.UnicodeScalarView(name))
    }

    /// `route` or `Flow.route`.
    package mutating func qualifiedName() -> String? {
        guard let first = identifier() else { return nil }
        guard rest.first == "." else { return first }
        let mark = rest
        rest = rest.dropFirst()
        if let second = identifier() { return first + "." + second }
        rest = mark
        return first
    }

    package mutating func consume(_ text: String) -> Bool {
        spaces()
        guard rest.hasPrefix(text) else { return false }
        rest = rest.dropFirst(text.count)
        return true
    }

    package mutating func value() -> Value? {
        spaces()
        if rest.first == "\"" { return stringLiteral().map(Value.string) }
        if let word = identifier() {
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        }
        let number = rest.prefix { $0 == "-" || $0 == "." || $0.isASCII && $0.isNumber }
        guard !number.isEmpty else { return nil }
        rest = rest.dropFirst(number.count)
        if let int = Int(number) { return .int(int) }
        if number.contains("."), let double = Double(number), double.isFinite { return .double(double) }
        return nil
    }

    /// `"..."` with the flow language's escapes.
    package mutating func stringLiteral() -> String? {
        spaces()
        guard rest.first == "\"" else { return nil }
        var scalars = rest.unicodeScalars.dropFirst()
        var out = String.UnicodeScalarView()
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            if c == "\"" {
                rest = Substring(scalars)
                return String(out)
            }
            guard c == "\\" else {
                out.append(c)
                continue
            }
            guard let e = scalars.first else { return nil }
            scalars = scalars.dropFirst()
            switch e {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "\"", "\\": out.append(e)
            case "u":
                guard scalars.first == "{", let close = scalars.firstIndex(of: "}") else { return nil }
                let hex = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close]))
                guard (1...8).contains(hex.count), let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                out.append(scalar)
                scalars = scalars[scalars.index(after: close)...]
            default:
                return nil
            }
        }
        return nil
    }

    private func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
}
