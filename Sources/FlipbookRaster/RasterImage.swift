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

    /// Straight (non-premultiplied) RGBA bytes, as PNG and raw video expect.
    public var straightRGBA: [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            guard a > 0 && a < 255 else { continue }
            for c in 0..<3 { out[i + c] = UInt8(min(255, (Int(out[i + c]) * 255 + a / 2) / a)) }
        }
        return out
    }

    /// RGB bytes composited over `background` (white by default), as PPM holds them.
    public func rgb(over background: (UInt8, UInt8, UInt8) = (255, 255, 255)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        let bg = [Int(background.0), Int(background.1), Int(background.2)]
        for p in 0..<(width * height) {
            let a = Int(pixels[p * 4 + 3])
            for c in 0..<3 {
                out[p * 3 + c] = UInt8(min(255, Int(pixels[p * 4 + c]) + (bg[c] * (255 - a) + 127) / 255))
            }
        }
        return out
    }
}

/// A float premultiplied RGBA surface that shapes are composited onto (source-over).
struct Surface {
    let width: Int
    let height: Int
    var data: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        data = [Float](repeating: 0, count: width * height * 4)
    }

    /// Source-over of a premultiplied colour with coverage at one pixel.
    @inline(__always)
    mutating func blend(_ x: Int, _ y: Int, _ r: Float, _ g: Float, _ b: Float, _ a: Float, coverage: Float) {
        let i = (y * width + x) * 4
        let sa = a * coverage
        let keep = 1 - sa
        data[i] = r * coverage + data[i] * keep
        data[i + 1] = g * coverage + data[i + 1] * keep
        data[i + 2] = b * coverage + data[i + 2] * keep
        data[i + 3] = sa + data[i + 3] * keep
    }

    /// Composites another surface over this one, scaled by `opacity` and an optional per-pixel mask.
    mutating func composite(_ other: Surface, opacity: Float, mask: [Float]?) {
        for p in 0..<(width * height) {
            let m = opacity * (mask?[p] ?? 1)
            guard m > 0 else { continue }
            let i = p * 4
            let sa = other.data[i + 3] * m
            guard sa > 0 else { continue }
            let keep = 1 - sa
            data[i] = other.data[i] * m + data[i] * keep
            data[i + 1] = other.data[i + 1] * m + data[i + 1] * keep
            data[i + 2] = other.data[i + 2] * m + data[i + 2] * keep
            data[i + 3] = sa + data[i + 3] * keep
        }
    }

    var image: RasterImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { data in
                for i in 0..<out.count { out[i] = UInt8(min(max(data[i] * 255 + 0.5, 0), 255)) }
            }
        }
        return RasterImage(width: width, height: height, pixels: bytes)
    }
}
