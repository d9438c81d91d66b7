import Foundation

/// Where the loader reads files from; tests substitute an in-memory one.
public protocol FileSystem: Sendable {
    /// The bytes of the file at `path`, or an error saying why it cannot be read.
    func read(_ path: String) throws(FileReadError) -> [UInt8]
    /// Whether `path` can be read again, giving the same bytes until the
    /// file changes: a regular file can, a pipe or a terminal cannot (it is
    /// read once, to its end). A large program's text is set aside while it
    /// is checked, and read again for the findings, only when every one of
    /// its files can (`Validation`).
    func canReadAgain(_ path: String) -> Bool
}

extension FileSystem {
    /// None, unless the file system says otherwise: the text stays in memory.
    public func canReadAgain(_ path: String) -> Bool { false }
}

/// Why a file could not be read.
public struct FileReadError: Error, Sendable, Equatable {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
}

/// The real file system, through Foundation.
public struct DiskFileSystem: FileSystem {
    /// Files larger than this are refused rather than read (spans are 32-bit).
    package static let maximumFileSize = 512 * 1024 * 1024

    public init() {}

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileReadError("no such file")
        }
        guard !isDirectory.boolValue else { throw FileReadError("is a directory") }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FileReadError(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(String(cString: strerror(errno))) }
        // A pipe or a terminal (`/dev/stdin`, `<(…)`) has no size: read it to its end.
        guard info.st_mode & S_IFMT == S_IFREG else { return try DiskFileSystem.readToEnd(fd) }
        let size = Int(info.st_size)
        guard size <= DiskFileSystem.maximumFileSize else { throw DiskFileSystem.tooLarge }
        // Read straight into the array that the program keeps: no second copy.
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size, let base = buffer.baseAddress {
                let n = Foundation.read(fd, base + count, size - count)
                if n < 0, errno == EINTR { continue }
                if n < 0 { failure = errno }
                if n <= 0 { break }
                count += n
            }
        }
        guard failure == 0 else { throw FileReadError(String(cString: strerror(failure))) }
        return bytes
    }

    /// A regular file can be read again; a pipe, a terminal or a missing file cannot.
    public func canReadAgain(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    static var tooLarge: FileReadError {
        FileReadError("larger than \(DiskFileSystem.maximumFileSize / 1024 / 1024) MiB")
    }

    /// Reads a file that is not a regular one until its end, in chunks.
    static func readToEnd(_ fd: Int32) throws(FileReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw FileReadError(String(cString: strerror(errno))) }
            if n == 0 { return bytes }
            guard bytes.count + n <= maximumFileSize else { throw tooLarge }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}

/// A file system held in memory: a path → contents table, for tests.
package struct MemoryFileSystem: FileSystem {
    public var files: [String: [UInt8]]

    package init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        guard let bytes = files[PathText.normalize(path)] else { throw FileReadError("no such file") }
        return bytes
    }

    public func canReadAgain(_ path: String) -> Bool { files[PathText.normalize(path)] != nil }
}

/// Lexical path arithmetic (no file system access), so imports resolve the
/// same way on every platform and in memory.
package enum PathText {
    /// Collapses `.` and `..` components and repeated slashes.
    package static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The directory part of a path (`.` when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against directory `base`, unless it is absolute.
    package static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        return normalize(base == "." ? relative : base + "/" + relative)
    }
}
