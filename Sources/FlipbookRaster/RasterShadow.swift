import Flipbook

/// A layer's shadow on the device (`Shadow` through the layer's transform to device pixels): how the
/// raster painter draws it.
struct DeviceShadow {
    /// The offset in device pixels (the layer's offset through its transform, translation left out).
    let dx: Double, dy: Double
    /// σ in device pixels: the layer's σ times the transform's mean scale (√|det|).
    let sigma: Double
    let color: Color

    init(_ shadow: Shadow, _ m: Transform2D) {
        let v = m.applyToVector(Point(shadow.offset.width, shadow.offset.height))
        dx = v.x.isFinite ? v.x : 0
        dy = v.y.isFinite ? v.y : 0
        let scale = abs(m.a * m.d - m.b * m.c).squareRoot()
        let s = shadow.radius * scale
        sigma = s.isFinite ? min(s, 4000) : 0
        color = shadow.color
    }

    /// How far the blur reaches, device pixels: 3σ.
    var reach: Double { 3 * sigma }

    /// The device box the shadow of what lies in `box` can touch.
    func box(of box: Rect) -> Rect {
        Rect(x: box.minX + dx - reach - 1, y: box.minY + dy - reach - 1, width: box.width + 2 * reach + 2, height: box.height + 2 * reach + 2)
    }

    /// Fills `target` (cleared) with the shadow of `source`'s alpha: moved by the offset (bilinear for
    /// fractions of a pixel), blurred (`GaussianBlur`), in the shadow's colour.
    func paint(from source: Surface, into target: inout Surface) {
        let w = target.width, h = target.height
        guard w > 0, h > 0 else { return }
        if sigma >= 8 {
            paintReduced(from: source, into: &target)
            return
        }
        var plane = [Float](repeating: 0, count: w * h)
        let sx0 = source.rect.x, sy0 = source.rect.y, sw = source.width, sh = source.height
        let fx = dx.rounded(.down), fy = dy.rounded(.down)
        let ix = Int(fx), iy = Int(fy), ux = Float(dx - fx), uy = Float(dy - fy)
        // The source's alpha with a border of one zero pixel on every side, so that each target pixel
        // reads its four neighbours without a test: a (sw + 2) × (sh + 2) plane.
        let aw = sw + 2
        var alpha = [Float](repeating: 0, count: aw * (sh + 2))
        source.withPixelValues { src in
            alpha.withUnsafeMutableBufferPointer { a in
                for y in 0..<sh { for x in 0..<sw { a[(y + 1) * aw + x + 1] = Float(src[y * sw + x] >> 24) * (1 / 255) } }
            }
        }
        // Target pixel (X, Y) shows the source at (X − dx, Y − dy): between source pixels (x, y) and
        // (x − 1, y − 1), x = X − ix, y = Y − iy, weighted by the fractions. In the bordered plane the
        // source pixel (x, y) is at (x − sx0 + 1, y − sy0 + 1); rows and columns off it read zeros.
        let x0 = target.rect.x - ix - sx0 + 1, y0 = target.rect.y - iy - sy0 + 1
        alpha.withUnsafeBufferPointer { a in
            plane.withUnsafeMutableBufferPointer { p in
                for row in 0..<h {
                    let y = y0 + row
                    guard y >= 1, y - 1 <= sh else { continue }
                    let below = min(y, sh + 1), above = y - 1
                    let c0 = max(0, 1 - x0), c1 = min(w, aw - x0)
                    guard c0 < c1 else { continue }
                    for col in c0..<c1 {
                        let x = x0 + col
                        let a00 = a[below * aw + x], a01 = a[below * aw + x - 1]
                        let a10 = a[above * aw + x], a11 = a[above * aw + x - 1]
                        p[row * w + col] = (a00 * (1 - ux) + a01 * ux) * (1 - uy) + (a10 * (1 - ux) + a11 * ux) * uy
                    }
                }
            }
        }
        GaussianBlur.blur(&plane, width: w, height: h, sigma: sigma)
        // The target is clear: each pixel is the colour scaled by the shadow's coverage.
        let pixel = PackedPixel.premultiplied(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        plane.withUnsafeBufferPointer { values in
            target.withPixels { dst in
                for i in 0..<(w * h) where values[i] > 0 {
                    let c = PackedPixel.coverage(values[i])
                    if c > 0 { dst[i] = PackedPixel.scale(pixel, c) }
                }
            }
        }
    }
}

extension DeviceShadow {
    /// `paint` for σ ≥ 8 px, at a reduced scale as `GaussianBlur` blurs large radii, without a plane
    /// of the whole target: the source's alpha summed into blocks of k × k target pixels (moved by the
    /// offset's whole pixels), blurred there, and enlarged bilinearly straight into the target's
    /// pixels, the offset's fraction of a pixel taken where the enlargement samples.
    func paintReduced(from source: Surface, into target: inout Surface) {
        let w = target.width, h = target.height
        let k = Int((sigma / 4).rounded(.down))
        let bw = (w + k - 1) / k, bh = (h + k - 1) / k
        var small = [Float](repeating: 0, count: bw * bh)
        let fx = dx.rounded(.down), fy = dy.rounded(.down)
        let ix = Int(fx), iy = Int(fy), ux = Float(dx - fx), uy = Float(dy - fy)
        // Source pixel (sx, sy) lands on target column sx + ix − target.x, row sy + iy − target.y.
        let colShift = source.rect.x + ix - target.rect.x, rowShift = source.rect.y + iy - target.rect.y
        let sw = source.width, sh = source.height
        let scale = 1 / (255 * Float(k * k))
        source.withPixelValues { src in
            small.withUnsafeMutableBufferPointer { b in
                let x0 = max(0, -colShift), x1 = min(sw, w - colShift)
                guard x0 < x1 else { return }
                let blockOf = (x0..<x1).map { ($0 + colShift) / k }
                for sy in 0..<sh {
                    let row = sy + rowShift
                    guard row >= 0, row < h else { continue }
                    let line = (row / k) * bw, start = sy * sw
                    for x in x0..<x1 {
                        let a = src[start + x] >> 24
                        if a != 0 { b[line + blockOf[x - x0]] += Float(a) }
                    }
                }
                for i in 0..<(bw * bh) { b[i] *= scale }
            }
        }
        GaussianBlur.blurPlane(&small, width: bw, height: bh, sigma: (sigma * sigma - Double(k * k) / 4).squareRoot() / Double(k))
        // Enlarge: target pixel (col, row) samples the blocks at ((col − ux − (k − 1)/2) / k, …).
        let centre = Float(k - 1) / 2, step = 1 / Float(k)
        func axis(_ n: Int, _ blocks: Int, _ shift: Float) -> [(Int, Int, Float)] {
            (0..<n).map { x in
                let u = (Float(x) - shift - centre) * step
                let i = Int(u.rounded(.down))
                let f = u - Float(i)
                if i < 0 { return (0, 0, 0) }
                if i + 1 >= blocks { return (blocks - 1, blocks - 1, 0) }
                return (i, i + 1, f)
            }
        }
        let xs = axis(w, bw, ux), ys = axis(h, bh, uy)
        let pixel = PackedPixel.premultiplied(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        small.withUnsafeBufferPointer { s in
            xs.withUnsafeBufferPointer { xs in
                target.withPixels { dst in
                    for row in 0..<h {
                        let (y0, y1, fy) = ys[row]
                        let r0 = y0 * bw, r1 = y1 * bw, out = row * w
                        for col in 0..<w {
                            let (x0, x1, fx) = xs[col]
                            let top = s[r0 + x0] + (s[r0 + x1] - s[r0 + x0]) * fx
                            let bottom = s[r1 + x0] + (s[r1 + x1] - s[r1 + x0]) * fx
                            let c = PackedPixel.coverage(top + (bottom - top) * fy)
                            if c > 0 { dst[out + col] = PackedPixel.scale(pixel, c) }
                        }
                    }
                }
            }
        }
    }
}

extension Surface {
    /// Composites the part of `other` inside this surface over it (source-over, full opacity).
    mutating func composite(clipping other: Surface) {
        let r = rect.intersection(other.rect)
        guard !r.isEmpty else { return }
        let w = width, ow = other.width, ox = other.rect.x, oy = other.rect.y, x0 = rect.x, y0 = rect.y
        other.withPixelValues { src in
            withPixels { dst in
                for y in r.y..<(r.y + r.height) {
                    for x in r.x..<(r.x + r.width) {
                        let s = src[(y - oy) * ow + (x - ox)]
                        guard s != 0 else { continue }
                        let d = (y - y0) * w + (x - x0)
                        dst[d] = PackedPixel.over(s, dst[d])
                    }
                }
            }
        }
    }
}
