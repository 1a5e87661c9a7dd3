/// A layer that draws its sublayers `instanceCount` times (CAReplicatorLayer): instance k is the
/// sublayers moved by `instanceTransform` applied k times around the layer's centre, running
/// k × `instanceDelay` later, their colours multiplied by `instanceColor` plus k times the offsets.
///
/// The instances are layers of the model every output draws (`Layer.expandingReplicators()`, which
/// `Scene` applies after its timed changes): instance 0 is the sublayers themselves, in a container
/// named "<id>.instance0"; instance k ≥ 1 is a copy whose ids end ".i<k>" (scene ids hold no '.', so
/// they never meet a user's id). A timed change to a replicated layer changes every instance.
///
/// Instance properties take effect at once where timed changes set them; they are not animated (an
/// animation of one is refused by the scene loader).
public enum ReplicatorLayer: LayerBehavior {
    public static let typeName = "replicator"
    public static let derivesSublayers = false
    public static let drawsNothing = true
    public static func draw(_ layer: Layer) -> [DrawItem] { [] }

    /// Number of copies of the sublayers drawn, ≥ 0 (0 draws none; fractions round down). Default 1.
    public static let instanceCount = PropertyKey<Double>("instanceCount", default: 1)
    /// Seconds between one instance's time and the next's: instance k runs k × delay later. Default 0.
    public static let instanceDelay = PropertyKey<Double>("instanceDelay", default: 0)
    /// The transform from each instance to the next, around the centre of the bounds (applied k times
    /// to instance k). Default identity.
    public static let instanceTransform = PropertyKey<Transform2D>("instanceTransform", default: .identity)
    /// The colour instance 0's colours are multiplied by, component by component. Default white.
    public static let instanceColor = PropertyKey<Color>("instanceColor", default: .white)
    /// Added to the multiplier's red for each further instance, [−1, 1]. Default 0.
    public static let instanceRedOffset = PropertyKey<Double>("instanceRedOffset", default: 0)
    /// Added to the multiplier's green for each further instance. Default 0.
    public static let instanceGreenOffset = PropertyKey<Double>("instanceGreenOffset", default: 0)
    /// Added to the multiplier's blue for each further instance. Default 0.
    public static let instanceBlueOffset = PropertyKey<Double>("instanceBlueOffset", default: 0)
    /// Added to the multiplier's alpha for each further instance. Default 0.
    public static let instanceAlphaOffset = PropertyKey<Double>("instanceAlphaOffset", default: 0)

    public static let properties = AnyPropertyKey.list(instanceCount, instanceDelay, instanceTransform, instanceColor,
                                                       instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset)

    /// The most instances one replicator draws: a larger count draws this many (the scene loader
    /// refuses a scene whose instances pass its layer limit, naming the count).
    public static let maxInstances = 100_000

    /// How many instances `layer` draws: its count, rounded down, within [0, `maxInstances`].
    public static func count(of layer: Layer) -> Int {
        let n = layer[instanceCount]
        guard n.isFinite, n >= 1 else { return 0 }
        return Int(min(n, Double(maxInstances)))
    }

    /// The colour multiplier of instance `k`: instanceColor plus k times each offset, each component
    /// clamped to [0, 1].
    public static func color(of layer: Layer, instance k: Int) -> Color {
        let c = layer[instanceColor], d = Double(k)
        func clamp(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        return Color(red: clamp(c.red + d * layer[instanceRedOffset]), green: clamp(c.green + d * layer[instanceGreenOffset]),
                     blue: clamp(c.blue + d * layer[instanceBlueOffset]), alpha: clamp(c.alpha + d * layer[instanceAlphaOffset]))
    }
}

extension Layer {
    /// Whether this subtree holds a replicator layer.
    public var containsReplicator: Bool {
        type == LayerType(ReplicatorLayer.self) || sublayers.contains { $0.containsReplicator }
    }

    /// How many layers this subtree has once its replicators draw their instances (each instance's
    /// container counted); saturating.
    public var expandedLayerCount: Int {
        let inner = sublayers.reduce(0) { $0.addingReportingOverflow($1.expandedLayerCount).overflow ? Int.max : $0 + $1.expandedLayerCount }
        guard type == LayerType(ReplicatorLayer.self) else { return inner == Int.max ? inner : inner + 1 }
        let n = ReplicatorLayer.count(of: self)
        let (each, o1) = (inner == Int.max ? Int.max : inner + 1).multipliedReportingOverflow(by: n)
        return o1 || each == Int.max ? Int.max : each + 1
    }

    /// This subtree with every replicator's sublayers replaced by its instances (`ReplicatorLayer`):
    /// instance k a plain container filling the replicator's bounds, its transform instanceTransform^k
    /// around the bounds' centre, its time k × instanceDelay later (its timing's beginTime), holding
    /// the sublayers with their colours multiplied by the instance's colour (`tinted(by:)`).
    public func expandingReplicators() -> Layer {
        guard containsReplicator else { return self }
        var layer = self
        layer.sublayers = sublayers.map { $0.expandingReplicators() }
        guard type == LayerType(ReplicatorLayer.self) else { return layer }
        let b = bounds, step = self[ReplicatorLayer.instanceTransform], delay = self[ReplicatorLayer.instanceDelay]
        var transform = Transform2D.identity
        var instances: [Layer] = []
        let count = ReplicatorLayer.count(of: self)
        instances.reserveCapacity(count)
        for k in 0..<count {
            var container = Layer(id: "\(id).instance\(k)")
            container[.bounds] = b
            container[.position] = b.center
            if k > 0 { transform = transform.concatenating(step) }
            if !transform.isIdentity { container[.transform] = transform }
            if delay.isFinite, delay != 0, k > 0 { container.timing.beginTime = Double(k) * delay }
            let tint = ReplicatorLayer.color(of: self, instance: k)
            container.sublayers = layer.sublayers.filter { !$0.isMask }.map { sublayer in
                var copy = k == 0 ? sublayer : sublayer.renamed(suffix: ".i\(k)")
                if tint != .white { copy = copy.tinted(by: tint) }
                return copy
            }
            instances.append(container)
        }
        // The replicator's own mask masks all the instances, once.
        layer.sublayers = instances + layer.sublayers.filter(\.isMask)
        return layer
    }

    /// The subtree with `suffix` after every id.
    func renamed(suffix: String) -> Layer {
        var layer = self
        layer.id += suffix
        layer.sublayers = sublayers.map { $0.renamed(suffix: suffix) }
        return layer
    }

    /// The subtree with every colour multiplied by `m`, component by component: every colour, colour
    /// list and gradient property (those left at a default too) and every value of the animations of
    /// such properties. Exact for animations in premultiplied sRGB (the default): multiplying both
    /// ends of an interpolation multiplies the interpolated value.
    public func tinted(by m: Color) -> Layer {
        var layer = self
        for key in type.allProperties where [.color, .colors, .gradient].contains(key.kind) {
            let value = self.value(for: key)
            let tinted = value.tinted(by: m)
            if tinted != value { layer.properties[key.name] = tinted }
        }
        layer.animations = animations.map { KeyedAnimation(key: $0.key, animation: $0.animation.tinted(by: m)) }
        layer.sublayers = sublayers.map { $0.tinted(by: m) }
        return layer
    }
}

extension PropertyValue {
    /// A colour, colour list or gradient with each colour multiplied by `m`; any other value as it is.
    public func tinted(by m: Color) -> PropertyValue {
        func times(_ c: Color) -> Color { Color(red: c.red * m.red, green: c.green * m.green, blue: c.blue * m.blue, alpha: c.alpha * m.alpha) }
        switch self {
        case .color(let c): return .color(times(c))
        case .colors(let list): return .colors(list.map(times))
        case .gradient(var g):
            for i in g.stops.indices { g.stops[i].color = times(g.stops[i].color) }
            return .gradient(g)
        default: return self
        }
    }
}

extension Animation {
    /// The animation with every value multiplied by `m` (`PropertyValue.tinted(by:)`), its children's too.
    func tinted(by m: Color) -> Animation {
        var copy = self
        switch content {
        case .basic(var b):
            guard [.color, .colors, .gradient].contains(b.key.kind) else { return self }
            b.from = b.from?.tinted(by: m); b.to = b.to?.tinted(by: m); b.by = b.by?.tinted(by: m)
            copy.content = .basic(b)
        case .keyframe(var k):
            guard [.color, .colors, .gradient].contains(k.key.kind) else { return self }
            k.values = k.values.map { $0.tinted(by: m) }
            copy.content = .keyframe(k)
        case .group(let children):
            copy.content = .group(children.map { $0.tinted(by: m) })
        }
        return copy
    }
}
