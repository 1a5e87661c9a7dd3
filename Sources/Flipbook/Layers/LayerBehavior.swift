import Easing
import FlipbookSupport
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
    /// The layer's own content, in its bounds' coordinates, from a presentation layer's values (not
    /// its sublayers: `RetainedPresentation` draws a layer again only when its values change).
    static func draw(_ layer: Layer) -> [DrawItem]
    /// Sublayers that follow from the layer's properties (components); drawn above its own sublayers.
    /// Default: the `derivationParts`' sublayers, part after part (none when there are no parts).
    static func derivedSublayers(_ layer: Layer) -> [Layer]
    /// The derived sublayers in parts, each made from the properties it names: `RetainedPresentation`
    /// derives a part again only when one of its properties changed (a ring gauge's track is not
    /// derived again as its fraction moves). Declare either these or `derivedSublayers`, not both.
    /// Default: none (the whole of `derivedSublayers` is one part, derived again whenever any value of
    /// the layer or of its sublayers changed).
    static var derivationParts: [DerivationPart] { get }
    /// Whether `derivedSublayers` may return any sublayer: false for a type that never derives, so that
    /// presentations skip the call and the presented copy it reads. Default true (always called).
    static var derivesSublayers: Bool { get }
    /// Whether `draw` returns nothing for every layer (a container, or a component that draws only
    /// through its derived sublayers): a layer's own render node then follows from its base properties
    /// (`Layer.baseProperties`) and id alone, and `RetainedPresentation` keeps it while only the type's
    /// own properties change (a ring gauge's fraction). Default false (the node is made again whenever
    /// a value changes). Declaring true for a type that draws is a bug the retained-presentation tests
    /// catch (they compare the kept nodes with fresh ones at every frame).
    static var drawsNothing: Bool { get }
    /// The implicit animation for `change` inside `transaction`, as CALayer's `actionForKey:`; nil for
    /// none. `layer` is the model layer with the new value already set. Its `beginTime` is set to the
    /// instant of the change. Default: `transaction.defaultAction(for: change)`, a basic animation over
    /// the transaction's duration and timing, for every property.
    static func action(for change: PropertyChange, of layer: Layer, in transaction: Transaction) -> Animation?
}

extension LayerBehavior {
    public static func derivedSublayers(_ layer: Layer) -> [Layer] {
        let parts = derivationParts
        if parts.count == 1 { return parts[0].derive(layer) }
        return parts.flatMap { $0.derive(layer) }
    }
    public static var derivationParts: [DerivationPart] { [] }
    public static var derivesSublayers: Bool { true }
    public static var drawsNothing: Bool { false }

    public static func action(for change: PropertyChange, of layer: Layer, in transaction: Transaction) -> Animation? {
        transaction.defaultAction(for: change)
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
    let declaredDefaults: DeclaredDefaults
    /// `behavior.derivesSublayers`, read once.
    let derivesSublayers: Bool
    /// `behavior.drawsNothing`, read once.
    let drawsNothing: Bool
    /// `behavior.derivationParts`, read once (a type's parts are fixed) and kept with the declared
    /// defaults: a layer type then holds one reference, and every copy of a layer retains one less.
    var derivationParts: [DerivationPart] { declaredDefaults.derivationParts }

    public init(_ behavior: any LayerBehavior.Type) {
        self.behavior = behavior
        declaredDefaults = DefaultsCache.shared.defaults(for: behavior)
        derivesSublayers = behavior.derivesSublayers
        drawsNothing = behavior.drawsNothing
    }

    public var name: String { behavior.typeName }
    public var description: String { name }

    public static func == (a: LayerType, b: LayerType) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every property a layer of this type has: the base layer's, then the type's own.
    public var allProperties: [AnyPropertyKey] { Layer.baseProperties + behavior.properties }

    /// Whether layers of this type have the property `name`: one of `Layer.baseProperties` or of the
    /// type's own `properties`.
    public func has(_ name: PropertyName) -> Bool {
        declaredDefaults[name] != nil || Layer.baseProperties.contains { $0.propertyName == name }
    }

    /// The property named `name`, or nil.
    public func property(named name: String) -> AnyPropertyKey? {
        allProperties.first { $0.name == name }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A layer type's declared defaults (and its derivation parts), built once per type and shared by
/// every layer of the type.
///
/// Read on every property read that the layer has not set (most reads: a frame reads each drawing
/// property of each layer), so a lookup is one bucket of 64 chosen by the name's hash code, not a
/// scan of the type's 10–20 properties; a bucket holds one name or none in practice.
final class DeclaredDefaults: @unchecked Sendable {
    /// Entries sorted by bucket; bucket b holds entries start[b]..<start[b + 1].
    let names: [PropertyName]
    let values: [PropertyValue]
    let start: [Int]
    /// The type's `derivationParts` (`LayerType.derivationParts`).
    let derivationParts: [DerivationPart]
    /// The shape style of the type's layers where they set none of it (`ShapeStyle.drawing`),
    /// converted once.
    let shapeStyle: ShapeStyle.Defaults

    init(_ keys: [AnyPropertyKey], derivationParts: [DerivationPart] = []) {
        self.derivationParts = derivationParts
        var entries: [(PropertyName, PropertyValue)] = []
        // A name declared twice keeps its last default.
        for key in keys {
            if let i = entries.firstIndex(where: { $0.0 == key.propertyName }) {
                entries[i].1 = key.defaultValue
            } else {
                entries.append((key.propertyName, key.defaultValue))
            }
        }
        shapeStyle = ShapeStyle.Defaults { name in entries.first { $0.0 == name }?.1 }
        let sorted = entries.enumerated().sorted { a, b in
            let ba = a.element.0.bucket, bb = b.element.0.bucket
            return ba != bb ? ba < bb : a.offset < b.offset
        }.map(\.element)
        names = sorted.map(\.0)
        values = sorted.map(\.1)
        var start = [Int](repeating: 0, count: 65)
        for (name, _) in sorted { start[name.bucket + 1] += 1 }
        for b in 0..<64 { start[b + 1] += start[b] }
        self.start = start
    }

    /// The type's default for `name`, or nil when the type does not declare it.
    @inline(__always)
    subscript(name: PropertyName) -> PropertyValue? {
        let bucket = name.bucket
        var i = start[bucket]
        let end = start[bucket + 1]
        while i < end {
            if names[i] == name { return values[i] }
            i += 1
        }
        return nil
    }

    /// `convert` applied to the type's default for `name` where it sits (no copy), or nil when the
    /// type does not declare it.
    @inline(__always)
    func withValue<R>(_ name: PropertyName, _ convert: (PropertyValue) -> R) -> R? {
        let bucket = name.bucket
        var i = start[bucket]
        let end = start[bucket + 1]
        while i < end {
            if names[i] == name { return values.withUnsafeBufferPointer { convert($0[i]) } }
            i += 1
        }
        return nil
    }
}

/// Each layer type's declared defaults, built once per type (layers are created every frame by
/// components, and building the table each time dominated frame generation).
final class DefaultsCache: @unchecked Sendable {
    static let shared = DefaultsCache()
    private var tables: [ObjectIdentifier: DeclaredDefaults] = [:]
    private let lock = CacheLock()

    func defaults(for behavior: any LayerBehavior.Type) -> DeclaredDefaults {
        let name = ObjectIdentifier(behavior)
        lock.lock()
        defer { lock.unlock() }
        if let hit = tables[name] { return hit }
        let table = DeclaredDefaults(behavior.properties, derivationParts: behavior.derivationParts)
        tables[name] = table
        return table
    }
}
