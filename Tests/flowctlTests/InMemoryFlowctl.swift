@testable import flowctl
import FlowTestSupport
import Foundation

/// Runs `flowctl` in this process: its entry point, `FlowCtl.main`, with a
/// console that keeps what it prints, as the binary runs under a pipe (no
/// colour, no terminal, 80 columns) in the repository root. A run that reads
/// standard input starts the binary (`runFlowctlBinary`), since the
/// commands read it from the process. The runs share one `ValidationMemo`:
/// a program is checked once, however many tests run commands on it.
func runFlowctl(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> CommandResult {
    if let stdin { return try runFlowctlBinary(arguments, environment: environment, stdin: stdin) }
    try RepositoryDirectory.enter()
    let printed = PrintedText()
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    for (key, value) in environment { env[key] = value }
    var console = Console(out: { printed.out += $0 }, err: { printed.err += $0 },
                          colorOutput: false, interactiveInput: false, environment: env)
    console.validations = sharedValidations
    let status = FlowCtl.main(arguments, console: &console)
    return CommandResult(status: status.rawValue, stdout: printed.out, stderr: printed.err)
}

/// What one in-memory run printed; written and read on the run's thread only.
private final class PrintedText {
    var out = ""
    var err = ""
}

/// Relative paths in the tests (`flows/shop.flow`) are the repository's: the
/// process works there, as the binary did.
private enum RepositoryDirectory {
    private static let entered: Bool = FileManager.default.changeCurrentDirectoryPath(repositoryRoot)

    static func enter() throws {
        guard entered else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: repositoryRoot]) }
    }
}
