@testable import FlowDSL
import Foundation
import Testing

/// Reading `.flow` files from the disk: regular files, pipes (`/dev/stdin`,
/// `<(…)`), and the errors for what cannot be read.
@Suite("Reading files from the disk")
struct DiskFileSystemTests {
    /// A file in a fresh temporary directory, removed by the caller.
    func temporaryFile(_ text: String) throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("a.flow")
        try Data(text.utf8).write(to: file)
        return (directory, file)
    }

    @Test func readsARegularFile() throws {
        let (directory, file) = try temporaryFile("flow A [entry] { start a  route a }\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try DiskFileSystem().read(file.path) == Array("flow A [entry] { start a  route a }\n".utf8))
    }

    /// A pipe has no size; it used to read as an empty file, which validated clean.
    @Test(arguments: [0, 1, 65_536, 200_001])
    func readsAPipeToItsEnd(byteCount: Int) throws {
        let text = [UInt8]((0..<byteCount).map { UInt8(97 + $0 % 26) })
        let pipe = Pipe()
        // Written from another thread: a pipe holds only so much before the reader reads.
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(text))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let bytes = try DiskFileSystem().read("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        #expect(bytes == text)
    }

    @Test func namesWhatCannotBeRead() throws {
        let (directory, _) = try temporaryFile("")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: FileReadError("no such file")) { try DiskFileSystem().read(directory.appendingPathComponent("b.flow").path) }
        #expect(throws: FileReadError("is a directory")) { try DiskFileSystem().read(directory.path) }
    }

    /// Only a regular file is read again after its program is checked (a
    /// large program's text is set aside meanwhile): a pipe would read empty.
    @Test func onlyARegularFileCanBeReadAgain() throws {
        let (directory, file) = try temporaryFile("flow A [entry] { start a  route a }\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let pipe = Pipe()
        #expect(DiskFileSystem().canReadAgain(file.path))
        #expect(!DiskFileSystem().canReadAgain(directory.path))
        #expect(!DiskFileSystem().canReadAgain(directory.appendingPathComponent("b.flow").path))
        #expect(!DiskFileSystem().canReadAgain("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"))
        #expect(!DiskFileSystem().canReadAgain("/dev/null"))
    }
}
