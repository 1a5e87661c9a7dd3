/// The timing of an animation or a layer, as Core Animation's `CAMediaTiming` protocol defines it.
///
/// A pure function from the parent's time to local time, iteration and progress (`state(atParentTime:)`).
/// Time is always a parameter; nothing here reads a clock.
///
/// ## The model (Apple's "Core Animation Programming Guide" and `CAMediaTiming` reference)
/// - Active local time: (parentTime − beginTime) · speed.
/// - Simple duration d: `duration`, or 0.25 s when it is 0 (CAAnimation's documented default).
/// - Cycle: d, or 2d when `autoreverses` (forward, then back).
/// - Active duration: `repeatDuration` if > 0, else `repeatCount` · cycle if > 0 (fractional and
///   infinite counts allowed), else one cycle.
/// - Phases are half-open: before (local < 0), active [0, active duration), after.
/// - In the active phase the time into the cycle is (local + timeOffset) modulo the active duration,
///   then modulo the cycle; the second half of an autoreversing cycle runs backwards.
/// - At the end (after phase with forward fill) the state is that of the end of the active interval:
///   an animation of repeat count 2 ends at iteration 1, progress 1 — not iteration 2, progress 0.
///
/// ## Choices where Apple leaves behaviour undefined (listed in the manual's Core Animation article)
/// 1. Both `repeatCount` and `repeatDuration` set: `repeatDuration` wins.
/// 2. `timeOffset` wraps around the active duration (seen in CA: a 1 s animation with offset 0.5 plays
///    its second half, then its first); with infinite active duration it simply shifts.
/// 3. `speed` 0 freezes local time at `timeOffset` (the scrubbing idiom) and counts as active.
/// 4. Negative `speed`: local time runs backwards from `beginTime`, so the animation is in its before
///    phase after `beginTime` unless a `timeOffset` places it inside.
/// 5. The before flag of css-easing-2 is set while filling backwards, so `steps(…, jump-start)` shows
///    its first value (0) before the animation starts.
public struct MediaTiming: Hashable, Sendable, Codable {
    /// When the timing starts, seconds in the parent's time. Default 0.
    public var beginTime: Double
    /// Simple duration, seconds, ≥ 0; 0 means 0.25 s for animations. Default 0.
    public var duration: Double
    /// How fast local time runs relative to the parent's; default 1.
    public var speed: Double
    /// Seconds added to active local time; default 0.
    public var timeOffset: Double
    /// Number of cycles, ≥ 0, fractional or `.infinity`; 0 means one. Default 0.
    public var repeatCount: Double
    /// Seconds of repetition, ≥ 0; 0 means none. Wins over `repeatCount` when both are set. Default 0.
    public var repeatDuration: Double
    /// Whether each cycle plays forward then backward; default false.
    public var autoreverses: Bool
    /// What shows outside the active interval; default `.removed`.
    public var fillMode: FillMode

    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// CAAnimation's duration when none is given: 0.25 s.
    public static let defaultDuration = 0.25

    /// `duration`, or 0.25 s when it is 0.
    public var simpleDuration: Double { duration > 0 ? duration : Self.defaultDuration }

    /// The length of one cycle: the simple duration, doubled when autoreversing.
    public var cycleDuration: Double { simpleDuration * (autoreverses ? 2 : 1) }

    /// How long the animation is active, seconds of local time; may be infinite.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycleDuration }
        return cycleDuration
    }

    /// A layer's local time for a parent time: (t − beginTime) · speed + timeOffset. Layers have no
    /// duration, so there is no wrapping or phase.
    public func layerLocalTime(_ parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// Where an animation stands at `parentTime`, or nil when it has no effect then.
    /// - Parameters:
    ///   - parentTime: seconds in the parent's time (the layer's local time, or an enclosing group's).
    ///   - removedOnCompletion: when true (CA's default) nothing applies after the active interval,
    ///     whatever the fill mode: the classic snap back to the model value.
    public func state(atParentTime parentTime: Double, removedOnCompletion: Bool = true) -> TimingState? {
        let active = activeDuration
        let local = speed == 0 ? 0 : (parentTime - beginTime) * speed
        if local < 0 {
            guard fillMode.fillsBackwards else { return nil }
            return cycleState(atActiveTime: 0, isEnd: false, phase: .before)
        }
        if local >= active {
            guard fillMode.fillsForwards && !removedOnCompletion else { return nil }
            return cycleState(atActiveTime: active, isEnd: true, phase: .after)
        }
        return cycleState(atActiveTime: local, isEnd: false, phase: .active)
    }

    private func cycleState(atActiveTime local: Double, isEnd: Bool, phase: TimingState.Phase) -> TimingState {
        let d = simpleDuration, cycle = cycleDuration, active = activeDuration
        var time = local + timeOffset
        if timeOffset != 0 && active.isFinite && active > 0 {
            time = time.truncatingRemainder(dividingBy: active)
            if time < 0 { time += active }
            if isEnd && time == 0 { time = active }
        }
        if time.isInfinite { time = 0 }
        var iteration = (time / cycle).rounded(.down)
        var into = time - iteration * cycle
        if isEnd && into == 0 && iteration > 0 {
            // The end of the last cycle, not the start of the next.
            iteration -= 1
            into = cycle
        }
        let forward = autoreverses && into > d ? (2 * d - into) : into
        return TimingState(phase: phase, iteration: Int(clamping: Int64(max(min(iteration, 1e15), -1e15))),
                           progress: min(max(forward / d, 0), 1))
    }
}

/// Where a timed object stands: its phase, which cycle, and how far through it.
public struct TimingState: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case before, active, after
    }

    /// Before the active interval (filling backwards), inside it, or after it (filling forwards).
    public var phase: Phase
    /// The cycle, from 0.
    public var iteration: Int
    /// Progress through the simple duration, in [0, 1], after autoreversal and before easing.
    public var progress: Double

    /// css-easing-2's before flag: set while filling backwards.
    public var beforeFlag: Bool { phase == .before }
}
