#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An affine transform decomposed as translation · rotation · skew · scale, the form in which
/// transforms interpolate (never a raw matrix lerp, which shrinks a rotating shape).
///
/// ## Decomposition
/// With columns (a, b) and (c, d): sx = ±|(a, b)|, negative when the matrix reflects (determinant < 0)
/// and a < d — CSS Transforms' rule, so `scale(-1, 1)` is a scale, not a half turn — rotation =
/// atan2(b/sx, a/sx), and with u = (cos, sin), n = (−sin, cos): sy = n·(c, d), skew = u·(c, d) / sy.
/// Reconstruction: a = sx·cos, b = sx·sin, c = sy·(skew·cos − sin), d = sy·(skew·sin + cos). A matrix
/// with sx = 0 gets rotation 0; with sy = 0, skew 0 (the matrix is singular either way).
///
/// ## Interpolation
/// `interpolate` is CSS Transforms' interpolation of 2D matrices (see `Transform2D.interpolate`): a
/// reflection is carried by a scale, and the rotation takes the shorter way round. To turn by more
/// than half a turn, animate the layer's `rotation` property, which interpolates the raw angle.
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
        // A translation (linear part the identity, +0 off the diagonal): what the steps below give for
        // it, bit for bit (rotation atan2(+0, 1) = +0, skew +0, scales 1), without the trigonometry.
        if m.a == 1 && m.d == 1 && m.b.bitPattern == 0 && m.c.bitPattern == 0 {
            self.init(translation: Point(m.tx, m.ty), rotation: Angle(radians: 0), skew: 0, scale: Size(1, 1))
            return
        }
        var sx = (m.a * m.a + m.b * m.b).squareRoot()
        if m.a * m.d - m.b * m.c < 0 && m.a < m.d { sx = -sx }
        let theta = sx == 0 ? 0 : atan2(m.b / sx, m.a / sx)
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

    /// The components of CSS Transforms' interpolation between the two transforms (see
    /// `Transform2D.interpolate`); exact at both ends.
    public static func interpolate(_ a: TransformComponents, _ b: TransformComponents, _ t: Double) -> TransformComponents {
        if t == 0 { return a }
        if t == 1 { return b }
        return TransformComponents(Transform2D.interpolate(a.transform, b.transform, t))
    }
}

