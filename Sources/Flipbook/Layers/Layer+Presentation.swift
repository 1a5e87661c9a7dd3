extension Layer {
    /// The presentation copy of this subtree at `parentTime`: every property at its animated value,
    /// animations applied and removed, sublayers likewise, derived sublayers (components) added.
    /// The model (`self`) is unchanged.
    /// - Parameter parentTime: seconds in the superlayer's time (the scene time for the root).
    public func presentation(atParentTime parentTime: Double) -> Layer {
        let local = timing.layerLocalTime(parentTime)
        var copy = applyingOwnAnimations(atLocalTime: local)
        if !sublayers.isEmpty { copy.sublayers = sublayers.map { $0.presentation(atParentTime: local) } }
        // Components see their presented sublayers; theirs are appended in place (one allocation).
        let derived = type.derivesSublayers ? type.behavior.derivedSublayers(copy) : []
        if !derived.isEmpty {
            copy.sublayers.reserveCapacity(copy.sublayers.count + derived.count)
            for sublayer in derived { copy.sublayers.append(sublayer.presentation(atParentTime: local)) }
        }
        return copy
    }

    /// This layer with its own animations applied at `local` (seconds of its own time) and removed;
    /// its sublayers as they are (`LayerAlone` reads one layer so, without its subtree).
    func applyingOwnAnimations(atLocalTime local: Double) -> Layer {
        guard !animations.isEmpty else { return self }
        var copy = self, values = properties
        for keyed in animations {
            keyed.animation.apply(to: &values, parentTime: local)
        }
        copy.properties = values
        copy.animations = []
        return copy
    }

    /// The value `key` shows at `parentTime`: the model with this layer's animations applied.
    public func presentationValue(of key: AnyPropertyKey, atParentTime parentTime: Double) -> PropertyValue {
        let local = timing.layerLocalTime(parentTime)
        var values = properties
        for keyed in animations where keyed.animation.keys.contains(key.name) {
            keyed.animation.apply(to: &values, parentTime: local)
        }
        return values[key.propertyName] ?? type.declaredDefaults[key.propertyName] ?? key.defaultValue
    }

    /// Sets `value` for `key` as a change inside `transaction` at `parentTime`: the model takes the new
    /// value and, unless actions are disabled, the layer type's action for the key animates from the
    /// presentation value at that instant (retargeting a running animation starts where it is).
    /// The implicit animation is added under the key's name, replacing an earlier one for the key.
    public mutating func set(_ key: AnyPropertyKey, to value: PropertyValue, atParentTime parentTime: Double,
                             transaction: Transaction) {
        let from = presentationValue(of: key, atParentTime: parentTime)
        properties[key.propertyName] = value
        guard !transaction.disableActions,
              var action = type.behavior.action(for: PropertyChange(key: key, from: from, to: value), of: self,
                                                in: transaction) else { return }
        action.timing.beginTime = timing.layerLocalTime(parentTime)
        add(action, forKey: key.name)
    }

    /// Typed form of `set(_:to:atParentTime:transaction:)`.
    public mutating func set<V>(_ key: PropertyKey<V>, to value: V, atParentTime parentTime: Double,
                                transaction: Transaction = Transaction()) {
        set(AnyPropertyKey(key), to: value.propertyValue, atParentTime: parentTime, transaction: transaction)
    }

    /// Applies `body` to the layer with `id` in this subtree, passing the time in that layer's parent;
    /// returns false when no layer has the id.
    @discardableResult
    public mutating func withLayer(id: String, parentTime: Double, _ body: (inout Layer, Double) -> Void) -> Bool {
        if self.id == id {
            body(&self, parentTime)
            return true
        }
        let local = timing.layerLocalTime(parentTime)
        for index in sublayers.indices where sublayers[index].withLayer(id: id, parentTime: local, body) {
            return true
        }
        return false
    }
}
