/// What a kind of layer declares and draws: the seed's PieSliceLayer made a protocol.
///
/// A behaviour is stateless: a layer's state is its properties. Declare the type's own properties
/// (they are animatable, copied into presentation layers and reachable from scene files by name),
/// draw from the presentation layer's values, and optionally override the implicit action per key.
///
/// ```swift
/// enum PieSlice: LayerBehavior {
///     static let typeName = "mySlice"
///     static let properties = [AnyPropertyKey(PropertyKey<Angle>.startAngle), AnyPropertyKey(PropertyKey<Angle>.endAngle)]
///     static func draw(_ layer: Layer) -> [DrawItem] {
///         let path = Path.wedge(center: layer.bounds.center, radius: 50,
///                               startAngle: layer[.startAngle], endAngle: layer[.endAngle])
///         return [.shape(ShapeDrawing(path: path, fill: .black))]
///     }
/// }
/// ```
public protocol LayerBehavior: Sendable {
    /// The type's name in scene files and dumps, e.g. "pieSlice".
    static var typeName: String { get }
    /// The properties this type adds to every layer's (position, bounds, opacity, …).
    static var properties: [AnyPropertyKey] { get }
    /// The layer's own content, in its bounds' coordinates, from a presentation layer.
    static func draw(_ layer: Layer) -> [DrawItem]
    /// Sublayers that follow from the layer's properties (components); drawn above its own sublayers.
    /// Default: none.
    static func derivedSublayers(_ layer: Layer) -> [Layer]
    /// The implicit animation when `key` changes from `from` (the presentation value) to `to` inside
    /// `transaction`, as CALayer's `actionForKey:`; nil for none. Default: a basic animation over the
    /// transaction's duration and timing, for every property.
    static func action(forKey key: AnyPropertyKey, from: PropertyValue, to: PropertyValue, transaction: Transaction) -> Animation?
}

extension LayerBehavior {
    public static func derivedSublayers(_ layer: Layer) -> [Layer] { [] }

    public static func action(forKey key: AnyPropertyKey, from: PropertyValue, to: PropertyValue, transaction: Transaction) -> Animation? {
        transaction.defaultAction(forKey: key, from: from, to: to)
    }
}

/// A layer's type: its name and behaviour.
///
/// Equality and hashing use the name alone (the behaviour is a metatype, which has no synthesized
/// `==`); type names are unique by construction of the registry (`LayerTypes`).
public struct LayerType: Hashable, Sendable, CustomStringConvertible {
    public let behavior: any LayerBehavior.Type
    /// The defaults the type declares for its own properties, which win over the keys' defaults
    /// (an arc's fill is clear, a shape's black).
    let declaredDefaults: PropertyTable

    public init(_ behavior: any LayerBehavior.Type) {
        self.behavior = behavior
        declaredDefaults = DefaultsCache.shared.defaults(for: behavior)
    }

    public var name: String { behavior.typeName }
    public var description: String { name }

    public static func == (a: LayerType, b: LayerType) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every property a layer of this type has: the base layer's, then the type's own.
    public var allProperties: [AnyPropertyKey] { Layer.baseProperties + behavior.properties }

    /// The property named `name`, or nil.
    public func property(named name: String) -> AnyPropertyKey? {
        allProperties.first { $0.name == name }
    }
}

import Foundation

/// Each layer type's declared defaults, computed once per type (layers are created every frame by
/// components, and building the table each time dominated frame generation).
final class DefaultsCache: @unchecked Sendable {
    static let shared = DefaultsCache()
    private var tables: [ObjectIdentifier: PropertyTable] = [:]
    private let lock = NSLock()

    func defaults(for behavior: any LayerBehavior.Type) -> PropertyTable {
        let name = ObjectIdentifier(behavior)
        lock.lock()
        defer { lock.unlock() }
        if let hit = tables[name] { return hit }
        var table = PropertyTable()
        for key in behavior.properties { table[key.propertyName] = key.defaultValue }
        tables[name] = table
        return table
    }
}
