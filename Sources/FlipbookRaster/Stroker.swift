import Flipbook
import Foundation

/// Turns polylines into the polygons their stroke covers: one quadrilateral per segment, a join at
/// every inner vertex (miter within the miter limit, else bevel; round; bevel) and caps at open ends
/// (butt, round, square). Every polygon is emitted counter-clockwise on screen, so that filling them
/// together by the non-zero rule (|winding| clamped to 1) is their union.
///
/// Dashes: `dashed(_:pattern:phase:)` cuts a polyline into its dashes first (SVG and Core Graphics
/// semantics: the pattern runs along each subpath from its start, shifted by the phase; an odd count
/// repeats twice).
enum Stroker {
    struct Style {
        var width: Double
        var cap: LineCap
        var join: LineJoin
        var miterLimit: Double
        /// Round joins and caps are polygons with segments no longer than this angle allows.
        var tolerance: Double
    }

    static func stroke(_ polylines: [(points: [Point], isClosed: Bool)], style: Style) -> [[Point]] {
        var polygons: [[Point]] = []
        let h = style.width / 2
        guard h > 0 else { return [] }
        for line in polylines {
            var points: [Point] = []
            for p in line.points where points.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { points.append(p) }
            if line.isClosed, points.count > 2, let first = points.first, let last = points.last, first.distance(to: last) <= 1e-9 {
                points.removeLast()
            }
            if points.count == 1 {
                // A zero-length subpath: round and square caps draw a dot (SVG), butt draws nothing.
                if style.cap == .round { polygons.append(circle(points[0], h, style.tolerance)) }
                if style.cap == .square { polygons.append(oriented(square(points[0], h, direction: Point(1, 0)))) }
                continue
            }
            guard points.count >= 2 else { continue }
            let closed = line.isClosed && points.count > 2
            let count = closed ? points.count : points.count - 1
            for i in 0..<count {
                let a = points[i], b = points[(i + 1) % points.count]
                let d = unit(b - a)
                let n = Point(-d.y, d.x) * h
                polygons.append(oriented([a + n, b + n, b - n, a - n]))
            }
            // Joins.
            let joinIndices = closed ? Array(0..<points.count) : Array(1..<max(points.count - 1, 1))
            for i in joinIndices where points.count > 2 || closed {
                let p = points[i]
                let prev = points[(i - 1 + points.count) % points.count], next = points[(i + 1) % points.count]
                polygons += join(prev: prev, at: p, next: next, h: h, style: style)
            }
            if !closed {
                polygons += cap(points[0], direction: unit(points[0] - points[1]), h: h, style: style)
                let n = points.count
                polygons += cap(points[n - 1], direction: unit(points[n - 1] - points[n - 2]), h: h, style: style)
            }
        }
        return polygons
    }

    static func dashed(_ polylines: [(points: [Point], isClosed: Bool)], pattern: [Double], phase: Double) -> [(points: [Point], isClosed: Bool)] {
        var lengths = pattern.filter { $0 >= 0 }
        guard !lengths.isEmpty, lengths.reduce(0, +) > 0 else { return polylines }
        if lengths.count % 2 == 1 { lengths += lengths }
        let period = lengths.reduce(0, +)
        var out: [(points: [Point], isClosed: Bool)] = []
        for line in polylines {
            var points = line.points
            if line.isClosed, let first = points.first { points.append(first) }
            // Where in the pattern the subpath starts.
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            var index = 0
            while offset >= lengths[index] { offset -= lengths[index]; index = (index + 1) % lengths.count }
            var remaining = lengths[index] - offset
            var on = index % 2 == 0
            var current: [Point] = on ? [points[0]] : []
            var pieces = 0
            for k in 1..<max(points.count, 1) {
                var a = points[k - 1]
                let b = points[k]
                var segment = a.distance(to: b)
                while segment > remaining && pieces < 1_000_000 {
                    let t = remaining / segment
                    let cut = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                    if on {
                        current.append(cut)
                        out.append((current, false))
                        current = []
                    } else {
                        current = [cut]
                    }
                    pieces += 1
                    on.toggle()
                    segment -= remaining
                    a = cut
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                }
                remaining -= segment
                if on { current.append(b) }
            }
            if on && current.count >= 2 { out.append((current, false)) }
        }
        return out
    }

    private static func unit(_ v: Point) -> Point {
        let l = v.length
        return l > 0 ? v * (1 / l) : Point(1, 0)
    }

    /// The polygon, reversed if needed so its signed area is positive (counter-clockwise on screen).
    static func oriented(_ polygon: [Point]) -> [Point] {
        var area = 0.0
        for i in 0..<polygon.count {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? polygon.reversed() : polygon
    }

    static func circle(_ c: Point, _ r: Double, _ tolerance: Double) -> [Point] {
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / max(r, 1e-9))))
        let n = max(8, min(256, Int(saturating: (2 * Double.pi / max(step, 1e-3)).rounded(.up))))
        return oriented((0..<n).map { i in
            let a = 2 * Double.pi * Double(i) / Double(n)
            return Point(c.x + r * cos(a), c.y + r * sin(a))
        })
    }

    private static func square(_ p: Point, _ h: Double, direction d: Point) -> [Point] {
        let n = Point(-d.y, d.x) * h, f = d * h
        return [p - f + n, p + f + n, p + f - n, p - f - n]
    }

    private static func cap(_ p: Point, direction d: Point, h: Double, style: Style) -> [[Point]] {
        switch style.cap {
        case .butt: return []
        case .round: return [circle(p, h, style.tolerance)]
        case .square:
            let n = Point(-d.y, d.x) * h
            return [oriented([p + n, p + n + d * h, p - n + d * h, p - n])]
        }
    }

    private static func join(prev: Point, at p: Point, next: Point, h: Double, style: Style) -> [[Point]] {
        let d0 = unit(p - prev), d1 = unit(next - p)
        let cross = d0.x * d1.y - d0.y * d1.x
        if abs(cross) < 1e-12 && d0.x * d1.x + d0.y * d1.y > 0 { return [] }
        switch style.join {
        case .round:
            return [circle(p, h, style.tolerance)]
        case .bevel, .miter:
            // The outer side of the turn.
            let side: Double = cross > 0 ? -1 : 1
            let n0 = Point(-d0.y, d0.x) * (h * side), n1 = Point(-d1.y, d1.x) * (h * side)
            var polygon = [p, p + n0, p + n1]
            if style.join == .miter {
                let cosTheta = max(-1, min(1, -(d0.x * d1.x + d0.y * d1.y)))
                let sinHalf = ((1 - cosTheta) / 2).squareRoot()
                if sinHalf > 0, 1 / sinHalf <= style.miterLimit {
                    // The miter tip: along the bisector of the two normals.
                    let bisector = unit(n0 + n1)
                    let length = h / ((1 + (d0.x * d1.x + d0.y * d1.y)) / 2).squareRoot()
                    if length.isFinite { polygon = [p, p + n0, p + bisector * length, p + n1] }
                }
            }
            return [oriented(polygon)]
        }
    }
}
