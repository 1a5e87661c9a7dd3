import Flipbook
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value axis with "nice" ticks, as plotting libraries make them: Heckbert's algorithm ("Nice Numbers
/// for Graph Labels", Graphics Gems, 1990).
///
/// The data range is widened to whole multiples of a tick step that is 1, 2 or 5 times a power of ten,
/// chosen so about `targetTicks` ticks cover it; labels have the fewest decimals that tell the ticks
/// apart. Degenerate cases: a range of zero is widened to one step around the value; no values, or
/// a non-finite one, give no axis.
public struct NiceAxis: Hashable, Sendable {
    /// The lowest and highest tick, the axis' ends.
    public let low: Double, high: Double
    /// The distance between ticks, 1, 2 or 5 × 10ⁿ.
    public let step: Double
    /// Decimals in the labels: max(−⌊log10 step⌋, 0).
    public let decimals: Int

    /// The axis for data from `min` to `max` with about `targetTicks` (≥ 2) ticks; nil when either is
    /// not finite.
    public init?(min: Double, max: Double, targetTicks: Int) {
        guard min.isFinite, max.isFinite, min <= max else { return nil }
        var lo = min, hi = max
        if hi - lo <= Swift.max(abs(lo), abs(hi)) * 1e-12 {
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            lo -= pad; hi += pad
        }
        let range = Self.nice(hi - lo, round: false)
        let step = Self.nice(range / Double(Swift.max(targetTicks, 2) - 1), round: true)
        guard step.isFinite, step > 0 else { return nil }
        self.step = step
        low = (lo / step).rounded(.down) * step
        high = (hi / step).rounded(.up) * step
        decimals = Swift.max(-Int(log10(step).rounded(.down)), 0)
    }

    /// Heckbert's nicenum: 1, 2, 5 or 10 × 10^⌊log10 x⌋, the nearest (`round`) or the next above.
    public static func nice(_ x: Double, round: Bool) -> Double {
        let exponent = log10(x).rounded(.down), power = pow(10, exponent), f = x / power
        let n: Double = round ? (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) : (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10)
        return n * power
    }

    /// The tick values from `low` to `high`, each computed from its index (never accumulated).
    public var ticks: [Double] {
        let count = Swift.min(Int(saturating: ((high - low) / step).rounded()), 999) + 1
        return (0..<count).map { low + Double($0) * step }
    }

    /// The label of a tick: `decimals` decimals, no "-0".
    public func label(_ value: Double) -> String {
        let text = String(printf: "%.\(decimals)f", value)
        return Double(text) == 0 ? String(printf: "%.\(decimals)f", 0.0) : text
    }
}
