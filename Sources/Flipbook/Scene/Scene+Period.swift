extension Scene {
    /// The period, seconds, after which the scene repeats itself exactly from time 0, when it has one:
    /// every animation of every layer (replicators' instances included) repeats forever from scene
    /// time 0 or earlier (`repeatCount` infinite, no `repeatDuration`, speed > 0, not cumulative, and
    /// already active at 0 as the engine computes it: its layer's time at 0 is at or after its
    /// `beginTime`; any finite `timeOffset`), every layer's own timing runs forward (speed > 0, any
    /// finite begin and offset), each animation's cycle in scene time (cycle duration over its speed
    /// and its layers' speeds) divides the longest one a whole number of times (within 1e-9 of it),
    /// and there are no timed changes. Then every animation's progress repeats with its cycle at every
    /// t ≥ 0, whatever its phase, and the presentation at t equals the presentation at t − period for
    /// every t ≥ period: exporters write one cycle and repeat it. Nil otherwise (also when nothing
    /// animates).
    public var period: Double? {
        guard changes.isEmpty else { return nil }
        var cycles: [Double] = []
        // `start`: the layer's parent time at scene time 0, computed as the engine computes it
        // (`MediaTiming.layerLocalTime`, layer by layer); `rate`: parent seconds per scene second.
        func visit(_ layer: Layer, start: Double, rate: Double) -> Bool {
            let timing = layer.timing
            guard timing.speed > 0, timing.speed.isFinite, timing.beginTime.isFinite, timing.timeOffset.isFinite else { return false }
            let local = timing.layerLocalTime(start), localRate = rate * timing.speed
            guard local.isFinite, localRate > 0, localRate.isFinite else { return false }
            for keyed in layer.animations {
                let animation = keyed.animation, t = animation.timing
                guard t.repeatCount == .infinity, t.repeatDuration == 0, t.beginTime.isFinite, local >= t.beginTime, t.timeOffset.isFinite,
                      t.speed > 0, t.speed.isFinite, !animation.isCumulative else { return false }
                let cycle = t.cycleDuration / t.speed / localRate
                guard cycle > 0, cycle.isFinite else { return false }
                cycles.append(cycle)
            }
            return layer.sublayers.allSatisfy { visit($0, start: local, rate: localRate) }
        }
        guard visit(root.expandingReplicators(), start: 0, rate: 1), let longest = cycles.max() else { return nil }
        for cycle in cycles {
            let ratio = longest / cycle
            guard abs(ratio - ratio.rounded()) <= 1e-9 * ratio else { return nil }
        }
        return longest
    }

    /// The one cycle an exporter writes instead of the whole scene, and how many times it repeats
    /// (`.infinity` for a looping scene): when the scene has a `period` no longer than half its
    /// duration (and, for a looping scene, a duration that is a whole number of periods). Nil otherwise.
    public var repeatingCycle: (cycle: Scene, repeats: Double)? {
        guard let period, period * 2 <= duration else { return nil }
        let repeats = duration / period
        if loops && abs(repeats - repeats.rounded()) > 1e-9 * repeats { return nil }
        var cycle = self
        cycle.duration = period
        cycle.loops = false
        return (cycle, loops ? .infinity : repeats)
    }
}
