import FlipbookSupport

/// A file-system path as the bytes the user gave, never re-encoded: Linux paths are bytes, and a name
/// that is not UTF-8 (`bad\xff\xfe`) must reach the file system unchanged.
public struct BytePath: Hashable, Sendable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL. Never contains NUL.
    public var bytes: [UInt8]

    /// A path from raw bytes (from `argv`). Bytes after a NUL, which no path can hold, are dropped.
    public init(bytes: [UInt8]) {
        self.bytes = Array(bytes.prefix(while: { $0 != 0 }))
    }

    /// A path from text, encoded as UTF-8.
    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The path for messages: UTF-8 as it is, control characters and invalid bytes escaped
    /// (`bad\xFF\xFE`), shortened past 300 bytes. Safe to print on a terminal.
    public var description: String { DisplayText.escaped(bytes: bytes) }

    /// Whether the path is empty.
    public var isEmpty: Bool { bytes.isEmpty }

    /// The path without trailing slashes ("/" stays "/").
    var trimmed: [UInt8] {
        var b = bytes
        while b.count > 1, b.last == UInt8(ascii: "/") { b.removeLast() }
        return b
    }

    /// The folder holding the last component ("." for a bare name) and the last component itself.
    public var split: (folder: BytePath, name: [UInt8]) {
        let b = trimmed
        guard let slash = b.lastIndex(of: UInt8(ascii: "/")) else { return (BytePath("."), b) }
        let folder = slash == 0 ? [UInt8(ascii: "/")] : Array(b[..<slash])
        return (BytePath(bytes: folder), Array(b[(slash + 1)...]))
    }

    /// This path with `name` appended as a new component.
    public func appending(_ name: [UInt8]) -> BytePath {
        let b = trimmed
        return BytePath(bytes: b.last == UInt8(ascii: "/") ? b + name : b + [UInt8(ascii: "/")] + name)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try BytePath.withCString(bytes, body)
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
