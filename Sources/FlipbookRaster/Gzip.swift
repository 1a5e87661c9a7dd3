/// gzip (RFC 1952) around this package's deflate: what Telegram's .tgs stickers are.
public enum Gzip {
    /// `data` gzipped. Deterministic: no name, no time (MTIME 0), OS "unknown".
    public static func compress(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        data.withUnsafeBufferPointer { Deflate.deflate($0, into: &out) }
        let crc = CRC32.checksum(data), size = UInt32(truncatingIfNeeded: data.count)
        for v in [crc, size] { out += littleEndian(v) }
        return out
    }

    /// Whether `data` starts as a gzip file does (ID1 ID2 = 1F 8B).
    public static func isGzip(_ data: [UInt8]) -> Bool { data.count >= 2 && data[0] == 0x1F && data[1] == 0x8B }

    /// The bytes of gzipped `data`: each member's header (with its optional extra field, name,
    /// comment and header CRC) skipped, its deflate stream inflated (`Inflate.raw`), its CRC-32 and
    /// length checked; members one after another are joined, as `gunzip` joins them.
    /// - Throws: `InflateError` for a header that is not gzip's (or sets reserved flags), a stream
    ///   that does not inflate, a CRC or length that does not match, bytes after the last member, or
    ///   more than `limit` bytes in all.
    public static func decompress(_ data: [UInt8], limit: Int = .max) throws(InflateError) -> [UInt8] {
        var out: [UInt8] = [], position = 0
        repeat {
            guard data.count - position >= 18, data[position] == 0x1F, data[position + 1] == 0x8B else {
                throw InflateError(position == 0 ? "not gzip data (it does not start with 1F 8B)" : "bytes after the gzip data", at: position)
            }
            guard data[position + 2] == 8 else { throw InflateError("a gzip member compressed by method \(data[position + 2]), not deflate (8)", at: position + 2) }
            let flags = data[position + 3]
            guard flags & 0xE0 == 0 else { throw InflateError("a gzip header with reserved flags set", at: position + 3) }
            var p = position + 10
            func skip(_ n: Int) throws(InflateError) {
                guard p + n <= data.count else { throw InflateError("the data ends inside a gzip header", at: data.count) }
                p += n
            }
            func skipZeroTerminated() throws(InflateError) {
                while true {
                    guard p < data.count else { throw InflateError("the data ends inside a gzip header", at: data.count) }
                    p += 1
                    if data[p - 1] == 0 { return }
                }
            }
            if flags & 4 != 0 {
                try skip(2)
                try skip(Int(data[p - 2]) | Int(data[p - 1]) << 8)
            }
            if flags & 8 != 0 { try skipZeroTerminated() }
            if flags & 16 != 0 { try skipZeroTerminated() }
            if flags & 2 != 0 { try skip(2) }
            let (bytes, end) = try Inflate.raw(data, from: p, limit: limit - out.count)
            guard end + 8 <= data.count else { throw InflateError("the data ends before the gzip trailer", at: data.count) }
            let crc = ZipArchive.u32(data, end), size = ZipArchive.u32(data, end + 4)
            guard crc == CRC32.checksum(bytes) else { throw InflateError("a CRC-32 that does not match the data", at: end) }
            guard size == UInt32(truncatingIfNeeded: bytes.count) else { throw InflateError("a length of \(size) bytes in the trailer, for \(bytes.count)", at: end + 4) }
            out += bytes
            position = end + 8
        } while position < data.count
        return out
    }

    static func littleEndian(_ v: UInt32) -> [UInt8] { [UInt8(v & 255), UInt8((v >> 8) & 255), UInt8((v >> 16) & 255), UInt8(v >> 24)] }
}
