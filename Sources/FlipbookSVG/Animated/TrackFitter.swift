import Flipbook

/// One key of a value track: the value at `time`, and the easing of the segment that starts here.
struct Keyframe {
    var time: Double
    var value: [Double]
    /// The curve to the next key (nil: linear).
    var curve: UnitCurve?
}

/// How a value track was encoded, for the report.
struct TrackSummary {
    /// True when every segment follows its exact curve (or holds constant).
    var exact: Bool
    var keyframes: Int
    /// Largest error of the sampled segments, in the track's units.
    var maxError: Double
}

/// Turns a value that changes over time into keyframes for SMIL.
///
/// ## Exact segments
/// Between knots (animation boundaries), a value that follows `v(a) + Δ·E(u)` for a known easing E — a
/// span's cubic-bezier (or the part of it the interval covers), linear, or constant — is one exact
/// segment. Each component may have its own Δ. A jump at the end of an interval (a snap back, a step)
/// becomes two keys at the same time. Consecutive knot intervals are merged when one curve covers them.
///
/// ## Sampled segments
/// Elsewhere (springs, elastic, composed easings, path morphs, changing structure) the track is
/// sampled adaptively: a linear segment is kept when the values at its seven eighths are within
/// `tolerance` of the straight line; otherwise it is halved, down to 1e-4 s, on a grid of instants
/// shared by every track (`Grid`).
struct TrackFitter {
    /// The value at a time; every call returns the same count of components.
    let value: (Double) -> [Double]
    /// Largest allowed error, in the track's units, as measured by `error`.
    let tolerance: Double
    /// The most keys sampling may place; past it a segment is kept as it is and the compiler's check
    /// decides (denser keys at the frame instants, or a reported fallback). Bounds the work a hostile
    /// value (a spring thrown 1e9 px) can cause. Default: no limit.
    var keyBudget = Int.max
    /// The most times sampling halves a knot interval (0…18, default 18: down to 2^-18 of it, and
    /// 1e-4 s).
    var maxDepth = 18
    /// The error between two values (default: the largest component difference).
    var error: ([Double], [Double]) -> Double = { a, b in zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) } }

    func fit(knots: [Double], spans: [Timeline.Span]) -> ([Keyframe], TrackSummary) {
        var knots = knots
        var moved: Double?   // where the last knot moved to: the engine's jump just after it
        var keys: [Keyframe] = []
        var exact = true
        var worst = 0.0
        var i = 0
        guard knots.count >= 2 else {
            return ([Keyframe(time: knots.first ?? 0, value: value(knots.first ?? 0), curve: nil)], TrackSummary(exact: true, keyframes: 1, maxError: 0))
        }
        let evaluated = Evaluated(value)
        while i < knots.count - 1 {
            let a = knots[i]
            var matched = false
            var j = min(knots.count - 1, i + 12)
            while j > i {
                if let segment = exactSegment(a, knots[j], spans: spans, checks: Self.checks(knots, i, j), value: evaluated) {
                    keys.append(Keyframe(time: a, value: segment.start, curve: segment.curve))
                    if let jump = segment.jumpFrom {
                        // Where the engine's own jump lies a few ulps before the knot (a cycle turning
                        // at a frame, 39.3 s, whose knot the decimal sums put at 39.300000000000004),
                        // the jump and the fit after it go there: held clear of the frame, it showed
                        // the value before where the engine shows the one after.
                        if let at = Self.jumpJustBefore(knots[j], after: a, value: evaluated) { knots[j] = at }
                        keys.append(Keyframe(time: knots[j], value: jump, curve: nil))
                    }
                    i = j
                    matched = true
                    break
                }
                j -= 1
            }
            if matched { continue }
            // The engine's boundary a few ulps after the knot (its own sums: a cycle begun at
            // −0.30000000000000004 turns at 2.1 where the knot, −0.30000000000000004 + 2.4, is
            // 2.0999999999999996): the value up to the jump is held to it, and the fit starts again
            // from it, a jump of two keys at one instant (held clear of a frame at the knot, as any).
            // (At the next knot itself, that knot begins the fit. Not at the first knot: a jump there
            // is no jump a player can hold clear of the frame at 0, `holdingJumpsClearOfFrames`.)
            if i > 0, moved != a, let jump = Self.jumpJustAfter(a, upTo: knots[i + 1], value: evaluated) {
                keys.append(Keyframe(time: jump, value: evaluated.remembered(a), curve: nil))
                if jump < knots[i + 1] { knots[i] = jump } else { knots.remove(at: i) }
                moved = jump
                continue
            }
            exact = false
            let b = knots[i + 1]
            worst = max(worst, sampled(a, b, into: &keys))
            i += 1
        }
        keys.append(Keyframe(time: knots[knots.count - 1], value: value(knots[knots.count - 1]), curve: nil))
        // Drop keys that repeat a constant run.
        var compact: [Keyframe] = []
        for key in keys {
            if compact.count >= 2, let last = compact.last, compact[compact.count - 2].value == last.value, last.value == key.value,
               last.time != key.time, compact[compact.count - 2].time != last.time {
                compact[compact.count - 1] = key
            } else {
                compact.append(key)
            }
        }
        return (compact, TrackSummary(exact: exact, keyframes: compact.count, maxError: worst))
    }

    private struct Segment {
        var start: [Double]
        var curve: UnitCurve?
        /// The value reached just before the end, when it differs from the value at the end.
        var jumpFrom: [Double]?
    }

    private static let fractions: [Double] = (1...7).map { Double($0) / 8 }

    /// Across several knot intervals (knots i to j), the curve must also hold at the knots inside and
    /// half way between each pair: seven samples of a long interval can all land where a periodic value
    /// happens to rest (a pulse that is flat half of each cycle).
    private static func checks(_ knots: [Double], _ i: Int, _ j: Int) -> [Double] {
        var checks: [Double] = []
        if j > i + 1 {
            for k in i..<j {
                if k > i { checks.append(knots[k]) }
                checks.append((knots[k] + knots[k + 1]) / 2)
            }
        }
        return checks
    }

    /// Where `exactSegment` samples [a, b]: the seven eighths of it, then the instants `checks`, as
    /// fractions of [a, b] and as the instants those fractions give back (not always `checks` to the
    /// bit).
    private static func samples(_ a: Double, _ b: Double, checks: [Double]) -> (fractions: [Double], times: [Double]) {
        let fractions = Self.fractions + checks.map { ($0 - a) / (b - a) }
        return (fractions, fractions.map { a + (b - a) * $0 })
    }

    /// Every instant `fit(knots:spans:)` may sample to find exact segments (the knots, and the samples
    /// of each interval of up to 12 knot intervals it may try), each once, in the order it would first
    /// ask for them: what a caller can evaluate ahead. Adaptive sampling (`sampled`) asks for more,
    /// which depend on the values.
    static func exactSampleInstants(knots: [Double]) -> [Double] {
        var instants = knots, seen = Set(knots.map(InstantTable.key))
        guard knots.count >= 2 else { return instants }
        for i in 0..<(knots.count - 1) {
            for j in stride(from: min(knots.count - 1, i + 12), to: i, by: -1) {
                for t in samples(knots[i], knots[j], checks: checks(knots, i, j)).times where seen.insert(InstantTable.key(t)).inserted {
                    instants.append(t)
                }
            }
        }
        return instants
    }

    /// A segment on [a, b] following a known curve exactly, or nil. `value` is the track's value,
    /// remembered across the intervals one `fit` tries (`Evaluated`).
    private func exactSegment(_ a: Double, _ b: Double, spans: [Timeline.Span], checks: [Double] = [], value: Evaluated) -> Segment? {
        let va = value.remembered(a), vb = value.remembered(b)
        // The seven eighths of [a, b], then the instants `checks` (fractions of [a, b]): a knot and
        // a half way instant by turns, from the knot inside after a.
        let (fractions, times) = Self.samples(a, b, checks: checks)
        guard vb.count == va.count else { return nil }
        var candidates: [UnitCurve?] = [nil]
        for span in spans where span.start <= a + 1e-9 && span.end >= b - 1e-9 && span.end > span.start {
            let x0 = (a - span.start) / (span.end - span.start), x1 = (b - span.start) / (span.end - span.start)
            let whole = UnitCurve(span.curve)
            if x0 <= 1e-12 && x1 >= 1 - 1e-12 {
                candidates.append(whole)
            } else if let piece = whole.piece(from: max(0, x0), to: min(1, x1)) {
                candidates.append(piece)
            }
        }
        if !checks.isEmpty && !Self.mayFit(va, vb, fractions: fractions, times: times, candidates: candidates, value: value) { return nil }
        let samples = times.indices.map { Self.isInnerKnot($0) ? value.remembered(times[$0]) : value.value(times[$0]) }
        // A structure that changes inside [a, b] follows no curve.
        guard samples.allSatisfy({ $0.count == va.count }) else { return nil }
        let scale = max(1, (va + vb + samples.flatMap { $0 }).map(abs).max() ?? 1)
        // Exact up to the easing solver: frames solve cubic-bezier x to 1e-7, as browsers do.
        let eps = 2e-6 * scale
        func fits(_ curve: UnitCurve?, end: [Double]) -> Bool {
            for (u, v) in zip(fractions, samples) {
                let e = curve?.value(at: u) ?? u
                for c in va.indices where abs(va[c] + (end[c] - va[c]) * e - v[c]) > eps { return false }
            }
            return true
        }
        // Constant.
        if samples.allSatisfy({ s in zip(s, va).allSatisfy { abs($0 - $1) <= eps } }) {
            let jump = zip(vb, va).allSatisfy { abs($0 - $1) <= eps } ? nil : va
            return Segment(start: va, curve: nil, jumpFrom: jump)
        }
        for curve in candidates {
            if fits(curve, end: vb) { return Segment(start: va, curve: curve, jumpFrom: nil) }
            // A jump at b: infer the end value from the last sample.
            let e = curve?.value(at: Self.fractions[6]) ?? Self.fractions[6]
            guard abs(e) > 0.1 else { continue }
            let end = va.indices.map { va[$0] + (samples[6][$0] - va[$0]) / e }
            if fits(curve, end: end) { return Segment(start: va, curve: curve, jumpFrom: end) }
        }
        return nil
    }

    /// Whether `exactSegment` could find a segment across several knot intervals, judged by the
    /// knots inside alone (and the sample at seven eighths, which a jump's end is inferred from):
    /// false only where it would return nil, so the interval's other instants need not be evaluated.
    /// Those knots are asked for by every interval tried across them and evaluated once; the other
    /// instants are the interval's own (confetti.json's 200 pieces, each with 40 eased keys: 12
    /// intervals tried from each knot, each with its own instants, a whole-tree evaluation each).
    ///
    /// A curve that fits every sample within `exactSegment`'s tolerance (2e-6 of the largest value
    /// seen) fits the knots within 2e-6 of the largest value known here or predicted by the curve at
    /// any sample (divided by 1 − 2e-6: a sample may exceed its prediction by the tolerance): a
    /// bound on the tolerance without the samples. Where a value is not a number, the answer is true.
    private static func mayFit(_ va: [Double], _ vb: [Double], fractions: [Double], times: [Double], candidates: [UnitCurve?],
                               value: Evaluated) -> Bool {
        let inner = fractions.indices.filter(isInnerKnot)
        let known = inner.map { value.remembered(times[$0]) }
        // (A structure that changes: exactSegment returns nil.)
        guard known.allSatisfy({ $0.count == va.count }) else { return false }
        let knownScale = max(1, (va + vb + known.flatMap { $0 }).map(abs).max() ?? 1)
        func fitsKnots(_ curve: UnitCurve?, end: [Double]) -> Bool {
            var predicted = 0.0
            for u in fractions {
                let e = curve?.value(at: u) ?? u
                for c in va.indices { predicted = max(predicted, abs(va[c] + (end[c] - va[c]) * e)) }
            }
            let eps = 2e-6 * max(knownScale, predicted / (1 - 2e-6)) * (1 + 1e-9)
            for (k, v) in zip(inner, known) {
                let e = curve?.value(at: fractions[k]) ?? fractions[k]
                for c in va.indices where abs(va[c] + (end[c] - va[c]) * e - v[c]) > eps { return false }
            }
            return true
        }
        // Constant (the curve's end its start).
        if fitsKnots(nil, end: va) { return true }
        for curve in candidates {
            if fitsKnots(curve, end: vb) { return true }
            let e = curve?.value(at: Self.fractions[6]) ?? Self.fractions[6]
            guard abs(e) > 0.1 else { continue }
            let last = value.value(times[6])
            guard last.count == va.count else { return false }
            if fitsKnots(curve, end: va.indices.map { va[$0] + (last[$0] - va[$0]) / e }) { return true }
        }
        return false
    }

    /// Whether sample `index` of `exactSegment` is a knot inside the interval (after the seven
    /// eighths, every other check).
    private static func isInnerKnot(_ index: Int) -> Bool {
        index > Self.fractions.count && (index - Self.fractions.count) % 2 == 1
    }

    /// A track's value, and the values at knots remembered by instant (to the bit) within one `fit`:
    /// the knots inside a long interval are asked for by every interval tried across them. (Only
    /// knots: a path's value may hold thousands of numbers.)
    final class Evaluated {
        let value: (Double) -> [Double]
        var known: [UInt64: [Double]] = [:]

        init(_ value: @escaping (Double) -> [Double]) { self.value = value }

        func remembered(_ t: Double) -> [Double] {
            if let v = known[t.bitPattern] { return v }
            let v = value(t)
            known[t.bitPattern] = v
            return v
        }
    }

    /// Adaptive linear keys over [a, b); returns the largest error left.
    private func sampled(_ a: Double, _ b: Double, into keys: inout [Keyframe]) -> Double {
        let va = value(a)
        let leftOfB = value(b - min(1e-7, (b - a) * 1e-3))
        var worst = 0.0
        refine(Grid(start: a, end: b), 0, va, Grid.steps, leftOfB, into: &keys, worst: &worst)
        let vb = value(b)
        if error(vb, leftOfB) > tolerance * 1e-3 {
            keys.append(Keyframe(time: b, value: leftOfB, curve: nil))
        }
        return worst
    }

    /// The instants adaptive sampling may ask for in a knot interval: 2^24 equal steps of it, each
    /// instant computed by one formula from its step number. Every track of a scene that samples the
    /// same interval then asks for the same instants to the bit, which the sampler evaluates once
    /// (were each track to split where its own error peaks, a scene of a thousand sampled layers
    /// would evaluate the whole scene at a thousand times as many instants).
    private struct Grid {
        /// 2^(18 + 6): splitting halves an interval at most 18 times, and the finest one still has
        /// its eighths on the grid.
        static let steps = 1 << 24
        let start: Double, end: Double

        func time(_ step: Int) -> Double {
            step == 0 ? start : start + (end - start) * (Double(step) / Double(Self.steps))
        }
    }

    /// Keys over the grid steps [lo, hi] of `grid` (values `va` at lo and `vb` just before hi): one
    /// linear segment when the values at the seven eighths of it are within `tolerance` of the line
    /// between its ends, else the two halves, down to 18 halvings, 1e-4 s or the key budget.
    private func refine(_ grid: Grid, _ lo: Int, _ va: [Double], _ hi: Int, _ vb: [Double], depth: Int = 0,
                        into keys: inout [Keyframe], worst: inout Double) {
        var maxError = 0.0
        var middle = va
        for j in 1...7 {
            let u = Double(j) / 8
            let v = value(grid.time(lo + (hi - lo) / 8 * j))
            if j == 4 { middle = v }
            // A value whose structure changes inside the interval (a path of another shape) cannot be
            // drawn as a line: measured against the start, so the interval keeps splitting.
            let line = va.count == vb.count ? va.indices.map { va[$0] * (1 - u) + vb[$0] * u } : va
            maxError = max(maxError, error(v, line))
        }
        if maxError <= tolerance || depth >= min(maxDepth, 18) || grid.time(hi) - grid.time(lo) < 1e-4 || keys.count >= keyBudget {
            keys.append(Keyframe(time: grid.time(lo), value: va, curve: nil))
            worst = max(worst, maxError)
            return
        }
        let m = (lo + hi) / 2
        refine(grid, lo, va, m, middle, depth: depth + 1, into: &keys, worst: &worst)
        refine(grid, m, middle, hi, vb, depth: depth + 1, into: &keys, worst: &worst)
    }
}
