import FlowEngine

/// The `flowctl` command: dispatches to a subcommand and decides what is
/// printed where and with which exit status. Help goes to stdout; usage
/// errors go to stderr with "See 'flowctl <command> --help'", exit 2.
enum FlowCtl {
    static let version = "0.1.0"

    /// A subcommand.
    struct Command: Sendable {
        var name: String
        var summary: String
        var help: String
        var options: [OptionSpec]
        var run: @Sendable (ParsedArguments, inout Console) throws(UsageError) -> ExitCode
    }

    static let commands: [Command] = [ValidateCommand.command, SimulateCommand.command, PathCommand.command, CoverCommand.command, GraphCommand.command, GenerateCommand.command, DiffCommand.command]

    static func main(_ arguments: [String], console: inout Console) -> ExitCode {
        guard let first = arguments.first else {
            console.err(usage)
            return .usage
        }
        switch first {
        case "-h", "--help", "help":
            if first == "help", arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                console.out(command.help)
            } else {
                console.out(usage)
            }
            return .success
        case "--version", "version":
            console.out("flowctl \(version)\n")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = Suggestion.closest(to: first, among: commands.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
            console.err("flowctl: unknown command '\(first)'.\(hint)\nSee 'flowctl --help'.\n")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return .success
        }
        do throws(UsageError) {
            let parsed = try ParsedArguments.parse(rest, options: command.options)
            return try command.run(parsed, &console)
        } catch {
            console.err("flowctl \(command.name): \(error.message)\nSee 'flowctl \(command.name) --help'.\n")
            return .usage
        }
    }

    static var usage: String {
        var text = """
        flowctl — check, run and draw app navigation described in .flow files

        USAGE: flowctl <command> [options]

        COMMANDS:

        """
        for command in commands {
            text += "  " + command.name.padding(10) + command.summary + "\n"
        }
        text += """

        OPTIONS:
          -h, --help    Show help (also: flowctl <command> --help)
          --version     Show the version

        Exit status: 0 success, 1 findings or a failed run, 2 bad usage or unreadable input.

        """
        return text
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
