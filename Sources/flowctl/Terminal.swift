#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where interactive `simulate` reads its lines from.
protocol LineInput {
    /// Shows `prompt` and reads a line without its newline; nil at the end of input.
    mutating func readLine(prompt: String, console: inout Console) -> String?
}

/// Lines from standard input as it comes (a pipe, a file, or a terminal
/// that is not on both ends): the prompt is printed, the terminal (if any)
/// does its own echo and editing.
struct PlainLineInput: LineInput {
    mutating func readLine(prompt: String, console: inout Console) -> String? {
        console.out(prompt)
        return Swift.readLine()
    }
}

/// Lines typed at a terminal, edited by a `LineEditor`: the terminal is in
/// raw mode only while a line is read, and is put back as it was before
/// `readLine` returns, on every path (Enter, Ctrl-D, a read error), and by
/// a handler if SIGTERM, SIGHUP, SIGINT or SIGQUIT arrive meanwhile
/// (Ctrl-C and Ctrl-\ are keys in raw mode, not signals).
struct TerminalLineReader: LineInput {
    private var editor: LineEditor?
    /// Bytes read past the end of the last line (a paste of several lines).
    private var pending: [UInt8] = []
    private var pendingStart = 0

    mutating func readLine(prompt: String, console: inout Console) -> String? {
        if editor?.prompt != Array(prompt.unicodeScalars) { editor = LineEditor(prompt: prompt) }
        guard var editor else { return nil }
        defer { self.editor = editor }
        guard let mode = RawMode(fd: 0) else {
            // Not a terminal after all: read it plainly.
            var plain = PlainLineInput()
            return plain.readLine(prompt: prompt, console: &console)
        }
        defer { mode.restore() }
        editor.columns = Terminal.columns(fd: 1) ?? 80
        writeAll(1, editor.begin())
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            while pendingStart < pending.count {
                let byte = pending[pendingStart]
                pendingStart += 1
                let reaction = editor.feed(byte)
                writeAll(1, reaction.output)
                switch reaction.outcome {
                case .editing: continue
                case .submitted(let line): return line
                case .endOfInput: return nil
                }
            }
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                writeAll(1, [0x0A])
                return nil  // end of file (the terminal hung up) or an error
            }
            pending = Array(buffer[0..<count])
            pendingStart = 0
        }
    }
}

/// The terminal helpers interactive `simulate` and the output's wrapping use.
enum Terminal {
    /// The width of the terminal on `fd`, or nil when it is not a terminal
    /// (or says 0).
    static func columns(fd: Int32) -> Int? {
        guard isatty(fd) == 1 else { return nil }
        var size = winsize()
        let status = withUnsafeMutablePointer(to: &size) { ioctl(fd, UInt(TIOCGWINSZ), $0) }
        guard status == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// A C signal handler (`sighandler_t` on Glibc, `sig_t` on Darwin).
typealias SignalHandler = @convention(c) (Int32) -> Void

/// The terminal's settings at the moment raw mode began, for the signal
/// handler: written before the handler is installed, read only by it.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var savedFD: Int32 = -1

/// Raw mode on a terminal for as long as a line is read: no echo, no line
/// buffering, no signals from keys, no flow control, no CR-to-NL on input;
/// output processing stays on, so `\n` still starts a new row.
struct RawMode {
    private let fd: Int32
    private let original: termios
    private static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    private let previousHandlers: [SignalHandler?]

    /// Puts `fd` in raw mode, or returns nil when it is not a terminal.
    init?(fd: Int32) {
        var settings = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &settings) == 0 else { return nil }
        original = settings
        self.fd = fd
        savedSettings = settings
        savedFD = fd
        previousHandlers = Self.signals.map { signal($0, restoreAndDie) }
        settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        settings.c_cflag |= tcflag_t(CS8)
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else {
            restore()
            return nil
        }
    }

    /// Puts the terminal back as it was, and the signal handlers.
    func restore() {
        var settings = original
        _ = tcsetattr(fd, TCSANOW, &settings)
        for (signalNumber, handler) in zip(Self.signals, previousHandlers) { signal(signalNumber, handler) }
        savedFD = -1
    }
}

/// A signal arrived in raw mode: restore the terminal, then die of it as
/// the default action would (`tcsetattr`, `signal` and `raise` are
/// async-signal-safe).
private func restoreAndDie(_ signalNumber: Int32) {
    if savedFD >= 0 { _ = tcsetattr(savedFD, TCSANOW, &savedSettings) }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
