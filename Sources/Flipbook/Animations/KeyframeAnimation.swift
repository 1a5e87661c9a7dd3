import Easing

/// An animation through a list of values, or of a point along a path (CAKeyframeAnimation).
///
/// ## Key times
/// Fractions of the duration, non-decreasing from 0 to 1, one per value (`discrete`: one more than the
/// values, as CA). Without them values are evenly spaced. `paced` and `cubicPaced` compute their own.
///
/// ## Calculation modes (`CalculationMode`)
/// linear: straight between neighbours, each segment eased by its `timingFunctions` entry.
/// discrete: value i holds over [keyTimes[i], keyTimes[i + 1]).
/// paced: linear, key times proportional to the distance between values (constant speed).
/// cubic: a Kochanek–Bartels spline through the values at their key times, shaped per value by
/// tension, continuity and bias (all 0: Catmull–Rom).
/// cubicPaced: the spline with key times proportional to each segment's arc length.
///
/// ## Motion along a path
/// With `path` set (point properties only), the value moves along the path: in paced modes at
/// constant speed over its whole length; otherwise each path segment (lines, curves, arcs, closing
/// lines) takes an equal share of the time, or the share `keyTimes` gives (segments + 1 entries), at
/// constant speed within it. `rotationMode` also turns the layer to the path's tangent.
public struct KeyframeAnimation: Hashable, Sendable {
    /// How values between key times are computed.
    public enum CalculationMode: String, Hashable, Sendable, Codable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// How a path animation turns the layer (CA's `rotationMode`).
    public enum RotationMode: String, Hashable, Sendable, Codable, CaseIterable {
        /// Turn to the path's tangent (`kCAAnimationRotateAuto`).
        case auto
        /// Turn to the tangent plus half a turn (`kCAAnimationRotateAutoReverse`).
        case autoReverse
    }

    /// The animated property.
    public var key: AnyPropertyKey
    /// The values; at least one unless `path` is set.
    public var values: [PropertyValue]
    /// Fractions of the duration for each value (see the type's notes); nil spaces them evenly.
    public var keyTimes: [Double]?
    /// Easing per segment, values.count − 1 entries (linear and discrete modes); nil for linear.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode
    /// Kochanek–Bartels tension per value, in [−1, 1]; nil means 0. Positive tightens the curve.
    public var tensionValues: [Double]?
    /// Kochanek–Bartels continuity per value, in [−1, 1]; nil means 0. Non-zero makes corners.
    public var continuityValues: [Double]?
    /// Kochanek–Bartels bias per value, in [−1, 1]; nil means 0. Positive overshoots toward the next value.
    public var biasValues: [Double]?
    /// A path the point property follows instead of `values`.
    public var path: Path?
    /// With a path: whether and how the layer turns to the tangent.
    public var rotationMode: RotationMode?

    public init(key: AnyPropertyKey, values: [PropertyValue] = [], keyTimes: [Double]? = nil,
                timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
                tensionValues: [Double]? = nil, continuityValues: [Double]? = nil, biasValues: [Double]? = nil,
                path: Path? = nil, rotationMode: RotationMode? = nil) {
        self.key = key
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
        self.path = path
        self.rotationMode = rotationMode
    }

    /// A keyframe animation of a typed property.
    public init<V: PropertyValueConvertible>(_ key: PropertyKey<V>, values: [V], keyTimes: [Double]? = nil,
                                             timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear) {
        self.init(key: AnyPropertyKey(key), values: values.map(\.propertyValue), keyTimes: keyTimes,
                  timingFunctions: timingFunctions, calculationMode: calculationMode)
    }
}
