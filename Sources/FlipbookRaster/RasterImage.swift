/// A raster image in premultiplied sRGB, 8 bits per channel, rows top to bottom.
public struct RasterImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// RGBA bytes, premultiplied alpha, width × height × 4.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Straight (non-premultiplied) RGBA bytes, as PNG and raw video expect: each channel
    /// round(c·255/a) for alpha a, opaque and transparent pixels copied as they are.
    public var straightRGBA: [UInt8] {
        let count = pixels.count
        return [UInt8](unsafeUninitializedCapacity: count) { out, written in
            pixels.withUnsafeBufferPointer { Self.straighten($0.baseAddress!, count: count, into: out.baseAddress!) }
            written = count
        }
    }

    /// Writes `count` bytes of premultiplied RGBA from `source` to `target` as straight RGBA (see
    /// `straightRGBA`). Two pixels at a time: a pair both opaque or both transparent is copied as it
    /// is; any other pixel gets each channel round(c·255/a).
    static func straighten(_ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>) {
        target.update(from: source, count: count)
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        var i = 0
        while i + 8 <= count {
            let pair = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self) & alphas.littleEndian
            if pair != alphas.littleEndian && pair != 0 {
                unpremultiply(target + i)
                unpremultiply(target + i + 4)
            }
            i += 8
        }
        while i + 4 <= count { unpremultiply(target + i); i += 4 }
    }

    @inline(__always)
    private static func unpremultiply(_ pixel: UnsafeMutablePointer<UInt8>) {
        let a = Int(pixel[3])
        guard a > 0 && a < 255 else { return }
        for c in 0..<3 { pixel[c] = UInt8(min(255, (Int(pixel[c]) * 255 + a / 2) / a)) }
    }

    /// RGB bytes composited over `background` (white by default), as PPM holds them: each channel
    /// c + round(b·(255 − a)/255), b the background's channel.
    public func rgb(over background: (UInt8, UInt8, UInt8) = (255, 255, 255)) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            appendRGB(over: background, into: out.baseAddress!)
            count = width * height * 3
        }
    }

    /// Writes `rgb(over:)` to `out`, which has room for width × height × 3 bytes.
    func appendRGB(over background: (UInt8, UInt8, UInt8), into out: UnsafeMutablePointer<UInt8>) {
        let bg = UInt32(background.0) | UInt32(background.1) << 8 | UInt32(background.2) << 16
        pixels.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { source in
                var o = out
                for p in source {
                    let a = p >> 24
                    let q = a == 255 ? p : p &+ PackedPixel.scale(bg, 255 - a)
                    o[0] = UInt8(truncatingIfNeeded: q)
                    o[1] = UInt8(truncatingIfNeeded: q >> 8)
                    o[2] = UInt8(truncatingIfNeeded: q >> 16)
                    o += 3
                }
            }
        }
    }
}
