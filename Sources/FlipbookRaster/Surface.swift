/// A premultiplied RGBA surface of 8-bit channels that shapes are composited onto (source-over).
///
/// Pixels are `PackedPixel`s over byte storage, so the finished surface is a `RasterImage` without a
/// conversion; the renderer keeps its surfaces from frame to frame, so a frame allocates nothing.
struct Surface {
    let width: Int
    let height: Int
    /// width × height × 4 bytes, rows top to bottom.
    private(set) var bytes: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Runs `body` on the pixels as packed `UInt32`s.
    @inline(__always)
    mutating func withPixels<R>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try bytes.withUnsafeMutableBufferPointer { raw in
            try raw.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }

    /// Runs `body` on the pixels as packed `UInt32`s, read only.
    @inline(__always)
    func withPixelValues<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { raw in
            try raw.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }

    /// Sets every pixel to `pixel`.
    mutating func fill(_ pixel: UInt32) {
        withPixels { PackedPixel.fill($0.baseAddress!, count: $0.count, with: pixel) }
    }

    /// Source-over of a premultiplied pixel with coverage at (x, y); (x, y) must be inside.
    mutating func blend(_ x: Int, _ y: Int, _ pixel: UInt32, coverage: Float) {
        let c = PackedPixel.coverage(coverage)
        guard c > 0 else { return }
        let i = y * width + x
        withPixels { $0[i] = PackedPixel.over(PackedPixel.scale(pixel, c), $0[i]) }
    }

    /// Composites another surface of the same size over this one, scaled by `opacity` (0…1) and an
    /// optional per-pixel mask of coverages (width × height, 0…1).
    mutating func composite(_ other: Surface, opacity: Float, mask: [Float]?) {
        precondition(other.width == width && other.height == height)
        let uniform = PackedPixel.coverage(opacity)
        guard uniform > 0 else { return }
        other.withPixelValues { src in
            withPixels { dst in
                for p in 0..<dst.count where src[p] != 0 {
                    let m = mask.map { PackedPixel.coverage(opacity * $0[p]) } ?? uniform
                    guard m > 0 else { continue }
                    dst[p] = PackedPixel.over(m == 255 ? src[p] : PackedPixel.scale(src[p], m), dst[p])
                }
            }
        }
    }

    /// The surface as an image (sharing the storage until either is changed).
    var image: RasterImage { RasterImage(width: width, height: height, pixels: bytes) }
}
