/// Snapshots by instant (`OpenTable`), keyed by the instant's bits (0 and −0 one key) mixed by
/// Fibonacci hashing (a multiply by 2^64/φ): the compiler looks instants up tens of thousands of times
/// a scene.
struct InstantTable {
    private struct Key: OpenTableKey {
        let bits: UInt64
        var mixed: UInt64 { bits &* 0x9E37_79B9_7F4A_7C15 }
    }
    private var table = OpenTable<Key, Snapshot>()

    /// An instant's key: its bits, 0 and −0 one key (what tells instants apart everywhere the compiler
    /// keeps them).
    static func key(_ time: Double) -> UInt64 { (time == 0 ? 0 : time).bitPattern }

    var count: Int { table.count }

    /// The snapshot stored for `time`, or nil.
    func snapshot(at time: Double) -> Snapshot? { table.value(for: Key(bits: Self.key(time))) }

    /// Stores `snapshot` for `time` (replacing one stored for the same instant).
    mutating func insert(_ snapshot: Snapshot, at time: Double) { table.insert(snapshot, for: Key(bits: Self.key(time))) }

    /// Forgets every snapshot, keeping the room.
    mutating func removeAll() { table.removeAll() }

    /// Forgets the snapshots `shouldRemove` picks.
    mutating func removeAll(where shouldRemove: (Snapshot) -> Bool) { table.removeAll(where: shouldRemove) }

    /// Every snapshot stored, in no particular order.
    var values: [Snapshot] { table.values }
}
