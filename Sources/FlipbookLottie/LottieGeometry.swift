import FlipbookScenes

extension LottieImporter {
    /// The handle length of a quarter circle as cubic Béziers, as a fraction of the radius: Lottie
    /// players draw ellipses and rounded corners with 0.5519 (the value closest to a circle; the
    /// common 4/3·(√2 − 1) = 0.5523 bulges 2.7 × more at its worst).
    static let kappa = 0.5519150244935105

    /// SVG path data of a Lottie bezier shape (`{"v", "i", "o", "c"}`, tangents relative to their
    /// vertices), or of the first of an array of them (as keyframes hold it): every segment a cubic,
    /// so that every value of one shape has the same structure and morphs point by point. Nil for a
    /// shape with no vertex or unreadable numbers.
    static func bezierPath(_ shape: LottieValue) -> String? {
        let s = shape.isArray ? (shape.items.first ?? shape) : shape
        func points(_ key: String) -> [(Double, Double)]? {
            guard let list = s[key]?.items else { return nil }
            var out: [(Double, Double)] = []
            for p in list {
                guard let n = p.numbers, n.count >= 2 else { return nil }
                out.append((n[0], n[1]))
            }
            return out
        }
        guard let v = points("v"), !v.isEmpty, let i = points("i") ?? Optional(v.map { _ in (0, 0) }),
              let o = points("o") ?? Optional(v.map { _ in (0, 0) }), i.count == v.count, o.count == v.count else { return nil }
        let closed = s["c"]?.flag ?? false
        var d = "M\(number(v[0].0)) \(number(v[0].1))"
        func segment(_ a: Int, _ b: Int) {
            d += "C\(number(v[a].0 + o[a].0)) \(number(v[a].1 + o[a].1)) \(number(v[b].0 + i[b].0)) \(number(v[b].1 + i[b].1)) \(number(v[b].0)) \(number(v[b].1))"
        }
        for k in 1..<max(v.count, 1) where k < v.count { segment(k - 1, k) }
        if closed {
            segment(v.count - 1, 0)
            d += "Z"
        }
        return d
    }

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
}
