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
    public var values: [PropertyValue] {
        get { inputs.values }
        set { inputs.values = newValue; derived = Derived() }
        _modify { defer { derived = Derived() }; yield &inputs.values }
    }
    /// Fractions of the duration for each value (see the type's notes); nil spaces them evenly.
    public var keyTimes: [Double]? {
        get { inputs.keyTimes }
        set { inputs.keyTimes = newValue; derived = Derived() }
        _modify { defer { derived = Derived() }; yield &inputs.keyTimes }
    }
    /// Easing per segment, values.count − 1 entries (linear and discrete modes); nil for linear.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode {
        get { inputs.calculationMode }
        set { inputs.calculationMode = newValue; derived = Derived() }
        _modify { defer { derived = Derived() }; yield &inputs.calculationMode }
    }
    /// Kochanek–Bartels tension per value, in [−1, 1]; nil means 0. Positive tightens the curve.
    public var tensionValues: [Double]? {
        get { inputs.tensionValues }
        set { inputs.tensionValues = newValue; derived = Derived() }
        _modify { defer { derived = Derived() }; yield &inputs.tensionValues }
    }
    /// Kochanek–Bartels continuity per value, in [−1, 1]; nil means 0. Non-zero makes corners.
    public var continuityValues: [Double]? {
        get { inputs.continuityValues }
        set { inputs.continuityValues = newValue; derived = Derived() }
        _modify { defer { derived = Derived() }; yield &inputs.continuityValues }
    }
    /// Kochanek–Bartels bias per value, in [−1, 1]; nil means 0. Positive overshoots toward the next value.
    public var biasValues: [Double]? {
        get { inputs.biasValues }
        set { inputs.biasValues = newValue; derived = Derived() }
        _modify { defer { derived = Derived() }; yield &inputs.biasValues }
    }
    /// A path the point property follows instead of `values`.
    public var path: Path? {
        get { inputs.path }
        set { inputs.path = newValue; derived = Derived() }
        _modify { defer { derived = Derived() }; yield &inputs.path }
    }
    /// With a path: whether and how the layer turns to the tangent.
    public var rotationMode: RotationMode?

    /// The properties the derived data depends on. (Stored here, behind accessors that replace
    /// `derived` when one changes, instead of as properties with observers: an observed array
    /// property is copied on every append, so building 10⁵ values one at a time took minutes.)
    private var inputs: Inputs

    private struct Inputs: Hashable, Sendable {
        var values: [PropertyValue]
        var keyTimes: [Double]?
        var calculationMode: CalculationMode
        var tensionValues: [Double]?
        var continuityValues: [Double]?
        var biasValues: [Double]?
        var path: Path?
    }

    /// Key times, segment search and motion path, derived from `inputs` on first use
    /// (`KeyframeAnimation.resolved`) and replaced whenever one of them changes.
    var derived = Derived<Resolved>()

    public init(key: AnyPropertyKey, values: [PropertyValue] = [], keyTimes: [Double]? = nil,
                timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
                tensionValues: [Double]? = nil, continuityValues: [Double]? = nil, biasValues: [Double]? = nil,
                path: Path? = nil, rotationMode: RotationMode? = nil) {
        self.key = key
        inputs = Inputs(values: values, keyTimes: keyTimes, calculationMode: calculationMode, tensionValues: tensionValues,
                        continuityValues: continuityValues, biasValues: biasValues, path: path)
        self.timingFunctions = timingFunctions
        self.rotationMode = rotationMode
    }

    /// A keyframe animation of a typed property.
    public init<V: PropertyValueConvertible>(_ key: PropertyKey<V>, values: [V], keyTimes: [Double]? = nil,
                                             timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear) {
        self.init(key: AnyPropertyKey(key), values: values.map(\.propertyValue), keyTimes: keyTimes,
                  timingFunctions: timingFunctions, calculationMode: calculationMode)
    }
}
