import Foundation

/// What a run of the `flowctl` binary printed and how it exited.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// The repository root, found from this file's path.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// Runs the `flowctl` binary built beside the test bundle, in the repository
/// root: for the runs that need a process of their own (standard input, exit
/// status as the shell sees it). The command tests run `flowctl` in memory.
public func runFlowctlBinary(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = flowctlExecutable()
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read both pipes before waiting, so a large output cannot block the child.
    let stderrBox = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        stderrBox.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let stderrData = stderrBox.data
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus,
                         stdout: String(decoding: stdoutData, as: UTF8.self),
                         stderr: String(decoding: stderrData, as: UTF8.self))
}

/// Holds what the stderr reader collected; written by one thread, read after `wait()`.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}

/// The `flowctl` binary built beside the test bundle (for tests that start it themselves).
public func flowctlExecutable() -> URL {
    var candidates: [URL] = []
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("flowctl"))
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flowctl"))
    candidates.append(URL(fileURLWithPath: repositoryRoot + "/.build/debug/flowctl"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 1]
}

/// The contents of a golden file under `Tests/flowctlTests/Golden`.
public func golden(_ name: String) throws -> String {
    try String(contentsOfFile: repositoryRoot + "/Tests/flowctlTests/Golden/" + name, encoding: .utf8)
}
