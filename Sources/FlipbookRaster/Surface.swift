import Flipbook

/// A premultiplied RGBA surface of 8-bit channels that shapes are composited onto (source-over).
///
/// Pixels are `PackedPixel`s over byte storage, so the finished surface is a `RasterImage` without a
/// conversion; the renderer keeps its surfaces from frame to frame, so a frame allocates nothing.
///
/// A surface covers a rectangle of the canvas, from (`originX`, `originY`): the frame covers all of
/// it, an isolated group only the pixels it can draw on, so memory follows the area drawn, not the
/// canvas times the nesting depth. Writes outside the rectangle are dropped.
struct Surface {
    private(set) var originX = 0
    private(set) var originY = 0
    private(set) var width: Int
    private(set) var height: Int
    /// At least width × height × 4 bytes, rows top to bottom (a reused surface may hold more).
    private(set) var bytes: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A cleared surface over the canvas rectangle `rect`, reusing this one's storage when it is big
    /// enough.
    mutating func reshape(_ rect: PixelRect) {
        originX = rect.x
        originY = rect.y
        width = rect.width
        height = rect.height
        let needed = width * height * 4
        // Grown by half again at least: a rectangle that grows a little each frame (a group moving
        // onto the canvas) would otherwise make new memory every frame.
        if bytes.count < needed { bytes = [UInt8](repeating: 0, count: max(needed, bytes.count + bytes.count / 2)) }
        fill(0)
    }

    /// The canvas rectangle the surface covers.
    var rect: PixelRect { PixelRect(x: originX, y: originY, width: width, height: height) }

    /// Runs `body` on the pixels as packed `UInt32`s.
    @inline(__always)
    mutating func withPixels<R>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> R) rethrows -> R {
        let count = width * height
        return try bytes.withUnsafeMutableBufferPointer { raw in
            try raw.withMemoryRebound(to: UInt32.self) { try body(UnsafeMutableBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// Runs `body` on the pixels as packed `UInt32`s, read only.
    @inline(__always)
    func withPixelValues<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        let count = width * height
        return try bytes.withUnsafeBufferPointer { raw in
            try raw.withMemoryRebound(to: UInt32.self) { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// Sets every pixel to `pixel`.
    mutating func fill(_ pixel: UInt32) {
        withPixels { PackedPixel.fill($0.baseAddress!, count: $0.count, with: pixel) }
    }

    /// Composites a surface lying inside this one's rectangle over it, scaled by `opacity` (0…1) and an
    /// optional per-pixel mask of coverages (one per pixel of `other`, 0…1).
    mutating func composite(_ other: Surface, opacity: Float, mask: [Float]?) {
        precondition(other.originX >= originX && other.originY >= originY
                     && other.originX + other.width <= originX + width && other.originY + other.height <= originY + height)
        let uniform = PackedPixel.coverage(opacity)
        guard uniform > 0 else { return }
        let dx = other.originX - originX, dy = other.originY - originY
        if let mask {
            precondition(mask.count >= other.width * other.height)
            mask.withUnsafeBufferPointer { mask in
                composite(other, dx: dx, dy: dy) { PackedPixel.coverage(opacity * mask[$0]) }
            }
        } else {
            composite(other, dx: dx, dy: dy, coverage: uniform)
        }
    }

    /// `other` composited at (dx, dy) of this surface's pixels, each of its pixels scaled by
    /// `coverage` (1…255), eight pixels at a time (`PackedPixel.over`: the same bits as one at a time).
    private mutating func composite(_ other: Surface, dx: Int, dy: Int, coverage: UInt32) {
        let w = width, ow = other.width
        other.withPixelValues { src in
            withPixels { dst in
                guard let from = src.baseAddress, let to = dst.baseAddress else { return }
                for row in 0..<other.height {
                    let d = to + (row + dy) * w + dx, s = from + row * ow
                    var col = 0
                    while col + 8 <= ow {
                        let source = UnsafeRawPointer(s + col).loadUnaligned(as: SIMD8<UInt32>.self)
                        // Eight clear pixels change nothing (a group's surface is often mostly clear).
                        if source == SIMD8(repeating: 0) { col += 8; continue }
                        let under = UnsafeRawPointer(d + col).loadUnaligned(as: SIMD8<UInt32>.self)
                        UnsafeMutableRawPointer(d + col).storeBytes(of: PackedPixel.over(source, under, coverage: coverage), as: SIMD8<UInt32>.self)
                        col += 8
                    }
                    while col < ow {
                        if s[col] != 0 { d[col] = PackedPixel.over(s[col], d[col], coverage: coverage) }
                        col += 1
                    }
                }
            }
        }
    }

    /// `other` composited at (dx, dy) of this surface's pixels, each of its pixels p (by index) scaled
    /// by `coverage(p)` (0…255; `PackedPixel.over(_:_:coverage:)`); a clear one changes nothing.
    private mutating func composite(_ other: Surface, dx: Int, dy: Int, coverage: (Int) -> UInt32) {
        let w = width, ow = other.width
        other.withPixelValues { src in
            withPixels { dst in
                for row in 0..<other.height {
                    let d = (row + dy) * w + dx, s = row * ow
                    for col in 0..<ow where src[s + col] != 0 {
                        let p = s + col
                        let m = coverage(p)
                        guard m > 0 else { continue }
                        dst[d + col] = PackedPixel.over(src[p], dst[d + col], coverage: m)
                    }
                }
            }
        }
    }

    /// The surface as an image (sharing the storage until either is changed); a frame's surface only.
    var image: RasterImage { RasterImage(width: width, height: height, pixels: bytes.count == width * height * 4 ? bytes : Array(bytes[..<(width * height * 4)])) }
}

/// A rectangle of whole canvas pixels.
struct PixelRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two rectangles (empty when they do not meet).
    func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The smallest rectangle holding both (either one when the other is empty).
    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels a device-space rectangle touches, grown by one pixel for anti-aliasing and clamped to
    /// `bounds`; `bounds` itself when the rectangle is not finite.
    static func covering(_ r: Rect, within bounds: PixelRect) -> PixelRect {
        guard [r.minX, r.minY, r.maxX, r.maxY].allSatisfy(\.isFinite) else { return bounds }
        let lo = Double(Int32.min) / 2, hi = Double(Int32.max) / 2
        let x0 = Int(min(max(r.minX.rounded(.down) - 1, lo), hi)), y0 = Int(min(max(r.minY.rounded(.down) - 1, lo), hi))
        let x1 = Int(min(max(r.maxX.rounded(.up) + 1, lo), hi)), y1 = Int(min(max(r.maxY.rounded(.up) + 1, lo), hi))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(bounds)
    }
}
