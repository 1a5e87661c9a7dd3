#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Robert Penner's easing equations: a family, a direction and the family's parameters.
///
/// ## Algorithm
/// The closed forms of Penner's *Programming Macromedia Flash MX* (2002), chapter 7, in the
/// normalised form easings.net lists, each direction written out in its own closed form (not derived
/// from another), so that the symmetry `out(t) == 1 − in(1 − t)` is a real test.
///
/// ## Ends
/// Every family and direction gives exactly 0 at t = 0 and exactly 1 at t = 1: those two inputs return
/// their value before any formula runs (sine's cos(π/2) and expo's 2⁻¹⁰ are not exact otherwise).
///
/// ## Outside [0, 1]
/// The input is clamped to [0, 1]: Penner's formulas are defined on that interval only (bounce and
/// inOut are piecewise there), so extrapolation would be arbitrary. NaN gives NaN.
public struct Penner: Hashable, Sendable, Codable {
    /// The shape of the curve.
    public enum Family: String, Hashable, Sendable, Codable, CaseIterable {
        case sine, quad, cubic, quart, quint, expo, circ, back, elastic, bounce
    }

    /// Which end the shape is applied at.
    public enum Direction: String, Hashable, Sendable, Codable, CaseIterable {
        /// Slow start: `easeIn…`.
        case `in`
        /// Slow end: `easeOut…`, the mirror image 1 − in(1 − t).
        case out
        /// Slow start and end: `easeInOut…`, in on the first half, out on the second.
        case inOut
    }

    /// The shape.
    public let family: Family
    /// The direction.
    public let direction: Direction
    /// `back` only: how far the curve overshoots, Penner's s. Default 1.70158 (a 10 % overshoot).
    /// Any finite value; 0 makes back a cubic.
    public let overshoot: Double
    /// `elastic` only: peak amplitude, ≥ 1 (smaller values are raised to 1, as Penner does). Default 1.
    /// For an amplitude above 1, Penner's own out-formula is not the mirror image of his in-formula;
    /// Flipbook's `out` is the mirror image (identical to Penner's at amplitude 1).
    public let amplitude: Double
    /// `elastic` only: the oscillation's period as a fraction of the duration, > 0. Default 0.3
    /// (0.45 is Penner's default for inOut; pass it explicitly).
    public let period: Double

    /// A Penner curve.
    /// - Parameters:
    ///   - family: the shape.
    ///   - direction: which end it applies to.
    ///   - overshoot: `back`'s s; default 1.70158.
    ///   - amplitude: `elastic`'s amplitude, default 1.
    ///   - period: `elastic`'s period, default 0.3.
    public init(_ family: Family, _ direction: Direction, overshoot: Double = 1.70158,
                amplitude: Double = 1, period: Double = 0.3) {
        precondition(overshoot.isFinite && amplitude.isFinite && period.isFinite && period > 0,
                     "Penner parameters must be finite, period > 0")
        self.family = family
        self.direction = direction
        self.overshoot = family == .back ? overshoot : 1.70158
        self.amplitude = family == .elastic ? amplitude : 1
        self.period = family == .elastic ? period : 0.3
    }

    /// The output progress at input `t` (clamped to [0, 1]).
    public func callAsFunction(_ t: Double) -> Double {
        if t.isNaN { return t }
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        switch direction {
        case .in: return easeIn(t)
        case .out: return easeOut(t)
        case .inOut: return easeInOut(t)
        }
    }

    private func easeIn(_ t: Double) -> Double {
        switch family {
        case .sine: return 1 - cos(t * .pi / 2)
        case .quad: return t * t
        case .cubic: return t * t * t
        case .quart: return t * t * t * t
        case .quint: return t * t * t * t * t
        case .expo: return pow(2, 10 * t - 10)
        case .circ: return 1 - (1 - t * t).squareRoot()
        case .back: return t * t * ((overshoot + 1) * t - overshoot)
        case .elastic:
            let (a, s) = elasticShape
            return -(a * pow(2, 10 * (t - 1)) * sin((t - 1 - s) * 2 * .pi / period))
        case .bounce: return 1 - Self.bounceOut(1 - t)
        }
    }

    private func easeOut(_ t: Double) -> Double {
        switch family {
        case .sine: return sin(t * .pi / 2)
        case .quad: return 1 - (1 - t) * (1 - t)
        case .cubic: let u = 1 - t; return 1 - u * u * u
        case .quart: let u = 1 - t; return 1 - u * u * u * u
        case .quint: let u = 1 - t; return 1 - u * u * u * u * u
        case .expo: return 1 - pow(2, -10 * t)
        case .circ: return (1 - (t - 1) * (t - 1)).squareRoot()
        case .back: let u = t - 1; return 1 + u * u * ((overshoot + 1) * u + overshoot)
        case .elastic:
            let (a, s) = elasticShape
            // The mirror image of `in`; equal to Penner's own out-formula when the amplitude is 1.
            return 1 - a * pow(2, -10 * t) * sin((t + s) * 2 * .pi / period)
        case .bounce: return Self.bounceOut(t)
        }
    }

    private func easeInOut(_ t: Double) -> Double {
        switch family {
        case .sine: return -(cos(.pi * t) - 1) / 2
        case .quad: return t < 0.5 ? 2 * t * t : 1 - pow(-2 * t + 2, 2) / 2
        case .cubic: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case .quart: return t < 0.5 ? 8 * pow(t, 4) : 1 - pow(-2 * t + 2, 4) / 2
        case .quint: return t < 0.5 ? 16 * pow(t, 5) : 1 - pow(-2 * t + 2, 5) / 2
        case .expo: return t < 0.5 ? pow(2, 20 * t - 10) / 2 : (2 - pow(2, -20 * t + 10)) / 2
        case .circ:
            return t < 0.5 ? (1 - (1 - pow(2 * t, 2)).squareRoot()) / 2
                           : ((1 - pow(-2 * t + 2, 2)).squareRoot() + 1) / 2
        case .back:
            // Penner scales s by 1.525 for inOut so the overshoot matches in's.
            let s = overshoot * 1.525
            return t < 0.5 ? pow(2 * t, 2) * ((s + 1) * 2 * t - s) / 2
                           : (pow(2 * t - 2, 2) * ((s + 1) * (2 * t - 2) + s) + 2) / 2
        case .elastic:
            let (a, s) = elasticShape
            let u = 2 * t - 1
            return t < 0.5 ? -(a * pow(2, 10 * u) * sin((u - s) * 2 * .pi / period)) / 2
                           : 1 - a * pow(2, -10 * u) * sin((u + s) * 2 * .pi / period) / 2
        case .bounce:
            return t < 0.5 ? (1 - Self.bounceOut(1 - 2 * t)) / 2 : (1 + Self.bounceOut(2 * t - 1)) / 2
        }
    }

    /// Elastic amplitude (at least 1) and phase shift s = p / 2π · asin(1 / a), as Penner computes them.
    private var elasticShape: (Double, Double) {
        let a = max(amplitude, 1)
        return (a, period / (2 * .pi) * asin(1 / a))
    }

    /// Penner's bounce-out: four parabolic arcs of decreasing height (7.5625 = (2.75)², breaks at
    /// 1/2.75, 2/2.75, 2.5/2.75).
    static func bounceOut(_ t: Double) -> Double {
        let n = 7.5625, d = 2.75
        if t < 1 / d { return n * t * t }
        if t < 2 / d { let u = t - 1.5 / d; return n * u * u + 0.75 }
        if t < 2.5 / d { let u = t - 2.25 / d; return n * u * u + 0.9375 }
        let u = t - 2.625 / d
        return n * u * u + 0.984375
    }
}
