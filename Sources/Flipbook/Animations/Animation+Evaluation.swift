extension Animation {
    /// Applies this animation's value at `parentTime` to `values` (model values with earlier
    /// animations already applied), as the render tree composes animations.
    ///
    /// - Parameter inGroup: true for the animations of a group's `animations`, whose own
    ///   removedOnCompletion Core Animation ignores: a child that fills forwards holds its end value
    ///   for as long as the group applies.
    func apply(to values: inout PropertyTable, parentTime: Double, inGroup: Bool = false) {
        guard let state = timing.state(atParentTime: parentTime, removedOnCompletion: isRemovedOnCompletion && !inGroup) else { return }
        // Paced modes give the animation a constant velocity: Apple's kCAAnimationPaced and
        // kCAAnimationCubicPaced ignore keyTimes and the timing functions, the animation's own included.
        let eased = isPaced ? state.progress : timingFunction.value(at: state.progress, beforeFlag: state.beforeFlag)
        switch content {
        case .basic(let basic):
            let current = values[basic.key.propertyName] ?? basic.key.defaultValue
            let base = isAdditive ? (PropertyValue.zero(like: basic.key.defaultValue) ?? current) : current
            let (a, b) = basic.endpoints(current: base)
            let value = PropertyValue.interpolate(a, b, eased, colorSpace: colorSpace)
            values.set(basic.key.propertyName, compose(value, current: current, start: a, end: b, iteration: state.iteration))

        case .keyframe(let keyframe):
            let current = values[keyframe.key.propertyName] ?? keyframe.key.defaultValue
            if let path = keyframe.path {
                let paced = keyframe.calculationMode == .paced || keyframe.calculationMode == .cubicPaced
                guard let (point, tangent) = MotionPath(path).sample(at: eased, paced: paced, keyTimes: keyframe.keyTimes) else { return }
                values.set(keyframe.key.propertyName, compose(.point(point), current: current, start: .point(point), end: .point(point), iteration: 0))
                if let mode = keyframe.rotationMode {
                    let rotationKey = PropertyKey<Angle>.rotation
                    let model = values[rotationKey.propertyName].flatMap(Angle.init(propertyValue:)) ?? rotationKey.defaultValue
                    let turn = mode == .autoReverse ? Angle(radians: .pi) : .zero
                    values.set(rotationKey.propertyName, .angle(model + tangent + turn))
                }
                return
            }
            guard !keyframe.values.isEmpty else { return }
            let value = keyframe.value(at: eased, beforeFlag: state.beforeFlag)
            values.set(keyframe.key.propertyName, compose(value, current: current, start: keyframe.values[0],
                                                  end: keyframe.values[keyframe.values.count - 1], iteration: state.iteration))

        case .group(let children):
            let childTime = eased * timing.simpleDuration
            for child in children {
                child.apply(to: &values, parentTime: childTime, inGroup: true)
            }
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
