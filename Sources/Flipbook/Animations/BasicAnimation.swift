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
    /// (Nested tests rather than a switch over the triple, which copies all three values first.)
    func endpoints(current: PropertyValue) -> (PropertyValue, PropertyValue) {
        if let f = from {
            if let t = to { return (f, t) }
            if let b = by { return (f, PropertyValue.add(f, b) ?? f) }
            return (f, current)
        }
        if let t = to {
            if let b = by { return (PropertyValue.subtract(t, b) ?? t, t) }
            return (current, t)
        }
        if let b = by { return (current, PropertyValue.add(current, b) ?? current) }
        return (current, current)
    }
}
