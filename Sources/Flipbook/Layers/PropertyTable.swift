/// A property name with its hash code computed once, so that property tables find values by
/// comparing integers instead of hashing strings on every read.
///
/// The code is 64-bit FNV-1a over the name's UTF-8 bytes; equal codes are confirmed by comparing the
/// names, so a collision costs a string comparison, never a wrong value.
public struct PropertyName: Hashable, Sendable, CustomStringConvertible {
    /// The name as written in scene files, e.g. "strokeEnd".
    public let string: String
    /// FNV-1a of `string`.
    let code: UInt64

    public init(_ string: String) {
        self.string = string
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in string.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        code = hash
    }

    public static func == (a: PropertyName, b: PropertyName) -> Bool { a.code == b.code && a.string == b.string }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
    public var description: String { string }
}

/// Property values by name, as a layer holds what the user set: a short list searched linearly by
/// hash code (a layer sets a handful of properties; below a few dozen entries this beats a hashed
/// dictionary, which hashes the whole name on every read). Equality and hashing ignore the order.
public struct PropertyTable: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    private var names: [PropertyName] = []
    private var values: [PropertyValue] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, PropertyValue)...) {
        for (name, value) in elements { self[name] = value }
    }

    @inline(__always)
    private func index(of name: PropertyName) -> Int? {
        names.withUnsafeBufferPointer { names in
            for i in names.indices where names[i].code == name.code && names[i].string == name.string { return i }
            return nil
        }
    }

    /// The value set for `name`, or nil. Setting nil removes it.
    public subscript(name: PropertyName) -> PropertyValue? {
        get { index(of: name).map { values[$0] } }
        set {
            if let i = index(of: name) {
                if let newValue { values[i] = newValue } else { names.remove(at: i); values.remove(at: i) }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }

    /// The value set for the property called `name`, or nil. Setting nil removes it.
    public subscript(name: String) -> PropertyValue? {
        get { self[PropertyName(name)] }
        set { self[PropertyName(name)] = newValue }
    }

    public var isEmpty: Bool { names.isEmpty }
    public var count: Int { names.count }
    /// The names set, in the order they were first set.
    public var keys: [String] { names.map(\.string) }

    public static func == (a: PropertyTable, b: PropertyTable) -> Bool {
        guard a.names.count == b.names.count else { return false }
        for (i, name) in a.names.enumerated() where b[name] != a.values[i] { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: a sum of per-entry hashes.
        var sum = 0
        for (i, name) in names.enumerated() {
            var entry = Hasher()
            entry.combine(name)
            entry.combine(values[i])
            sum &+= entry.finalize()
        }
        hasher.combine(names.count)
        hasher.combine(sum)
    }
}
