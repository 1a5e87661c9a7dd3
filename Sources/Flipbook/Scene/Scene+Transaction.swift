import Easing

/// Property changes made together at one scene time (CATransaction's begin … commit), as a scope.
///
/// ```swift
/// try scene.transaction(at: 1.0, duration: 0.5) { t in
///     t.set(.endAngle, to: .degrees(90), onLayer: "slice")
///     t.nested(disableActions: true) { inner in inner.set(.fillColor, to: .red, onLayer: "slice") }
/// }
/// ```
/// Each `set` becomes a timed change of the scene under the transaction in effect when it is made, so
/// changing `duration` between two sets affects only the later one, as in Core Animation (the action
/// is created when the property is set). A nested transaction starts with the values of the one it is
/// in and overrides only what it is given. Layer types' actions decide what animates.
public struct SceneTransaction: Sendable {
    /// Scene time of the changes, seconds.
    public let time: Double
    /// The transaction the next `set` is made under: duration, timing function and disableActions.
    public var current: Transaction
    /// The changes made so far, in order.
    public private(set) var changes: [TimedChange] = []

    init(time: Double, current: Transaction) {
        self.time = time
        self.current = current
    }

    /// Seconds implicit animations last from here on, > 0 (CATransaction's animationDuration).
    public var duration: Double {
        get { current.duration }
        set { current.duration = newValue }
    }

    /// Sets `key` to `value` on the layer with `id` at this transaction's time.
    public mutating func set<V>(_ key: PropertyKey<V>, to value: V, onLayer id: String) {
        changes.append(TimedChange(time: time, layerID: id, assignments: [.init(key, value)], transaction: current))
    }

    /// Adds `layer` (with its sublayers) to the layer `parent` at `index` among its sublayers (nil: on
    /// top) at this transaction's time; its time starts then (`TimedChange.Edit.add`).
    public mutating func add(_ layer: Layer, to parent: String, at index: Int? = nil) {
        changes.append(.add(layer, to: parent, at: index, time: time))
    }

    /// Removes the layer `id` (with its sublayers) at this transaction's time.
    public mutating func remove(_ id: String) {
        changes.append(.remove(id, time: time))
    }

    /// A transaction inside this one: it inherits this one's values, with the given ones overridden;
    /// its changes join this one's in order.
    public mutating func nested(duration: Double? = nil, timingFunction: TimingFunction? = nil,
                                disableActions: Bool? = nil, _ body: (inout SceneTransaction) -> Void) {
        var inner = SceneTransaction(time: time, current: current.overriding(duration, timingFunction, disableActions))
        body(&inner)
        changes += inner.changes
    }
}

/// A change named a layer the scene does not have.
public struct UnknownLayerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The id that matched no layer.
    public var layerID: String
    public var description: String { "no layer has the id '\(layerID)'" }
}

extension Transaction {
    /// This transaction with the non-nil values replaced.
    func overriding(_ duration: Double?, _ timingFunction: TimingFunction?, _ disableActions: Bool?) -> Transaction {
        Transaction(duration: duration ?? self.duration, timingFunction: timingFunction ?? self.timingFunction,
                    disableActions: disableActions ?? self.disableActions)
    }
}

extension Scene {
    /// Makes the changes in `body` (properties set, layers added and removed) at scene time `time` under one transaction (defaults: Core
    /// Animation's 0.25 s and default timing, actions enabled) and adds them to `changes`.
    /// Nothing is added when a change names a layer the model tree does not have.
    /// - Throws: `UnknownLayerError` naming the first such id.
    public mutating func transaction(at time: Double, duration: Double? = nil, timingFunction: TimingFunction? = nil,
                                     disableActions: Bool? = nil, _ body: (inout SceneTransaction) -> Void) throws(UnknownLayerError) {
        var scope = SceneTransaction(time: time, current: Transaction().overriding(duration, timingFunction, disableActions))
        body(&scope)
        // A change may name any layer of the model or one a change adds.
        var known = Set(root.allLayers.map(\.id))
        for change in changes + scope.changes {
            if case .add(let layer, _)? = change.edit { known.formUnion(layer.allLayers.map(\.id)) }
        }
        if let missing = scope.changes.first(where: { !known.contains($0.layerID) }) {
            throw UnknownLayerError(layerID: missing.layerID)
        }
        changes += scope.changes
    }
}
