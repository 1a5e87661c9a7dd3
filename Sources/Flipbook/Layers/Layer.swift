/// A node of the layer tree: what the user set (the model), its animations and its sublayers.
///
/// A value type: `presentation(atParentTime:)` returns a copy with every animated property resolved,
/// and the model is never changed by animations. Geometry follows Core Animation: `position` is where
/// the `anchorPoint` (a unit point of `bounds`) sits in the superlayer.
public struct Layer: Hashable, Sendable {
    /// Unique within a scene; how timed changes and dumps name the layer.
    public var id: String
    /// What the layer draws and which properties it adds.
    public var type: LayerType
    /// Values set by the user, by property name; unset properties have their key's default.
    public var properties: PropertyTable
    /// Children, drawn in order above the layer's own content (then sorted by `zPosition`).
    public var sublayers: [Layer]
    /// Explicit animations in the order added.
    public var animations: [KeyedAnimation]
    /// The layer's own time: beginTime, speed and timeOffset apply to its animations and sublayers.
    public var timing: MediaTiming
    /// Whether this layer is its superlayer's `mask`: held among the sublayers (so it is presented,
    /// timed and named as one) but never drawn as one. Default false.
    public var isMask = false
    /// How `mask` masks the layer: by its alpha or its luminance, each possibly inverted (kept where
    /// the mask is transparent, or dark). Set on the masked layer; not animated. Default `.alpha`.
    public var maskMode: MaskMode = .alpha

    public init(id: String, type: any LayerBehavior.Type = PlainLayer.self, sublayers: [Layer] = []) {
        self.init(id: id, type: LayerType(type), sublayers: sublayers)
    }

    /// A layer placed by its frame (`Layer.frame`, in its superlayer's coordinates, pixels), as
    /// `CALayer()` with `frame` set.
    public init(id: String, type: any LayerBehavior.Type = PlainLayer.self, frame: Rect, sublayers: [Layer] = []) {
        self.init(id: id, type: LayerType(type), sublayers: sublayers)
        self.frame = frame
    }

    /// A layer of an already looked-up type (components that create layers every frame keep one).
    public init(id: String, type: LayerType, sublayers: [Layer] = []) {
        self.id = id
        self.type = type
        self.properties = PropertyTable()
        self.sublayers = sublayers
        self.animations = []
        self.timing = MediaTiming()
    }

    /// The value of a typed property: the set value, else the layer type's declared default, else the
    /// key's default.
    ///
    /// Keys are checked against the layer's type at run time, not by the compiler: every layer type is
    /// one `Layer` value, because a tree holds layers of any type (`sublayers: [Layer]`), types are
    /// registered at run time (components, scene files' `"type"`), and presenting, diffing and drawing
    /// walk every layer alike. Reading a key the type does not have (`layer[.fontSize]` on a shape
    /// layer) gives the key's default; setting one is a programming error that debug builds stop at
    /// with the type's and the key's names (`LayerType.has(_:)`), and release builds store unused.
    public subscript<V: PropertyValueConvertible>(key: PropertyKey<V>) -> V {
        @inline(__always) get {
            let name = key.propertyName
            if let set = properties.withValue(name, V.init(propertyValue:)) { return set ?? key.defaultValue }
            return type.declaredDefaults.withValue(name, V.init(propertyValue:))?.flatMap { $0 } ?? key.defaultValue
        }
        @inline(__always) set {
            // A value the layer holds already leaves it as it is (as `PropertyTable.set`), found without
            // making its `PropertyValue`.
            let name = key.propertyName
            assert(type.has(name), "\(type.name) layers have no property \(key.name) (a layer has the base layer's properties and its type's `properties`)")
            if let index = properties.index(of: name) {
                if properties.entries.withUnsafeBufferPointer({ newValue.isStored(as: $0[index].value) }) { return }
                properties.putValue(at: index, newValue.propertyValue)
            } else {
                properties.append(name, newValue.propertyValue)
            }
        }
    }

    /// The value of a property by erased key: the set value, the type's default, or the key's default.
    public func value(for key: AnyPropertyKey) -> PropertyValue {
        properties[key.propertyName] ?? type.declaredDefaults[key.propertyName] ?? key.defaultValue
    }

    /// Whether the property has been set (or animated, in a presentation layer).
    @inline(__always)
    public func isSet<V>(_ key: PropertyKey<V>) -> Bool { properties.contains(key.propertyName) }

    /// Adds an animation; one with the same key replaces the earlier one (`addAnimation:forKey:`).
    public mutating func add(_ animation: Animation, forKey key: String? = nil) {
        if let key { animations.removeAll { $0.key == key } }
        animations.append(KeyedAnimation(key: key, animation: animation))
    }

    /// Removes the animation added under `key`.
    public mutating func removeAnimation(forKey key: String) {
        animations.removeAll { $0.key == key }
    }

    /// The layer whose alpha masks this layer's content, sublayers, border and shadow (CALayer's
    /// `mask`), in this layer's coordinate space as a sublayer would be; never drawn itself. Nil for
    /// none (the default). A hidden mask masks everything out (inverted, nothing: `maskMode`).
    ///
    /// Held as the last sublayer marked `isMask`: it is presented, timed, named and changed as a
    /// sublayer, and the drawing walks (`forEachSublayerInDrawingOrder`) skip it.
    public var mask: Layer? {
        get { sublayers.last(where: \.isMask) }
        set {
            sublayers.removeAll(where: \.isMask)
            if var layer = newValue {
                layer.isMask = true
                sublayers.append(layer)
            }
        }
    }

    /// The layer's bounds, pixels: its own coordinate space (CALayer's `bounds`). Setting it keeps
    /// `position`, so the layer grows or shrinks around its anchor point, as Core Animation's does.
    public var bounds: Rect {
        @inline(__always) get { self[.bounds] }
        @inline(__always) set { self[.bounds] = newValue }
    }

    /// The first layer in this subtree (self included) with the given id.
    public func layer(withID id: String) -> Layer? {
        if self.id == id { return self }
        for sublayer in sublayers {
            if let found = sublayer.layer(withID: id) { return found }
        }
        return nil
    }

    /// Removes the layer `id` (with its sublayers) from this subtree: false when no sublayer has it.
    @discardableResult
    public mutating func removeSublayer(id: String) -> Bool {
        if let index = sublayers.firstIndex(where: { $0.id == id }) {
            sublayers.remove(at: index)
            return true
        }
        for index in sublayers.indices where sublayers[index].removeSublayer(id: id) { return true }
        return false
    }

    /// Every layer of the subtree, depth first, self first.
    public var allLayers: [Layer] { [self] + sublayers.flatMap(\.allLayers) }
}
