import FlipbookRaster
import Testing

/// The APNG and gzip containers, byte by byte against their specifications (the pixels are checked by
/// ffmpeg in Tools/check-shipping).
@Suite struct APNGTests {
    func chunks(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = [], i = 8
        while i + 8 <= bytes.count {
            let n = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            out.append((String(decoding: bytes[i + 4..<i + 8], as: UTF8.self), Array(bytes[i + 8..<i + 8 + n])))
            i += 12 + n
        }
        return out
    }

    func image(_ grey: UInt8) -> RasterImage { RasterImage(width: 2, height: 2, pixels: [UInt8](repeating: grey, count: 16)) }

    @Test func equalFramesMergeAndDelaysCountFrames() {
        var encoder = APNGEncoder(width: 2, height: 2, fps: 30)
        for g: UInt8 in [0, 0, 0, 255, 0] { encoder.append(compressed: APNGEncoder.compressed(image(g))) }
        #expect(encoder.frameCount == 3)
        let c = chunks(encoder.encode(plays: 0))
        #expect(c.map(\.0) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(c[1].1 == [0, 0, 0, 3, 0, 0, 0, 0])
        // fcTL: sequence, width, height, x, y, delay 3/30, 1/30, 1/30, dispose NONE, blend SOURCE.
        #expect(Array(c[2].1[0..<4]) == [0, 0, 0, 0] && Array(c[2].1[20..<26]) == [0, 3, 0, 30, 0, 0])
        #expect(Array(c[4].1[0..<4]) == [0, 0, 0, 1] && Array(c[5].1[0..<4]) == [0, 0, 0, 2] && Array(c[6].1[0..<4]) == [0, 0, 0, 3])
        #expect(Array(c[6].1[20..<24]) == [0, 1, 0, 30])
    }

    @Test func aFractionalRateWritesMilliseconds() {
        var encoder = APNGEncoder(width: 2, height: 2, fps: 29.97)
        encoder.append(compressed: APNGEncoder.compressed(image(9)))
        encoder.append(compressed: APNGEncoder.compressed(image(9)))
        let c = chunks(encoder.encode(plays: 1))
        // Two frames at 29.97 fps: 66.7 ms, written 67 / 1000.
        #expect(Array(c[2].1[20..<24]) == [0, 67, 3, 232])
        #expect(c[1].1 == [0, 0, 0, 1, 0, 0, 0, 1])
    }

    @Test func gzipHeaderAndTrailer() {
        let gz = Gzip.compress(Array("hello".utf8))
        #expect(Array(gz[0..<10]) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        // CRC-32 of "hello" is 0x3610A686 (little-endian in the trailer), then the size, 5.
        #expect(Array(gz.suffix(8)) == [0x86, 0xA6, 0x10, 0x36, 5, 0, 0, 0])
    }
}
