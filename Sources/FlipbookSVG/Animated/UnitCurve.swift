import Easing
import Flipbook

/// A Bézier easing from (0, 0) to (1, 1) with arbitrary control points: a cubic-bezier() timing
/// function, a piece of one, or a normalised sub-curve. x is assumed monotonic (true for every piece
/// of a valid CSS curve). SMIL's keySplines need control points inside the unit square; `splines()`
/// splits the curve until they are, which keeps it exact.
struct UnitCurve: Hashable {
    var p1: Point
    var p2: Point
    /// The timing function this curve is, when it is a whole one: evaluated with the same solver as
    /// the frames (so an exact fit matches them to the last bit).
    var timing: CubicBezier?

    static let linear = UnitCurve(p1: Point(0, 0), p2: Point(1, 1))

    init(p1: Point, p2: Point, timing: CubicBezier? = nil) {
        self.p1 = p1
        self.p2 = p2
        self.timing = timing
    }

    init(_ c: CubicBezier?) {
        guard let c else { self = .linear; return }
        self.init(p1: Point(c.x1, c.y1), p2: Point(c.x2, c.y2), timing: c)
    }

    var segment: CubicBezierSegment { CubicBezierSegment(.zero, p1, p2, Point(1, 1)) }

    /// The curve parameter whose x is `x`, by bisection to the last bit.
    func parameter(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        let s = segment
        for _ in 0..<64 {
            let mid = 0.5 * (lo + hi)
            if s.point(at: mid).x < x { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    /// y at x, for x in [0, 1].
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if let timing { return timing(x) }
        return segment.point(at: parameter(at: x)).y
    }

    /// The part of the curve over x ∈ [x0, x1], renormalised to the unit square; nil when its y range
    /// is empty (the piece is flat).
    func piece(from x0: Double, to x1: Double) -> UnitCurve? {
        let sub = segment.subsegment(from: parameter(at: x0), to: parameter(at: x1))
        let dx = sub.p3.x - sub.p0.x, dy = sub.p3.y - sub.p0.y
        guard dx > 0, dy != 0 else { return nil }
        func norm(_ p: Point) -> Point { Point((p.x - sub.p0.x) / dx, (p.y - sub.p0.y) / dy) }
        return UnitCurve(p1: norm(sub.p1), p2: norm(sub.p2))
    }

    /// Whether SMIL accepts the control points as a keySpline.
    var isValidSpline: Bool {
        [p1.x, p1.y, p2.x, p2.y].allSatisfy { $0 >= -1e-9 && $0 <= 1 + 1e-9 }
    }

    /// Pieces (x at the end of each, y at the end of each, the piece's spline) covering the curve, each a
    /// valid keySpline: split at the extrema of y, then in halves until the control points fit.
    func splines(depth: Int = 0) -> [(x: Double, y: Double, curve: UnitCurve)] {
        // Control points within 1e-9 of the square are clamped (rounding noise); past depth 12 the
        // pieces are so short that clamping moves them by less than 1e-6 of the segment.
        if isValidSpline || depth > 12 { return [(1, 1, clamped)] }
        if timing != nil { return UnitCurve(p1: p1, p2: p2).splines(depth: depth) }
        // Extrema of y(t): roots of the derivative's quadratic.
        let a = 3 * (1 - 3 * p2.y + 3 * p1.y), b = 6 * (p2.y - 2 * p1.y), c = 3 * p1.y
        var ts: [Double] = []
        if abs(a) < 1e-14 {
            if b != 0 { ts.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let r = disc.squareRoot()
                ts += [(-b + r) / (2 * a), (-b - r) / (2 * a)]
            }
        }
        var cuts = ts.filter { $0 > 1e-9 && $0 < 1 - 1e-9 }.sorted()
        if cuts.isEmpty { cuts = [0.5] }
        var result: [(Double, Double, UnitCurve)] = []
        let bounds = [0.0] + cuts + [1.0]
        let whole = CubicBezierSegment(Point(0, 0), p1, p2, Point(1, 1))
        for index in 0..<(bounds.count - 1) {
            let sub = whole.subsegment(from: bounds[index], to: bounds[index + 1])
            let dx = sub.p3.x - sub.p0.x, dy = sub.p3.y - sub.p0.y
            guard dx > 1e-15 else { continue }
            if dy == 0 {
                result.append((sub.p3.x, sub.p3.y, .linear))
                continue
            }
            let piece = UnitCurve(p1: Point((sub.p1.x - sub.p0.x) / dx, (sub.p1.y - sub.p0.y) / dy),
                                  p2: Point((sub.p2.x - sub.p0.x) / dx, (sub.p2.y - sub.p0.y) / dy))
            for part in piece.splines(depth: depth + 1) where result.count < 64 {
                result.append((sub.p0.x + part.x * dx, sub.p0.y + part.y * dy, part.curve))
            }
        }
        return result
    }

    private var clamped: UnitCurve {
        func c(_ v: Double) -> Double { min(max(v, 0), 1) }
        return UnitCurve(p1: Point(c(p1.x), c(p1.y)), p2: Point(c(p2.x), c(p2.y)), timing: timing)
    }
}
