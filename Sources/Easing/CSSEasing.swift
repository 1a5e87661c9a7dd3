/// A timing curve written as CSS easing text, with how far the text is from the curve.
///
/// `TimingFunction.css(tolerance:)` makes one: the shortest text it finds whose curve, as CSS
/// evaluates it, stays within the tolerance of the curve over input progress [0, 1].
public struct CSSEasing: Hashable, Sendable {
    /// The CSS text: a keyword, `cubic-bezier()`, `steps()` or `linear()`.
    public let text: String
    /// Largest |css(x) − curve(x)| measured over [0, 1] (see `TimingFunction.maxDifference`); 0 when
    /// the text is the same curve with the same numbers.
    public let maxError: Double
    /// Whether the text is the curve itself (its kind of curve has this CSS form), not an approximation.
    public let isExact: Bool
}

extension TimingFunction {
    /// Inputs at which `maxDifference` compares two curves: 20,001 evenly spaced over [0, 1].
    public static let differenceSamples = 20_000

    /// The largest |self(x) − other(x)| at x = i / 20,000 (i = 0…20,000) and, for either curve that is
    /// a `linear()`, at every stop (and the Doubles either side of it) and 7 points inside each segment.
    ///
    /// Between the samples, the difference of two smooth curves moves by at most h²/8 · max|f″| plus
    /// h · |slope difference| with h = 1/20,000 (for `spring(damping: 8)` under 1e-7); a jump of a
    /// `steps()` curve is found within 1/20,000 of its input.
    public func maxDifference(from other: TimingFunction) -> Double {
        var inputs = (0...Self.differenceSamples).map { Double($0) / Double(Self.differenceSamples) }
        for curve in [self, other] {
            if case .piecewiseLinear(let p) = curve {
                for (i, point) in p.points.enumerated() where point.input >= 0 && point.input <= 1 {
                    inputs.append(point.input)
                    inputs.append(point.input.nextDown)
                    inputs.append(point.input.nextUp)
                    // Inside each segment too, for segments narrower than the even grid's spacing.
                    if i + 1 < p.points.count {
                        let a = point.input, b = p.points[i + 1].input
                        for j in 1..<8 { inputs.append(a + (b - a) * Double(j) / 8) }
                    }
                }
            }
        }
        var worst = 0.0
        for x in inputs where x >= 0 && x <= 1 {
            let d = abs(value(at: x) - other.value(at: x))
            if d.isNaN { return .infinity }
            worst = max(worst, d)
        }
        return worst
    }

    /// The shortest CSS easing text within `tolerance` of this curve over input progress [0, 1].
    ///
    /// - A curve CSS has: its keyword or function, with its own numbers (`ease`, `steps(4, start)`,
    ///   `cubic-bezier(0.1, 0.7, 1, 0.1)`, a `linear()` with positions left out where CSS would put
    ///   them anyway): exact.
    /// - A curve that is a cubic polynomial of its input (Penner's quad, cubic and back, in or out):
    ///   `cubic-bezier(1/3, b₁, 2/3, b₂)`, whose x(s) = s makes y the same polynomial; its numbers are
    ///   rounded to the fewest decimals that stay within the tolerance.
    /// - Anything else: `linear()` with stops placed where the curve bends (each segment reaches as
    ///   far as its chord stays within the tolerance, `CSSLinearFit`), the numbers rounded as above.
    ///
    /// The error is measured on the text as parsed back (`maxDifference`), never assumed.
    /// - Parameter tolerance: the largest difference allowed, in output progress, 1e-6…1. Default 0.001.
    public func css(tolerance: Double = 0.001) -> CSSEasing {
        precondition(tolerance.isFinite && tolerance >= 1e-6 && tolerance <= 1, "tolerance must be in 1e-6…1")
        if let exact = exactCSSText {
            return CSSEasing(text: exact, maxError: 0, isExact: true)
        }
        var best: CSSEasing?
        if let polynomial = cubicPolynomialBezier {
            best = CSSFormatting.shortestBezier(polynomial, of: self, tolerance: tolerance)
        }
        let linear = CSSLinearFit(curve: self, tolerance: tolerance).easing
        if best == nil || linear.text.utf8.count < best!.text.utf8.count { best = linear }
        return best!
    }

    /// The CSS text of a curve CSS has, written as briefly as CSS allows; nil for Penner curves and
    /// springs.
    var exactCSSText: String? {
        switch self {
        case .linear, .cubicBezier:
            return description
        case .steps(let s):
            if self == .stepStart || self == .stepEnd { return description }
            switch s.position {
            case .jumpEnd: return "steps(\(s.count))"
            case .jumpStart: return "steps(\(s.count), start)"
            case .jumpNone, .jumpBoth: return "steps(\(s.count), \(s.position.rawValue))"
            }
        case .piecewiseLinear(let p):
            return CSSFormatting.linearText(p.points)
        case .penner, .spring:
            return nil
        }
    }

    /// The Bézier control values (b₁, b₂) when this curve is y(x) = a cubic polynomial on [0, 1] with
    /// y(0) = 0 and y(1) = 1, else nil.
    ///
    /// The Bernstein coefficients follow from y at 0, 1/3, 2/3 and 1: with r₁ = 27·y(1/3) − 8b₀ − b₃
    /// and r₂ = 27·y(2/3) − b₀ − 8b₃, b₁ = (2r₁ − r₂)/18 and b₂ = (2r₂ − r₁)/18. The polynomial is
    /// accepted when it matches the curve within 1e-12 at 101 inputs.
    var cubicPolynomialBezier: (Double, Double)? {
        let y0 = value(at: 0), y3 = value(at: 1)
        guard abs(y0) < 1e-15, abs(y3 - 1) < 1e-15 else { return nil }
        let r1 = 27 * value(at: 1.0 / 3) - 1, r2 = 27 * value(at: 2.0 / 3) - 8
        let b1 = (2 * r1 - r2) / 18, b2 = (2 * r2 - r1) / 18
        guard b1.isFinite, b2.isFinite else { return nil }
        for i in 0...100 {
            let t = Double(i) / 100, s = 1 - t
            let y = 3 * s * s * t * b1 + 3 * s * t * t * b2 + t * t * t
            if abs(y - value(at: t)) > 1e-12 { return nil }
        }
        return (b1, b2)
    }
}
