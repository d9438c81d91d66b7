import FlowEngine

/// Reads a fuzzer's bytes as a sequence of small decisions: which step to
/// take next, which of N things to pick, a value of a parameter's type.
/// Running out of bytes ends the input: every read then answers `nil`.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte.
    public mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// One of `count` choices (`count` > 0).
    public mutating func choice(_ count: Int) -> Int? {
        guard count > 0, let byte = byte() else { return nil }
        return Int(byte) % count
    }

    /// Up to `limit` bytes as text: a length byte, then that many bytes,
    /// invalid UTF-8 repaired (the engine is handed Swift strings).
    public mutating func text(limit: Int = 24) -> String? {
        guard let length = byte() else { return nil }
        var collected: [UInt8] = []
        for _ in 0..<min(Int(length), limit) {
            guard let byte = byte() else { break }
            collected.append(byte)
        }
        return String(decoding: collected, as: UTF8.self)
    }

    /// A value of `type`, with the extremes a hand-written test forgets.
    public mutating func value(_ type: ValueType) -> Value? {
        guard let pick = byte() else { return nil }
        switch type {
        case .string: return text().map(Value.string)
        case .int:
            let extremes = [0, -1, 1, Int.max, Int.min, 42]
            return .int(pick < 128 ? extremes[Int(pick) % extremes.count] : Int(Int8(bitPattern: byte() ?? 0)))
        case .bool: return .bool(pick & 1 == 1)
        case .double:
            let extremes = [0.0, -0.0, 1.5, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, 1e-300]
            return .double(extremes[Int(pick) % extremes.count])
        }
    }

    /// The rest of the input.
    public mutating func remainder() -> [UInt8] {
        defer { offset = bytes.count }
        return offset < bytes.count ? Array(bytes[offset...]) : []
    }
}
