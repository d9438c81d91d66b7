#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowTestSupport
import Foundation
import Testing

/// A pseudo-terminal: the test writes keys to the master end and reads the
/// screen from it; `flowctl` gets the slave end as standard input and output.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    /// Opens a pseudo-terminal `columns` wide, or returns nil when the system has none to give.
    init?(columns: UInt16 = 80) {
        guard let (master, name) = Self.openMaster() else { return nil }
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            return nil
        }
        self.master = master
        self.slave = slave
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = withUnsafeMutablePointer(to: &size) { ioctl(slave, UInt(TIOCSWINSZ), $0) }
    }

    /// `posix_openpt`, `grantpt`, `unlockpt` and the slave's name. Glibc
    /// declares them only for X/Open sources, which Swift's Glibc module is
    /// not: there they are looked up in the C library by name.
    private static func openMaster() -> (Int32, String)? {
        #if canImport(Darwin)
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            close(master)
            return nil
        }
        return (master, String(cString: name))
        #else
        // The C signatures: posix_openpt(flags), grantpt(fd) and unlockpt(fd), ptsname_r(fd, buffer, size).
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias OnMaster = @convention(c) (Int32) -> Int32
        typealias NameInto = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
        guard let library = dlopen(nil, RTLD_NOW),
              let openSymbol = dlsym(library, "posix_openpt"), let grantSymbol = dlsym(library, "grantpt"),
              let unlockSymbol = dlsym(library, "unlockpt"), let nameSymbol = dlsym(library, "ptsname_r") else { return nil }
        let master = unsafeBitCast(openSymbol, to: OpenPT.self)(O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        var name = [CChar](repeating: 0, count: 128)
        guard unsafeBitCast(grantSymbol, to: OnMaster.self)(master) == 0,
              unsafeBitCast(unlockSymbol, to: OnMaster.self)(master) == 0,
              unsafeBitCast(nameSymbol, to: NameInto.self)(master, &name, name.count) == 0 else {
            close(master)
            return nil
        }
        return (master, String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        #endif
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Whether a pseudo-terminal can be opened here.
    static let available: Bool = PseudoTerminal() != nil

    /// The terminal's modes as seen from the slave end: input, output, control, local flags and control characters.
    var modes: [UInt64] {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { return [] }
        let cc = withUnsafeBytes(of: settings.c_cc) { Array($0).map(UInt64.init) }
        return [UInt64(settings.c_iflag), UInt64(settings.c_oflag), UInt64(settings.c_cflag), UInt64(settings.c_lflag)] + cc
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the terminal shows until `done` holds for everything read
    /// so far, or `seconds` pass; returns it all, `\r\n` written as `\n`.
    func read(for seconds: Double = 10, until done: (String) -> Bool) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { readBytes(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if done(Self.text(bytes)) { break }
        }
        return Self.text(bytes)
    }

    /// The transcript with the terminal's output processing undone (`\n` became `\r\n`).
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}

/// `read(2)`, named apart from `PseudoTerminal.read`.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// A `flowctl` process on a pseudo-terminal, killed if a test leaves it
/// running. Started with `posix_spawn` rather than `Process`, so that it
/// gets no signal blocked (a test runner's threads block most of them, and
/// a child inherits that).
final class TerminalSession {
    let terminal: PseudoTerminal
    private(set) var pid: pid_t = 0
    private var running = true
    /// Everything the terminal showed so far.
    private(set) var transcript = ""

    /// Starts `flowctl` with `arguments`; a `flows/` path is taken from the repository root.
    init(_ arguments: [String], terminal: PseudoTerminal) throws {
        self.terminal = terminal
        let executable = flowctlExecutable().path
        let argv = ([executable] + arguments.map { $0.hasPrefix("flows/") ? repositoryRoot + "/" + $0 : $0 }).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, terminal.slave, 0)
        posix_spawn_file_actions_adddup2(&actions, terminal.slave, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
    }

    deinit {
        if running {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Sends `keys` (if any), then reads until the part of the screen shown since ends with `marker`.
    @discardableResult
    func send(_ keys: String = "", until marker: String) -> String {
        if !keys.isEmpty { terminal.send(keys) }
        let shown = terminal.read { $0.hasSuffix(marker) }
        transcript += shown
        return shown
    }

    /// How the process ended: its exit status, or the signal that ended it.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Still running after the wait: killed.
        case timedOut
    }

    /// Waits (at most `seconds`) for the process to end; kills it if it does not.
    func finish(seconds: Double = 10) -> Ending {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        var ending = Ending.timedOut
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                // The wait status: the low 7 bits are the signal, or 0 and the exit status above them.
                ending = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
                break
            }
            transcript += terminal.read(for: 0.05) { _ in false }
        }
        if ending == .timedOut {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        running = false
        transcript += terminal.read(for: 0.1) { _ in false }
        return ending
    }
}

@Suite("flowctl simulate, interactive on a terminal", .serialized, .enabled(if: PseudoTerminal.available, "no pseudo-terminal"))
struct TerminalSessionTests {
    static let prompt = "\n> "

    /// The redraw of the line: `\r`, the prompt and `visible`, erase to the end, the cursor at `column`.
    static func redraw(_ visible: String, column: Int) -> String {
        "\r> \(visible)\u{1B}[K\r\u{1B}[\(column)C"
    }

    @Test("arrows recall and edit a line, Ctrl-D leaves, and the terminal is as it was")
    func editAndRecall() throws {
        let terminal = try #require(PseudoTerminal())
        let before = terminal.modes
        let session = try TerminalSession(["simulate", "flows/shop.flow"], terminal: terminal)
        session.send(until: "events: ready\n> ")
        session.send("ready\r", until: "events: getStarted\n> ")
        session.send("getStrated\r", until: "events: getStarted\n> ")
        session.send("\u{1B}[A", until: Self.redraw("getStrated", column: 12))
        session.send("\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{7F}", until: Self.redraw("getStated", column: 7))
        session.send("\u{05}\u{17}getStarted\r", until: "events: forgotPassword  signUp  loggedIn  back\n> ")
        session.send("\u{04}", until: "\n")
        #expect(session.finish() == .exited(0))
        #expect(terminal.modes == before)
        #expect(session.transcript == """
            Type an event (select(id: "42")), back, open "url", tab T, assume name,
            assume !name, or an expect line. Commands: :events, :state (the state as JSON),
            :reset, :help, :quit.
            screen: splash
            events: ready
            > ready
            start Auth, cover walkthrough
            screen: splash | cover: walkthrough
            events: getStarted
            > getStrated
            rejected: no handler for 'getStrated' at route 'walkthrough' or any flow above it; did you mean 'getStarted'?
            screen: splash | cover: walkthrough
            events: getStarted
            > \(Self.redraw("getStrated", column: 12))\(Self.redraw("getStrated", column: 11))\
            \(Self.redraw("getStrated", column: 10))\(Self.redraw("getStrated", column: 9))\
            \(Self.redraw("getStrated", column: 8))\(Self.redraw("getStated", column: 7))\
            \(Self.redraw("getStated", column: 11))\(Self.redraw("", column: 2))getStarted
            push login
            screen: splash | cover: walkthrough > login
            events: forgotPassword  signUp  loggedIn  back
            > 

            """)
    }

    @Test("the line scrolls within the terminal's width; Ctrl-C abandons it and is no signal")
    func widthAndInterrupt() throws {
        let terminal = try #require(PseudoTerminal(columns: 12))
        let session = try TerminalSession(["simulate", "flows/shop.flow"], terminal: terminal)
        session.send(until: "events: ready\n> ")
        #expect(session.send("abcdefghij", until: Self.redraw("bcdefghij", column: 11)).hasPrefix("abcdefghi\r"))
        session.send("\u{03}", until: "^C\n> ")
        session.send("ready\r", until: "events: getStarted\n> ")
        session.send(":quit\r", until: ":quit\n")
        #expect(session.finish() == .exited(0))
    }

    @Test("a SIGTERM while a line is read puts the terminal back before the process dies of it")
    func signalRestores() throws {
        let terminal = try #require(PseudoTerminal())
        let before = terminal.modes
        let session = try TerminalSession(["simulate", "flows/shop.flow"], terminal: terminal)
        session.send(until: "events: ready\n> ")
        #expect(terminal.modes != before)
        kill(session.pid, SIGTERM)
        #expect(session.finish() == .signalled(SIGTERM))
        #expect(terminal.modes == before)
    }

    @Test("the final screen wraps at the terminal's width")
    func finalScreenWidth() throws {
        let terminal = try #require(PseudoTerminal(columns: 40))
        let file = try temporaryFile(ScreenTextTests.deep, suffix: ".flow")
        let session = try TerminalSession(["simulate", file, "-e", "next", "-e", "more", "-e", "modal"], terminal: terminal)
        #expect(session.finish() == .exited(0))
        #expect(session.transcript.hasSuffix("""
            all steps passed: home
                > detail(id: "a > b")
                > detail(id: "x") | sheet: home

            """))
    }

    @Test("--interactive with a pipe for output reads lines plainly, even from a terminal")
    func plainWhenOutputIsNoTerminal() throws {
        let terminal = try #require(PseudoTerminal())
        let before = terminal.modes
        let process = Process()
        process.executableURL = flowctlExecutable()
        process.arguments = ["simulate", "flows/shop.flow", "--interactive"]
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        process.standardInput = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        terminal.send("ready\n")
        terminal.send("\u{04}")
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        // The output is far smaller than a pipe's buffer: it is all there once the process ended.
        let text = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(text.hasSuffix("events: getStarted\n> "))
        #expect(!text.contains("\u{1B}"))
        #expect(terminal.modes == before)
    }
}
