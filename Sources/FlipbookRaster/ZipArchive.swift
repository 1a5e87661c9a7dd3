/// The files of a zip archive (PKWARE's APPNOTE), read for dotLottie (`.lottie`): a zip of a
/// `manifest.json` and the animations' Lottie JSON.
///
/// The central directory at the archive's end lists the entries; each entry's bytes are read from
/// its local header on, stored (method 0) or deflated (method 8, `Inflate.raw`), and checked against
/// the directory's CRC-32 and size. Zip64 archives, encrypted entries and other methods are refused
/// by name; so is every offset or length that points outside the archive.
public struct ZipArchive {
    /// An entry of the central directory.
    public struct Entry: Equatable {
        public var name: String
        var method: Int
        var flags: Int
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeader: Int
    }

    public let entries: [Entry]
    private let data: [UInt8]

    /// Whether `data` starts as a zip archive does (a local file header, "PK\u{3}\u{4}").
    public static func isZip(_ data: [UInt8]) -> Bool { data.count >= 4 && data[0] == 0x50 && data[1] == 0x4B && data[2] == 3 && data[3] == 4 }

    /// The archive's directory. - Throws: `InflateError` when there is none, or it is malformed or Zip64.
    public init(_ data: [UInt8]) throws(InflateError) {
        self.data = data
        // The end of central directory record: 22 bytes and a comment of up to 65,535, at the end.
        var end = -1
        var i = data.count - 22
        while i >= max(0, data.count - 22 - 65_535) {
            if Self.u32(data, i) == 0x0605_4B50 { end = i; break }
            i -= 1
        }
        guard end >= 0 else { throw InflateError("no zip directory (its end record)", at: data.count) }
        let count = Self.u16(data, end + 10), size = Int(Self.u32(data, end + 12)), offset = Int(Self.u32(data, end + 16))
        guard count != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else { throw InflateError("a Zip64 archive (not read)", at: end) }
        guard offset + size <= end else { throw InflateError("a zip directory that lies outside the archive", at: end) }
        var entries: [Entry] = []
        var p = offset
        for _ in 0..<count {
            guard p + 46 <= offset + size, Self.u32(data, p) == 0x0201_4B50 else { throw InflateError("a malformed zip directory entry", at: p) }
            let nameLength = Self.u16(data, p + 28), extra = Self.u16(data, p + 30), comment = Self.u16(data, p + 32)
            guard p + 46 + nameLength <= data.count else { throw InflateError("a zip entry name past the archive's end", at: p) }
            let entry = Entry(name: String(decoding: data[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self),
                              method: Self.u16(data, p + 10), flags: Self.u16(data, p + 8), crc: Self.u32(data, p + 16),
                              compressedSize: Int(Self.u32(data, p + 20)), size: Int(Self.u32(data, p + 24)), localHeader: Int(Self.u32(data, p + 42)))
            guard entry.compressedSize != 0xFFFF_FFFF, entry.size != 0xFFFF_FFFF, entry.localHeader != 0xFFFF_FFFF else {
                throw InflateError("a Zip64 entry '\(entry.name)' (not read)", at: p)
            }
            entries.append(entry)
            p += 46 + nameLength + extra + comment
        }
        self.entries = entries
    }

    /// The bytes of the entry named `name`, nil when there is none.
    /// - Throws: `InflateError` for an encrypted entry, a method other than stored or deflate, a
    ///   local header outside the archive, data that does not inflate, a size or CRC-32 that does not
    ///   match the directory's, or more than `limit` bytes.
    public func contents(of name: String, limit: Int = .max) throws(InflateError) -> [UInt8]? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        guard entry.flags & 1 == 0 else { throw InflateError("the zip entry '\(name)' is encrypted", at: entry.localHeader) }
        guard entry.size <= limit else { throw InflateError.overLimit(limit) }
        let p = entry.localHeader
        guard p + 30 <= data.count, Self.u32(data, p) == 0x0403_4B50 else { throw InflateError("no local header for the zip entry '\(name)'", at: p) }
        let start = p + 30 + Self.u16(data, p + 26) + Self.u16(data, p + 28)
        guard start + entry.compressedSize <= data.count else { throw InflateError("the zip entry '\(name)' runs past the archive's end", at: p) }
        let bytes: [UInt8]
        switch entry.method {
        case 0: bytes = Array(data[start..<(start + entry.compressedSize)])
        case 8: bytes = try Inflate.raw(Array(data[start..<(start + entry.compressedSize)]), limit: limit).bytes
        default: throw InflateError("the zip entry '\(name)' is compressed by method \(entry.method) (only stored and deflate are read)", at: p)
        }
        guard bytes.count == entry.size, CRC32.checksum(bytes) == entry.crc else {
            throw InflateError("the zip entry '\(name)' does not match its size or CRC-32", at: p)
        }
        return bytes
    }

    private static func u16(_ d: [UInt8], _ i: Int) -> Int { i + 2 <= d.count && i >= 0 ? Int(d[i]) | Int(d[i + 1]) << 8 : 0 }
    /// The little-endian 32-bit word at `i`, 0 past the end (a bound the callers check as they read).
    static func u32(_ d: [UInt8], _ i: Int) -> UInt32 {
        guard i >= 0, i + 4 <= d.count else { return 0 }
        return UInt32(d[i]) | UInt32(d[i + 1]) << 8 | UInt32(d[i + 2]) << 16 | UInt32(d[i + 3]) << 24
    }
}
