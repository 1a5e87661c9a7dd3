/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing curve from (0, 0) to (1, 1).
///
/// The curve is B(t) = 3(1−t)²t·P1 + 3(1−t)t²·P2 + t³, with P0 = (0, 0) and P3 = (1, 1). The input progress
/// is the curve's x, the output progress its y.
///
/// ## Algorithm (`solveT`)
/// For an input x in [0, 1], the curve parameter t with x(t) = x is found as WebKit's `UnitBezier.h` and
/// Chromium's `cubic_bezier.cc` do it: a first guess by linear interpolation in a table of 11 samples of
/// x(t) (t = 0, 0.1, …, 1), then at most 4 Newton steps, stopping once |x(t) − x| < ε; when Newton
/// stalls (|x′(t)| < 1e-7) or is not done, bisection on the bracketing table interval "for
/// reliability" until |x(t) − x| < ε. x(t) is monotonic on [0, 1] because x1 and x2 lie in [0, 1], so
/// the bracket always holds the root.
///
/// ## Tolerance
/// ε = 1e-7 in x by default — the accuracy the browsers use, so that `flipbook ease` gives a browser's
/// values (Chromium's `kBezierEpsilon`; measured: the same values as Chromium to 1e-12 on the
/// reference table). The output error is what y moves while x moves by ε: about |dy/dx|·1e-7 where
/// x′(t) is not small (1e-7 for `ease`), but next to a vertical tangent — x′(t) = 0 inside the curve,
/// as in `cubic-bezier(1, 0, 0, 1)` at t = ½, where x − ½ = 4(t − ½)³ — a t within (ε/4)^(1/3) of the
/// root passes, and the error reaches 4.4e-3 (at x = 0.5000001; the browsers err the same way). It
/// never exceeds 5e-3 for that curve (tested against its closed-form inverse). `value(at:epsilon:)`
/// takes a smaller ε where more is wanted: with ε = 0 it bisects to the last bit of t, and the output
/// is within 1e-12 of closed forms — except right at a vertical tangent, where x(t) rounds to the same
/// double for every t within (ulp/4)^(1/3) ≈ 3e-6 of the root: within 1e-10 from 1e-9 away, and
/// within 5e-6 at the tangent itself (7.7e-7 measured at x = ½).
///
/// ## Outside [0, 1]
/// css-easing-2 §2.2: the curve is extended along the tangent at the nearer end. Below 0 the tangent
/// is the line P0–P1 if x1 > 0, else P0–P2 if x2 > 0, else the output is 0. Above 1 it is the line
/// P2–P3 if x2 < 1, else P1–P3 if x1 < 1, else the output is 1.
///
/// ## Degenerate inputs
/// x1 = y1 and x2 = y2 is the identity, solved like any other curve (within 1e-7, as browsers do).
/// NaN input gives NaN. Construction requires finite values and
/// x1, x2 in [0, 1] (a precondition; parsing reports a user error instead).
public struct CubicBezier: Hashable, Sendable, Codable {
    /// x of the first control point, in [0, 1].
    public let x1: Double
    /// y of the first control point, any finite value.
    public let y1: Double
    /// x of the second control point, in [0, 1].
    public let x2: Double
    /// y of the second control point, any finite value.
    public let y2: Double

    /// A curve through the control points (x1, y1) and (x2, y2).
    /// - Precondition: every value finite, `x1` and `x2` in [0, 1].
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition([x1, y1, x2, y2].allSatisfy(\.isFinite), "cubic-bezier values must be finite")
        precondition((0...1).contains(x1) && (0...1).contains(x2), "cubic-bezier x values must lie in [0, 1]")
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The output progress for an input progress `x`; any real `x`, extrapolated outside [0, 1].
    public func callAsFunction(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 {
            if x == 0 { return 0 }
            return startGradient * x
        }
        if x >= 1 {
            if x == 1 { return 1 }
            return 1 + endGradient * (x - 1)
        }
        return Self.sample(solveT(x), y1, y2)
    }

    /// Slope of the extrapolation line below 0 (css-easing-2 §2.2).
    var startGradient: Double {
        if x1 > 0 { return y1 / x1 }
        if x2 > 0 { return y2 / x2 }
        return 0
    }

    /// Slope of the extrapolation line above 1 (css-easing-2 §2.2).
    var endGradient: Double {
        if x2 < 1 { return (y2 - 1) / (x2 - 1) }
        if x1 < 1 { return (y1 - 1) / (x1 - 1) }
        return 0
    }

    /// The browsers' x tolerance, 1e-7 (see the type's notes).
    public static let defaultEpsilon = 1e-7

    /// The output progress for an input `x` in [0, 1], solved to `epsilon` in x.
    public func value(at x: Double, epsilon: Double) -> Double {
        if !(x > 0 && x < 1) { return self(x) }
        return Self.sample(solveT(x, epsilon: epsilon), y1, y2)
    }

    /// The curve parameter t in [0, 1] with |x(t) − x| < `epsilon`, for `x` in [0, 1].
    func solveT(_ x: Double, epsilon: Double = defaultEpsilon) -> Double {
        // First guess: linear interpolation in a table of x(t) at t = 0, 0.1, …, 1.
        let delta = 0.1
        var lower = 0.0, upper = 1.0, t = x
        var previousSample = 0.0
        for i in 1...10 {
            let sample = Self.sample(delta * Double(i), x1, x2)
            if x <= sample {
                upper = delta * Double(i)
                lower = upper - delta
                t = sample > previousSample ? lower + (upper - lower) * (x - previousSample) / (sample - previousSample) : lower
                break
            }
            previousSample = sample
        }

        // Newton's method: quadratic convergence where the derivative is not flat.
        var error = Self.sample(t, x1, x2) - x
        for _ in 0..<4 {
            error = Self.sample(t, x1, x2) - x
            if abs(error) < epsilon { return t }
            let slope = Self.derivative(t, x1, x2)
            if abs(slope) < 1e-7 { break }
            t -= error / slope
        }
        error = Self.sample(t, x1, x2) - x
        if abs(error) < epsilon { return t }

        // Bisection on the bracket, which always holds the root because x(t) is monotonic.
        // A Newton step that left [0, 1] restarts from the bracket's middle; one that left only the
        // bracket still brackets the root with the other end (x is monotonic on [0, 1]).
        if !(0...1).contains(t) { t = 0.5 * (lower + upper) }
        while lower < upper {
            let xt = Self.sample(t, x1, x2)
            if abs(xt - x) < epsilon { return t }
            if x > xt { lower = t } else { upper = t }
            let mid = 0.5 * (lower + upper)
            if mid == t { break }
            t = mid
        }
        return t
    }

    /// One coordinate of the curve at parameter t: 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³, Horner form.
    @inline(__always)
    static func sample(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    /// Derivative of `sample` with respect to t.
    @inline(__always)
    static func derivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * t + 2 * b) * t + c
    }
}
