import Easing

/// How property changes made together animate (CATransaction): duration, timing and whether
/// implicit animations happen at all.
public struct Transaction: Hashable, Sendable {
    /// Seconds the implicit animations last, > 0. Default 0.25 (Core Animation's).
    public var duration: Double
    /// Easing of the implicit animations. Default CA's `default` curve, cubic-bezier(0.25, 0.1, 0.25, 1)
    /// (Core Animation documents no curve for implicit layer animations; this is the one its
    /// `kCAMediaTimingFunctionDefault` names for them).
    public var timingFunction: TimingFunction
    /// When true the values change at once, with no implicit animation. Default false.
    public var disableActions: Bool

    public init(duration: Double = 0.25, timingFunction: TimingFunction = .caDefault, disableActions: Bool = false) {
        self.duration = duration
        self.timingFunction = timingFunction
        self.disableActions = disableActions
    }

    /// The default action: a basic animation from the presentation value to the new value over this
    /// transaction's duration and timing, beginning when the change happens.
    public func defaultAction(for change: PropertyChange) -> Animation? {
        guard change.from != change.to else { return nil }
        return Animation(.basic(BasicAnimation(key: change.key, from: change.from, to: change.to)),
                         timing: MediaTiming(duration: duration), timingFunction: timingFunction)
    }
}
