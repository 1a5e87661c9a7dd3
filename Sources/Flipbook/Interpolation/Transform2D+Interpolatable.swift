#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transform2D: VectorInterpolatable {
    /// CSS Transforms' interpolation of 2D matrices (`MatrixDecomposition2D`); exact at both ends.
    public static func interpolate(_ a: Transform2D, _ b: Transform2D, _ t: Double) -> Transform2D {
        if t == 0 { return a }
        if t == 1 { return b }
        let (x, y) = MatrixDecomposition2D.aligned(MatrixDecomposition2D(a), MatrixDecomposition2D(b))
        return MatrixDecomposition2D.mix(x, y, t).matrix
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
    /// The Euclidean distance between the decompositions that interpolation uses, after its
    /// alignment (so a paced rotation measures the angle it turns through: 20° from 170° to −170°).
    public static func distance(_ a: Transform2D, _ b: Transform2D) -> Double {
        let (x, y) = MatrixDecomposition2D.aligned(MatrixDecomposition2D(a), MatrixDecomposition2D(b))
        return zip(x.parts, y.parts).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
