/// Parsing of link patterns (`scheme://host/seg/:name/*rest?key=:name&opt=:name?#key=:name`)
/// and the URL splitting that matching shares with it.
extension LinkPattern {
    /// Why a pattern is malformed (F301).
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// Parses `text`, interning capture names into `symbols`.
    public static func parse(_ text: String, symbols: inout SymbolTable) -> Result<LinkPattern, Problem> {
        let parts: URLParts
        switch URLParts.split(text) {
        case .success(let split): parts = split
        case .failure(let problem): return .failure(problem)
        }
        var pattern = LinkPattern(scheme: parts.scheme, segments: [], query: [])
        var captured = Set<String>()
        func capture(_ raw: Substring, _ sigil: Character) -> Result<Symbol, Problem> {
            let name = raw.dropFirst()
            guard isIdentifier(name) else {
                return .failure(Problem(message: "capture '\(sigil)\(name)' needs a name made of letters, digits and '_'"))
            }
            guard captured.insert(String(name)).inserted else {
                return .failure(Problem(message: "capture '\(sigil)\(name)' appears more than once"))
            }
            return .success(symbols.intern(String(name)))
        }
        for (i, segment) in parts.segments.enumerated() {
            if segment.hasPrefix(":") {
                switch capture(segment, ":") {
                case .success(let symbol): pattern.segments.append(.capture(symbol))
                case .failure(let problem): return .failure(problem)
                }
            } else if segment.hasPrefix("*") {
                // (v2) A rest capture takes every segment from here on: nothing may follow it.
                guard i == parts.segments.count - 1 else {
                    return .failure(Problem(message: "rest capture '\(segment)' must be the last segment"))
                }
                switch capture(segment, "*") {
                case .success(let symbol): pattern.segments.append(.rest(symbol))
                case .failure(let problem): return .failure(problem)
                }
            } else {
                guard let literal = percentDecode(segment) else {
                    return .failure(Problem(message: "bad percent-escape in '\(segment)'"))
                }
                pattern.segments.append(.literal(literal))
            }
        }
        func items(_ raw: [Substring], _ what: String) -> Result<[QueryItem], Problem> {
            var keys = Set<String>()
            var items: [QueryItem] = []
            for item in raw {
                let shape = Problem(message: "\(what) item '\(item)' must be key=:name, or key=:name? when optional")
                guard let eq = item.firstIndex(of: "=") else { return .failure(shape) }
                let key = item[..<eq]
                var value = item[item.index(after: eq)...]
                let isOptional = value.hasSuffix("?")
                if isOptional { value = value.dropLast() }
                guard !key.isEmpty, value.hasPrefix(":") else { return .failure(shape) }
                guard keys.insert(String(key)).inserted else {
                    return .failure(Problem(message: "\(what) key '\(key)' appears more than once"))
                }
                switch capture(value, ":") {
                case .success(let symbol): items.append(QueryItem(key: String(key), capture: symbol, isOptional: isOptional))
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(items)
        }
        switch items(parts.query, "query") {
        case .success(let query): pattern.query = query
        case .failure(let problem): return .failure(problem)
        }
        switch items(parts.fragment, "fragment") {
        case .success(let fragment): pattern.fragment = fragment
        case .failure(let problem): return .failure(problem)
        }
        return .success(pattern)
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || ASCII.isLetter(first) else { return false }
        return text.utf8.allSatisfy(ASCII.isIdentifierByte)
    }

    /// Decodes `%XX` escapes; nil if an escape is malformed or the result is not UTF-8.
    public static func percentDecode(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var out: [UInt8] = []
        var bytes = text.utf8.makeIterator()
        while let b = bytes.next() {
            guard b == UInt8(ascii: "%") else {
                out.append(b)
                continue
            }
            guard let h = bytes.next(), let l = bytes.next(), let hi = ASCII.hexValue(h), let lo = ASCII.hexValue(l) else { return nil }
            out.append(hi << 4 | lo)
        }
        return String(validating: out, as: UTF8.self)
    }
}

/// A URL or pattern split into scheme, host-and-path segments, query
/// items and (v2) fragment items.
public struct URLParts: Sendable, Equatable {
    public var scheme: String
    /// The host, then each path segment (still percent-encoded).
    public var segments: [Substring]
    /// `key=value` items (still percent-encoded).
    public var query: [Substring]
    /// `key=value` items after `#`, split at `&` like the query (still percent-encoded).
    public var fragment: [Substring] = []

    /// Splits `text`; a single trailing slash is ignored.
    public static func split(_ text: String) -> Result<URLParts, LinkPattern.Problem> {
        guard let separator = schemeSeparator(text) else {
            return .failure(.init(message: "'\(text.prefix(40))' has no scheme; expected scheme://host/..."))
        }
        let scheme = text[..<separator]
        guard let first = scheme.utf8.first, ASCII.isLetter(first), scheme.utf8.allSatisfy(isSchemeByte) else {
            return .failure(.init(message: "scheme '\(scheme.prefix(40))' must be a letter followed by letters, digits, '+', '-' or '.'"))
        }
        var rest = text[text.utf8.index(separator, offsetBy: 3)...]
        if let bad = rest.utf8.firstIndex(where: isForbiddenByte) {
            let byte = rest.utf8[bad]
            return .failure(.init(message: "character \(byte <= 0x20 || byte == 0x7F ? "U+\(String(byte, radix: 16, uppercase: true))" : "'\(Character(Unicode.Scalar(byte)))'") is not allowed in a link"))
        }
        // (v2) The fragment: everything after the first '#', items as in a query.
        var fragment: [Substring] = []
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            let after = rest[rest.utf8.index(after: hash)...]
            guard !after.utf8.contains(UInt8(ascii: "#")) else { return .failure(.init(message: "a link has at most one '#'")) }
            fragment = split(after, at: UInt8(ascii: "&"), omittingEmpty: true)
            rest = rest[..<hash]
        }
        var query: [Substring] = []
        if let q = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = split(rest[rest.utf8.index(after: q)...], at: UInt8(ascii: "&"), omittingEmpty: true)
            rest = rest[..<q]
        }
        var segments = split(rest, at: UInt8(ascii: "/"), omittingEmpty: false)
        if segments.count > 1, segments.last?.isEmpty == true { segments.removeLast() }
        guard let host = segments.first, !host.isEmpty else {
            return .failure(.init(message: "missing host after '\(scheme)://'"))
        }
        if segments.contains(where: { $0.isEmpty }) {
            return .failure(.init(message: "empty path segment ('//')"))
        }
        return .success(URLParts(scheme: scheme.lowercased(), segments: segments, query: query, fragment: fragment))
    }

    /// `text` split at each `byte` (an ASCII delimiter, so every piece
    /// starts and ends on a character boundary), by its UTF-8 bytes.
    static func split(_ text: Substring, at byte: UInt8, omittingEmpty: Bool) -> [Substring] {
        var pieces: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            if utf8[i] == byte {
                if !omittingEmpty || start != i { pieces.append(text[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if !omittingEmpty || start != utf8.endIndex { pieces.append(text[start...]) }
        return pieces
    }

    /// A control byte, space, DEL, or one of `"<>\^`{|}`: never in a link.
    private static func isForbiddenByte(_ b: UInt8) -> Bool {
        switch b {
        case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
             UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"): true
        default: false
        }
    }

    /// The index of the first "://".
    private static func schemeSeparator(_ text: String) -> String.Index? {
        let utf8 = text.utf8
        var i = utf8.startIndex
        while i != utf8.endIndex {
            if utf8[i] == UInt8(ascii: ":") {
                let a = utf8.index(after: i)
                if a != utf8.endIndex, utf8[a] == UInt8(ascii: "/") {
                    let b = utf8.index(after: a)
                    if b != utf8.endIndex, utf8[b] == UInt8(ascii: "/") { return i }
                }
            }
            i = utf8.index(after: i)
        }
        return nil
    }

    private static func isSchemeByte(_ b: UInt8) -> Bool {
        ASCII.isLetter(b) || ASCII.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }
}

extension LinkPattern {
    /// (docs/language.md#deep-links) Whether this pattern wins
    /// over `other` when both match a URL: at the first segment where their
    /// kinds differ, a literal beats a capture beats a rest capture; then
    /// the one that requires more query and fragment items. Any pattern
    /// beats `link default`. Equal shapes are not more specific.
    public func isMoreSpecific(than other: LinkPattern) -> Bool {
        if isDefault || other.isDefault { return other.isDefault && !isDefault }
        for (mine, theirs) in zip(segments, other.segments) where mine.specificity != theirs.specificity {
            return mine.specificity > theirs.specificity
        }
        return requiredItemCount > other.requiredItemCount
    }
}
