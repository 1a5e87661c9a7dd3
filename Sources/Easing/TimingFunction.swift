/// A timing curve: maps input progress to output progress, callable as `f(progress)`.
///
/// Every curve a user of CSS, Core Animation or Penner's equations expects, as one value type.
/// Parse one from text with `TimingFunction(parsing:)` (the grammar is in the manual's "Easing text" article, Sources/Flipbook/Flipbook.docc/EasingText.md); print
/// one with `description`, which parses back to an equal value.
///
/// Input progress is normally in [0, 1]; each kind documents what it does outside (cubic-bezier and
/// `linear()` extrapolate, steps continue their staircase, Penner curves and springs clamp). NaN in
/// gives NaN out.
public enum TimingFunction: Hashable, Sendable, Codable {
    /// The identity, CSS `linear` and CA's `kCAMediaTimingFunctionLinear`; extrapolates as the identity.
    case linear
    /// A CSS `cubic-bezier()` curve.
    case cubicBezier(CubicBezier)
    /// A CSS `steps()` staircase.
    case steps(Steps)
    /// A CSS `linear(...)` curve with stops.
    case piecewiseLinear(PiecewiseLinear)
    /// One of Penner's equations.
    case penner(Penner)
    /// A damped spring in closed form.
    case spring(Spring)

    /// CSS `ease`, cubic-bezier(0.25, 0.1, 0.25, 1); also CA's `default`.
    public static let ease = cubicBezier(0.25, 0.1, 0.25, 1)
    /// CSS `ease-in`, cubic-bezier(0.42, 0, 1, 1); also CA's `easeIn`.
    public static let easeIn = cubicBezier(0.42, 0, 1, 1)
    /// CSS `ease-out`, cubic-bezier(0, 0, 0.58, 1); also CA's `easeOut`.
    public static let easeOut = cubicBezier(0, 0, 0.58, 1)
    /// CSS `ease-in-out`, cubic-bezier(0.42, 0, 0.58, 1); also CA's `easeInEaseOut`.
    public static let easeInOut = cubicBezier(0.42, 0, 0.58, 1)
    /// Core Animation's `easeInEaseOut` (`kCAMediaTimingFunctionEaseInEaseOut`), (0.42, 0, 0.58, 1):
    /// `easeInOut` under the name a Core Animation programmer types.
    public static let easeInEaseOut = easeInOut
    /// Core Animation's `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1), the same curve as CSS `ease`.
    public static let caDefault = ease
    /// CSS `step-start`, steps(1, jump-start).
    public static let stepStart = steps(Steps(1, .jumpStart))
    /// CSS `step-end`, steps(1, jump-end).
    public static let stepEnd = steps(Steps(1, .jumpEnd))

    /// A cubic-bezier curve; x1 and x2 in [0, 1], all values finite.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingFunction {
        .cubicBezier(CubicBezier(x1, y1, x2, y2))
    }

    /// The output progress at input `x`, with the before flag unset.
    public func callAsFunction(_ x: Double) -> Double {
        value(at: x, beforeFlag: false)
    }

    /// The output progress at input `x`.
    /// - Parameters:
    ///   - x: input progress, any real value.
    ///   - beforeFlag: true while the animation is in its before phase; only `steps` reads it
    ///     (css-easing-2 §2.1). Default false.
    public func value(at x: Double, beforeFlag: Bool = false) -> Double {
        switch self {
        case .linear: return x
        case .cubicBezier(let curve): return curve(x)
        case .steps(let steps): return steps.value(at: x, beforeFlag: beforeFlag)
        case .piecewiseLinear(let curve): return curve(x)
        case .penner(let curve): return curve(x)
        case .spring(let spring): return spring(x)
        }
    }
}
