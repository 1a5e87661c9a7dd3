/// A value that animations can interpolate.
///
/// `interpolate(a, b, t)` is exact at both ends (t = 0 gives `a`, t = 1 gives `b`, bit for bit) and
/// extrapolates for t outside [0, 1] (an overshooting easing moves past the end value).
public protocol Interpolatable: Hashable, Sendable {
    /// The value at fraction `t` of the way from `a` to `b`; any real `t`.
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self
}

/// An interpolatable value that also adds, subtracts and scales, which `by` values, additive and
/// cumulative animations, paced timing and cubic (Kochanek–Bartels) keyframes need.
public protocol VectorInterpolatable: Interpolatable {
    /// The value that adds nothing.
    static var zero: Self { get }
    /// a + b. Named, not an operator: an element-wise `+` on `[Double]` would shadow concatenation.
    static func sum(_ a: Self, _ b: Self) -> Self
    /// a − b.
    static func difference(_ a: Self, _ b: Self) -> Self
    /// Scaled by a factor.
    static func scaled(_ a: Self, _ factor: Double) -> Self
    /// A distance for paced keyframes: Euclidean over the value's components.
    static func distance(_ a: Self, _ b: Self) -> Double
}

extension VectorInterpolatable {
    /// a·(1 − t) + b·t by the vector operations; exact at t = 0 and t = 1.
    public static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self {
        if t == 0 { return a }
        if t == 1 { return b }
        return sum(scaled(a, 1 - t), scaled(b, t))
    }
}

/// a·(1 − t) + b·t: exact at both ends (rule 3; `a + (b − a)·t` is not at t = 1).
@inline(__always)
public func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a * (1 - t) + b * t
}

extension Double: VectorInterpolatable {
    public static func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double { mix(a, b, t) }
    public static func sum(_ a: Double, _ b: Double) -> Double { a + b }
    public static func difference(_ a: Double, _ b: Double) -> Double { a - b }
    public static func scaled(_ a: Double, _ factor: Double) -> Double { a * factor }
    public static func distance(_ a: Double, _ b: Double) -> Double { abs(a - b) }
}

extension Angle: VectorInterpolatable {
    /// Interpolates the raw angle, so 0° → 720° turns twice: the semantic angle, not the shortest way.
    public static func interpolate(_ a: Angle, _ b: Angle, _ t: Double) -> Angle {
        Angle(radians: mix(a.radians, b.radians, t))
    }
    public static func sum(_ a: Angle, _ b: Angle) -> Angle { a + b }
    public static func difference(_ a: Angle, _ b: Angle) -> Angle { a - b }
    public static func scaled(_ a: Angle, _ factor: Double) -> Angle { a * factor }
    public static func distance(_ a: Angle, _ b: Angle) -> Double { abs(a.radians - b.radians) }
}

extension Point: VectorInterpolatable {
    public static func interpolate(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(mix(a.x, b.x, t), mix(a.y, b.y, t))
    }
    public static func sum(_ a: Point, _ b: Point) -> Point { a + b }
    public static func difference(_ a: Point, _ b: Point) -> Point { a - b }
    public static func scaled(_ a: Point, _ factor: Double) -> Point { a * factor }
    public static func distance(_ a: Point, _ b: Point) -> Double { a.distance(to: b) }
}

extension Size: VectorInterpolatable {
    public static func interpolate(_ a: Size, _ b: Size, _ t: Double) -> Size {
        Size(mix(a.width, b.width, t), mix(a.height, b.height, t))
    }
    public static func sum(_ a: Size, _ b: Size) -> Size { Size(a.width + b.width, a.height + b.height) }
    public static func difference(_ a: Size, _ b: Size) -> Size { Size(a.width - b.width, a.height - b.height) }
    public static func scaled(_ a: Size, _ factor: Double) -> Size { Size(a.width * factor, a.height * factor) }
    public static func distance(_ a: Size, _ b: Size) -> Double { Point(a.width - b.width, a.height - b.height).length }
}

extension Rect: VectorInterpolatable {
    public static func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(origin: .interpolate(a.origin, b.origin, t), size: .interpolate(a.size, b.size, t))
    }
    public static func sum(_ a: Rect, _ b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: .sum(a.size, b.size)) }
    public static func difference(_ a: Rect, _ b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: .difference(a.size, b.size)) }
    public static func scaled(_ a: Rect, _ factor: Double) -> Rect { Rect(origin: a.origin * factor, size: .scaled(a.size, factor)) }
    public static func distance(_ a: Rect, _ b: Rect) -> Double {
        let o = a.origin - b.origin, s = Size.difference(a.size, b.size)
        return (o.x * o.x + o.y * o.y + s.width * s.width + s.height * s.height).squareRoot()
    }
}
