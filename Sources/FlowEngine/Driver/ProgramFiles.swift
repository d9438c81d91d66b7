import FlowModel

/// A program's files: each path as the user gave it, and its bytes. Two
/// programs with equal files validate alike (`ValidationMemo`, and a
/// diff's program that both releases have unchanged).
package struct ProgramFiles: Hashable, Sendable {
    var paths: [String]
    var contents: [[UInt8]]

    package init(_ files: [SourceFile]) {
        paths = files.map(\.path)
        contents = files.map(\.bytes)
    }
}
