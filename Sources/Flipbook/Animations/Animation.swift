import Easing

/// An explicit animation of layer properties: what it animates (`content`) and when (`timing`).
///
/// Animations never change the model: they are evaluated by `Layer.presentation(atParentTime:)`.
/// On one layer they apply in the order they were added; each non-additive one replaces the value
/// below it, each additive one adds to it (as Core Animation's render tree composes them).
public struct Animation: Hashable, Sendable {
    /// What an animation does. (Basic and keyframe contents are boxed, `indirect`: every instant of
    /// every layer reads its animations' contents, and binding one held inline copied each of its
    /// values and names.)
    public enum Content: Hashable, Sendable {
        /// From/to/by between two values (CABasicAnimation, CASpringAnimation with a spring timing).
        indirect case basic(BasicAnimation)
        /// Through a list of values or along a path (CAKeyframeAnimation).
        indirect case keyframe(KeyframeAnimation)
        /// Children timed inside this animation's time (CAAnimationGroup).
        case group([Animation])
    }

    public var content: Content
    /// beginTime, duration, speed, timeOffset, repeats, autoreverses, fill mode.
    public var timing: MediaTiming
    /// Easing of the whole animation; default linear (CA's `nil`). For a group it warps the time its
    /// children see.
    public var timingFunction: TimingFunction
    /// When true (the default) the animation stops applying after its active interval, whatever its
    /// fill mode: the layer snaps back to its model value.
    public var isRemovedOnCompletion: Bool
    /// Whether the value is added to the value below instead of replacing it; default false.
    public var isAdditive: Bool
    /// Whether each repeat continues from where the previous one ended; default false.
    public var isCumulative: Bool
    /// The space colours interpolate in; default premultiplied sRGB.
    public var colorSpace: ColorSpace

    public init(_ content: Content, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction = .linear,
                isRemovedOnCompletion: Bool = true, isAdditive: Bool = false, isCumulative: Bool = false,
                colorSpace: ColorSpace = .sRGB) {
        self.content = content
        self.timing = timing
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.colorSpace = colorSpace
    }

    /// A basic animation of a typed property.
    /// - Parameters:
    ///   - key: the property.
    ///   - from: the start value; nil for the value below (which of `from`, `to` and `by` are given
    ///     decides the interpolation: see `BasicAnimation`).
    ///   - to: the end value; nil for the value below, or `from` + `by`.
    ///   - by: the change, added to `from` or to the value below; nil for none.
    ///   - duration: seconds; 0 means 0.25 s.
    ///   - beginTime: when it starts in its layer's time, seconds; default 0.
    ///   - timingFunction: easing; default linear.
    public static func basic<V: PropertyValueConvertible>(_ key: PropertyKey<V>, from: V? = nil, to: V? = nil, by: V? = nil,
                                                          duration: Double = 0, beginTime: Double = 0,
                                                          timingFunction: TimingFunction = .linear) -> Animation {
        Animation(.basic(BasicAnimation(key: AnyPropertyKey(key), from: from?.propertyValue, to: to?.propertyValue, by: by?.propertyValue)),
                  timing: MediaTiming(beginTime: beginTime, duration: duration), timingFunction: timingFunction)
    }

    /// A spring animation (CASpringAnimation): a basic animation whose progress follows the spring in
    /// real time; its duration is the spring's settling duration unless `duration` is given.
    public static func spring<V: PropertyValueConvertible>(_ key: PropertyKey<V>, from: V? = nil, to: V? = nil, by: V? = nil,
                                                           spring: Spring = Spring(), duration: Double? = nil,
                                                           beginTime: Double = 0) -> Animation {
        let d = duration ?? spring.settlingDuration
        let timed = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                           initialVelocity: spring.initialVelocity, duration: d)
        return Animation(.basic(BasicAnimation(key: AnyPropertyKey(key), from: from?.propertyValue, to: to?.propertyValue, by: by?.propertyValue)),
                         timing: MediaTiming(beginTime: beginTime, duration: d), timingFunction: .spring(timed))
    }

    /// A group of animations, timed inside the group's own time.
    public static func group(_ animations: [Animation], duration: Double = 0, beginTime: Double = 0) -> Animation {
        Animation(.group(animations), timing: MediaTiming(beginTime: beginTime, duration: duration))
    }

    /// The fill mode (`timing.fillMode`), where a Core Animation programmer sets it:
    /// `animation.fillMode = .forwards`.
    public var fillMode: FillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }

    /// Seconds of one cycle (`timing.duration`); 0 means 0.25 s, as CAAnimation's.
    public var duration: Double {
        get { timing.duration }
        set { timing.duration = newValue }
    }

    /// When the animation starts in its layer's time, seconds (`timing.beginTime`).
    public var beginTime: Double {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }

    /// How many cycles it runs (`timing.repeatCount`); `.infinity` for ever.
    public var repeatCount: Double {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }

    /// Whether each cycle runs back after it runs forward (`timing.autoreverses`).
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }

    /// The names of the properties this animation writes.
    public var keys: Set<String> {
        switch content {
        case .basic(let basic): [basic.key.name]
        case .keyframe(let keyframe): keyframe.rotationMode == nil ? [keyframe.key.name] : [keyframe.key.name, "rotation"]
        case .group(let children): children.reduce(into: Set()) { $0.formUnion($1.keys) }
        }
    }
}

/// An animation attached to a layer under an optional key; adding another under the same key
/// replaces it (CA's `addAnimation:forKey:`).
public struct KeyedAnimation: Hashable, Sendable {
    public var key: String?
    public var animation: Animation

    public init(key: String?, animation: Animation) {
        self.key = key
        self.animation = animation
    }
}
