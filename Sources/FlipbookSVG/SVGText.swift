/// Where SVG text goes: a `String` (the animated-SVG compiler) or an `SVGBuffer` of bytes (the
/// frame writer, where building Strings piece by piece cost more than everything else in a frame).
/// `SVGNumber` and `SVGPathData` write to either.
public protocol SVGTextSink {
    /// Appends ASCII or UTF-8 text known at compile time.
    mutating func write(_ text: StaticString)
    /// Appends text.
    mutating func write(string text: String)
    /// Appends one ASCII byte (a digit, a sign, a separator).
    mutating func write(byte: UInt8)
    /// Appends `count` ASCII bytes that `body` writes in place (a formatted number).
    mutating func write(asciiCount count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void)
}

extension String: SVGTextSink {
    public mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { self += String(decoding: $0, as: UTF8.self) }
    }
    public mutating func write(string text: String) { self += text }
    public mutating func write(byte: UInt8) { unicodeScalars.append(Unicode.Scalar(byte)) }
    public mutating func write(asciiCount count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            body(buffer.baseAddress!)
            self += String(decoding: buffer, as: UTF8.self)
        }
    }
}

/// SVG text as UTF-8 bytes, appended in place.
///
/// A value type (copy on write) over its own growable byte storage: a write is a uniqueness check, a
/// capacity check and a copy, with no per-call generic Array machinery.
public struct SVGBuffer: SVGTextSink {
    var storage: Storage
    var written = 0
    var capacity: Int

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        self.capacity = max(capacity, 64)
        storage = Storage(capacity: self.capacity)
    }

    /// The text so far.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Calls `body` with the bytes written so far.
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    /// Makes room for `extra` more bytes in storage this buffer alone owns; returns where they go.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(count + extra > capacity || !isKnownUniquelyReferenced(&storage)) {
            grow(minimumCapacity: count + extra)
        }
        return storage.base + count
    }

    /// Moves the bytes to new storage of at least `minimumCapacity` (doubling, so appends are
    /// amortised constant time).
    mutating func grow(minimumCapacity: Int) {
        let bigger = Storage(capacity: Swift.max(minimumCapacity, capacity * 2))
        bigger.base.update(from: storage.base, count: count)
        storage = bigger
        capacity = bigger.capacity
    }

    @inline(__always)
    public mutating func write(asciiCount count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        body(reserve(count))
        written += count
    }
    /// Appends bytes.
    @inline(__always)
    public mutating func write(ascii: UnsafeBufferPointer<UInt8>) {
        let n = ascii.count
        guard n > 0 else { return }
        reserve(n).update(from: ascii.baseAddress!, count: n)
        written += n
    }
    @inline(__always)
    public mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { write(ascii: $0) }
    }
    public mutating func write(string text: String) {
        var text = text
        text.withUTF8 { write(ascii: $0) }
    }
    @inline(__always)
    public mutating func write(byte: UInt8) {
        reserve(1).pointee = byte
        written += 1
    }
    /// Appends another buffer's bytes.
    public mutating func write(_ other: SVGBuffer) {
        other.withUnsafeBytes { write(ascii: $0) }
    }

    /// Number of bytes written.
    public var count: Int { written }
    /// A new buffer with the bytes from `start` on.
    public func suffix(from start: Int) -> SVGBuffer {
        var copy = SVGBuffer(capacity: count - start)
        withUnsafeBytes { copy.write(ascii: UnsafeBufferPointer(rebasing: $0[min(max(start, 0), count)...])) }
        return copy
    }
    /// Drops everything after the first `count` bytes (undoing writes).
    public mutating func truncate(to count: Int) {
        written = min(max(count, 0), written)
    }
    /// Empties the buffer, keeping its capacity (a frame loop reuses one buffer).
    public mutating func removeAll() { truncate(to: 0) }
    /// The text as a String.
    public var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// The bytes, shared by copies of a buffer until one of them writes (which then copies them).
    final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }
}
