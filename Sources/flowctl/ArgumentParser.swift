import FlowEngine

/// A command-line option a command accepts.
struct OptionSpec: Sendable {
    /// The long name with dashes (`--format`), or a short one (`-e`).
    var name: String
    /// Another spelling (`-e` for `--event`).
    var alias: String? = nil
    /// Whether it takes a value (`--format json` or `--format=json`).
    var takesValue = false
    /// The accepted values, if it is a choice.
    var choices: [String] = []
}

/// A usage mistake: printed to stderr with a pointer to `--help`, exit 2.
struct UsageError: Error, Equatable {
    var message: String
}

/// What a command line said: positional arguments, options with their
/// values in order, and flags.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// Parses `arguments` against `options`. `--` ends the options.
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            guard let spec = options.first(where: { $0.name == name || $0.alias == name }) else {
                let names = options.flatMap { [$0.name] + ($0.alias.map { [$0] } ?? []) }
                let hint = Suggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(hint)")
            }
            guard spec.takesValue else {
                if inlineValue != nil { throw UsageError(message: "option '\(spec.name)' takes no value") }
                parsed.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError(message: "option '\(spec.name)' needs a value") }
                value = arguments[index]
                index += 1
            }
            if !spec.choices.isEmpty, !spec.choices.contains(value) {
                let hint = Suggestion.closest(to: value, among: spec.choices).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "invalid value '\(value)' for '\(spec.name)' (expected \(spec.choices.joined(separator: ", ")))\(hint)")
            }
            parsed.values[spec.name, default: []].append(value)
        }
        return parsed
    }

    /// The value of an integer option, or nil if absent.
    func integer(_ name: String, atLeast minimum: Int = 0) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw UsageError(message: "option '\(name)' needs a whole number ≥ \(minimum), not '\(text)'")
        }
        return number
    }
}
