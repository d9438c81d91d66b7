import Foundation

/// Finds the `import "path"` declarations of `.flow` files without parsing them.
///
/// The plugin cannot link the FlowKit parser, so it reads imports with a small byte scanner
/// that knows the language's comments and strings. It may over-approximate in odd files
/// (an `import` inside a malformed construct); that only adds an input to a build command,
/// and the generator itself reports every real problem.
enum FlowImportScanner {
    /// The import paths written in `source`, in order, as written (relative to the file).
    static func importPaths(in source: [UInt8]) -> [String] {
        var paths: [String] = []
        var index = 0
        var depth = 0                 // brace depth: imports are top-level items
        var sawImportKeyword = false  // the previous token was a top-level `import`
        let count = source.count
        while index < count {
            let byte = source[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
                continue
            case UInt8(ascii: "/") where index + 1 < count && source[index + 1] == UInt8(ascii: "/"):
                while index < count && source[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < count && source[index + 1] == UInt8(ascii: "*"):
                index = endOfBlockComment(in: source, from: index)
                continue
            case UInt8(ascii: "\""):
                let (text, end) = stringLiteral(in: source, from: index)
                if sawImportKeyword, let text { paths.append(text) }
                sawImportKeyword = false
                index = end
                continue
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            default:
                if isIdentifierStart(byte) {
                    let start = index
                    while index < count && isIdentifierContinuation(source[index]) { index += 1 }
                    sawImportKeyword = depth == 0 && source[start..<index].elementsEqual("import".utf8)
                    continue
                }
            }
            sawImportKeyword = false
            index += 1
        }
        return paths
    }

    /// The index just past the block comment that starts at `start` (block comments nest).
    private static func endOfBlockComment(in source: [UInt8], from start: Int) -> Int {
        var index = start + 2
        var nesting = 1
        while index < source.count && nesting > 0 {
            if source[index] == UInt8(ascii: "/"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "*") {
                nesting += 1
                index += 2
            } else if source[index] == UInt8(ascii: "*"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "/") {
                nesting -= 1
                index += 2
            } else {
                index += 1
            }
        }
        return index
    }

    /// The decoded text of the string literal at `start` (nil when it is unterminated or
    /// uses an escape an import path never needs) and the index just past it.
    private static func stringLiteral(in source: [UInt8], from start: Int) -> (String?, Int) {
        var bytes: [UInt8] = []
        var index = start + 1
        var valid = true
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "\"") {
                return (valid ? String(decoding: bytes, as: UTF8.self) : nil, index + 1)
            }
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\\"), index + 1 < source.count {
                let escaped = source[index + 1]
                if escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") {
                    bytes.append(escaped)
                } else {
                    valid = false
                }
                index += 2
                continue
            }
            bytes.append(byte)
            index += 1
        }
        return (nil, index)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isIdentifierContinuation(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
