extension Animation {
    /// Applies this animation's value at `parentTime` to `values` (model values with earlier
    /// animations already applied), as the render tree composes animations.
    ///
    /// - Parameter inGroup: true for the animations of a group's `animations`, whose own
    ///   removedOnCompletion Core Animation ignores: a child that fills forwards holds its end value
    ///   for as long as the group applies.
    func apply(to values: inout PropertyTable, parentTime: Double, inGroup: Bool = false) {
        if let name = singleKey {
            // Basic, and keyframe without a path: the key's value over the value below it.
            if let value = value(over: values[name] ?? keyDefault, parentTime: parentTime, inGroup: inGroup) {
                values.set(name, value)
            }
            return
        }
        guard let state = timing.state(atParentTime: parentTime, removedOnCompletion: isRemovedOnCompletion && !inGroup) else { return }
        // (Paced modes ignore the easing, as in `value(over:parentTime:inGroup:)`.)
        let eased = isPaced ? state.progress : timingFunction.value(at: state.progress, beforeFlag: state.beforeFlag)
        switch content {
        case .keyframe(let keyframe):
            // Along a path (`singleKey` takes the others).
            guard keyframe.path != nil else { return }
            let current = values[keyframe.key.propertyName] ?? keyframe.key.defaultValue
            let paced = keyframe.calculationMode == .paced || keyframe.calculationMode == .cubicPaced
            guard let (point, tangent) = keyframe.resolved.motion?.sample(at: eased, paced: paced) else { return }
            values.set(keyframe.key.propertyName, compose(.point(point), current: current, start: .point(point), end: .point(point), iteration: 0))
            if let mode = keyframe.rotationMode {
                let rotationKey = PropertyKey<Angle>.rotation
                let model = values[rotationKey.propertyName].flatMap(Angle.init(propertyValue:)) ?? rotationKey.defaultValue
                let turn = mode == .autoReverse ? Angle(radians: .pi) : .zero
                values.set(rotationKey.propertyName, .angle(model + tangent + turn))
            }

        case .group(let children):
            let childTime = eased * timing.simpleDuration
            for child in children {
                child.apply(to: &values, parentTime: childTime, inGroup: true)
            }

        case .basic:
            break   // (`singleKey`)
        }
    }

    /// The key of an animation that sets one property from the value below it alone: a basic one, or
    /// a keyframe one without a path (a path may turn the layer's rotation too); nil for the others.
    /// Applying it is `value(over:parentTime:inGroup:)` on that key.
    var singleKey: PropertyName? {
        switch content {
        case .basic(let basic): basic.key.propertyName
        case .keyframe(let keyframe): keyframe.path == nil ? keyframe.key.propertyName : nil
        case .group: nil
        }
    }

    /// The default of the key of a single-key animation (`singleKey`): the value below it where nothing
    /// is set.
    private var keyDefault: PropertyValue {
        switch content {
        case .basic(let basic): basic.key.defaultValue
        case .keyframe(let keyframe): keyframe.key.defaultValue
        case .group: .flag(false)   // (never read: a group has no single key)
        }
    }

    /// The value a single-key animation (`singleKey`) gives its key at `parentTime`, over `current`,
    /// the value below it (the model's, or the earlier animations' on the key); nil when the animation
    /// does not apply at that time (the value below stays) or has no key.
    @inline(__always)
    func value(over current: PropertyValue, parentTime: Double, inGroup: Bool = false) -> PropertyValue? {
        guard let state = timing.state(atParentTime: parentTime, removedOnCompletion: isRemovedOnCompletion && !inGroup) else { return nil }
        // Paced modes give the animation a constant velocity: Apple's kCAAnimationPaced and
        // kCAAnimationCubicPaced ignore keyTimes and the timing functions, the animation's own included.
        let eased = isPaced ? state.progress : timingFunction.value(at: state.progress, beforeFlag: state.beforeFlag)
        switch content {
        case .basic(let basic):
            let base = isAdditive ? (PropertyValue.zero(like: basic.key.defaultValue) ?? current) : current
            let (a, b) = basic.endpoints(current: base)
            let value = PropertyValue.interpolate(a, b, eased, colorSpace: colorSpace)
            return compose(value, current: current, start: a, end: b, iteration: state.iteration)
        case .keyframe(let keyframe):
            guard keyframe.path == nil, !keyframe.values.isEmpty else { return nil }
            let value = keyframe.value(at: eased, beforeFlag: state.beforeFlag)
            return compose(value, current: current, start: keyframe.values[0],
                           end: keyframe.values[keyframe.values.count - 1], iteration: state.iteration)
        case .group:
            return nil
        }
    }

    /// Whether this is a keyframe animation in a paced calculation mode (its easing is ignored).
    public var isPaced: Bool {
        // Tested before binding: binding the payload copies a keyframe animation's arrays.
        guard case .keyframe = content, case .keyframe(let keyframe) = content else { return false }
        return keyframe.calculationMode == .paced || keyframe.calculationMode == .cubicPaced
    }

    /// Adds the cumulative offset (iteration × (end − start)) and, for an additive animation, the
    /// current value.
    private func compose(_ value: PropertyValue, current: PropertyValue, start: PropertyValue, end: PropertyValue,
                         iteration: Int) -> PropertyValue {
        var result = value
        if isCumulative && iteration != 0,
           let delta = PropertyValue.subtract(end, start), let step = delta.scaled(Double(iteration)),
           let sum = PropertyValue.add(result, step) {
            result = sum
        }
        if isAdditive, let sum = PropertyValue.add(current, result) {
            result = sum
        }
        return result
    }
}
