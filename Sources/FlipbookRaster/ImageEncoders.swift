/// Image file formats: binary PPM (P6), raw RGBA, and PNG with a deflate encoder written here.
public enum ImageEncoder {
    /// `P6` binary PPM: RGB composited over `background`.
    public static func ppm(_ image: RasterImage, background: (UInt8, UInt8, UInt8) = (255, 255, 255)) -> [UInt8] {
        let header = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        return [UInt8](unsafeUninitializedCapacity: header.count + image.width * image.height * 3) { out, count in
            _ = out.initialize(from: header)
            image.appendRGB(over: background, into: out.baseAddress! + header.count)
            count = header.count + image.width * image.height * 3
        }
    }

    /// Raw RGBA, straight alpha, row by row (ffmpeg's `-f rawvideo -pixel_format rgba`).
    public static func rgba(_ image: RasterImage) -> [UInt8] { image.straightRGBA }

    /// PNG, 8-bit RGBA, straight alpha. Rows are filtered (the filter with the smallest sum of
    /// absolute values per row, the usual heuristic) and compressed by `Deflate`.
    public static func png(_ image: RasterImage) -> [UInt8] {
        let rgba = image.straightRGBA
        let stride = image.width * 4
        var raw: [UInt8] = []
        raw.reserveCapacity((stride + 1) * image.height)
        var previous = [UInt8](repeating: 0, count: stride)
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        for y in 0..<image.height {
            let row = Array(rgba[(y * stride)..<((y + 1) * stride)])
            var bestFilter: UInt8 = 0, bestScore = Int.max
            for filter in UInt8(0)...4 {
                var score = 0
                for i in 0..<stride {
                    let a = i >= 4 ? Int(row[i - 4]) : 0, b = Int(previous[i]), c = i >= 4 ? Int(previous[i - 4]) : 0
                    let predictor: Int
                    switch filter {
                    case 0: predictor = 0
                    case 1: predictor = a
                    case 2: predictor = b
                    case 3: predictor = (a + b) / 2
                    default:
                        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                        predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                    }
                    let v = UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
                    candidate[i] = v
                    score += v < 128 ? Int(v) : 256 - Int(v)
                }
                if score < bestScore { bestScore = score; bestFilter = filter; swap(&best, &candidate) }
            }
            raw.append(bestFilter)
            raw.append(contentsOf: best)
            previous = row
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            out += bigEndian(UInt32(body.count))
            let typed = Array(type.utf8) + body
            out += typed
            out += bigEndian(CRC32.checksum(typed))
        }
        chunk("IHDR", bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height)) + [8, 6, 0, 0, 0])
        chunk("IDAT", Deflate.zlib(raw))
        chunk("IEND", [])
        return out
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as PNG chunks need.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 255)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// Deflate (RFC 1951) with LZ77 matching and the fixed Huffman code, in a zlib wrapper (RFC 1950).
///
/// Matches are found through hash chains over 3-byte prefixes (window 32 KiB, chains cut at 64
/// candidates, lazy evaluation off); literals and matches are coded with the fixed code of §3.2.6,
/// one block. Real compression: a flat-colour frame shrinks to a small fraction of its raw size.
enum Deflate {
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x9C]
        out += deflate(data)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out += ImageEncoder.bigEndian(b << 16 | a)
        return out
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var count: UInt32 = 0

        mutating func write(_ value: UInt32, bits: UInt32) {
            buffer |= value << count
            count += bits
            while count >= 8 {
                bytes.append(UInt8(buffer & 255))
                buffer >>= 8
                count -= 8
            }
        }

        /// A Huffman code, most significant bit first.
        mutating func writeCode(_ code: UInt32, length: UInt32) {
            var reversed: UInt32 = 0
            for i in 0..<length { reversed |= ((code >> i) & 1) << (length - 1 - i) }
            write(reversed, bits: length)
        }

        mutating func flush() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(buffer & 255)) }
            return bytes
        }
    }

    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                      4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [UInt32] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func literal(_ symbol: Int, _ w: inout BitWriter) {
        switch symbol {
        case 0...143: w.writeCode(UInt32(0x30 + symbol), length: 8)
        case 144...255: w.writeCode(UInt32(0x190 + symbol - 144), length: 9)
        case 256...279: w.writeCode(UInt32(symbol - 256), length: 7)
        default: w.writeCode(UInt32(0xC0 + symbol - 280), length: 8)
        }
    }

    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var w = BitWriter()
        w.write(1, bits: 1) // final block
        w.write(1, bits: 2) // fixed Huffman
        let n = data.count
        var head = [Int](repeating: -1, count: 1 << 15)
        var previous = [Int](repeating: -1, count: 1 << 15)
        func hash(_ i: Int) -> Int { (Int(data[i]) << 10 ^ Int(data[i + 1]) << 5 ^ Int(data[i + 2])) & 0x7FFF }
        var i = 0
        while i < n {
            var bestLength = 0, bestDistance = 0
            if i + 2 < n {
                let h = hash(i)
                var candidate = head[h]
                var tries = 0
                while candidate >= 0 && i - candidate <= 32768 && tries < 64 {
                    var length = 0
                    while length < 258 && i + length < n && data[candidate + length] == data[i + length] { length += 1 }
                    if length > bestLength { bestLength = length; bestDistance = i - candidate; if length == 258 { break } }
                    candidate = previous[candidate & 0x7FFF]
                    tries += 1
                }
            }
            if bestLength >= 3 {
                var code = 0
                while code + 1 < lengthBase.count && lengthBase[code + 1] <= bestLength { code += 1 }
                literal(257 + code, &w)
                w.write(UInt32(bestLength - lengthBase[code]), bits: lengthExtra[code])
                var d = 0
                while d + 1 < distanceBase.count && distanceBase[d + 1] <= bestDistance { d += 1 }
                w.writeCode(UInt32(d), length: 5)
                w.write(UInt32(bestDistance - distanceBase[d]), bits: distanceExtra[d])
                for k in 0..<bestLength where i + k + 2 < n {
                    let h = hash(i + k)
                    previous[(i + k) & 0x7FFF] = head[h]
                    head[h] = i + k
                }
                i += bestLength
            } else {
                literal(Int(data[i]), &w)
                if i + 2 < n {
                    let h = hash(i)
                    previous[i & 0x7FFF] = head[h]
                    head[h] = i
                }
                i += 1
            }
        }
        literal(256, &w)
        return w.flush()
    }
}
