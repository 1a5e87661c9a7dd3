#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D matrix decomposed as CSS Transforms Level 1 §"Interpolation of 2D matrices" does (the
/// algorithm browsers use for 2D transforms): translation, rotation, a residual 2×2 matrix K and
/// scale. Written with column vectors, the linear part is K · rotate(angle) · scale(sx, sy), where K's
/// columns are (m11, m12) and (m21, m22) — the spec's "rows" — and a matrix with no skew has K = I.
///
/// ## Decomposition ("unmatrix", 2D)
/// With columns r0 = (a, b), r1 = (c, d): sx = |r0|, sy = |r1|; if the determinant is negative, sx is
/// negated when a < d, else sy. Each column is divided by its scale (unless 0), angle = atan2(r0.y,
/// r0.x), and when the angle is not 0 both columns are rotated by −angle. K = (r0, r1). A zero scale
/// leaves its column zero, so the other column is never lost.
///
/// ## Alignment, then a linear mix
/// If A has a negative sx and B a negative sy, or the reverse, A's scales are negated and 180° is
/// added to or taken from its angle (a reflection is carried the same way at both ends). An angle of
/// 0 counts as 360°, and when the angles differ by more than 180° the larger loses 360° (the shorter
/// way round; a difference of exactly 180° keeps its direction). Then every part mixes linearly.
///
/// Degenerate inputs: a singular matrix decomposes with its zero scale(s) and keeps what is left;
/// NaN gives NaN.
struct MatrixDecomposition2D: Hashable {
    var tx: Double, ty: Double
    var sx: Double, sy: Double
    /// Radians.
    var angle: Double
    var m11: Double, m12: Double, m21: Double, m22: Double

    init(tx: Double, ty: Double, sx: Double, sy: Double, angle: Double, m11: Double, m12: Double, m21: Double, m22: Double) {
        self.tx = tx; self.ty = ty; self.sx = sx; self.sy = sy; self.angle = angle
        self.m11 = m11; self.m12 = m12; self.m21 = m21; self.m22 = m22
    }

    /// The decomposition of `m` (see the type's notes).
    init(_ m: Transform2D) {
        var r0x = m.a, r0y = m.b, r1x = m.c, r1y = m.d
        var sx = (r0x * r0x + r0y * r0y).squareRoot(), sy = (r1x * r1x + r1y * r1y).squareRoot()
        if r0x * r1y - r0y * r1x < 0 {
            if r0x < r1y { sx = -sx } else { sy = -sy }
        }
        if sx != 0 { r0x /= sx; r0y /= sx }
        if sy != 0 { r1x /= sy; r1y /= sy }
        let angle = atan2(r0y, r0x)
        if angle != 0 {
            let sn = -r0y, cs = r0x
            let (m11, m12, m21, m22) = (r0x, r0y, r1x, r1y)
            r0x = cs * m11 + sn * m21
            r0y = cs * m12 + sn * m22
            r1x = -sn * m11 + cs * m21
            r1y = -sn * m12 + cs * m22
        }
        self.init(tx: m.tx, ty: m.ty, sx: sx, sy: sy, angle: angle, m11: r0x, m12: r0y, m21: r1x, m22: r1y)
    }

    /// The matrix: translate, then K · rotate(angle) · scale(sx, sy), the inverse of the decomposition.
    var matrix: Transform2D {
        let cs = cos(angle), sn = sin(angle)
        // K applied to rotate's columns (cos, sin) and (−sin, cos), each then scaled.
        let c0x = cs * m11 + sn * m21, c0y = cs * m12 + sn * m22
        let c1x = -sn * m11 + cs * m21, c1y = -sn * m12 + cs * m22
        return Transform2D(a: c0x * sx, b: c0y * sx, c: c1x * sy, d: c1y * sy, tx: tx, ty: ty)
    }

    /// Every part, for distances.
    var parts: [Double] { [tx, ty, sx, sy, angle, m11, m12, m21, m22] }

    /// The two decompositions made ready for a linear mix (see the type's notes).
    static func aligned(_ a: MatrixDecomposition2D, _ b: MatrixDecomposition2D) -> (MatrixDecomposition2D, MatrixDecomposition2D) {
        var a = a, b = b
        if (a.sx < 0 && b.sy < 0) || (a.sy < 0 && b.sx < 0) {
            a.sx = -a.sx
            a.sy = -a.sy
            a.angle += a.angle < 0 ? .pi : -.pi
        }
        if a.angle == 0 { a.angle = 2 * .pi }
        if b.angle == 0 { b.angle = 2 * .pi }
        if abs(a.angle - b.angle) > .pi {
            if a.angle > b.angle { a.angle -= 2 * .pi } else { b.angle -= 2 * .pi }
        }
        return (a, b)
    }

    /// Every part mixed as a·(1 − t) + b·t.
    static func mix(_ a: MatrixDecomposition2D, _ b: MatrixDecomposition2D, _ t: Double) -> MatrixDecomposition2D {
        func m(_ x: Double, _ y: Double) -> Double { x * (1 - t) + y * t }
        return MatrixDecomposition2D(tx: m(a.tx, b.tx), ty: m(a.ty, b.ty), sx: m(a.sx, b.sx), sy: m(a.sy, b.sy),
                                     angle: m(a.angle, b.angle), m11: m(a.m11, b.m11), m12: m(a.m12, b.m12),
                                     m21: m(a.m21, b.m21), m22: m(a.m22, b.m22))
    }
}
