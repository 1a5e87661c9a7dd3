import Flipbook

/// Keys of a value with no interpolation (visibility, line cap, a text's content): the times where it
/// changes, found between samples by bisection and placed on the first instant of the new value.
struct DiscreteTrack<Value: Equatable> {
    let value: (Double) -> Value

    /// Keys where the value changes, each located by bisection between the instants observed: the
    /// knots and every frame time i/fps (computed as the scene computes them, so the observations
    /// are the frames' own instants and the sampler evaluates each once).
    func fit(knots: [Double], fps: Double, duration: Double) -> [(time: Double, value: Value)] {
        fit(observed: Self.observed(knots: knots, fps: fps, duration: duration), duration: duration, fps: fps)
    }

    /// The instants `fit(knots:fps:duration:)` observes: the knots and the frame times in
    /// [0, duration], and the duration, sorted, each once.
    static func observed(knots: [Double], fps: Double, duration: Double) -> [Double] {
        var times = Set(knots)
        if fps > 0 && duration > 0 {
            let count = Int(saturating: (duration * fps).rounded(.up))
            for i in 0..<count where Double(i) / fps < duration { times.insert(Double(i) / fps) }
            times.insert(duration)
        }
        return times.filter { $0 >= 0 && $0 <= duration }.sorted()
    }

    /// Keys where the value changes between the `observed` instants (`observed(knots:fps:duration:)`).
    ///
    /// With `holdMotion`, a value that moves all the way between two instants (its middle differs
    /// from both ends, and it has not changed 1 µs after the first) is held until the second, not
    /// bisected: a path whose structure changes somewhere (a rounded bar growing past twice its
    /// corner radius) is written as a discrete track, and bisecting each frame's motion to where its
    /// rounded text first differs cost 36 evaluations of the whole tree a frame (727 instants for
    /// one bar over 61 frames) for a key no frame shows. Jumps (the middle equals an end) are still
    /// bisected to their instant.
    ///
    /// `fps` tells the frame instants among the observed ones (i/fps, as `observed` makes them): a
    /// change is never placed after a frame that shows the new value. 0 when none is a frame.
    func fit(observed sorted: [Double], duration: Double, holdMotion: Bool = false, fps: Double = 0) -> [(time: Double, value: Value)] {
        let gap = FrameInstants.gap(duration: duration)
        var keys: [(Double, Value)] = [(0, value(0))]
        // Each observed instant is evaluated once (b's value is the next pair's a; instants looked at
        // ahead, below, are kept).
        var seen = [Value?](repeating: nil, count: sorted.count)
        func observedValue(_ i: Int) -> Value {
            if let v = seen[i] { return v }
            let v = value(sorted[i])
            seen[i] = v
            return v
        }
        for j in sorted.indices.dropFirst() {
            let a = sorted[j - 1], b = sorted[j]
            let va = observedValue(j - 1), vb = observedValue(j)
            if va == vb { continue }
            // Less than a gap after `a`: the change is placed a gap after it when every instant
            // observed up to then, and the first one after, shows b's value (the value between them
            // taken as theirs, as between any two instants that agree), else at b. So a layer whose
            // in-point is 16 ns after a frame (an imported file's frame 12.0000005, among other
            // layers' knots a few nanoseconds apart) is not written as switching before the frame,
            // where the writers' early shift would take a switch keyed at its in-point.
            // Unless a frame lies there, after `a` and within the gap: then at b, which that frame's
            // value follows (a knot 2 µs before a frame that shows a switched gradient had put the
            // switch 4.8 µs after the frame, which showed the old one: generated gradient changes).
            if b - a < gap {
                let frameWithin = fps > 0 && sorted[j...].prefix { $0 <= a + gap }.contains { $0 == ($0 * fps).rounded() / fps }
                var m = j + 1
                while m < sorted.count && sorted[m] <= a + gap && observedValue(m) == vb { m += 1 }
                if !frameWithin && m < sorted.count && sorted[m] > a + gap && observedValue(m) == vb {
                    keys.append((a + gap, vb))
                } else {
                    keys.append((b, vb))
                }
                continue
            }
            // A change within `gap` after `a` is placed at that bound below, wherever bisection would
            // find it: tried first, as changes usually happen at an observed instant (a knot, a frame),
            // and then the 40-odd bisection steps are spared.
            let soon = a + gap
            if soon < b, case let shown = value(soon), shown != va {
                keys.append((soon, shown))
                if vb != shown { keys.append((b, vb)) }
                continue
            }
            if holdMotion, case let middle = value(0.5 * (a + b)), middle != va, middle != vb {
                keys.append((b, vb))
                continue
            }
            var lo = a, hi = b
            for _ in 0..<48 where hi - lo > 1e-12 {
                let mid = 0.5 * (lo + hi)
                if value(mid) == va { lo = mid } else { hi = mid }
            }
            // Prefer a round time (a frame time lands exactly on it) that already shows the new value;
            // keep the change clear of the sample before it, so written key times stay ordered.
            var change = hi
            let rounded = (hi * 1e6).rounded() / 1e6
            if rounded > lo && rounded <= hi + 1e-9 && value(rounded) != va { change = rounded }
            if change - a < gap { change = min(b, a + gap) }
            keys.append((change, value(change)))
            if vb != keys[keys.count - 1].1 { keys.append((b, vb)) }
        }
        return keys
    }
}
