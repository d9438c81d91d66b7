/// The names the generated program type cannot take (docs/generated-api.md):
/// what both `flowctl generate swift` and `validate` (F115) refuse, so that
/// a program that validates generates.
extension ProgramInterface {
    /// Words that need backticks to be a Swift identifier (contextual
    /// keywords such as `open` or `some` do not).
    package static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "_",
    ]

    /// Type names the generated code refers to unqualified, which the
    /// program type must not take.
    package static let reservedTypeNames: Set<String> = [
        "Swift", "FlowKit", "FlowProgram", "FlowDefinition", "FlowCode", "FlowArguments", "FlowValue", "FlowURL",
        "FlowNavigator", "FlowLayer", "FlowEffect", "FlowError", "FlowEvents", "Screen", "Event", "SystemEvent", "Guard", "Tab",
    ]

    /// Whether the identifier `name` can name the generated program type:
    /// no keyword, and none of the names the generated code uses itself.
    package static func canNameProgramType(_ name: String) -> Bool {
        !swiftKeywords.contains(name) && !reservedTypeNames.contains(name)
    }
}
