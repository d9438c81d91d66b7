/// A half-open range of UTF-8 bytes in one source file of a program.
///
/// Spans are stored as byte offsets so that every stage before rendering works
/// on integers; `LineIndex` turns an offset into a line and a column when a
/// diagnostic is printed.
public struct SourceSpan: Hashable, Sendable {
    /// Index of the file in `Program.files` (or the loader's file list).
    public var file: Int32
    /// Byte offset of the first byte.
    public var start: Int32
    /// Byte offset one past the last byte.
    public var end: Int32

    public init(file: Int32, start: Int32, end: Int32) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// A span that points at nothing; used by synthesized constructs.
    @inlinable public static var none: SourceSpan { SourceSpan(file: -1, start: 0, end: 0) }

    /// Whether this span points into a real file.
    public var isValid: Bool { file >= 0 }
}
