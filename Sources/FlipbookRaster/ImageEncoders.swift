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

    /// PNG, 8-bit RGBA, straight alpha. Each row takes the filter, of Sub and Up, with the smallest
    /// sum of absolute differences (the usual heuristic, on two filters scored in one pass over the
    /// row); rows are compressed by `Deflate` with dynamic Huffman codes.
    public static func png(_ image: RasterImage) -> [UInt8] {
        var out = signature
        chunk("IHDR", header(image.width, image.height), to: &out)
        chunk("IDAT", compressedRows(image), to: &out)
        chunk("IEND", [], to: &out)
        return out
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// IHDR's body: 8-bit RGBA, no interlace.
    static func header(_ width: Int, _ height: Int) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
    }

    /// A chunk: length, type, body, CRC-32 of type and body.
    static func chunk(_ type: String, _ body: [UInt8], to out: inout [UInt8]) {
        out += bigEndian(UInt32(body.count))
        let typed = Array(type.utf8) + body
        out += typed
        out += bigEndian(CRC32.checksum(typed))
    }

    /// The image's rows straightened, filtered and compressed in a zlib stream: an IDAT's (or an
    /// APNG fdAT's) data.
    static func compressedRows(_ image: RasterImage) -> [UInt8] {
        let stride = image.width * 4, height = image.height
        let rawCount = (stride + 1) * height
        // Row by row: each made straight into one of two row buffers (the other holds the row above,
        // zeros for the first), then filtered into `raw`; no copy of the whole image.
        let raw = [UInt8](unsafeUninitializedCapacity: rawCount) { out, count in
            var rows = [UInt8](repeating: 0, count: 2 * stride)
            image.pixels.withUnsafeBufferPointer { pixels in
                rows.withUnsafeMutableBufferPointer { rows in
                    var current = rows.baseAddress!, above = rows.baseAddress! + stride
                    for y in 0..<height {
                        RasterImage.straighten(pixels.baseAddress! + y * stride, count: stride, into: current)
                        filterRow(current, up: above, count: stride, into: out.baseAddress! + y * (stride + 1))
                        swap(&current, &above)
                    }
                }
            }
            count = rawCount
        }
        return Deflate.zlib(raw)
    }

    /// Writes the filter type byte and the filtered row (4 bytes a pixel) to `target`: Up (2) when
    /// its sum of absolute differences is at most Sub's (1), else Sub. Both are scored in one pass,
    /// 16 bytes at a time.
    static func filterRow(_ row: UnsafePointer<UInt8>, up: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>) {
        // cost of a filtered byte v: min(v, 256 − v), its distance from 0 modulo 256.
        var sub = 0, upScore = 0
        var i = 0
        let raw = UnsafeRawPointer(row), rawUp = UnsafeRawPointer(up)
        if count >= 20 {
            // The first pixel has no left neighbour: scalar.
            for k in 0..<4 {
                let s = row[k], u = row[k] &- up[k]
                sub += Int(min(s, 0 &- s)); upScore += Int(min(u, 0 &- u))
            }
            i = 4
            // Sixteen bytes at a time: each filtered byte's cost min(v, 256 − v) in byte lanes (one
            // subtraction and an unsigned minimum), then the sixteen costs folded into eight 16-bit
            // lanes by a mask and a shift (which byte goes where does not matter to a sum). A lane
            // gains at most 2 · 128 an iteration, so the sums are taken every 250.
            let low = SIMD8<UInt16>(repeating: 0x00FF)
            // The lanes added up in 32 bits: eight lanes of up to 64 000 overflow 16 (summed in 16
            // bits, a busy row's score wrapped around and the row could take the worse filter).
            @inline(__always) func total(_ lanes: SIMD8<UInt16>) -> Int { Int(SIMD8<UInt32>(truncatingIfNeeded: lanes).wrappedSum()) }
            @inline(__always) func cost(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
                let c = unsafeBitCast(pointwiseMin(v, 0 &- v), to: SIMD8<UInt16>.self)
                return (c & low) &+ (c &>> 8)
            }
            var subLanes = SIMD8<UInt16>(), upLanes = SIMD8<UInt16>()
            var pending = 0
            while i + 16 <= count {
                let x = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let left = raw.loadUnaligned(fromByteOffset: i - 4, as: SIMD16<UInt8>.self)
                let above = rawUp.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                subLanes &+= cost(x &- left)
                upLanes &+= cost(x &- above)
                pending += 1
                if pending == 250 {
                    sub += total(subLanes); upScore += total(upLanes)
                    subLanes = .zero; upLanes = .zero; pending = 0
                }
                i += 16
            }
            sub += total(subLanes); upScore += total(upLanes)
        }
        while i < count {
            let s = row[i] &- (i >= 4 ? row[i - 4] : 0), u = row[i] &- up[i]
            sub += Int(min(s, 0 &- s)); upScore += Int(min(u, 0 &- u))
            i += 1
        }
        let useUp = upScore <= sub
        target[0] = useUp ? 2 : 1
        let out = UnsafeMutableRawPointer(target + 1)
        i = 0
        if !useUp {
            while i < min(4, count) { out.storeBytes(of: row[i], toByteOffset: i, as: UInt8.self); i += 1 }
        }
        while i + 16 <= count {
            let x = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let predictor = useUp ? rawUp.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                                  : raw.loadUnaligned(fromByteOffset: i - 4, as: SIMD16<UInt8>.self)
            out.storeBytes(of: x &- predictor, toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            let predictor = useUp ? up[i] : (i >= 4 ? row[i - 4] : 0)
            out.storeBytes(of: row[i] &- predictor, toByteOffset: i, as: UInt8.self)
            i += 1
        }
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
