import Flipbook

/// A gradient's colours tabulated along its offset: `size` premultiplied packed pixels at offsets
/// i / (size − 1), each the gradient's colour there rounded as a solid colour is, and the nearest one
/// taken for an offset. The raster painter's gradients read it instead of mixing stops at every pixel
/// (a 4K frame of gradient cards spent most of its time there).
///
/// ## Error
/// An offset is at most 1 / (2 (size − 1)) from its entry's. Between two stops a span s wide whose
/// largest premultiplied channel (or alpha) change is d, the colour moves 255 · d / s levels per unit
/// of offset, so the entry is within 255 d / (2 (size − 1) s) levels of the colour at the offset: at
/// most half a level when s ≥ 255 d / (size − 1). A gradient with a shorter span, or with a hard
/// edge (a span of zero width between different colours, which the table would move by up to half
/// an entry), has no table (`init` fails) and is mixed at every pixel. With the entry's own rounding,
/// a tabulated pixel is within one level of the exact colour (the tests hold it so).
struct GradientTable: Equatable {
    static let size = 4096
    let pixels: [UInt32]
    /// Whether every entry has alpha 255.
    let isOpaque: Bool

    /// The table of a normalised gradient (`Gradient.normalized`), or nil when it would be more than
    /// half a level off somewhere.
    init?(_ g: Gradient) {
        guard g.admitsTable(of: Self.size) else { return nil }
        pixels = (0..<Self.size).map { i in
            let c = g.color(atOffset: Double(i) / Double(Self.size - 1))
            return PackedPixel.premultiplied(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        }
        isOpaque = pixels.allSatisfy { $0 >> 24 == 255 }
    }

    /// The entry nearest `offset` clamped to [0, 1] (NaN as 0): always in range.
    @inline(__always)
    static func index(of offset: Double) -> Int {
        let t = offset > 0 ? (offset < 1 ? offset : 1) : 0
        return Int(t * Double(size - 1) + 0.5)
    }

    /// The pixel at `offset` (clamped to [0, 1]; NaN as 0).
    @inline(__always)
    func pixel(at offset: Double) -> UInt32 { pixels[Self.index(of: offset)] }

    /// `pixel(at:)` of each of `offsets`, into `out` (as many): one call for a run, the table read
    /// without a bounds check per pixel (`index(of:)` is always in range).
    @inline(__always)
    func pixels(at offsets: UnsafeMutableBufferPointer<Double>, into out: UnsafeMutableBufferPointer<UInt32>) {
        pixels.withUnsafeBufferPointer { table in
            for i in out.indices { out[i] = table[Self.index(of: offsets[i])] }
        }
    }
}
