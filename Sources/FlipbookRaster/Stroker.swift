import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns polylines into the outlines their stroke covers, for filling by the non-zero rule.
///
/// Each open polyline becomes one closed outline: its left offset forward, the end cap, its right
/// offset backward, the start cap. A closed polyline becomes two outlines of opposite orientation
/// (left offset forward, right offset backward), so the ring between them has winding ±1.
/// At each vertex the outer side gets the join (miter within the miter limit, else bevel; round;
/// bevel); the inner side takes the point where the two offset lines cross, or, where a segment is
/// too short for that (the crossing would lie beyond half of it), a detour through the vertex
/// itself (Skia's inner join), whose loops have the outline's own orientation and so only raise
/// the winding inside the stroke. Caps at open ends: butt, round, square.
///
/// Points where the true path is a curve (`smooth`, from `Path.flattenedMarkingSmooth`) are not
/// corners: there the outer side turns round the point (joins are for corners; a miter at each small
/// turn of the chords would reach h·(1/cos(θ/2) − 1) past the curve's offset), and where the chords
/// are too short for the inner offsets to cross, the inner side takes the point h along the curve's
/// normal (the bisector of the chords' normals) rather than the detour, whose chords' rectangles reach
/// h·sin(θ/2) sideways past the curve's offset: a wedge drawn as a stroke as wide as its circle would
/// bulge 3 px past its point. Offset past the centre of curvature (h > r), that point lies on the far
/// side and the inner side turns the other way: a circle stroked wider than its diameter is an annulus
/// from h − r to h + r, as Chromium and librsvg draw it (`StrokerTests`).
///
/// One outline rather than a polygon per segment means far fewer edges crossing the stroke's width
/// (each crossed every row of it), and exact anti-aliasing: overlapping polygons add their partial
/// coverage along shared edges, an outline does not. What remains: where two stretches of one
/// outline with the same orientation pass through the same pixel (the tip of a hairpin turn, an exact
/// reversal), the pixel gets min(1, a + b) of their partial coverages a and b rather than the area of
/// their union — at most min(a, b) ≤ 1/2 too much, never too little (StrokerTests).
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
        /// Round joins and caps are polygons whose chords stray no further than this from the arc.
        var tolerance: Double
    }

    /// The outlines of `polylines` stroked in `style`. `directions` (one per polyline, as
    /// `Path.endDirections` gives them; empty: none) are the true path's directions at each open
    /// polyline's ends: its caps stand square to them rather than to its first and last chords.
    /// `smooth` (one array per polyline, a flag per point, as `Path.flattenedMarkingSmooth` marks
    /// them; empty: none) tells the points where the true path is a curve rather than a corner.
    static func stroke(_ polylines: [(points: [Point], isClosed: Bool)], style: Style,
                       directions: [(start: Point, end: Point)?] = [], smooth: [[Bool]] = []) -> [[Point]] {
        var outlines: [[Point]] = []
        let h = style.width / 2
        guard h > 0, h.isFinite else { return [] }
        for (index, line) in polylines.enumerated() {
            var points: [Point] = [], curved: [Bool] = []
            points.reserveCapacity(line.points.count)
            let flags = index < smooth.count && smooth[index].count == line.points.count ? smooth[index] : []
            for (k, p) in line.points.enumerated() where points.last.map({ $0.distance(to: p) > 1e-9 }) ?? true {
                points.append(p)
                curved.append(flags.isEmpty ? false : flags[k])
            }
            if line.isClosed, points.count > 2, let first = points.first, let last = points.last, first.distance(to: last) <= 1e-9 {
                points.removeLast()
                curved.removeLast()
            }
            let n = points.count
            if n == 1 {
                // A zero-length subpath: round and square caps draw a dot (SVG), butt draws nothing.
                if style.cap == .round { outlines.append(circle(points[0], h, style.tolerance)) }
                if style.cap == .square { outlines.append(oriented(square(points[0], h, direction: Point(1, 0)))) }
                continue
            }
            guard n >= 2 else { continue }
            if line.isClosed && n > 2 {
                var left: [Point] = [], right: [Point] = []
                left.reserveCapacity(2 * n)
                right.reserveCapacity(2 * n)
                for i in 0..<n { vertex(points[(i + n - 1) % n], points[i], points[(i + 1) % n], h, style, smooth: curved[i], into: &left) }
                for i in (0..<n).reversed() { vertex(points[(i + 1) % n], points[i], points[(i + n - 1) % n], h, style, smooth: curved[i], into: &right) }
                outlines.append(left)
                outlines.append(right)
                continue
            }
            var outline: [Point] = []
            outline.reserveCapacity(4 * n + 16)
            var first = unit(points[1] - points[0]), last = unit(points[n - 1] - points[n - 2])
            if index < directions.count, let given = directions[index] {
                let start = unit(given.start), end = unit(given.end)
                if start.x.isFinite && start.y.isFinite && (start.x != 0 || start.y != 0) { first = start }
                if end.x.isFinite && end.y.isFinite && (end.x != 0 || end.y != 0) { last = end }
            }
            outline.append(points[0] + normal(first) * h)
            for i in 1..<(n - 1) { vertex(points[i - 1], points[i], points[i + 1], h, style, smooth: curved[i], into: &outline) }
            cap(points[n - 1], direction: last, h: h, style: style, into: &outline)
            for i in (1..<(n - 1)).reversed() { vertex(points[i + 1], points[i], points[i - 1], h, style, smooth: curved[i], into: &outline) }
            cap(points[0], direction: first * -1, h: h, style: style, into: &outline)
            outline.removeLast()  // the start cap ends where the outline began
            outlines.append(outline)
        }
        return outlines
    }

    /// The left normal (d rotated +90° in the plane's own orientation).
    @inline(__always)
    private static func normal(_ d: Point) -> Point { Point(-d.y, d.x) }

    /// Appends the left-side outline points at vertex `p` between segments prev→p and p→next;
    /// `smooth` when the true path is a curve through `p` (see the inner side below).
    private static func vertex(_ prev: Point, _ p: Point, _ next: Point, _ h: Double, _ style: Style, smooth: Bool,
                               into out: inout [Point]) {
        let v0 = p - prev, v1 = next - p
        let d0 = unit(v0), d1 = unit(v1)
        let n0 = normal(d0) * h, n1 = normal(d1) * h
        let cross = d0.x * d1.y - d0.y * d1.x, dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && dot > 0 {
            out.append(p + n0)
            return
        }
        if cross > 0 {
            // A turn toward the left: the left side is inside. Offset lines cross at c = h·tan(θ/2)
            // before the vertex (tan(θ/2) = sin θ / (1 + cos θ)).
            let c = h * cross / (1 + dot)
            if c.isFinite && c <= 0.5 * min(v0.length, v1.length) {
                out.append(p + n0 - d0 * c)
            } else if smooth && dot > 0 {
                // Chords of a curve too short for the crossing (a stroke about as wide as the curve's
                // radius, or a short chord beside a long one where a trim or a piece ends): the point
                // h along the curve's normal, the bisector of the chords' normals. The detour below
                // would bring back the chords' own rectangles, whose inner corners reach h·sin(θ/2)
                // sideways past the curve's offset (3 px off a 90 px wedge's point).
                out.append(p + unit(n0 + n1) * h)
            } else {
                out.append(p + n0)
                out.append(p)
                out.append(p + n1)
            }
            return
        }
        // The left side is outside (a right turn, or a reversal). Where the path is a curve, its offset
        // is a curve too: joins are for corners, and a miter's tip at each chord's small turn would reach
        // h·(1/cos(θ/2) − 1) past it (0.25 px for a stroke 100 px wide round a circle of radius 20).
        out.append(p + n0)
        switch smooth ? .round : style.join {
        case .round:
            let turn = cross == 0 ? -Double.pi : atan2(cross, dot)
            arc(around: p, from: n0, turn: turn, h: h, tolerance: style.tolerance, into: &out)
        case .miter:
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 0, 1 / cosHalf <= style.miterLimit {
                let tip = unit(n0 + n1) * (h / cosHalf)
                if tip.x.isFinite && tip.y.isFinite { out.append(p + tip) }
            }
        case .bevel:
            break
        }
        out.append(p + n1)
    }

    /// Appends the points strictly between `center + from` and its rotation by `turn` radians.
    private static func arc(around center: Point, from: Point, turn: Double, h: Double, tolerance: Double, into out: inout [Point]) {
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / h)))
        let count = max(1, min(256, Int(saturating: (abs(turn) / max(step, 1e-3)).rounded(.up))))
        guard count > 1 else { return }
        for j in 1..<count {
            let a = turn * Double(j) / Double(count)
            let c = cos(a), s = sin(a)
            out.append(Point(center.x + from.x * c - from.y * s, center.y + from.x * s + from.y * c))
        }
    }

    /// Appends an end cap at `p` for a segment arriving in direction `d`: from the left offset,
    /// around the end, to the right offset (both included).
    private static func cap(_ p: Point, direction d: Point, h: Double, style: Style, into out: inout [Point]) {
        let n = normal(d) * h
        out.append(p + n)
        switch style.cap {
        case .butt: break
        case .round: arc(around: p, from: n, turn: -Double.pi, h: h, tolerance: style.tolerance, into: &out)
        case .square:
            out.append(p + n + d * h)
            out.append(p - n + d * h)
        }
        out.append(p - n)
    }

    /// Cuts polylines into their dashes. With `visible` (in the polylines' coordinates), only dashes
    /// that reach it are made: the pattern is advanced arithmetically across the parts of segments
    /// outside it, so a dashed line a billion pixels long costs what its visible stretch does. A dash
    /// crossing the border is cut there; the cut ends lie outside `visible`, which the caller makes
    /// larger than the canvas by more than any cap or join reaches.
    static func dashed(_ polylines: [(points: [Point], isClosed: Bool)], pattern: [Double], phase: Double,
                       visible: Rect? = nil) -> [(points: [Point], isClosed: Bool)] {
        dashedMarkingSmooth(polylines, pattern: pattern, phase: phase, visible: visible).lines
    }

    /// `dashed(_:pattern:phase:visible:)` carrying `smooth` (a flag per point of each polyline, as
    /// `stroke` takes them) to the dashes: a dash's inner points keep their flags, its cut ends have none.
    static func dashedMarkingSmooth(_ polylines: [(points: [Point], isClosed: Bool)], pattern: [Double], phase: Double,
                                    visible: Rect? = nil, smooth: [[Bool]] = []) -> (lines: [(points: [Point], isClosed: Bool)], smooth: [[Bool]]) {
        // The render tree holds normalised patterns (DashPattern.normalized); anything else draws solid.
        var lengths = pattern
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), lengths.reduce(0, +) > 0 else { return (polylines, smooth) }
        if lengths.count % 2 == 1 { lengths += lengths }
        let period = lengths.reduce(0, +)
        var out: [(points: [Point], isClosed: Bool)] = [], outFlags: [[Bool]] = []
        for (number, line) in polylines.enumerated() {
            var points = line.points
            guard !points.isEmpty else { continue }
            var flags = number < smooth.count && smooth[number].count == points.count ? smooth[number] : Array(repeating: false, count: points.count)
            if line.isClosed, let first = points.first { points.append(first); flags.append(flags[0]) }
            // Where in the pattern the subpath starts.
            var index = 0, remaining = 0.0
            func skip(_ distance: Double) {
                var d = distance
                if d < remaining { remaining -= d; return }
                d -= remaining
                index = (index + 1) % lengths.count
                d = d.truncatingRemainder(dividingBy: period)
                while d >= lengths[index] { d -= lengths[index]; index = (index + 1) % lengths.count }
                remaining = lengths[index] - d
            }
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            if !offset.isFinite { offset = 0 }
            while offset >= lengths[index] { offset -= lengths[index]; index = (index + 1) % lengths.count }
            remaining = lengths[index] - offset
            var current: [Point] = index % 2 == 0 ? [points[0]] : []
            var marks: [Bool] = current.map { _ in false }
            var pieces = 0
            func end() {
                out.append((current, false))
                outFlags.append(marks)
            }
            /// Dashes along a → b; `curved`: b's flag.
            func dash(_ start: Point, _ b: Point, _ curved: Bool = false) {
                var a = start
                var segment = a.distance(to: b)
                while segment > remaining && pieces < 1_000_000 {
                    let t = remaining / segment
                    let cut = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                    if index % 2 == 0 {
                        current.append(cut)
                        marks.append(false)
                        end()
                        current = []
                        marks = []
                    } else {
                        current = [cut]
                        marks = [false]
                    }
                    pieces += 1
                    segment -= remaining
                    a = cut
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                }
                remaining -= segment
                if index % 2 == 0 { current.append(b); marks.append(curved) }
            }
            /// Passes a → b outside `visible`: ends the open dash, advances the pattern.
            func pass(_ a: Point, _ b: Point) {
                if current.count >= 2 { end() }
                skip(a.distance(to: b))
                current = index % 2 == 0 ? [b] : []
                marks = current.map { _ in false }
            }
            for k in 1..<max(points.count, 1) {
                let a = points[k - 1], b = points[k]
                guard let visible else { dash(a, b, flags[k]); continue }
                guard let (t0, t1) = Self.clip(a, b, to: visible) else { pass(a, b); continue }
                let p0 = t0 > 0 ? a + (b - a) * t0 : a, p1 = t1 < 1 ? a + (b - a) * t1 : b
                if t0 > 0 { pass(a, p0) }
                dash(p0, p1, t1 < 1 ? false : flags[k])
                if t1 < 1 { pass(p1, b) }
            }
            if current.count >= 2 { end() }
        }
        return (out, outFlags)
    }

    /// The parameter interval of a → b inside `r` (Liang–Barsky), or nil when the segment misses it.
    static func clip(_ a: Point, _ b: Point, to r: Rect) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x - r.minX), (d.x, r.maxX - a.x), (-d.y, a.y - r.minY), (d.y, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            }
        }
        return t0 <= t1 ? (t0, t1) : nil
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
}
