/// A compiled `Program` as bytes: what generated code embeds, so that an
/// app loads its navigation without parsing `.flow` text at launch
/// (docs/generated-api.md, "The embedded program").
///
/// The image holds every table of the program and the paths of its files,
/// not their text: a loaded program runs, explores and answers exactly as
/// the compiled one, but has no source to quote. Its layout:
///
///     "FKPI"  format version  table sizes  tables ...  FNV-1a 64 of all before it
///
/// Numbers are LEB128 varints (signed ones zigzag-encoded). Reading checks
/// the checksum first, then every id against its table and every range
/// against its bounds, so a damaged or hand-edited image is a
/// `ProgramImageError`, never a trap. Images are made and read by the same
/// FlowKit: a new format version is a new `version`, and an image of
/// another is refused with a message that says to regenerate it.
package enum ProgramImage {
    static let magic: [UInt8] = Array("FKPI".utf8)
    static let version: UInt8 = 1

    /// The number of items in each table, written before the tables so that
    /// every reference can be checked when it is read.
    struct Sizes {
        var symbols = 0, files = 0, flows = 0, routes = 0, handlers = 0, actions = 0, targets = 0
        var arguments = 0, parameters = 0, startItems = 0, tabFlows = 0, links = 0, checks = 0, formerNames = 0
    }

    /// The image of `program`, with `filePaths` (one per file) in place of
    /// the paths it was compiled with, when given: generated code names
    /// files relative to its package, never by a path of the machine that
    /// built it. The program's run blockers are not kept: only a program
    /// that runs is worth embedding.
    package static func encode(_ program: Program, filePaths: [String]? = nil) -> [UInt8] {
        var writer = ImageWriter()
        for byte in magic { writer.byte(byte) }
        writer.byte(version)
        writeSizes(of: program, to: &writer)
        writeTables(of: program, filePaths: filePaths, to: &writer)
        let checksum = fnv1a(writer.bytes[...])
        for shift in stride(from: 0, to: 64, by: 8) { writer.byte(UInt8(truncatingIfNeeded: checksum >> UInt64(shift))) }
        return writer.bytes
    }

    /// The image as generated code embeds it (`FlowDefinition(image:)`):
    /// Base64 in lines of 96 characters.
    package static func embeddedText(_ program: Program, filePaths: [String]? = nil) -> String {
        Base64.encode(encode(program, filePaths: filePaths), lineLength: 96)
    }

    /// The program `bytes` hold; its files have their paths and no text.
    package static func decode(_ bytes: [UInt8]) throws(ProgramImageError) -> Program {
        let header = magic.count + 1
        guard bytes.count >= header + 8, Array(bytes[0..<magic.count]) == magic else {
            throw ProgramImageError(offset: 0, reason: "it is not a compiled FlowKit program")
        }
        guard bytes[magic.count] == version else {
            throw ProgramImageError(offset: magic.count, reason: "it was made by another version of FlowKit (format \(bytes[magic.count]), this one reads \(version))")
        }
        let body = bytes.count - 8
        var stored: UInt64 = 0
        for i in 0..<8 { stored |= UInt64(bytes[body + i]) << UInt64(8 * i) }
        guard stored == fnv1a(bytes[0..<body]) else {
            throw ProgramImageError(offset: body, reason: "its checksum does not match its content")
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ProgramImageError) -> Program in
            var reader = ImageReader(UnsafeBufferPointer(rebasing: buffer[0..<body]), from: header)
            try readSizes(&reader)
            let program = try readTables(&reader)
            guard reader.isAtEnd else { throw reader.damaged("bytes are left after the last table") }
            return program
        }
    }

    /// FNV-1a, 64 bits: cheap, and any single changed byte changes it.
    package static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    private static func writeSizes(of program: Program, to writer: inout ImageWriter) {
        for size in [program.symbols.count, program.files.count, program.flows.count, program.routes.count,
                     program.handlers.count, program.actions.count, program.targets.count, program.arguments.count,
                     program.parameters.count, program.startItems.count, program.tabFlows.count, program.links.count,
                     program.checks.count, program.formerNames.count] {
            writer.count(size)
        }
    }

    private static func readSizes(_ reader: inout ImageReader) throws(ProgramImageError) {
        var sizes = Sizes()
        for path in [\Sizes.symbols, \.files, \.flows, \.routes, \.handlers, \.actions, \.targets, \.arguments,
                     \.parameters, \.startItems, \.tabFlows, \.links, \.checks, \.formerNames] {
            sizes[keyPath: path] = try reader.count()
            // An id is an Int32: a table that could not be indexed by one is damage.
            guard sizes[keyPath: path] < Int(Int32.max) else { throw reader.damaged("a table is too large") }
        }
        reader.sizes = sizes
    }
}

/// Why a program image cannot be read: where, and what is wrong there.
package struct ProgramImageError: Error, Equatable, CustomStringConvertible {
    /// The byte of the image where reading stopped.
    package let offset: Int
    package let reason: String

    package var description: String { "the compiled program cannot be read at byte \(offset): \(reason)" }
}
