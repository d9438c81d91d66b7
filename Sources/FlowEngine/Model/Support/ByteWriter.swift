/// An output buffer of UTF-8 bytes, for writers that produce megabytes
/// (`graph` writes 20 MB for a program of 100,000 routes).
///
/// It owns one growing allocation and appends with a capacity test and a
/// copy: `Array.append(contentsOf:)` costs about a hundred instructions a
/// call, and the DOT writer makes twenty calls an edge. It cannot be
/// copied (there is no second owner to share the buffer with), so it is
/// passed `inout`, and what it wrote is read with `bytes` or `text`.
package struct ByteWriter: ~Copyable {
    // Inlinable in the writers' modules: a write is a compare and a copy,
    // cheaper than the call that would make it.
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes have been written.
    @usableFromInline package internal(set) var count = 0

    package init(capacity: Int = 0) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// A copy of the bytes written.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// The bytes written, as a string.
    package var text: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    /// Forgets what was written, keeping the allocation (a scratch buffer).
    package mutating func removeAll() { count = 0 }

    /// Forgets the last `k` bytes written.
    package mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more bytes than were written")
        count -= k
    }

    /// Calls `body` with the bytes written, without copying them.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(to: count + extra) }
    }

    /// Doubles the allocation (or more, for one large write); out of line,
    /// so that the common path of every write stays a compare and a copy.
    @usableFromInline @inline(never)
    mutating func grow(to needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.update(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Appends `source`'s bytes.
    @inlinable @inline(__always)
    package mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, source.count > 0 else { return }
        reserve(source.count)
        (start + count).update(from: base, count: source.count)
        count += source.count
    }

    /// Disfavoured, so that a literal is written as a `StaticString`: its
    /// bytes are known at compile time, with nothing to check or retain.
    @_disfavoredOverload
    package mutating func write(_ text: String) {
        // A literal or a native string is contiguous: its bytes are copied
        // as they are, without making a mutable copy of the string first.
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        var text = text
        text.withUTF8 { append($0) }
    }

    @inlinable
    package mutating func write(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `number` in decimal, its digits written in place (no string made).
    package mutating func write(_ number: Int) {
        if number < 0 { append(0x2D) }
        var rest = number.magnitude
        var digits = 1
        var scale: UInt = 1
        while rest / scale >= 10 {
            scale *= 10
            digits += 1
        }
        reserve(digits)
        while digits > 0 {
            start[count] = 0x30 + UInt8(rest / scale)
            count += 1
            rest %= scale
            scale /= 10
            digits -= 1
        }
    }

    /// `text` as a double-quoted string: `\` and `"` escaped, line breaks as
    /// `\n`, other control characters dropped. Bytes of multi-byte UTF-8
    /// sequences are all ≥ 0x80 and pass through unchanged.
    package mutating func quoted(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ quoted(bytes: $0) }) != nil { return }
        var text = text
        text.withUTF8 { quoted(bytes: $0) }
    }

    /// `quoted(_:)` of text given as UTF-8 bytes.
    package mutating func quoted(bytes utf8: UnsafeBufferPointer<UInt8>) {
        append(0x22)
        // Runs of bytes that need nothing are copied whole.
        var run = 0
        for (i, b) in utf8.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F {
            append(UnsafeBufferPointer(rebasing: utf8[run..<i]))
            run = i + 1
            switch b {
            case 0x5C: append(0x5C); append(0x5C)
            case 0x22: append(0x5C); append(0x22)
            case 0x0A: append(0x5C); append(0x6E)
            default: continue
            }
        }
        append(UnsafeBufferPointer(rebasing: utf8[run...]))
        append(0x22)
    }

    /// `quoted(_:)` of what `other` holds.
    package mutating func quoted(_ other: borrowing ByteWriter) {
        other.withBytes { quoted(bytes: $0) }
    }
}
