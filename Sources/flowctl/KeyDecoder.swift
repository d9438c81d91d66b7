/// A key the line editor acts on, decoded from what a terminal sends.
enum Key: Hashable, Sendable {
    /// A printable Unicode scalar to insert (U+FFFD for bytes that are not UTF-8).
    case character(Unicode.Scalar)
    /// Return or Ctrl-J: submit the line.
    case enter
    /// Backspace (DEL or Ctrl-H): delete the scalar before the cursor.
    case backspace
    /// The Delete key: delete the scalar under the cursor.
    case delete
    /// Left arrow or Ctrl-B.
    case left
    /// Right arrow or Ctrl-F.
    case right
    /// Home or Ctrl-A.
    case home
    /// End or Ctrl-E.
    case end
    /// Up arrow or Ctrl-P: the previous line of the history.
    case up
    /// Down arrow or Ctrl-N: the next line of the history.
    case down
    /// Ctrl-U: delete from the start of the line to the cursor.
    case killToStart
    /// Ctrl-K: delete from the cursor to the end of the line.
    case killToEnd
    /// Ctrl-W: delete the word before the cursor.
    case killWord
    /// Ctrl-D: end of input on an empty line, else delete under the cursor.
    case endOfInput
    /// Ctrl-C: abandon the line.
    case interrupt
}

/// Turns the bytes a terminal in raw mode sends into keys, one byte at a
/// time, so that a UTF-8 sequence or an escape sequence split across reads
/// decodes the same as one read whole.
///
/// Escape sequences: CSI (`ESC [` parameters, intermediates, a final byte)
/// and SS3 (`ESC O` and a final byte). Arrows, Home, End and Delete are
/// recognised in the forms xterm, VT220 and rxvt send; any other complete
/// sequence (function keys, modified arrows, `ESC` and a key, as Alt sends)
/// is consumed and ignored. A control byte inside a sequence ends it unread
/// and is then decoded on its own. Invalid UTF-8 becomes one U+FFFD per
/// maximal invalid part; control characters other than the editing keys
/// (C0, DEL, C1) are ignored. No input traps and the state is bounded.
struct KeyDecoder: Sendable {
    /// Where the decoder is between bytes.
    private enum State: Sendable {
        case ground
        /// After `ESC`.
        case escape
        /// After `ESC [`: parameter and intermediate bytes so far.
        case csi
        /// After `ESC O`.
        case ss3
        /// Inside a multi-byte UTF-8 sequence.
        case utf8(value: UInt32, remaining: Int, low: UInt8, high: UInt8)
    }

    private var state = State.ground
    /// The parameter bytes of the current CSI sequence; at most `parameterLimit` kept.
    private var parameters: [UInt8] = []
    /// Whether the current CSI sequence had more parameter bytes than are kept.
    private var overlong = false
    private static let parameterLimit = 16

    /// Whether the decoder is inside a sequence (bytes read, no key yet).
    var isMidSequence: Bool {
        if case .ground = state { return false }
        return true
    }

    /// The keys `byte` completes: none (mid-sequence, or ignored), one, or
    /// two (U+FFFD for a cut UTF-8 sequence, then the byte's own key).
    mutating func feed(_ byte: UInt8) -> [Key] {
        switch state {
        case .ground:
            return ground(byte)
        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                state = .csi
                parameters.removeAll(keepingCapacity: true)
                overlong = false
            case UInt8(ascii: "O"):
                state = .ss3
            case 0x1B:
                state = .escape
            case 0x00..<0x20, 0x7F:
                state = .ground
                return ground(byte)
            default:
                state = .ground  // ESC and a key (Alt): ignored
            }
            return []
        case .csi:
            switch byte {
            case 0x20...0x3F:
                if parameters.count < Self.parameterLimit { parameters.append(byte) } else { overlong = true }
                return []
            case 0x40...0x7E:
                state = .ground
                return overlong ? [] : Self.csiKey(parameters, final: byte).map { [$0] } ?? []
            default:
                state = .ground
                return ground(byte)
            }
        case .ss3:
            state = .ground
            switch byte {
            case UInt8(ascii: "A"): return [.up]
            case UInt8(ascii: "B"): return [.down]
            case UInt8(ascii: "C"): return [.right]
            case UInt8(ascii: "D"): return [.left]
            case UInt8(ascii: "H"): return [.home]
            case UInt8(ascii: "F"): return [.end]
            case 0x00..<0x20, 0x7F: return ground(byte)
            default: return []
            }
        case .utf8(let value, let remaining, let low, let high):
            guard byte >= low && byte <= high else {
                state = .ground
                return [.character("\u{FFFD}")] + ground(byte)
            }
            let next = value << 6 | UInt32(byte & 0x3F)
            if remaining > 1 {
                state = .utf8(value: next, remaining: remaining - 1, low: 0x80, high: 0xBF)
                return []
            }
            state = .ground
            return Self.printable(next)
        }
    }

    /// A byte outside any sequence.
    private mutating func ground(_ byte: UInt8) -> [Key] {
        switch byte {
        case 0x01: return [.home]
        case 0x02: return [.left]
        case 0x03: return [.interrupt]
        case 0x04: return [.endOfInput]
        case 0x05: return [.end]
        case 0x06: return [.right]
        case 0x08, 0x7F: return [.backspace]
        case 0x0A, 0x0D: return [.enter]
        case 0x0B: return [.killToEnd]
        case 0x0E: return [.down]
        case 0x10: return [.up]
        case 0x15: return [.killToStart]
        case 0x17: return [.killWord]
        case 0x1B:
            state = .escape
            return []
        case 0x00..<0x20: return []
        case 0x20..<0x7F: return [.character(Unicode.Scalar(byte))]
        // The second byte's range excludes overlong forms, surrogates and values past U+10FFFF.
        case 0xC2...0xDF: state = .utf8(value: UInt32(byte & 0x1F), remaining: 1, low: 0x80, high: 0xBF)
        case 0xE0: state = .utf8(value: 0, remaining: 2, low: 0xA0, high: 0xBF)
        case 0xE1...0xEC, 0xEE, 0xEF: state = .utf8(value: UInt32(byte & 0x0F), remaining: 2, low: 0x80, high: 0xBF)
        case 0xED: state = .utf8(value: 0x0D, remaining: 2, low: 0x80, high: 0x9F)
        case 0xF0: state = .utf8(value: 0, remaining: 3, low: 0x90, high: 0xBF)
        case 0xF1...0xF3: state = .utf8(value: UInt32(byte & 0x07), remaining: 3, low: 0x80, high: 0xBF)
        case 0xF4: state = .utf8(value: 4, remaining: 3, low: 0x80, high: 0x8F)
        default: return [.character("\u{FFFD}")]  // a stray continuation byte, 0xC0, 0xC1, 0xF5...0xFF
        }
        return []
    }

    /// A decoded scalar, unless it is a C1 control (nothing a terminal should echo).
    private static func printable(_ value: UInt32) -> [Key] {
        guard let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value) else { return [] }
        return [.character(scalar)]
    }

    /// The key of a complete CSI sequence, or nil to ignore it: a bare key
    /// or one with parameter 1 (`ESC [ A`, `ESC [ 1 ~`); modified keys
    /// (`ESC [ 1 ; 5 C`) and the rest are ignored.
    private static func csiKey(_ parameters: [UInt8], final: UInt8) -> Key? {
        let digits = parameters.allSatisfy { (0x30...0x39).contains($0) }
        // At most 16 digits: the number fits; 0 when there is none, -1 when it is not a number.
        let number = !digits ? -1 : parameters.isEmpty ? 0 : Int(String(decoding: parameters, as: UTF8.self)) ?? -1
        switch Unicode.Scalar(final) {
        case "A" where number <= 1 && number >= 0: return .up
        case "B" where number <= 1 && number >= 0: return .down
        case "C" where number <= 1 && number >= 0: return .right
        case "D" where number <= 1 && number >= 0: return .left
        case "H" where number <= 1 && number >= 0: return .home
        case "F" where number <= 1 && number >= 0: return .end
        case "~":
            switch number {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            default: return nil
            }
        default: return nil
        }
    }
}
