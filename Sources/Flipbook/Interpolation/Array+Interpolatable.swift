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
public struct DashPattern: Hashable, Sendable, Codable, Interpolatable {
    /// Dash and gap lengths, pixels, each ≥ 0; empty for a solid line.
    public var lengths: [Double]

    public init(_ lengths: [Double]) {
        self.lengths = lengths
    }

    public static let solid = DashPattern([])

    public static func interpolate(_ a: DashPattern, _ b: DashPattern, _ t: Double) -> DashPattern {
        if t == 0 { return a }
        if t == 1 { return b }
        guard !a.lengths.isEmpty, !b.lengths.isEmpty else { return t < 0.5 ? a : b }
        func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? x : gcd(y, x % y) }
        let n = a.lengths.count / gcd(a.lengths.count, b.lengths.count) * b.lengths.count
        return DashPattern((0..<n).map { mix(a.lengths[$0 % a.lengths.count], b.lengths[$0 % b.lengths.count], t) })
    }
}
