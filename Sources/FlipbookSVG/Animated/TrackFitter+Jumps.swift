import Flipbook

/// Jumps: where the fitter finds the engine's own jump next to a knot, and where the keys of a
/// jump are placed so that players seeking a frame instant show the engine's value there.
extension TrackFitter {
    /// `keys` with each jump (two keys at one instant) placed clear of the frame instants (i/fps), so
    /// that a player which reads a frame's time a little off shows the engine's value there:
    ///
    /// - **Just after a frame.** A jump less than `FrameInstants.gap` after a frame moves to that
    ///   frame plus the gap, the value before it held until then (one more key), the segment after
    ///   it begun there on its own curve (`split`: the value it reaches, the rest of its easing; it had
    ///   started there from the jump's value, up to its rate times the gap off). Chromium's SMIL
    ///   computes key times in single precision (about 6e-8 of the duration), and an imported file's
    ///   layer that ends 84 ns after frame 62 (After Effects' frame numbers, 62.0000025) showed its
    ///   value after the end at that frame, where the engine and the players show the value before
    ///   it. A jump whose next key comes before the new instant stays where it is.
    /// - **At a frame** (or up to 1e-9 of its time before it, where decimal sums put a knot), for the
    ///   first `seekedFrames` frames: the engine shows the value after the jump there, and the jump
    ///   moves a gap before the frame, its value after held to the jump's own key. Chromium seeks a
    ///   float, then whole microseconds, truncated (`FrameInstants.seekedByChromium`):
    ///   frame 21 of a 30 fps scene (0.7 s) was read at 0.699999 s and showed the value before a
    ///   jump written at 0.6999999996 s (the replicator spinner's sixth bar, 413 px off). The
    ///   segment before ends there, on its own curve (`split`); keys less than the gap before the
    ///   frame give way to it. With `seekedFrames` 0 (the default, and Lottie's, whose keys are
    ///   frame numbers) no jump at a frame moves. A looping scene's end is no frame it seeks (its
    ///   next cycle's first frame is frame 0).
    ///
    /// The values between the jump's new instant and the frame are the ones no frame sees.
    static func holdingJumpsClearOfFrames(_ keys: [Keyframe], fps: Double, duration: Double, seekedFrames: Int = 0) -> [Keyframe] {
        guard fps > 0, keys.count >= 3 else { return keys }
        let gap = FrameInstants.gap(duration: duration)
        var out: [Keyframe] = []
        out.reserveCapacity(keys.count + 2)
        var i = 0
        while i < keys.count {
            guard i > 0, i + 1 < keys.count, keys[i + 1].time == keys[i].time else {
                out.append(keys[i])
                i += 1
                continue
            }
            if let frame = FrameInstants.frameJustBefore(keys[i].time, fps: fps, duration: duration),
               case let moved = frame + gap, i + 2 >= keys.count || moved < keys[i + 2].time, moved <= duration {
                out.append(keys[i])
                out.append(Keyframe(time: moved, value: keys[i].value, curve: nil))
                // The segment after it begins at `moved`, on its own curve.
                let split = i + 2 < keys.count ? Self.split(keys[i + 1], keys[i + 2], at: moved) : nil
                out.append(Keyframe(time: moved, value: split?.value ?? keys[i + 1].value, curve: split?.after ?? keys[i + 1].curve))
                i += 2
                continue
            }
            if let index = FrameInstants.frameAtOrJustAfter(keys[i].time, fps: fps), index > 0, index < seekedFrames,
               case let frame = Double(index) / fps, case let moved = frame - gap,
               let kept = out.lastIndex(where: { $0.time < moved }) {
                // The segment into the jump ends at `moved`: the part of its curve up to there, and
                // the value it reaches there (keys after `moved` give way, the first one ending it).
                let end = kept + 1 < out.count ? out[kept + 1] : keys[i]
                let split = Self.split(out[kept], end, at: moved)
                out.removeSubrange((kept + 1)...)
                if let split { out[kept].curve = split.before }
                out.append(Keyframe(time: moved, value: split?.value ?? end.value, curve: nil))
                out.append(Keyframe(time: moved, value: keys[i + 1].value, curve: nil))
                out.append(keys[i + 1])
                i += 2
                continue
            }
            out.append(keys[i])
            i += 1
        }
        return out
    }

    /// The segment from `key` to `next` split at `t` (between them): the value it reaches there, and
    /// its curve's parts before and after (nil: linear). Nil when the values do not mix (of other
    /// counts) or do not change (the segment is constant: no split needed).
    static func split(_ key: Keyframe, _ next: Keyframe, at t: Double) -> (value: [Double], before: UnitCurve?, after: UnitCurve?)? {
        guard next.time > key.time, key.value.count == next.value.count, key.value != next.value else { return nil }
        let x = (t - key.time) / (next.time - key.time)
        let y = (key.curve ?? .linear).value(at: x)
        return (zip(key.value, next.value).map { $0 + ($1 - $0) * y },
                key.curve.map { $0.piece(from: 0, to: x) ?? .linear }, key.curve.map { $0.piece(from: x, to: 1) ?? .linear })
    }

    /// The first instant within 64 ulps after `a` (and at most `b`) where the value has jumped from
    /// its value at `a` (by over 2e-6 of the larger: `exactSegment`'s tolerance), or nil when there
    /// is none: one evaluation when there is none, found by halving the ulps (six more) when there is.
    /// A continuous value moves less than that over 64 ulps unless it changes by 2e8 a second or so.
    static func jumpJustAfter(_ a: Double, upTo b: Double, value: Evaluated) -> Double? {
        guard a.isFinite, b > a else { return nil }
        return edge(from: a, stepping: \.nextUp, within: { $0 <= b }, value: value)?.changed
    }

    /// The first instant within 64 ulps before `b` (and after `a`) from which the value is already
    /// its value at `b`, where it differs there from the value 64 ulps before (a jump, as
    /// `jumpJustAfter` tells one); nil when that is `b` itself or there is none.
    static func jumpJustBefore(_ b: Double, after a: Double, value: Evaluated) -> Double? {
        guard b.isFinite, b > a else { return nil }
        guard let edge = edge(from: b, stepping: \.nextDown, within: { $0 > a }, value: value), edge.same != b else { return nil }
        return edge.same
    }

    /// Where the value, stepped an ulp at a time from `origin` (up to 64 steps, each `within`),
    /// changes from its value at `origin` by over 2e-6 of the larger (at least 1): the last instant
    /// still the same and the first changed, found by halving the steps; nil when the farthest step
    /// is not changed (one evaluation).
    private static func edge(from origin: Double, stepping next: (Double) -> Double, within: (Double) -> Bool,
                             value: Evaluated) -> (same: Double, changed: Double)? {
        let start = value.remembered(origin)
        func changed(_ v: [Double]) -> Bool {
            guard v.count == start.count else { return false }
            let scale = max(1, (start + v).map(abs).max() ?? 1)
            return zip(start, v).contains { abs($0 - $1) > 2e-6 * scale }
        }
        var steps = [origin]
        while steps.count <= 64, case let n = next(steps[steps.count - 1]), within(n) { steps.append(n) }
        var lo = 0, hi = steps.count - 1   // the same at lo (origin); changed at hi, checked first
        guard hi > 0, changed(value.value(steps[hi])) else { return nil }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if changed(value.value(steps[mid])) { hi = mid } else { lo = mid }
        }
        return (steps[lo], steps[hi])
    }
}
