import FlowAnalysis
import FlowDSL
import FlowModel

/// The text of a large program, out of memory while the program is checked.
///
/// Nothing between the parse and the findings' rendering reads a file's
/// bytes (spans are offsets, names are interned), yet at a million routes
/// the text is 76 MB under every phase. So a program of `threshold` bytes or
/// more gives its files' bytes up once they are parsed and reads them again
/// before the findings need their lines. A fingerprint of each file (its
/// length and a 64-bit hash) proves that what is read again is what was
/// checked: a file changed in between is an error, as is one that can no
/// longer be read. Only a program whose every file can be read again (no
/// pipe: `FileSystem.canReadAgain`) is set aside.
package struct SetAsideSources {
    /// From this many bytes in all, a program's text is set aside.
    package static let threshold = 16 << 20

    /// How a file was when it was parsed.
    private struct Fingerprint: Equatable {
        var count: Int
        var hash: UInt64
    }

    private let readPaths: [String]
    private let fingerprints: [Fingerprint]

    /// Takes the bytes of `loader`'s files when they are `minimumBytes` or
    /// more in all and `fileSystem` can read each again; nil (and nothing
    /// taken) otherwise.
    init?(_ loader: inout SourceLoader, fileSystem: any FileSystem, minimumBytes: Int = threshold) {
        let paths = loader.files.map { PathText.normalize($0.path) }
        guard loader.files.reduce(0, { $0 + $1.bytes.count }) >= minimumBytes,
              paths.allSatisfy({ fileSystem.canReadAgain($0) }) else { return nil }
        readPaths = paths
        fingerprints = loader.takeSourceBytes().map { Fingerprint(count: $0.count, hash: SetAsideSources.hash($0)) }
    }

    /// Reads the files again into `files` (the program's, in load order).
    /// - Throws: `FileReadError` naming the file that cannot be read again,
    ///   or that changed since it was parsed.
    func restore(_ files: inout [SourceFile], from fileSystem: any FileSystem) throws(FileReadError) {
        // The checks' memory is free by now, but the allocator still holds
        // much of it; the text read again would come on top.
        FreeMemory.returnToSystem()
        for (i, path) in readPaths.enumerated() where i < files.count {
            let bytes: [UInt8]
            do {
                bytes = try fileSystem.read(path)
            } catch {
                throw FileReadError("'\(files[i].path)' could not be read again for its findings: \(error.reason)")
            }
            guard Fingerprint(count: bytes.count, hash: SetAsideSources.hash(bytes)) == fingerprints[i] else {
                throw FileReadError("'\(files[i].path)' changed while it was checked; run again")
            }
            files[i] = SourceFile(path: files[i].path, bytes: bytes)
        }
    }

    /// A 64-bit hash of `bytes`, eight at a time in four independent lanes
    /// (about 15 ms for 76 MB); not cryptographic: it tells an edit from
    /// the file checked, not an attack.
    package static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
            var i = 0
            while i + 32 <= raw.count {
                lanes.0 = (lanes.0 ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
                lanes.1 = (lanes.1 ^ raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* prime
                lanes.2 = (lanes.2 ^ raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* prime
                lanes.3 = (lanes.3 ^ raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* prime
                lanes.0 ^= lanes.0 >> 29
                lanes.1 ^= lanes.1 >> 29
                lanes.2 ^= lanes.2 >> 29
                lanes.3 ^= lanes.3 >> 29
                i += 32
            }
            var h = (lanes.0 &+ (lanes.1 &* 3) &+ (lanes.2 &* 5) &+ (lanes.3 &* 7)) ^ UInt64(raw.count)
            while i < raw.count {
                h = (h ^ UInt64(raw[i])) &* prime
                i += 1
            }
            return h ^ (h >> 31)
        }
    }
}
