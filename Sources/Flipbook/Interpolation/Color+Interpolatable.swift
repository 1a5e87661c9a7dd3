#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The space in which colours interpolate.
public enum ColorSpace: String, Hashable, Sendable, Codable, CaseIterable {
    /// sRGB components with premultiplied alpha (as browsers and Core Animation): the default.
    case sRGB = "srgb"
    /// Björn Ottosson's OKLab, perceptually even, alpha premultiplied.
    case oklab
}

extension Color: VectorInterpolatable {
    /// Interpolation in premultiplied sRGB: (r·a, g·a, b·a, a) mix linearly, then divide by the alpha
    /// (0 alpha gives transparent black). Exact at both ends. See `interpolate(_:_:_:in:)` for OKLab.
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        interpolate(a, b, t, in: .sRGB)
    }

    /// Interpolation in the given space, alpha premultiplied; exact at t = 0 and t = 1.
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double, in space: ColorSpace) -> Color {
        if t == 0 { return a }
        if t == 1 { return b }
        let alpha = mix(a.alpha, b.alpha, t)
        switch space {
        case .sRGB:
            guard alpha != 0 else { return Color(red: 0, green: 0, blue: 0, alpha: alpha) }
            return Color(red: mix(a.red * a.alpha, b.red * b.alpha, t) / alpha,
                         green: mix(a.green * a.alpha, b.green * b.alpha, t) / alpha,
                         blue: mix(a.blue * a.alpha, b.blue * b.alpha, t) / alpha, alpha: alpha)
        case .oklab:
            let la = a.oklab, lb = b.oklab
            guard alpha != 0 else { return Color(red: 0, green: 0, blue: 0, alpha: alpha) }
            let l = mix(la.0 * a.alpha, lb.0 * b.alpha, t) / alpha
            let m = mix(la.1 * a.alpha, lb.1 * b.alpha, t) / alpha
            let s = mix(la.2 * a.alpha, lb.2 * b.alpha, t) / alpha
            var c = Color(oklabL: l, a: m, b: s)
            c.alpha = alpha
            return c
        }
    }

    public static var zero: Color { Color(red: 0, green: 0, blue: 0, alpha: 0) }
    /// Component-wise sum (for additive and `by` colour animations), not clamped.
    public static func sum(_ a: Color, _ b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    public static func difference(_ a: Color, _ b: Color) -> Color {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
    public static func scaled(_ a: Color, _ f: Double) -> Color {
        Color(red: a.red * f, green: a.green * f, blue: a.blue * f, alpha: a.alpha * f)
    }
    public static func distance(_ a: Color, _ b: Color) -> Double {
        let d = difference(a, b)
        return (d.red * d.red + d.green * d.green + d.blue * d.blue + d.alpha * d.alpha).squareRoot()
    }

    /// OKLab coordinates (L, a, b) of the colour, alpha ignored (Ottosson 2020: sRGB → linear → LMS →
    /// cube root → Lab, with his published matrices).
    public var oklab: (Double, Double, Double) {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let r = linear(red), g = linear(green), b = linear(blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// The opaque sRGB colour with OKLab coordinates (L, a, b); out-of-gamut results are not clamped.
    public init(oklabL lightness: Double, a: Double, b: Double) {
        let l = pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3)
        let m = pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3)
        let s = pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3)
        func encode(_ c: Double) -> Double { c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055 }
        self.init(red: encode(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
                  green: encode(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
                  blue: encode(-0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s))
    }
}
