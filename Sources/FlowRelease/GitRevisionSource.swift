import FlowDSL
import Foundation

/// The files of a git revision (`flowctl diff --git REV`): read with `git
/// show REV:./path` and listed with `git ls-tree`, run by Foundation's
/// `Process` in the directory of each path, so a path means what it means
/// on disk (relative to the working directory, or absolute) and the
/// repository is the one that holds it.
package struct GitRevisionSource: ReleaseSource {
    /// The revision, as git reads it (`origin/main`, `HEAD~1`, a hash).
    package var revision: String
    /// The `git` executable: the first found on `PATH`.
    package var git: String

    package init(revision: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.revision = revision
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        git = directories.map { $0 + "/git" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/git"
    }

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        let (directory, name) = split(path)
        guard try objectType(name, in: directory) == "blob" else { throw FileReadError("is a directory at \(revision)") }
        return try run(["show", "\(revision):./\(name)"], in: directory)
    }

    package func isDirectory(_ path: String) throws(FileReadError) -> Bool {
        // A directory is listed from inside itself, when it still exists on disk.
        var onDisk: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &onDisk), onDisk.boolValue {
            return try objectType("", in: path) == "tree"
        }
        let (directory, name) = split(path)
        return try objectType(name, in: directory) == "tree"
    }

    package func flowFiles(in directory: String) throws(FileReadError) -> [String] {
        let listing = try run(["ls-tree", "--name-only", revision, "--", "./"], in: directory)
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { $0.hasSuffix(".flow") && !$0.contains("/") }.sorted()
    }

    package func describe(_ path: String) -> String { "\(revision):\(path)" }

    /// `blob` or `tree`, or an error saying that the revision has no such path.
    private func objectType(_ name: String, in directory: String) throws(FileReadError) -> String {
        do {
            let type = try run(["cat-file", "-t", "\(revision):./\(name)"], in: directory)
            return String(decoding: type, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw FileReadError("not in revision '\(revision)' (\(error.reason))")
        }
    }

    /// The directory to run git in and the path's last component.
    private func split(_ path: String) -> (directory: String, name: String) {
        let normalized = PathText.normalize(path)
        let directory = PathText.directory(of: normalized)
        let name = normalized.split(separator: "/").last.map(String.init) ?? normalized
        return (directory, name == "." ? "" : name)
    }

    /// Runs git with `arguments` in `directory`; its standard output, or
    /// an error with the first line git wrote to standard error.
    private func run(_ arguments: [String], in directory: String) throws(FileReadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FileReadError("no directory '\(directory)' on disk to run git in")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw FileReadError("cannot run git at '\(git)'") }
        // Read stderr aside so that neither pipe can fill up and block git.
        let box = ErrorText()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            box.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: box.data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "git failed"
            throw FileReadError(message)
        }
        return [UInt8](data)
    }
}

/// What git wrote to standard error; written by one thread, read after `wait()`.
private final class ErrorText: @unchecked Sendable {
    var data = Data()
}
