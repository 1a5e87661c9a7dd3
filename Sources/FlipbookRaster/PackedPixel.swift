/// Premultiplied RGBA pixels packed in a `UInt32`, and the 8-bit arithmetic that composites them.
///
/// Layout: the bytes R, G, B, A in memory, read as a little-endian `UInt32` (R in the low byte, A in
/// the high byte). Every platform Swift targets here (x86-64, arm64) is little-endian; `RasterImage`
/// exposes the same memory as bytes, so the layout is never visible as numbers.
///
/// Arithmetic works on two channels at once (red and blue in the 0x00FF00FF lanes, green and alpha
/// shifted down into them): each lane holds v·m + 128 ≤ 65 153 < 2¹⁶, so lanes never carry into one
/// another. Division by 255 is exact and rounded to nearest: for 0 ≤ t ≤ 65 025,
/// ⌊(t + 128 + ⌊(t + 128)/256⌋) / 256⌋ = round(t / 255) (Blinn's identity; checked exhaustively in
/// the tests).
enum PackedPixel {
    /// Sets `count` pixels from `start` to `pixel`, eight at a time (the stdlib's `update(repeating:)`
    /// stays a scalar loop here, and fills are most of a frame's pixels).
    @inline(__always)
    static func fill(_ start: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
        let raw = UnsafeMutableRawPointer(start)
        let eight = SIMD8<UInt32>(repeating: pixel)
        var i = 0
        while i + 8 <= count {
            raw.storeBytes(of: eight, toByteOffset: i * 4, as: SIMD8<UInt32>.self)
            i += 8
        }
        while i < count {
            start[i] = pixel
            i += 1
        }
    }

    /// round(v·m / 255) for every channel of `p`; `m` in 0…255.
    @inline(__always)
    static func scale(_ p: UInt32, _ m: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* m &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// `scale(_:_:)` for eight pixels at once, each by its own factor (the same arithmetic lane by
    /// lane, so the same bits).
    @inline(__always)
    static func scale(_ p: SIMD8<UInt32>, _ m: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let low = SIMD8<UInt32>(repeating: 0x00FF_00FF), half = SIMD8<UInt32>(repeating: 0x0080_0080)
        var rb = (p & low) &* m &+ half
        rb = ((rb &+ ((rb &>> 8) & low)) &>> 8) & low
        var ag = ((p &>> 8) & low) &* m &+ half
        ag = (ag &+ ((ag &>> 8) & low)) & SIMD8<UInt32>(repeating: 0xFF00_FF00)
        return rb | ag
    }

    /// `over(_:_:coverage:)` for eight pixels, each source scaled by `c` (0…255): the same bits.
    /// (Scaling by 255 changes nothing, and an opaque source leaves nothing of the destination, so
    /// the scalar version's shortcuts are the general arithmetic's results.)
    @inline(__always)
    static func over(_ source: SIMD8<UInt32>, _ destination: SIMD8<UInt32>, coverage c: UInt32) -> SIMD8<UInt32> {
        let s = c == 255 ? source : scale(source, SIMD8(repeating: c))
        return s &+ scale(destination, SIMD8(repeating: 255) &- (s &>> 24))
    }

    /// Source-over: `source + destination·(1 − αsource)`, both premultiplied. Channels cannot
    /// overflow: a premultiplied channel is ≤ its alpha, and rounding keeps scale(d, 255 − α) ≤ 255 − α.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        source &+ scale(destination, 255 &- (source >> 24))
    }

    /// Source-over of `source` scaled by `coverage` (1…255): an opaque source fully covering the pixel
    /// replaces it (source-over gives it exactly), skipping the arithmetic.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32, coverage c: UInt32) -> UInt32 {
        c == 255 ? (source >> 24 == 255 ? source : over(source, destination)) : over(scale(source, c), destination)
    }

    /// A straight colour with components in 0…1 (clamped) as a premultiplied packed pixel:
    /// alpha round(255a), channels round(255·c·a).
    static func premultiplied(red: Double, green: Double, blue: Double, alpha: Double) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = min(max(alpha, 0), 1)
        return byte(red * a) | byte(green * a) << 8 | byte(blue * a) << 16 | byte(a) << 24
    }

    /// Coverage 0…1 as an 8-bit factor, rounded; NaN gives 0.
    @inline(__always)
    static func coverage(_ c: Float) -> UInt32 {
        UInt32(truncatingIfNeeded: Int32((c > 0 ? (c < 1 ? c : 1) : 0) * 255 + 0.5))
    }
}
