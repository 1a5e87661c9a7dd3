import Foundation

/// An affine transform decomposed as translation · rotation · skew · scale, the form in which
/// transforms interpolate (never a raw matrix lerp, which shrinks a rotating shape).
///
/// ## Decomposition
/// With columns (a, b) and (c, d): sx = |(a, b)| ≥ 0, rotation = atan2(b, a), and with u = (cos, sin),
/// n = (−sin, cos): sy = n·(c, d) (negative for a reflection), skew = u·(c, d) / sy. Reconstruction:
/// a = sx·cos, b = sx·sin, c = sy·(skew·cos − sin), d = sy·(skew·sin + cos). A matrix with sx = 0 gets
/// rotation 0; with sy = 0, skew 0 (the matrix is singular either way).
///
/// ## Rotation rule
/// Between two decomposed transforms the rotation takes the shorter way round (the difference is
/// wrapped into (−180°, 180°]), as CSS transform interpolation does. To turn by more than half a
/// turn, animate the layer's `rotation` property, which interpolates the raw angle.
public struct TransformComponents: Hashable, Sendable, Codable {
    public var translation: Point
    public var rotation: Angle
    /// Horizontal skew factor (x' = x + skew·y before rotation).
    public var skew: Double
    public var scale: Size

    public init(translation: Point = .zero, rotation: Angle = .zero, skew: Double = 0, scale: Size = Size(1, 1)) {
        self.translation = translation; self.rotation = rotation; self.skew = skew; self.scale = scale
    }

    /// The decomposition of `m` (see the type's notes).
    public init(_ m: Transform2D) {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        let theta = sx == 0 ? 0 : atan2(m.b, m.a)
        let cs = cos(theta), sn = sin(theta)
        let sy = -sn * m.c + cs * m.d
        let k = sy == 0 ? 0 : (cs * m.c + sn * m.d) / sy
        self.init(translation: Point(m.tx, m.ty), rotation: Angle(radians: theta), skew: k, scale: Size(sx, sy))
    }

    /// The transform these components describe.
    public var transform: Transform2D {
        let cs = rotation.cos, sn = rotation.sin
        return Transform2D(a: scale.width * cs, b: scale.width * sn,
                               c: scale.height * (skew * cs - sn), d: scale.height * (skew * sn + cs),
                               tx: translation.x, ty: translation.y)
    }

    /// Component-wise interpolation, rotation the shorter way round.
    public static func interpolate(_ a: TransformComponents, _ b: TransformComponents, _ t: Double) -> TransformComponents {
        var delta = (b.rotation.radians - a.rotation.radians).truncatingRemainder(dividingBy: 2 * .pi)
        if delta > .pi { delta -= 2 * .pi } else if delta <= -.pi { delta += 2 * .pi }
        let rotation = t == 1 ? b.rotation : Angle(radians: a.rotation.radians + delta * t)
        return TransformComponents(translation: .interpolate(a.translation, b.translation, t), rotation: rotation,
                                   skew: mix(a.skew, b.skew, t), scale: .interpolate(a.scale, b.scale, t))
    }
}

extension Transform2D: VectorInterpolatable {
    /// Interpolation of the decomposed components (see `TransformComponents`); exact at both ends.
    public static func interpolate(_ a: Transform2D, _ b: Transform2D, _ t: Double) -> Transform2D {
        if t == 0 { return a }
        if t == 1 { return b }
        return TransformComponents.interpolate(TransformComponents(a), TransformComponents(b), t).transform
    }

    public static var zero: Transform2D { .identity }
    /// Composition: `a` then `b` (how an additive transform animation applies, as in Core Animation).
    public static func sum(_ a: Transform2D, _ b: Transform2D) -> Transform2D { a.concatenating(b) }
    /// The transform that composed after `b` gives `a`; identity when `b` is singular.
    public static func difference(_ a: Transform2D, _ b: Transform2D) -> Transform2D {
        guard let inverse = b.inverted else { return .identity }
        return inverse.concatenating(a)
    }
    /// A fraction of the transform: its components scaled from the identity (scale as a power).
    public static func scaled(_ a: Transform2D, _ f: Double) -> Transform2D {
        let c = TransformComponents(a)
        func power(_ s: Double) -> Double { s > 0 ? pow(s, f) : mix(1, s, f) }
        return TransformComponents(translation: c.translation * f, rotation: c.rotation * f, skew: c.skew * f,
                                   scale: Size(power(c.scale.width), power(c.scale.height))).transform
    }
    public static func distance(_ a: Transform2D, _ b: Transform2D) -> Double {
        let x = TransformComponents(a), y = TransformComponents(b)
        let parts = [x.translation.x - y.translation.x, x.translation.y - y.translation.y, x.rotation.radians - y.rotation.radians,
                     x.skew - y.skew, x.scale.width - y.scale.width, x.scale.height - y.scale.height]
        return parts.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}
