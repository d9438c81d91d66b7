/// One source file as loaded: its display path and its raw bytes.
///
/// The bytes are kept exactly as read (they may be invalid UTF-8); the lexer
/// reports what it cannot read, and the renderer prints lines leniently.
public struct SourceFile: Sendable {
    /// The path as the user should see it (relative when given relative).
    public let path: String
    /// The file's content, unmodified.
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
