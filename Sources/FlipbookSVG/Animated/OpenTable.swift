/// A key an `OpenTable` holds: fixed bits, equal when the bits are equal, and those bits mixed into
/// 64 well-spread bits (the table indexes by the top ones).
protocol OpenTableKey: Equatable {
    var mixed: UInt64 { get }
}

/// Values by key in one array of slots, for the compiler's hottest lookups (instants, spline
/// solutions): a lookup costs a mix of the key's bits and a probe or two, where a `Dictionary` hashes
/// the key with `Hasher` (SipHash) every time, which cost as much as the work the lookups saved.
///
/// Linear probing in a power-of-two array kept at most half full, indexed by the top bits of the key's
/// mixed bits. Keys are never removed one by one: `removeAll` forgets them all, keeping the room, and
/// `removeAll(where:)` rebuilds the table from the values it keeps.
/// A value type; a class that keeps one for a single thread reads it without exclusivity checks.
struct OpenTable<Key: OpenTableKey, Value> {
    private var slots: [(key: Key, value: Value)?] = []
    /// 64 − log2 of the capacity.
    private var shift: UInt64 = 64
    private(set) var count = 0
    /// The fewest slots the table allocates (at least 2; a power of two).
    private let initialCapacity: Int

    init(initialCapacity: Int = 64) {
        self.initialCapacity = max(2, initialCapacity)
    }

    @inline(__always)
    private func home(_ key: Key) -> Int { Int(truncatingIfNeeded: key.mixed >> shift) }

    /// The value stored for `key`, or nil.
    func value(for key: Key) -> Value? {
        guard count > 0 else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var i = home(key)
            while let slot = slots[i] {
                if slot.key == key { return slot.value }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    /// Stores `value` for `key` (replacing one stored for the same key).
    mutating func insert(_ value: Value, for key: Key) {
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var i = home(key)
        while let slot = slots[i] {
            if slot.key == key {
                slots[i] = (key, value)
                return
            }
            i = (i + 1) & mask
        }
        slots[i] = (key, value)
        count += 1
    }

    /// Forgets every value, keeping the room.
    mutating func removeAll() {
        for i in slots.indices { slots[i] = nil }
        count = 0
    }

    /// Forgets the values `shouldRemove` picks, keeping the room (the others are stored again).
    mutating func removeAll(where shouldRemove: (Value) -> Bool) {
        let old = slots
        removeAll()
        for slot in old { if let slot, !shouldRemove(slot.value) { insert(slot.value, for: slot.key) } }
    }

    /// Every value stored, in no particular order.
    var values: [Value] { slots.compactMap { $0?.value } }

    private mutating func grow() {
        let old = slots
        let capacity = max(initialCapacity, 2 * slots.count)
        slots = Array(repeating: nil, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        count = 0
        for slot in old { if let slot { insert(slot.value, for: slot.key) } }
    }
}
