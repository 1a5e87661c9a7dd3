#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cubic Bézier segment P0 → P3 with handles P1, P2: evaluation, splitting, length and flattening.
///
/// ## Length
/// Arc length ∫|B′(t)| dt by 8-point Gauss–Legendre quadrature, subdividing in halves until the whole
/// and the sum of the halves agree to 1e-10 of the length (at most depth 12). Exact for straight lines;
/// accurate to ~1e-9 relative for any curve without a cusp (tested against a circle's quarter and a
/// line's length). A cusp converges more slowly but stays bounded by the depth limit.
///
/// ## Flattening
/// Wang's formula: n = ⌈√(0.75·M / tolerance)⌉ uniform pieces, M = max(|P0 − 2P1 + P2|, |P1 − 2P2 + P3|),
/// keeps every chord within `tolerance` of the curve.
public struct CubicBezierSegment: Hashable, Sendable, Codable {
    public var p0: Point, p1: Point, p2: Point, p3: Point

    public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
    }

    /// The quadratic P0, Q, P2 raised to degree three (the same curve).
    public init(quadratic p0: Point, _ q: Point, _ p2: Point) {
        self.init(p0, p0 + (q - p0) * (2.0 / 3.0), p2 + (q - p2) * (2.0 / 3.0), p2)
    }

    /// A straight segment as a cubic (handles at thirds, so the parameter is uniform along it).
    public init(line a: Point, _ b: Point) {
        self.init(a, a + (b - a) * (1.0 / 3.0), a + (b - a) * (2.0 / 3.0), b)
    }

    /// The point at parameter t ∈ [0, 1].
    public func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The derivative B′(t).
    public func derivative(at t: Double) -> Point {
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        return (p1 - p0) * a + (p2 - p1) * b + (p3 - p2) * c
    }

    /// De Casteljau split at t: the parts [0, t] and [t, 1].
    public func split(at t: Double) -> (CubicBezierSegment, CubicBezierSegment) {
        let a = lerp(p0, p1, t), b = lerp(p1, p2, t), c = lerp(p2, p3, t)
        let d = lerp(a, b, t), e = lerp(b, c, t)
        let m = lerp(d, e, t)
        return (CubicBezierSegment(p0, a, d, m), CubicBezierSegment(m, e, c, p3))
    }

    /// The part between parameters t0 ≤ t1.
    public func subsegment(from t0: Double, to t1: Double) -> CubicBezierSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        let right = t0 > 0 ? split(at: t0).1 : self
        guard t1 < 1 else { return right }
        let local = (t1 - t0) / (1 - t0)
        return right.split(at: local).0
    }

    /// Arc length between parameters 0 and `t`.
    public func length(to t: Double = 1) -> Double {
        adaptiveLength(0, t, gaussLength(0, t), depth: 0)
    }

    /// The parameter where the arc length from 0 reaches `s` (0 ≤ s ≤ length), to 1e-12 in t.
    public func parameter(atLength s: Double) -> Double {
        let total = length()
        if s <= 0 || total == 0 { return 0 }
        if s >= total { return 1 }
        var lo = 0.0, hi = 1.0, t = s / total
        for _ in 0..<60 {
            let error = length(to: t) - s
            if abs(error) < 1e-11 * max(1, total) { return t }
            if error > 0 { hi = t } else { lo = t }
            let speed = derivative(at: t).length
            let next = speed > 0 ? t - error / speed : .nan
            t = (next > lo && next < hi) ? next : 0.5 * (lo + hi)
        }
        return t
    }

    /// Points along the curve, excluding P0, with every chord within `tolerance` pixels of the curve.
    public func flattened(tolerance: Double) -> [Point] {
        let dd1 = (p0 - p1 * 2 + p2).length, dd2 = (p1 - p2 * 2 + p3).length
        let n = max(1, min(10_000, Int(saturating: (0.75 * max(dd1, dd2) / max(tolerance, 1e-9)).squareRoot().rounded(.up))))
        return (1...n).map { point(at: Double($0) / Double(n)) }
    }

    private func adaptiveLength(_ a: Double, _ b: Double, _ whole: Double, depth: Int) -> Double {
        let m = 0.5 * (a + b)
        let left = gaussLength(a, m), right = gaussLength(m, b)
        if depth >= 12 || abs(left + right - whole) <= 1e-10 * max(whole, 1e-300) {
            return left + right
        }
        return adaptiveLength(a, m, left, depth: depth + 1) + adaptiveLength(m, b, right, depth: depth + 1)
    }

    /// 8-point Gauss–Legendre estimate of ∫|B′| over [a, b].
    private func gaussLength(_ a: Double, _ b: Double) -> Double {
        let half = 0.5 * (b - a), mid = 0.5 * (a + b)
        var sum = 0.0
        for (x, w) in Self.gaussNodes {
            sum += w * derivative(at: mid + half * x).length
            sum += w * derivative(at: mid - half * x).length
        }
        return sum * half
    }

    /// Abscissae and weights of 8-point Gauss–Legendre quadrature (positive half; symmetric).
    private static let gaussNodes: [(Double, Double)] = [
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
    ]
}

/// a·(1 − t) + b·t, exact at both ends.
@inline(__always)
func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(a.x * (1 - t) + b.x * t, a.y * (1 - t) + b.y * t)
}
