/// A list of numbers that interpolates element by element; lists of different lengths are padded
/// with zeros (so a new element grows from 0 and a removed one shrinks to 0 — how a pie chart's
/// values add and remove slices).
extension Array: Interpolatable where Element == Double {
    public static func interpolate(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        if t == 0 { return a }
        if t == 1 { return b }
        let n = Swift.max(a.count, b.count)
        return (0..<n).map { i in mix(i < a.count ? a[i] : 0, i < b.count ? b[i] : 0, t) }
    }
}

extension Array: VectorInterpolatable where Element == Double {
    public static var zero: [Double] { [] }
    public static func sum(_ a: [Double], _ b: [Double]) -> [Double] { zipPadded(a, b, +) }
    public static func difference(_ a: [Double], _ b: [Double]) -> [Double] { zipPadded(a, b, -) }
    public static func scaled(_ a: [Double], _ f: Double) -> [Double] { a.map { $0 * f } }
    public static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zipPadded(a, b, -).reduce(0) { $0 + $1 * $1 }.squareRoot()
    }

    private static func zipPadded(_ a: [Double], _ b: [Double], _ op: (Double, Double) -> Double) -> [Double] {
        (0..<Swift.max(a.count, b.count)).map { i in op(i < a.count ? a[i] : 0, i < b.count ? b[i] : 0) }
    }
}

/// A stroke dash pattern: alternating dash and gap lengths in pixels, as `lineDashPattern`.
///
/// Interpolates as SVG and CSS interpolate `stroke-dasharray`: both lists are repeated to the least
/// common multiple of their lengths, then mixed element by element. An empty pattern (solid line)
/// interpolates discretely (it has no lengths to mix): the start value until t = 0.5, then the end value.
/// So does a pair whose common multiple would pass `interpolationLimit` entries (checked before any
/// multiplication: 99,991 and 99,989 entries would need 10 billion).
///
/// What is drawn is `normalized`: the render tree holds only that, so the SVG frames, the raster
/// frames and the animated SVG cannot disagree about a pattern.
public struct DashPattern: Hashable, Sendable, Codable, Interpolatable {
    /// Dash and gap lengths, pixels, each ≥ 0; empty for a solid line.
    public var lengths: [Double]

    public init(_ lengths: [Double]) {
        self.lengths = lengths
    }

    public static let solid = DashPattern([])

    /// The most entries an interpolated pattern may have: 4,096.
    public static let interpolationLimit = 4096

    /// The pattern as drawn, SVG's rule (stroke-dasharray): a negative or non-finite length, or a
    /// pattern whose lengths sum to 0, draws a solid line (`solid`); otherwise the pattern itself (an
    /// odd count is repeated by every renderer, as SVG says).
    public var normalized: DashPattern {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), lengths.contains(where: { $0 > 0 }) else { return .solid }
        return self
    }

    public static func interpolate(_ a: DashPattern, _ b: DashPattern, _ t: Double) -> DashPattern {
        if t == 0 { return a }
        if t == 1 { return b }
        guard !a.lengths.isEmpty, !b.lengths.isEmpty else { return t < 0.5 ? a : b }
        func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? x : gcd(y, x % y) }
        let g = gcd(a.lengths.count, b.lengths.count)
        guard a.lengths.count / g <= interpolationLimit / b.lengths.count else { return t < 0.5 ? a : b }
        let n = a.lengths.count / g * b.lengths.count
        return DashPattern((0..<n).map { mix(a.lengths[$0 % a.lengths.count], b.lengths[$0 % b.lengths.count], t) })
    }
}
