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
    public var key: AnyPropertyKey {
        get { storage.key }
        set { storage = Storage(key: newValue, from: from, to: to, by: by) }
    }
    public var from: PropertyValue? {
        get { storage.from }
        set { storage = Storage(key: key, from: newValue, to: to, by: by) }
    }
    public var to: PropertyValue? {
        get { storage.to }
        set { storage = Storage(key: key, from: from, to: newValue, by: by) }
    }
    public var by: PropertyValue? {
        get { storage.by }
        set { storage = Storage(key: key, from: from, to: to, by: newValue) }
    }

    /// The key and values, in one immutable box that copies share (the animation is bound out of its
    /// `Animation.Content` at every instant it is evaluated; a copy is one reference).
    private var storage: Storage

    private final class Storage: Sendable {
        let key: AnyPropertyKey
        let from: PropertyValue?
        let to: PropertyValue?
        let by: PropertyValue?

        init(key: AnyPropertyKey, from: PropertyValue?, to: PropertyValue?, by: PropertyValue?) {
            self.key = key
            self.from = from
            self.to = to
            self.by = by
        }
    }

    public init(key: AnyPropertyKey, from: PropertyValue? = nil, to: PropertyValue? = nil, by: PropertyValue? = nil) {
        storage = Storage(key: key, from: from, to: to, by: by)
    }

    /// Equal keys and values: the memberwise comparison, written out because the values live in a
    /// shared box (a class, which has no synthesized `==`); the same box is equal at once.
    public static func == (a: BasicAnimation, b: BasicAnimation) -> Bool {
        a.storage === b.storage || (a.key == b.key && a.from == b.from && a.to == b.to && a.by == b.by)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(by)
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
