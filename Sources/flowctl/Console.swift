#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowEngine

/// The process's outputs and environment, behind a value so that tests can
/// run commands in memory and compare what they print.
struct Console {
    var out: (String) -> Void
    var err: (String) -> Void
    /// Standard output for bytes already in UTF-8 (a drawing of
    /// megabytes), written as they are; without it, through `out`.
    var outBytes: (([UInt8]) -> Void)?
    /// Whether standard output is a terminal that wants colour.
    var colorOutput: Bool
    /// Whether standard input is a terminal (for interactive modes).
    var interactiveInput: Bool
    var environment: [String: String]
    /// Whether standard output is a terminal too: then interactive modes
    /// edit their lines (`LineEditor`), else they read them as they come.
    var terminalOutput = false
    /// Where long lines for people wrap: the terminal's width when standard
    /// output is a terminal, else 80 columns.
    var width = 80
    /// Programs validated by earlier commands run in memory in this
    /// process (the tests share one), checked again only when their files
    /// changed; none for the flowctl process, which runs one command.
    var validations: ValidationMemo?
    /// For the flowctl process: takes what a command has finished with
    /// (its programs, findings and drawing) and never frees it, because the
    /// process exits right after and the system takes its memory back at
    /// once: freeing a million routes' program and findings piece by piece
    /// took 50 ms. Nil in memory, where each command's values are freed as usual.
    var keepUntilExit: ((Any) -> Void)?

    /// The real process: buffered stdout, unbuffered stderr.
    static func process() -> Console {
        let env = ProcessEnvironment.current()
        let noColor = env["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Console(
            out: { text in writeAll(1, text) },
            err: { text in writeAll(2, text) },
            outBytes: { bytes in writeAll(1, bytes) },
            colorOutput: isatty(1) == 1 && !noColor && env["TERM"] != "dumb",
            interactiveInput: isatty(0) == 1,
            environment: env,
            terminalOutput: isatty(1) == 1,
            width: Terminal.columns(fd: 1) ?? 80,
            keepUntilExit: { ProcessLifetime.keep($0) }
        )
    }
}

/// What the flowctl process keeps until it exits (`Console.keepUntilExit`).
enum ProcessLifetime {
    /// Written by the main thread alone, before `exit`, and never read.
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ value: Any) { kept.append(value) }
}

extension Console {
    /// Writes `bytes`, UTF-8, to standard output.
    func out(bytes: [UInt8]) {
        if let outBytes { outBytes(bytes) } else { out(String(decoding: bytes, as: UTF8.self)) }
    }
}

/// Exit statuses (docs/diagnostics.md): 0 clean, 1 findings or a failed run, 2 bad
/// usage or unreadable input. An `Error` too, so that a step of a command
/// that failed can return one as a `Result`.
enum ExitCode: Int32, Error {
    case success = 0
    case failure = 1
    case usage = 2
}

/// Writes all of `text` to file descriptor `fd`, retrying short writes.
func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
}

/// Writes all of `bytes` to file descriptor `fd`, retrying short writes.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
}

/// Writes all of `buffer` to file descriptor `fd`, retrying short writes
/// and writes interrupted by a signal.
func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
        let written = write(fd, base + offset, buffer.count - offset)
        if written <= 0 {
            if written < 0 && errno == EINTR { continue }
            return
        }
        offset += written
    }
}

enum ProcessEnvironment {
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }
}
