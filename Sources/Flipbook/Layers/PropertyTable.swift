#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Which of 64 buckets the name falls in: its code's low six bits. The one way every index of names
    /// (`PropertyTable`, `CodeSet`, a type's declared defaults, the shape style's names) sorts them.
    var bucket: Int { Int(code & 63) }
    /// The name's bit in a 64-bit filter of names: bit `bucket`. A filter without it does not hold it.
    var filterBit: UInt64 { 1 << (code & 63) }

    /// The code alone: equal names (`==` synthesized, the strings compared) have equal codes.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
    public var description: String { string }
}

/// Property names' hash codes (`PropertyName.code`), with a 64-bit filter of them (bit code mod 64)
/// that answers most codes that are not among them without a search: which names a derivation part or
/// a layer's render base reads, asked of every changed value at every instant.
struct CodeSet: Sendable {
    let codes: [UInt64]
    let filter: UInt64

    init(_ names: [PropertyName]) {
        codes = names.map(\.code)
        filter = names.reduce(0) { $0 | $1.filterBit }
    }

    /// Whether `name`'s code is among the codes (a different name of the same code is a false positive,
    /// which costs a caller work done again, never a wrong value).
    func contains(_ name: PropertyName) -> Bool {
        filter & name.filterBit != 0 && codes.contains(name.code)
    }
}

/// Property values by name, as a layer holds what the user set: a short list searched linearly by
/// hash code (a layer sets a handful of properties; below a few dozen entries this beats a hashed
/// dictionary, which hashes the whole name on every read). A 64-bit filter of the codes present
/// answers most misses (reads of properties left at their defaults) without a search. Names and
/// values live in one array, so a table costs one allocation (components build tables every frame).
/// Equality and hashing ignore the order.
public struct PropertyTable: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    struct Entry: Hashable, Sendable {
        let name: PropertyName
        var value: PropertyValue
    }
    var entries: [Entry] = []
    /// Bit (code mod 64) set for every name present.
    var filter: UInt64 = 0
    /// The entries written since this was last set to 0: bit i when entry i (in the order the names
    /// were first set) was set where none was, or to another value (`isUnchanged`'s test, bit for bit
    /// for numbers); bit 63 for the 64th entry and later, and every bit once an entry is removed (the
    /// ones after it move). Not part of the table's value (`==` and hashing ignore it): how a caller
    /// that lets other code write into a table in place learns what changed (`RetainedPresentation`,
    /// for a component's refreshed sublayer).
    package var changes: UInt64 = 0

    public init() {}

    public init(dictionaryLiteral elements: (String, PropertyValue)...) {
        for (name, value) in elements { self[name] = value }
    }

    @inline(__always)
    func index(of name: PropertyName) -> Int? {
        guard filter & name.filterBit != 0 else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            for i in entries.indices where entries[i].name.code == name.code && entries[i].name.string == name.string { return i }
            return nil
        }
    }

    /// `convert` applied to the value set for `name` where it sits (no copy of the value), or nil when
    /// the name is not set: how typed reads take a number out of a table without copying the enum.
    @inline(__always)
    public func withValue<R>(_ name: PropertyName, _ convert: (PropertyValue) -> R) -> R? {
        guard let i = index(of: name) else { return nil }
        return entries.withUnsafeBufferPointer { convert($0[i].value) }
    }

    /// Whether a value is set for `name` (without copying it, as `self[name] != nil` would).
    @inline(__always)
    public func contains(_ name: PropertyName) -> Bool { index(of: name) != nil }

    /// Sets `value` for `name`: the subscript's setter without an optional (an optional
    /// `PropertyValue` is copied through run-time witnesses; components set a dozen values a layer,
    /// every frame). The value is taken, not copied (callers pass a value made for the call). A value
    /// the same as the one set (`isUnchanged`'s test) leaves the table as it is, `changes` included.
    public mutating func set(_ name: PropertyName, _ value: consuming PropertyValue) {
        if let i = index(of: name) {
            replaceValue(at: i, with: value)
        } else {
            append(name, value)
        }
    }

    mutating func append(_ name: PropertyName, _ value: consuming PropertyValue) {
        // Layers set several properties (a ring gauge's arcs nine): grow once, not at 1, 2, 4, 8 and 16.
        if entries.isEmpty { entries.reserveCapacity(12) }
        entries.append(Entry(name: name, value: value))
        filter |= name.filterBit
        changes |= 1 << UInt64(min(entries.count - 1, 63))
    }

    /// The value set for `name`, or nil. Setting nil removes it.
    public subscript(name: PropertyName) -> PropertyValue? {
        get { index(of: name).map { entries[$0].value } }
        set {
            if let newValue {
                set(name, newValue)
            } else if let i = index(of: name) {
                entries.remove(at: i)
                filter = entries.reduce(0) { $0 | $1.name.filterBit }
                changes = ~0
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

    /// Equal when both set the same names to equal values, in whatever order they were set (two
    /// tables built by different code list the same names in different orders): not synthesized,
    /// which would compare the order too.
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

    /// Whether `other` holds the same values as this table under the same names in the same order:
    /// a cheap test that implies `==`, for callers that only need to know a table did not change
    /// (the frame renderer, for every leaf layer every frame).
    ///
    /// Entries are compared side by side: numbers and the values made of numbers (angles, points,
    /// sizes, rects, colours, transforms) by their bit patterns, flags by value, text by its UTF-8
    /// bytes, and the other values that hold storage (lists, paths, gradients, choices, custom values)
    /// with `==`. So the test is stricter than `==`: another order, -0 against 0, or another spelling
    /// of the same text fails it. It reads values, never memory layout (an earlier version compared
    /// entries' bytes, which leaned on unused payload bytes being zero: adding a wider case to
    /// PropertyValue broke that silently).
    public func isUnchanged(from other: PropertyTable) -> Bool {
        guard entries.count == other.entries.count, filter == other.filter else { return false }
        for i in entries.indices {
            guard entries[i].name == other.entries[i].name, Self.same(entries[i].value, other.entries[i].value) else { return false }
        }
        return true
    }

    /// Which entries hold other values than `other`'s (`isUnchanged`'s test, entry by entry): bit i is
    /// set when entry i changed, so 0 means `isUnchanged(from: other)`. Nil when the two do not list
    /// the same names in the same order, or list more than 64: then anything may have changed.
    func changedEntries(from other: PropertyTable) -> UInt64? {
        guard entries.count == other.entries.count, entries.count <= 64, filter == other.filter else { return nil }
        var changed: UInt64 = 0
        for i in entries.indices {
            guard entries[i].name == other.entries[i].name else { return nil }
            if !Self.same(entries[i].value, other.entries[i].value) { changed |= 1 << UInt64(i) }
        }
        return changed
    }

    /// The value of entry `index`, in the order the names were first set.
    func value(at index: Int) -> PropertyValue { entries[index].value }

    /// Puts `value` in entry `index` where it differs from the value there (`isUnchanged`'s test,
    /// bit for bit for numbers); returns whether it did.
    @discardableResult
    mutating func replaceValue(at index: Int, with value: consuming PropertyValue) -> Bool {
        if Self.same(entries[index].value, value) { return false }
        putValue(at: index, value)
        return true
    }

    /// Puts `value` in entry `index` and marks it changed, for a caller that found it differs.
    mutating func putValue(at index: Int, _ value: consuming PropertyValue) {
        entries[index].value = value
        changes |= 1 << UInt64(min(index, 63))
    }

    /// Whether an entry marked in `changed` (from `changedEntries`) has a name whose hash code is one
    /// of `codes`. A name of another spelling with one of those codes counts as one of them, so the
    /// answer errs towards true.
    func anyEntry(in changed: UInt64, hasCodeIn codes: CodeSet) -> Bool {
        var bits = changed
        while bits != 0 {
            let i = bits.trailingZeroBitCount
            if codes.contains(entries[i].name) { return true }
            bits &= bits - 1
        }
        return false
    }

    /// Whether an entry marked in `changes` has a name whose hash code is one of `codes` (`anyEntry`);
    /// true whenever bit 63 is set, which stands for the 64th entry and later, and for removals.
    func anyChange(hasCodeIn codes: CodeSet) -> Bool {
        changes >> 63 != 0 || anyEntry(in: changes, hasCodeIn: codes)
    }

    /// Equal bit for bit where the value is numbers, byte for byte where it is text, equal by `==`
    /// otherwise (`isUnchanged`).
    @inline(__always) static func same(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
        @inline(__always) func eq(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern }
        // One switch on `a`, then `b` matched in place (a switch over the pair (a, b) copies both
        // values into a tuple first).
        switch a {
        case .number(let x): if case .number(let y) = b { return eq(x, y) }
        case .angle(let x): if case .angle(let y) = b { return eq(x.radians, y.radians) }
        case .point(let x): if case .point(let y) = b { return eq(x.x, y.x) && eq(x.y, y.y) }
        case .size(let x): if case .size(let y) = b { return eq(x.width, y.width) && eq(x.height, y.height) }
        case .rect(let x):
            if case .rect(let y) = b {
                return eq(x.origin.x, y.origin.x) && eq(x.origin.y, y.origin.y) && eq(x.size.width, y.size.width)
                    && eq(x.size.height, y.size.height)
            }
        case .color(let x):
            if case .color(let y) = b { return eq(x.red, y.red) && eq(x.green, y.green) && eq(x.blue, y.blue) && eq(x.alpha, y.alpha) }
        case .transform(let x):
            if case .transform(let y) = b { return eq(x.a, y.a) && eq(x.b, y.b) && eq(x.c, y.c) && eq(x.d, y.d) && eq(x.tx, y.tx) && eq(x.ty, y.ty) }
        case .flag(let x): if case .flag(let y) = b { return x == y }
        // Text byte for byte: `==` holds canonically equivalent spellings equal ("é" as one code point
        // or as e and an accent), and outputs write text's bytes. A choice is read as one of its
        // type's names (`ChoiceValue(rawValue:)`, by `==`), so equal names draw the same.
        case .text(let x): if case .text(let y) = b { return sameBytes(x, y) }
        case .choice(let x): if case .choice(let y) = b { return x == y }
        default: return a == b
        }
        return false
    }

    /// Whether two strings have the same UTF-8 bytes: compared where they are stored (small strings
    /// are copied to the stack for it), or byte by byte through their views where they are not.
    private static func sameBytes(_ x: String, _ y: String) -> Bool {
        let count = x.utf8.count
        guard count == y.utf8.count else { return false }
        let stored = x.utf8.withContiguousStorageIfAvailable { a in
            y.utf8.withContiguousStorageIfAvailable { b in a.elementsEqual(b) }
        }
        return (stored ?? nil) ?? x.utf8.elementsEqual(y.utf8)
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
