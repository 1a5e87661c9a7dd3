import Flipbook
import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LottieImporter {
    /// Lottie's skew (`sk` degrees along the axis `sa` degrees) as a linear map:
    /// K = R(−sa) · X(−tan sk) · R(sa), R(θ) the rotation by θ clockwise on screen (y down) and
    /// X(u) the shear x += u · y; so, with c = cos sa, s = sin sa, t = tan sk,
    /// K = [[1 − t c s, −t c²], [t s², 1 + t s c]] (rows; x' = a x + c y). Lottie applies it between
    /// the scale and the rotation: position + R(r) · K · S · (point − anchor). The convention is
    /// ThorVG's, measured (a skewed layer against its path moved by this map: 0 difference at
    /// sk 30 / sa 0, sk 30 / sa 40 and sk −20 / sa 70 under a scale and a rotation); rlottie 0.1
    /// draws no skew. Nil at sk = ±90° (and within about 10⁻⁴° of it), where tan sk is unbounded.
    static func skewMatrix(degrees sk: Double, axis sa: Double) -> LottieAffine? {
        let t = tan(sk * .pi / 180), c = cos(sa * .pi / 180), s = sin(sa * .pi / 180)
        let m = LottieAffine(a: 1 - t * c * s, b: t * s * s, c: -t * c * c, d: 1 + t * s * c, e: 0, f: 0)
        guard [m.a, m.b, m.c, m.d].allSatisfy(\.isFinite), abs(t) < 1e6 else { return nil }
        return m
    }

    /// A transform's skew as a Flipbook layer's `transform` member, which Flipbook applies before
    /// the scale: K' = S⁻¹ · K · S, so that S · K' = K · S (S the scale). Read when the skew and its
    /// axis stay still and the scale either stays still (both factors non-zero) or is uniform at
    /// every key (then K' = K); otherwise reported and drawn without the skew. Nil for no skew.
    mutating func skewMember(_ ks: LottieValue?) -> (String, JSONText)? {
        guard let sk = ks?["sk"], let k = sk["k"] else { return nil }
        let moving = k.items.first?["t"] != nil || ks?["sa"]?["k"]?.items.first?["t"] != nil
        guard moving || (k.scalar ?? 0) != 0 else { return nil }
        func drop(_ why: String) -> (String, JSONText)? {
            omit(sk.path, "\(why): the layer is drawn without it")
            return nil
        }
        guard !moving else { return drop("an animated skew (or skew axis)") }
        guard let skew = Self.skewMatrix(degrees: k.scalar ?? 0, axis: ks?["sa"]?["k"]?.scalar ?? 0) else { return drop("a skew of ±90° (its tangent unbounded)") }
        var m = skew
        let scale = ks?["s"]?["k"]
        if let keys = scale?.items, keys.first?["t"] != nil {
            // Animated: uniform at every key (its start and end values) keeps K as it is.
            let uniform = keys.allSatisfy { key in
                ["s", "e"].allSatisfy { name in
                    guard let n = key[name]?.numbers else { return true }
                    return n.count < 2 || n[0] == n[1]
                }
            }
            guard uniform else { return drop("a skew under a scale whose factors move apart") }
        } else if let n = scale?.numbers, n.count >= 2, n[0] != n[1] {
            guard n[0] != 0, n[1] != 0 else { return drop("a skew under a scale of 0") }
            m.c *= n[1] / n[0]
            m.b *= n[0] / n[1]
        }
        return ("transform", .array([m.a, m.b, m.c, m.d, 0, 0].map { .number($0) }))
    }
}
