import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LottieImporter {
    /// The handle length of a quarter circle as cubic Béziers, as a fraction of the radius: Lottie
    /// players draw ellipses and rounded corners with 0.5519 (the value closest to a circle; the
    /// common 4/3·(√2 − 1) = 0.5523 bulges 2.7 × more at its worst).
    static let kappa = 0.5519150244935105

    /// SVG path data of a Lottie bezier shape (`{"v", "i", "o", "c"}`, tangents relative to their
    /// vertices), or of the first of an array of them (as keyframes hold it): every segment a cubic,
    /// so that every value of one shape has the same structure and morphs point by point. Nil for a
    /// shape with no vertex or unreadable numbers.
    static func bezierPath(_ shape: LottieValue) -> String? { LottieShape(shape)?.pathData }

    /// A Lottie rectangle (centre, size, corner roundness) as path data: from the top right corner
    /// clockwise on screen, as players start it, every corner a cubic (a line of no length where the
    /// roundness is 0), so its values morph point by point. The roundness is capped at half the
    /// shorter side.
    static func rectanglePath(center: [Double], size: [Double], roundness: Double) -> String? {
        guard center.count >= 2, size.count >= 2 else { return nil }
        let w = abs(size[0]), h = abs(size[1])
        let r = min(max(roundness, 0), w / 2, h / 2), k = r * (1 - kappa)
        let left = center[0] - w / 2, right = center[0] + w / 2, top = center[1] - h / 2, bottom = center[1] + h / 2
        func p(_ x: Double, _ y: Double) -> String { "\(number(x)) \(number(y))" }
        var d = "M" + p(right, top + r)
        d += "L" + p(right, bottom - r) + "C" + p(right, bottom - k) + " " + p(right - k, bottom) + " " + p(right - r, bottom)
        d += "L" + p(left + r, bottom) + "C" + p(left + k, bottom) + " " + p(left, bottom - k) + " " + p(left, bottom - r)
        d += "L" + p(left, top + r) + "C" + p(left, top + k) + " " + p(left + k, top) + " " + p(left + r, top)
        d += "L" + p(right - r, top) + "C" + p(right - k, top) + " " + p(right, top + k) + " " + p(right, top + r) + "Z"
        return d
    }

    /// A Lottie ellipse (centre, size) as four cubics from its top, clockwise on screen.
    static func ellipsePath(center: [Double], size: [Double]) -> String? {
        guard center.count >= 2, size.count >= 2 else { return nil }
        let x = center[0], y = center[1], rx = abs(size[0]) / 2, ry = abs(size[1]) / 2
        let cx = rx * kappa, cy = ry * kappa
        func p(_ a: Double, _ b: Double) -> String { "\(number(a)) \(number(b))" }
        var d = "M" + p(x, y - ry)
        d += "C" + p(x + cx, y - ry) + " " + p(x + rx, y - cy) + " " + p(x + rx, y)
        d += "C" + p(x + rx, y + cy) + " " + p(x + cx, y + ry) + " " + p(x, y + ry)
        d += "C" + p(x - cx, y + ry) + " " + p(x - rx, y + cy) + " " + p(x - rx, y)
        d += "C" + p(x - rx, y - cy) + " " + p(x - cx, y - ry) + " " + p(x, y - ry) + "Z"
        return d
    }

    /// A Lottie polystar as path data, as lottie-web builds it: a star's 2n points alternate between
    /// the outer and inner radius (a polygon's n on the outer), from straight up turned by
    /// `rotation` degrees, clockwise unless `clockwise` is false; each point's handles lie along the
    /// tangent of its circle, `roundness` percent of the circle's arc per point long (a star's
    /// 2πr/2n, a polygon's 2πr/4n). At most 10,000 points.
    static func polystarPath(star: Bool, clockwise: Bool, center: [Double], outer: Double, inner: Double, outerRoundness: Double,
                             innerRoundness: Double, rotation: Double, points: Double) -> String? {
        guard center.count >= 2, points.isFinite else { return nil }
        let n = Int(min(max(points.rounded(.down), 0), 10_000))
        guard n >= 1 else { return nil }
        let count = star ? 2 * n : n, dir = clockwise ? 1.0 : -1.0
        let step = 2 * Double.pi / Double(count)
        var angle = -Double.pi / 2 + rotation * Double.pi / 180
        var vertices: [(Double, Double)] = [], ins: [(Double, Double)] = [], outs: [(Double, Double)] = []
        for i in 0..<count {
            let isOuter = !star || i % 2 == 0
            let r = isOuter ? outer : inner, roundness = (isOuter ? outerRoundness : innerRoundness) / 100
            let segment = star ? 2 * Double.pi * r / Double(2 * count) : 2 * Double.pi * r / Double(4 * count)
            let x = r * cos(angle), y = r * sin(angle), length = (x * x + y * y).squareRoot()
            let ox = length == 0 ? 0 : y / length, oy = length == 0 ? 0 : -x / length
            let k = segment * roundness * dir
            let vx = x + center[0], vy = y + center[1]
            vertices.append((vx, vy))
            outs.append((vx - ox * k, vy - oy * k))
            ins.append((vx + ox * k, vy + oy * k))
            angle += step * dir
        }
        var d = "M\(number(vertices[0].0)) \(number(vertices[0].1))"
        for i in 0..<count {
            let j = (i + 1) % count
            d += "C\(number(outs[i].0)) \(number(outs[i].1)) \(number(ins[j].0)) \(number(ins[j].1)) \(number(vertices[j].0)) \(number(vertices[j].1))"
        }
        return d + "Z"
    }
}
