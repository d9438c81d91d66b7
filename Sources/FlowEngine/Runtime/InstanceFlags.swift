/// A flag per flow instance slot, kept in one word while there are at
/// most 64 slots (a state rarely holds a dozen instances) and in an array
/// past that.
///
/// The engine marks instances at the end of most steps (which flows still
/// show something, which ones a `finish` ends), and allocating an array
/// costs more than the walk over the slots that fills it: several hundred
/// instructions, most of them the runtime looking up the array's type.
struct InstanceFlags {
    let count: Int
    private var word: UInt64 = 0
    private var overflow: [Bool]

    /// `count` flags, all clear.
    init(count: Int) {
        self.count = count
        overflow = count > 64 ? [Bool](repeating: false, count: count) : []
    }

    @inline(__always)
    subscript(slot: Int) -> Bool {
        get {
            precondition(slot >= 0 && slot < count, "instance slot \(slot) of \(count)")
            return count > 64 ? overflow[slot] : word & (1 << UInt64(slot)) != 0
        }
        set {
            precondition(slot >= 0 && slot < count, "instance slot \(slot) of \(count)")
            if count > 64 {
                setOverflow(slot, newValue)
            } else if newValue {
                word |= 1 << UInt64(slot)
            } else {
                word &= ~(1 << UInt64(slot))
            }
        }
    }

    /// Past 64 slots. Not inlined: where the write to the array is inlined,
    /// the optimizer makes the array unique before the test of `count`,
    /// and making the shared empty array unique allocates one.
    @inline(never)
    private mutating func setOverflow(_ slot: Int, _ value: Bool) {
        overflow[slot] = value
    }
}
