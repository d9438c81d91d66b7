/// How many columns of a terminal a Unicode scalar takes, for lining up a
/// caret under a source line: 2 for the wide and fullwidth characters of
/// East Asian scripts and for emoji, 0 for combining marks, variation
/// selectors and zero-width joiners, 1 for everything else.
///
/// A table of ranges, not the full Unicode width property: it covers the
/// scripts and symbols a title or a comment holds (CJK ideographs, kana,
/// Hangul, fullwidth forms, emoji and their modifiers), and a scalar it
/// misses is taken as one column, as before.
package enum TerminalColumns {
    /// Ranges of scalars that take no column.
    private static let zero: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
        0x0E31...0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E,
        0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x20D0...0x20FF,
        0x302A...0x302F, 0x3099...0x309A, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
        0x1F3FB...0x1F3FF, 0xE0000...0xE01EF,
    ]
    /// Ranges of scalars that take two columns.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693,
        0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
        0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD,
        0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E,
        0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF,
        0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F3FA, 0x1F400...0x1F64F,
        0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The columns `scalar` takes (a tab is one: the caret line copies it).
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if contains(zero, value) { return 0 }
        return contains(wide, value) ? 2 : 1
    }

    /// Whether one of the sorted, disjoint `ranges` holds `value` (a binary search).
    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }
}
