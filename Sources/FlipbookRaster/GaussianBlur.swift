#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Gaussian blur of a plane of coverages (one Float a pixel): how the raster painter blurs shadows.
///
/// ## Algorithm
/// Separable: each row, then each column (the plane turned, so both passes read rows). Below σ = 8
/// px, the sampled Gaussian kernel (radius ⌈3σ⌉ ≤ 24, normalised to sum 1): at most 49 taps a pixel
/// a pass. From σ = 8, the plane is first reduced by k = ⌊σ / 4⌋ (each k × k block averaged), blurred
/// there by the kernel with σ′ = √(σ² − k²/4) / k (about 4: 25 taps), and enlarged back bilinearly;
/// the block average adds a variance of k²/12 and the bilinear enlargement k²/6, so the three make
/// the Gaussian's σ² (as Skia and browsers blur large radii at a reduced scale). The cost is linear
/// in the plane's area and, from σ = 8, does not grow with σ. σ = 0 leaves the plane as it is.
///
/// ## Tolerance
/// Below σ = 8 the kernel is the Gaussian sampled. From 8, the blur of a straight edge is within 1 %
/// of the normal distribution function across it (the tests' closed form, σ from 8 to 100). Pixels
/// outside the plane count as 0 (the plane must hold the blur's reach: `Shadow.reach`).
enum GaussianBlur {
    static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0, sigma.isFinite else { return }
        if sigma >= 8 {
            let k = Int((sigma / 4).rounded(.down))
            let w = (width + k - 1) / k, h = (height + k - 1) / k
            var small = reduce(plane, width: width, height: height, by: k, into: w, h)
            blurPlane(&small, width: w, height: h, sigma: (sigma * sigma - Double(k * k) / 4).squareRoot() / Double(k))
            enlarge(small, w, h, by: k, into: &plane, width: width, height: height)
        } else {
            blurPlane(&plane, width: width, height: height, sigma: sigma)
        }
    }

    /// The mean of each k × k block of `plane` (blocks past its edge average the pixels they hold
    /// with zeros: the plane is zero outside).
    private static func reduce(_ plane: [Float], width: Int, height: Int, by k: Int, into w: Int, _ h: Int) -> [Float] {
        var out = [Float](repeating: 0, count: w * h)
        let scale = 1 / Float(k * k)
        let blockOf = (0..<width).map { $0 / k }
        plane.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                blockOf.withUnsafeBufferPointer { b in
                    for y in 0..<height {
                        let row = (y / k) * w, start = y * width
                        for x in 0..<width { o[row + b[x]] += p[start + x] }
                    }
                }
                for i in 0..<(w * h) { o[i] *= scale }
            }
        }
        return out
    }

    /// `small` (blocks of k) enlarged back over `plane`, bilinearly between the blocks' centres.
    private static func enlarge(_ small: [Float], _ w: Int, _ h: Int, by k: Int, into plane: inout [Float], width: Int, height: Int) {
        let centre = Float(k - 1) / 2, step = 1 / Float(k)
        // Per column and per row: the block before and the weight of the one after.
        func axis(_ n: Int, _ blocks: Int) -> [(Int, Int, Float)] {
            (0..<n).map { x in
                let u = (Float(x) - centre) * step
                let i = Int(u.rounded(.down))
                let f = u - Float(i)
                return (min(max(i, 0), blocks - 1), min(max(i + 1, 0), blocks - 1), i < 0 ? 0 : (i + 1 >= blocks ? 0 : f))
            }
        }
        let xs = axis(width, w), ys = axis(height, h)
        small.withUnsafeBufferPointer { s in
            plane.withUnsafeMutableBufferPointer { p in
                xs.withUnsafeBufferPointer { xs in
                    for y in 0..<height {
                        let (y0, y1, fy) = ys[y]
                        let r0 = y0 * w, r1 = y1 * w, out = y * width
                        for x in 0..<width {
                            let (x0, x1, fx) = xs[x]
                            let top = s[r0 + x0] + (s[r0 + x1] - s[r0 + x0]) * fx
                            let bottom = s[r1 + x0] + (s[r1 + x1] - s[r1 + x0]) * fx
                            p[out + x] = top + (bottom - top) * fy
                        }
                    }
                }
            }
        }
    }

    /// Rows then columns by the kernel of `sigma` (< 8 px in use).
    static func blurPlane(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        var line = [Float](repeating: 0, count: max(width, height))
        var scratch = line
        var turned = [Float](repeating: 0, count: width * height)
        blurRows(&plane, width: width, height: height, sigma: sigma, &line, &scratch)
        transpose(plane, into: &turned, width: width, height: height)
        blurRows(&turned, width: height, height: width, sigma: sigma, &line, &scratch)
        transpose(turned, into: &plane, width: height, height: width)
    }

    private static func blurRows(_ plane: inout [Float], width: Int, height: Int, sigma: Double, _ line: inout [Float], _ scratch: inout [Float]) {
        plane.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let row = UnsafeMutableBufferPointer(rebasing: p[(y * width)..<((y + 1) * width)])
                // Blank rows stay blank (most of a shadow's plane away from the shape, row by row).
                if !row.contains(where: { $0 != 0 }) { continue }
                for x in 0..<width { line[x] = row[x] }
                blurLine(&line, &scratch, count: width, sigma: sigma)
                for x in 0..<width { row[x] = line[x] }
            }
        }
    }

    /// `source` (width × height, rows) as height × width, rows.
    private static func transpose(_ source: [Float], into out: inout [Float], width: Int, height: Int) {
        source.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                let block = 32
                for y0 in stride(from: 0, to: height, by: block) {
                    for x0 in stride(from: 0, to: width, by: block) {
                        for y in y0..<min(y0 + block, height) {
                            for x in x0..<min(x0 + block, width) { o[x * height + y] = s[y * width + x] }
                        }
                    }
                }
            }
        }
    }
    /// Blurs the first `count` values of `line` in place by the sampled Gaussian kernel (`scratch` at
    /// least as long); values outside the line count as 0.
    static func blurLine(_ line: inout [Float], _ scratch: inout [Float], count n: Int, sigma: Double) {
        line.withUnsafeMutableBufferPointer { l in
            scratch.withUnsafeMutableBufferPointer { t in blurLine(l, t, count: n, sigma: sigma) }
        }
    }

    private static func blurLine(_ line: UnsafeMutableBufferPointer<Float>, _ scratch: UnsafeMutableBufferPointer<Float>, count n: Int, sigma: Double) {
        let r = Int((3 * sigma).rounded(.up))
        let kernel = (0...2 * r).map { i -> Double in let x = Double(i - r); return exp(-x * x / (2 * sigma * sigma)) }
        let sum = kernel.reduce(0, +)
        let weights = kernel.map { Float($0 / sum) }
        weights.withUnsafeBufferPointer { w in
            for i in 0..<n {
                var v: Float = 0
                for k in max(0, r - i)...min(2 * r, r + n - 1 - i) { v += w[k] * line[i + k - r] }
                scratch[i] = v
            }
        }
        for i in 0..<n { line[i] = scratch[i] }
    }
}
