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
}

extension String: SVGTextSink {
    public mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { self += String(decoding: $0, as: UTF8.self) }
    }
    public mutating func write(string text: String) { self += text }
    public mutating func write(byte: UInt8) { unicodeScalars.append(Unicode.Scalar(byte)) }
}

/// SVG text as UTF-8 bytes, appended in place.
public struct SVGBuffer: SVGTextSink {
    /// The text so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    @inline(__always)
    public mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
    public mutating func write(string text: String) { bytes.append(contentsOf: text.utf8) }
    @inline(__always)
    public mutating func write(byte: UInt8) { bytes.append(byte) }
    /// Appends another buffer's bytes.
    public mutating func write(_ other: SVGBuffer) { bytes.append(contentsOf: other.bytes) }

    /// Number of bytes written.
    public var count: Int { bytes.count }
    /// Drops everything after the first `count` bytes (undoing writes).
    public mutating func truncate(to count: Int) { bytes.removeSubrange(count...) }
    /// The text as a String.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
