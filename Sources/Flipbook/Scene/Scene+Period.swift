extension Scene {
    /// The period, seconds, after which the scene repeats itself exactly from time 0, when it has one:
    /// every animation of every layer repeats forever from time 0 or earlier (`repeatCount` infinite,
    /// no `repeatDuration`, `beginTime` ≤ 0, any finite `timeOffset`, speed > 0, not cumulative: it
    /// is active at every t ≥ 0 and its progress repeats with its cycle, whatever its phase), its
    /// cycle in scene time (cycle duration / speed) divides the longest one a whole number of times
    /// (within 1e-9 of it), no layer has timing of its own, and there are no timed changes. Then the
    /// presentation at t equals the presentation at t − period for every t ≥ period: exporters write
    /// one cycle and repeat it. Nil otherwise (also when nothing animates).
    public var period: Double? {
        guard changes.isEmpty else { return nil }
        var cycles: [Double] = []
        func visit(_ layer: Layer) -> Bool {
            guard layer.timing == MediaTiming() else { return false }
            for keyed in layer.animations {
                let animation = keyed.animation, t = animation.timing
                guard t.repeatCount == .infinity, t.repeatDuration == 0, t.beginTime <= 0, t.beginTime.isFinite, t.timeOffset.isFinite,
                      t.speed > 0, t.speed.isFinite, !animation.isCumulative else { return false }
                let cycle = t.cycleDuration / t.speed
                guard cycle > 0, cycle.isFinite else { return false }
                cycles.append(cycle)
            }
            return layer.sublayers.allSatisfy(visit)
        }
        guard visit(root), let longest = cycles.max() else { return nil }
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
