#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine transform (named to stay clear of Foundation.AffineTransform), as Core Graphics' `CGTransform2D`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
public struct Transform2D: Hashable, Sendable, Codable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ x: Double, _ y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle`, clockwise on screen for positive angles.
    public static func rotation(_ angle: Angle) -> Transform2D {
        let cs = angle.cos, sn = angle.sin
        return Transform2D(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// Core Graphics' `CGAffineTransform(rotationAngle:)`: `rotation(angle)`.
    public init(rotationAngle angle: Angle) {
        self = .rotation(angle)
    }

    /// Core Graphics' `CGAffineTransform(translationX:y:)`: `translation(x, y)`, pixels.
    public init(translationX x: Double, y: Double) {
        self = .translation(x, y)
    }

    /// Core Graphics' `CGAffineTransform(scaleX:y:)`: `scale(x, y)`.
    public init(scaleX x: Double, y: Double) {
        self = .scale(x, y)
    }

    @available(*, unavailable, renamed: "init(rotationAngle:)", message: "a rotation is Transform2D(rotationAngle:) or .rotation(_:), as CGAffineTransform's")
    public init(rotation angle: Angle) { fatalError("unavailable") }

    /// A horizontal skew: x' = x + k·y.
    public static func skew(_ k: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: k, d: 1, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`: (self.concatenating(other)).apply(p) == other.apply(self.apply(p)).
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                        c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                        tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The determinant a·d − b·c; 0 for a singular transform.
    public var determinant: Double { a * d - b * c }

    public var isIdentity: Bool { self == .identity }

    /// The inverse, or nil when the transform is singular.
    public var inverted: Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return Transform2D(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The image of a point.
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The image of a vector (no translation).
    public func applyToVector(_ v: Point) -> Point {
        Point(a * v.x + c * v.y, b * v.x + d * v.y)
    }
}
