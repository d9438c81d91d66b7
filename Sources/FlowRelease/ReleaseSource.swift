import FlowDSL
import Foundation

/// Where a release's files are read from: the disk as it is now, or a git
/// revision (`GitRevisionSource`). Paths are the ones the user wrote.
package protocol ReleaseSource: FileSystem {
    /// Whether `path` names a directory; throws when it names nothing readable.
    func isDirectory(_ path: String) throws(FileReadError) -> Bool
    /// The names of the `*.flow` files directly in `directory`, sorted.
    func flowFiles(in directory: String) throws(FileReadError) -> [String]
    /// How the user's path is written in messages (`HEAD~1:flows/shop.flow`).
    func describe(_ path: String) -> String
}

/// The files on disk, as `flowctl validate` reads them.
package struct DiskReleaseSource: ReleaseSource {
    private let disk = DiskFileSystem()

    package init() {}

    public func read(_ path: String) throws(FileReadError) -> [UInt8] { try disk.read(path) }

    package func isDirectory(_ path: String) throws(FileReadError) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw FileReadError("no such file or directory") }
        return isDirectory.boolValue
    }

    package func flowFiles(in directory: String) throws(FileReadError) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { throw FileReadError("cannot list the directory") }
        return entries.filter { $0.hasSuffix(".flow") }.sorted()
    }

    package func describe(_ path: String) -> String { path }
}
