/// Where the jumps of a `steps()` curve fall (css-easing-2 §4.1).
public enum StepPosition: String, Hashable, Sendable, Codable, CaseIterable {
    /// The first jump happens at the start: `jump-start`, alias `start`.
    case jumpStart = "jump-start"
    /// The last jump happens at the end: `jump-end`, alias `end`. The default.
    case jumpEnd = "jump-end"
    /// No jump at either end; the output holds 0 and 1 for 1/n of the input each.
    case jumpNone = "jump-none"
    /// Jumps at both ends, so there are n + 1 jumps.
    case jumpBoth = "jump-both"
}

/// A CSS `steps(n, position)` curve: n equal intervals of constant output.
///
/// ## Algorithm
/// css-easing-2 §4.1 "step easing function" verbatim: the current step is ⌊x·n⌋, plus one for jump-start
/// and jump-both, minus one when the before flag is set and x·n is an integer; clamped below at 0 for
/// x ≥ 0 and above at the jump count for x ≤ 1; the output is step / jumps, where jumps is n + 1 for
/// jump-both, n − 1 for jump-none and n otherwise.
///
/// ## Outside [0, 1]
/// No clamping happens outside [0, 1], so the staircase continues (as the spec says).
///
/// ## Degenerate inputs
/// n ≥ 1, and n ≥ 2 for jump-none (preconditions; parsing reports a user error). NaN gives NaN.
public struct Steps: Hashable, Sendable, Codable {
    /// Number of intervals, ≥ 1 (≥ 2 for `jumpNone`).
    public let count: Int
    /// Where the jumps fall; default `jumpEnd`.
    public let position: StepPosition

    /// A staircase of `count` intervals.
    public init(_ count: Int, _ position: StepPosition = .jumpEnd) {
        precondition(count >= (position == .jumpNone ? 2 : 1), "steps() needs at least \(position == .jumpNone ? 2 : 1) intervals")
        self.count = count
        self.position = position
    }

    /// The output progress at input `x`.
    /// - Parameters:
    ///   - x: input progress, any real value.
    ///   - beforeFlag: true while the animation is in its before phase (css-easing-2 §2.1); default false.
    public func value(at x: Double, beforeFlag: Bool = false) -> Double {
        if x.isNaN { return x }
        let n = Double(count)
        let scaled = x * n
        var step = scaled.rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if beforeFlag && scaled.rounded(.down) == scaled { step -= 1 }
        if x >= 0 && step < 0 { step = 0 }
        let jumps: Double
        switch position {
        case .jumpBoth: jumps = n + 1
        case .jumpNone: jumps = n - 1
        case .jumpStart, .jumpEnd: jumps = n
        }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }
}
