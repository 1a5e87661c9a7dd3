import Foundation

/// A property name with its hash code computed once, so that property tables find values by
/// comparing integers instead of hashing strings on every read.
///
/// The code mixes the name's UTF-8 bytes eight at a time (multiply and xor-shift, as in
/// MurmurHash3's finalizer); equal codes are confirmed by comparing the names, so a collision costs a
/// string comparison, never a wrong value. Codes live only in memory: they are never written out, so
/// nothing depends on their exact values.
public struct PropertyName: Hashable, Sendable, CustomStringConvertible {
    /// The name as written in scene files, e.g. "strokeEnd".
    public let string: String
    /// The mixed bytes of `string`.
    let code: UInt64

    public init(_ string: String) {
        self.string = string
        var copy = string
        code = copy.withUTF8(Self.mix)
    }

    private static func mix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= bytes.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                h ^= h >> 32
                i += 8
            }
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 29)
    }

    public static func == (a: PropertyName, b: PropertyName) -> Bool { a.code == b.code && a.string == b.string }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
    public var description: String { string }
}

/// Property values by name, as a layer holds what the user set: a short list searched linearly by
/// hash code (a layer sets a handful of properties; below a few dozen entries this beats a hashed
/// dictionary, which hashes the whole name on every read). A 64-bit filter of the codes present
/// answers most misses (reads of properties left at their defaults) without a search. Names and
/// values live in one array, so a table costs one allocation (components build tables every frame).
/// Equality and hashing ignore the order.
public struct PropertyTable: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    private struct Entry: Hashable, Sendable {
        let name: PropertyName
        var value: PropertyValue
    }
    private var entries: [Entry] = []
    /// Bit (code mod 64) set for every name present.
    private var filter: UInt64 = 0

    public init() {}

    public init(dictionaryLiteral elements: (String, PropertyValue)...) {
        for (name, value) in elements { self[name] = value }
    }

    @inline(__always)
    private func index(of name: PropertyName) -> Int? {
        guard filter & (1 << (name.code & 63)) != 0 else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            for i in entries.indices where entries[i].name.code == name.code && entries[i].name.string == name.string { return i }
            return nil
        }
    }

    /// The value set for `name`, or nil. Setting nil removes it.
    public subscript(name: PropertyName) -> PropertyValue? {
        get { index(of: name).map { entries[$0].value } }
        set {
            if let i = index(of: name) {
                if let newValue {
                    entries[i].value = newValue
                } else {
                    entries.remove(at: i)
                    filter = entries.reduce(0) { $0 | 1 << ($1.name.code & 63) }
                }
            } else if let newValue {
                // Layers set several properties (a ring gauge's arcs nine): grow once, not at 1, 2, 4, 8 and 16.
                if entries.isEmpty { entries.reserveCapacity(12) }
                entries.append(Entry(name: name, value: newValue))
                filter |= 1 << (name.code & 63)
            }
        }
    }

    /// The value set for the property called `name`, or nil. Setting nil removes it.
    public subscript(name: String) -> PropertyValue? {
        get { self[PropertyName(name)] }
        set { self[PropertyName(name)] = newValue }
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    /// The names set, in the order they were first set.
    public var keys: [String] { entries.map(\.name.string) }

    public static func == (a: PropertyTable, b: PropertyTable) -> Bool {
        guard a.entries.count == b.entries.count, a.filter == b.filter else { return false }
        // Tables built by the same code list their names in the same order: compare side by side,
        // and look names up only from the first place the orders differ.
        var i = 0
        while i < a.entries.count && a.entries[i].name == b.entries[i].name {
            if a.entries[i].value != b.entries[i].value { return false }
            i += 1
        }
        while i < a.entries.count {
            if b[a.entries[i].name] != a.entries[i].value { return false }
            i += 1
        }
        return true
    }

    /// Whether `other` holds the same entries in the same order, bit for bit: a cheap test (memory
    /// comparisons, no copies of values) that implies `==`, for callers that only need to know a
    /// table did not change. Equal tables built differently (other order, other arrays with the same
    /// numbers, -0 for 0) fail it. Swift zero-fills the unused bytes of an enum's payload, so a table
    /// rebuilt from the same values passes (a test checks it: were that to change, only speed is lost).
    public func isIdentical(to other: PropertyTable) -> Bool {
        guard entries.count == other.entries.count, filter == other.filter else { return false }
        // Entry by entry, without the padding after each (whatever memory held before).
        let size = MemoryLayout<Entry>.size, stride = MemoryLayout<Entry>.stride
        return entries.withUnsafeBytes { a in
            other.entries.withUnsafeBytes { b in
                var offset = 0
                while offset < a.count {
                    if memcmp(a.baseAddress! + offset, b.baseAddress! + offset, size) != 0 { return false }
                    offset += stride
                }
                return true
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: a sum of per-entry hashes.
        var sum = 0
        for entry in entries {
            var one = Hasher()
            one.combine(entry.name)
            one.combine(entry.value)
            sum &+= one.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(sum)
    }
}
