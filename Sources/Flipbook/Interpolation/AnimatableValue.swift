/// A value type of your own that layer properties hold and every kind of animation animates: basic
/// (from/to/by), keyframe in every calculation mode (paced modes use `distance`), spring, additive
/// and cumulative. Give it the vector arithmetic (`VectorInterpolatable`: zero, sum, difference,
/// scaling, distance; the built-in value types adopt the same protocol) and declare the conformance:
///
/// ```swift
/// struct Polar: AnimatableValue {
///     var radius: Double, angle: Angle
///     static let zero = Polar(radius: 0, angle: .zero)
///     static func sum(_ a: Polar, _ b: Polar) -> Polar { … }
///     …
/// }
/// static let spot = PropertyKey<Polar>("spot", default: .zero)
/// ```
/// Interpolation is a·(1 − t) + b·t unless the type implements `interpolate` itself. Values of two
/// different custom types never mix: between them a value switches at t = 0.5, as discrete values do.
/// Custom values are not read from or written to scene files.
public protocol AnimatableValue: VectorInterpolatable, PropertyValueConvertible {}

extension AnimatableValue {
    public var propertyValue: PropertyValue { .custom(CustomValue(self)) }
    public init?(propertyValue: PropertyValue) {
        guard case .custom(let value) = propertyValue, let typed = value.base as? Self else { return nil }
        self = typed
    }
    public static var valueKind: ValueKind { .custom }
}

/// A value of a custom `AnimatableValue` type inside a `PropertyValue`, with its type's arithmetic.
public struct CustomValue: Hashable, Sendable, CustomStringConvertible {
    /// The value.
    public let base: any AnimatableValue

    public init(_ base: any AnimatableValue) { self.base = base }

    public static func == (a: CustomValue, b: CustomValue) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }
    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
    public var description: String { "\(base)" }

    /// Whether both hold values of the same type.
    public func hasSameType(as other: CustomValue) -> Bool { type(of: base) == type(of: other.base) }

    /// The type's `interpolate`; nil when `other` is of another type.
    func interpolated(to other: CustomValue, _ t: Double) -> CustomValue? {
        func open<T: AnimatableValue>(_ a: T) -> CustomValue? {
            (other.base as? T).map { CustomValue(T.interpolate(a, $0, t)) }
        }
        return open(base)
    }

    /// a + b (`add`), a − b (`subtract`); nil when `other` is of another type.
    func combined(with other: CustomValue, subtract: Bool) -> CustomValue? {
        func open<T: AnimatableValue>(_ a: T) -> CustomValue? {
            (other.base as? T).map { CustomValue(subtract ? T.difference(a, $0) : T.sum(a, $0)) }
        }
        return open(base)
    }

    func scaled(_ factor: Double) -> CustomValue {
        func open<T: AnimatableValue>(_ a: T) -> CustomValue { CustomValue(T.scaled(a, factor)) }
        return open(base)
    }

    func distance(to other: CustomValue) -> Double? {
        func open<T: AnimatableValue>(_ a: T) -> Double? { (other.base as? T).map { T.distance(a, $0) } }
        return open(base)
    }

    /// The zero of this value's type.
    var zero: CustomValue {
        func open<T: AnimatableValue>(_ a: T) -> CustomValue { CustomValue(T.zero) }
        return open(base)
    }
}
