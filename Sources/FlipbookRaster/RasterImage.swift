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
