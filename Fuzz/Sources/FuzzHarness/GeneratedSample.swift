import Foundation

/// Writes generated Swift to `FLOWKIT_FUZZ_EMIT` (when set), named by a hash
/// of the source, so that a script can compile a sample outside the fuzz loop.
enum GeneratedSample {
    static let directory = ProcessInfo.processInfo.environment["FLOWKIT_FUZZ_EMIT"]
    /// Samples written so far: the first 2,000 are plenty to pick from (a
    /// 30-minute run would otherwise leave hundreds of thousands of files).
    /// libFuzzer runs inputs one at a time, on one thread.
    nonisolated(unsafe) static var written = 0

    static func write(_ swift: String, source: String) {
        guard let directory, written < 2_000 else { return }
        written += 1
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in source.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let name = String(hash, radix: 16)
        try? swift.write(toFile: "\(directory)/\(name).swift", atomically: true, encoding: .utf8)
        try? source.write(toFile: "\(directory)/\(name).flow", atomically: true, encoding: .utf8)
    }
}
