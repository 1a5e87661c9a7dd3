/// One property changing on a layer: what a layer type's action sees (CALayer's `actionForKey:` with
/// the layer and both values).
public struct PropertyChange: Hashable, Sendable {
    /// The property that changes.
    public var key: AnyPropertyKey
    /// The value shown when the change happens: the presentation value (a running animation's current
    /// value, so a retargeted animation starts where it is).
    public var from: PropertyValue
    /// The new model value.
    public var to: PropertyValue

    public init(key: AnyPropertyKey, from: PropertyValue, to: PropertyValue) {
        self.key = key
        self.from = from
        self.to = to
    }

    /// Whether this is a change of `key` (same name).
    public func `is`<V>(_ key: PropertyKey<V>) -> Bool { self.key.propertyName == key.propertyName }

    /// Both values typed by `key`, or nil when the change is of another property or its values are of
    /// another type.
    public func values<V>(of key: PropertyKey<V>) -> (from: V, to: V)? {
        guard `is`(key), let a = V(propertyValue: from), let b = V(propertyValue: to) else { return nil }
        return (a, b)
    }
}
