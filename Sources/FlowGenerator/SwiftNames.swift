import FlowEngine

/// Turning `.flow` names into Swift names (docs/generated-api.md): lowerCamelCase for
/// flow cases, backticks for keywords, and a trailing `_` for the few names
/// Swift gives a meaning of its own in the place they would go.
enum SwiftNames {
    /// Words that need backticks to be an identifier (contextual keywords
    /// such as `open` or `some` do not): the list `validate` checks too.
    static let keywords = ProgramInterface.swiftKeywords

    /// Names that cannot be a case even with backticks (`.self`, `.Type`,
    /// `.init` mean something else after a dot), or that a conformance
    /// declares already.
    static let reservedCases: Set<String> = ["self", "Self", "Type", "Protocol", "init", "_", "rawValue", "allCases", "hashValue"]

    /// Names a screen case cannot take: the screen facts every `Screen` and
    /// route enum declares (`FlowScreen`); a route named `title` is `.title_`.
    static let screenFacts: Set<String> = ["title", "hidesBackButton", "isLocked"]

    /// Names a nested type cannot take: the metatype words, the standard
    /// library's module name (generated code writes `Swift.String`), and
    /// what `Codable` synthesizes.
    /// (`ProgramType` is the program's alias of itself, which the nested event enums name.)
    static let reservedTypes: Set<String> = ["Type", "Self", "Protocol", "Any", "Swift", "CodingKeys", "ProgramType", "_"]

    /// `Shop` → `shop`, `URLPicker` → `urlPicker`, `URL` → `url`, `graph` → `graph`.
    static func lowerCamel(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var upper = 0
        while upper < scalars.count, scalars[upper].properties.isUppercase { upper += 1 }
        guard upper > 0 else { return name }
        // In `URLPicker` the last capital starts the next word; in `URL2` or `URL_x` it does not.
        let lowered = upper == scalars.count || upper == 1 || !scalars[upper].properties.isLowercase ? upper : upper - 1
        var result = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            if i < lowered { result.append(contentsOf: String(scalar).lowercased().unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }

    /// `graph` → `Graph`: a type name from a flow's name.
    static func upperCamel(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// The identifier as Swift source: backticks around keywords.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A label in a call's or a pattern's argument list, where only `inout` needs backticks
    /// (Swift warns that any other keyword, `let` and `var` included, "does not need to be escaped").
    static func argumentLabel(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// A name not in `taken` and not `reserved`: `name`, else `name_`, `name__`, ...
    static func unique(_ name: String, reserved: Set<String>, taken: inout Set<String>) -> String {
        var candidate = name
        while reserved.contains(candidate) || taken.contains(candidate) || candidate.hasSuffix("CodingKeys") && reserved.contains("CodingKeys") {
            candidate += "_"
        }
        taken.insert(candidate)
        return candidate
    }
}
