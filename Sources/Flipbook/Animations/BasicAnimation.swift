/// Interpolation between two values of one property, given as from/to/by (CABasicAnimation).
///
/// Which values are set decides the interpolation, as Apple documents it ("current" is the value
/// below this animation: the model value with earlier animations applied):
/// | set | from | to |
/// |---|---|---|
/// | from, to | from | to |
/// | from, by | from | from + by |
/// | by, to | to − by | to |
/// | from | from | current |
/// | to | current | to |
/// | by | current | current + by |
/// | none | current | current (no visible change: Flipbook keeps no previous render value) |
///
/// All three set is undefined in CA and an error here (`AnimationError`). For an additive animation,
/// "current" is the kind's zero, since the result is added to the current value anyway.
public struct BasicAnimation: Hashable, Sendable {
    /// The animated property.
    public var key: AnyPropertyKey
    public var from: PropertyValue?
    public var to: PropertyValue?
    public var by: PropertyValue?

    public init(key: AnyPropertyKey, from: PropertyValue? = nil, to: PropertyValue? = nil, by: PropertyValue? = nil) {
        self.key = key
        self.from = from
        self.to = to
        self.by = by
    }

    /// The start and end values given the value below the animation.
    func endpoints(current: PropertyValue) -> (PropertyValue, PropertyValue) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, PropertyValue.add(f, b) ?? f)
        case (nil, let t?, let b?): return (PropertyValue.subtract(t, b) ?? t, t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, PropertyValue.add(current, b) ?? current)
        case (nil, nil, nil): return (current, current)
        }
    }
}
