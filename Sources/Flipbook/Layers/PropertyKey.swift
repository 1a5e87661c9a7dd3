/// A value type that layer properties can hold.
public protocol PropertyValueConvertible: Hashable, Sendable {
    /// The stored form.
    var propertyValue: PropertyValue { get }
    /// The value from its stored form, or nil for a value of another kind.
    init?(propertyValue: PropertyValue)
    /// The kind every value of this type has.
    static var valueKind: ValueKind { get }
    /// Whether `stored` is this value as a property table holds it, by the table's test for an
    /// unchanged value (`PropertyTable.isUnchanged`: bit for bit for numbers). Default: that test on
    /// `propertyValue`; the number types compare in place, so that setting a value a layer already
    /// holds makes no `PropertyValue` (a component's refresh sets a dozen such values every frame).
    func isStored(as stored: PropertyValue) -> Bool
}

extension PropertyValueConvertible {
    public func isStored(as stored: PropertyValue) -> Bool { PropertyTable.same(propertyValue, stored) }
}

/// A typed layer property: its name (used only at the scene-file edge and in dumps), its value type
/// and its default, as lottie-ios's `LayerProperty<CGPoint>`.
///
/// Declare a key once, as a stored static (a key hashes its name when it is created, so create it
/// once), and list a type's keys with `AnyPropertyKey.list`:
/// ```swift
/// enum Slice: LayerBehavior {
///     static let startAngle = PropertyKey<Angle>("startAngle", default: .zero)
///     static let endAngle = PropertyKey<Angle>("endAngle", default: .zero)
///     static let typeName = "slice"
///     static let properties = AnyPropertyKey.list(startAngle, endAngle) + ShapeStyle.properties
///     static func draw(_ layer: Layer) -> [DrawItem] { … layer[startAngle] … }
/// }
/// ```
/// A read through a key returns the key's value type, so a wrong-type read does not compile.
public struct PropertyKey<Value: PropertyValueConvertible>: Hashable, Sendable {
    /// The property's name with its hash code, how layers look the value up.
    public let propertyName: PropertyName
    /// The value a layer has until one is set.
    public let defaultValue: Value

    public init(_ name: String, default defaultValue: Value) {
        self.propertyName = PropertyName(name)
        self.defaultValue = defaultValue
    }

    /// The property's name, unique within a layer type, e.g. "strokeEnd".
    public var name: String { propertyName.string }

    private init(_ propertyName: PropertyName, default defaultValue: Value) {
        self.propertyName = propertyName
        self.defaultValue = defaultValue
    }

    /// The same property with another default: how a layer type declares its own default for a shared
    /// key (an arc's fill is clear where a shape's is black).
    public func withDefault(_ value: Value) -> PropertyKey<Value> { PropertyKey(propertyName, default: value) }

    /// The key without its static type (with its choices when the value is an enumeration).
    public var erased: AnyPropertyKey {
        if let set = Value.self as? any ChoiceSetValue.Type {
            return AnyPropertyKey(propertyName, defaultValue: defaultValue.propertyValue, choices: set.choiceNames, isSet: true)
        }
        let choices = (Value.self as? any ChoiceValue.Type)?.choiceNames ?? []
        return AnyPropertyKey(propertyName, defaultValue: defaultValue.propertyValue, choices: choices)
    }
}

/// An enumeration a property can hold (a line cap, a fill rule): stored by its case name, which scene
/// files use.
public protocol ChoiceValue: CaseIterable, RawRepresentable, PropertyValueConvertible where RawValue == String {}

extension ChoiceValue {
    /// Every case's name, in declaration order.
    public static var choiceNames: [String] { allCases.map(\.rawValue) }
}

/// A property key whose value type is known only at run time: what layer types declare and what
/// animations and timed changes refer to.
public struct AnyPropertyKey: Hashable, Sendable {
    /// The property's name with its hash code.
    public let propertyName: PropertyName
    public let defaultValue: PropertyValue
    /// For `.choice` properties: the allowed names; empty otherwise.
    public let choices: [String]
    /// Whether a value is a set of the `choices` (`ChoiceSetValue`: stored space-separated, written in
    /// scene files as a list) rather than one of them.
    public let isSet: Bool

    public init(name: String, defaultValue: PropertyValue, choices: [String] = [], isSet: Bool = false) {
        self.init(PropertyName(name), defaultValue: defaultValue, choices: choices, isSet: isSet)
    }

    init(_ propertyName: PropertyName, defaultValue: PropertyValue, choices: [String] = [], isSet: Bool = false) {
        self.propertyName = propertyName
        self.defaultValue = defaultValue
        self.choices = choices
        self.isSet = isSet
    }

    public init<V>(_ key: PropertyKey<V>) {
        self = key.erased
    }

    /// The keys of a layer type, typed keys of any value types in one list.
    public static func list<each V>(_ keys: repeat PropertyKey<each V>) -> [AnyPropertyKey] {
        var result: [AnyPropertyKey] = []
        for key in repeat each keys { result.append(key.erased) }
        return result
    }

    /// The property's name, e.g. "strokeEnd".
    public var name: String { propertyName.string }

    public var kind: ValueKind { defaultValue.kind }
}

extension Array where Element == AnyPropertyKey {
    /// The list with each of `keys` replacing the entry of the same name in place (appended when the
    /// list has none): how a type takes a shared list with some defaults of its own.
    public func overriding(_ keys: AnyPropertyKey...) -> [AnyPropertyKey] {
        var list = self
        for key in keys {
            if let i = list.firstIndex(where: { $0.propertyName == key.propertyName }) { list[i] = key } else { list.append(key) }
        }
        return list
    }
}

extension Double: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .number(self) }
    public func isStored(as stored: PropertyValue) -> Bool {
        if case .number(let v) = stored { return v.bitPattern == bitPattern }
        return false
    }
    public init?(propertyValue: PropertyValue) { guard case .number(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .number }
}

extension Angle: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .angle(self) }
    public func isStored(as stored: PropertyValue) -> Bool {
        if case .angle(let v) = stored { return v.radians.bitPattern == radians.bitPattern }
        return false
    }
    public init?(propertyValue: PropertyValue) { guard case .angle(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .angle }
}

extension Point: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .point(self) }
    public func isStored(as stored: PropertyValue) -> Bool {
        if case .point(let v) = stored { return v.x.bitPattern == x.bitPattern && v.y.bitPattern == y.bitPattern }
        return false
    }
    public init?(propertyValue: PropertyValue) { guard case .point(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .point }
}

extension Size: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .size(self) }
    public func isStored(as stored: PropertyValue) -> Bool {
        if case .size(let v) = stored { return v.width.bitPattern == width.bitPattern && v.height.bitPattern == height.bitPattern }
        return false
    }
    public init?(propertyValue: PropertyValue) { guard case .size(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .size }
}

extension Rect: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .rect(self) }
    public func isStored(as stored: PropertyValue) -> Bool {
        if case .rect(let v) = stored { return v.origin.x.bitPattern == origin.x.bitPattern && v.origin.y.bitPattern == origin.y.bitPattern
            && v.size.width.bitPattern == size.width.bitPattern && v.size.height.bitPattern == size.height.bitPattern }
        return false
    }
    public init?(propertyValue: PropertyValue) { guard case .rect(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .rect }
}

extension Color: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .color(self) }
    public func isStored(as stored: PropertyValue) -> Bool {
        if case .color(let v) = stored { return v.red.bitPattern == red.bitPattern && v.green.bitPattern == green.bitPattern
            && v.blue.bitPattern == blue.bitPattern && v.alpha.bitPattern == alpha.bitPattern }
        return false
    }
    public init?(propertyValue: PropertyValue) { guard case .color(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .color }
}

extension Transform2D: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .transform(self) }
    public init?(propertyValue: PropertyValue) { guard case .transform(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .transform }
}

/// An element type whose arrays are a property kind: numbers ([Double]) and colours ([Color]).
public protocol PropertyListElement: Hashable, Sendable {
    static func wrap(_ list: [Self]) -> PropertyValue
    static func unwrap(_ value: PropertyValue) -> [Self]?
    static var listKind: ValueKind { get }
}

extension Double: PropertyListElement {
    public static func wrap(_ list: [Double]) -> PropertyValue { .numbers(list) }
    public static func unwrap(_ value: PropertyValue) -> [Double]? { if case .numbers(let v) = value { v } else { nil } }
    public static var listKind: ValueKind { .numbers }
}

extension Color: PropertyListElement {
    public static func wrap(_ list: [Color]) -> PropertyValue { .colors(list) }
    public static func unwrap(_ value: PropertyValue) -> [Color]? { if case .colors(let v) = value { v } else { nil } }
    public static var listKind: ValueKind { .colors }
}

extension Array: PropertyValueConvertible where Element: PropertyListElement {
    public var propertyValue: PropertyValue { Element.wrap(self) }
    public init?(propertyValue: PropertyValue) {
        guard let list = Element.unwrap(propertyValue) else { return nil }
        self = list
    }
    public static var valueKind: ValueKind { Element.listKind }
}

extension DashPattern: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .dashPattern(self) }
    public init?(propertyValue: PropertyValue) { guard case .dashPattern(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .dashPattern }
}

extension Path: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .path(self) }
    public init?(propertyValue: PropertyValue) { guard case .path(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .path }
}

extension Gradient: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .gradient(self) }
    public init?(propertyValue: PropertyValue) { guard case .gradient(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .gradient }
}

extension String: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .text(self) }
    public init?(propertyValue: PropertyValue) { guard case .text(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .text }
}

extension Bool: PropertyValueConvertible {
    public var propertyValue: PropertyValue { .flag(self) }
    public func isStored(as stored: PropertyValue) -> Bool {
        if case .flag(let v) = stored { return v == self }
        return false
    }
    public init?(propertyValue: PropertyValue) { guard case .flag(let v) = propertyValue else { return nil }; self = v }
    public static var valueKind: ValueKind { .flag }
}

/// Enumerations stored as `.choice(rawValue)`.
extension PropertyValueConvertible where Self: RawRepresentable, RawValue == String {
    public var propertyValue: PropertyValue { .choice(rawValue) }
    public init?(propertyValue: PropertyValue) {
        guard case .choice(let name) = propertyValue, let value = Self(rawValue: name) else { return nil }
        self = value
    }
    public static var valueKind: ValueKind { .choice }
    public func isStored(as stored: PropertyValue) -> Bool {
        if case .choice(let name) = stored { return name == rawValue }
        return false
    }
}
