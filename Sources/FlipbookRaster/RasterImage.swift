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
        var out = pixels
        out.withUnsafeMutableBufferPointer { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4) {
                let a = Int(bytes[i + 3])
                guard a > 0 && a < 255 else { continue }
                for c in 0..<3 { bytes[i + c] = UInt8(min(255, (Int(bytes[i + c]) * 255 + a / 2) / a)) }
            }
        }
        return out
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
