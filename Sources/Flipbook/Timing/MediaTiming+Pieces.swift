/// The timing model laid out over the parent's time: where `state(atParentTime:)` moves the progress
/// linearly, piece by piece. Exporters translate these pieces instead of re-deriving the timing.
extension MediaTiming {
    /// A stretch of the parent's time over which the progress runs linearly, in the same iteration:
    /// from `progressAtStart` at `start` to `progressAtEnd` at `end` (start < end; a backward half of
    /// an autoreversing cycle, or a negative speed, runs from 1 to 0).
    public struct Piece: Hashable, Sendable {
        /// Parent time where the piece starts and ends, seconds; start < end.
        public var start: Double
        public var end: Double
        /// Progress through the simple duration at `start` and at `end`, each 0 or 1 or, at a cut
        /// (a fractional repeat, a wrapped timeOffset), in between.
        public var progressAtStart: Double
        public var progressAtEnd: Double
        /// The cycle, from 0.
        public var iteration: Int
    }

    /// The pieces of the active interval, in parent time, at most `limit` of them (in order of active
    /// time, so an infinite repeat yields its first `limit`).
    ///
    /// With a `window` (parent time), only the cycles that reach it are laid out: an infinite repeat
    /// that began long before, or runs long after, yields the pieces over the window (and a cycle
    /// either side of it, so rounding never drops one that reaches it), in O(1) for the skip. Not
    /// applied where `timeOffset` wraps a finite active interval (the pieces are reordered there, and
    /// their count is the finite repeat's).
    ///
    /// Derived from the definitions `state(atParentTime:)` uses: time into the active duration u =
    /// (local + timeOffset) wrapped by the active duration, cycles of `cycleDuration` (forward over the
    /// simple duration, then back when autoreversing), local = (parent − beginTime)·speed. So within a
    /// piece, `state(atParentTime:)` has exactly the linear progress the piece states (a property test
    /// checks this on random timings). Speed 0 has no pieces: its progress is constant.
    public func pieces(limit: Int = 20_000, window: ClosedRange<Double>? = nil) -> [Piece] {
        guard speed != 0, speed.isFinite, limit > 0 else { return [] }
        let d = simpleDuration, cycle = cycleDuration, active = activeDuration
        guard d > 0, active > 0 else { return [] }
        let wraps = timeOffset != 0 && active.isFinite
        // Pieces of u, the time into the active duration, in order.
        var byU: [(u0: Double, u1: Double, p0: Double, p1: Double, iteration: Int)] = []
        var k = 0
        var stop = Double.infinity
        if let window, !wraps {
            // The window in u: local = (parent − beginTime)·speed, u = local + timeOffset.
            let ends = [window.lowerBound, window.upperBound].map { ($0 - beginTime) * speed + timeOffset }
            let first = (ends.min()! / cycle).rounded(.down) - 1
            if first.isNaN || first >= active / cycle { return [] }
            // Past 2^53 cycles a cycle is below the resolution of u: nothing there can be laid out.
            if first >= 0x1p53 { return [] }
            if first > 0 { k = Int(first) }
            stop = ends.max()! + cycle
        }
        while byU.count < limit * 2 {
            let base = Double(k) * cycle
            if base >= active || base > stop { break }
            let halves: [(Double, Double, Double, Double)] = autoreverses ? [(base, base + d, 0, 1), (base + d, base + cycle, 1, 0)] : [(base, base + d, 0, 1)]
            for (u0, u1, p0, p1) in halves where u0 < active {
                let cut = min(u1, active)
                let pEnd = cut < u1 ? p0 + (p1 - p0) * (cut - u0) / (u1 - u0) : p1
                byU.append((u0, cut, p0, pEnd, k))
            }
            k += 1
        }
        // Local time = u − timeOffset, wrapped into [0, active) when the offset is non-zero (finite).
        var byLocal: [(l0: Double, l1: Double, p0: Double, p1: Double, iteration: Int)] = []
        if wraps {
            var shift = timeOffset.truncatingRemainder(dividingBy: active)
            if shift < 0 { shift += active }
            for piece in byU {
                // u in [u0, u1) lies at local = u − shift, or u − shift + active where that is below 0.
                for (lo, hi) in [(piece.u0, min(piece.u1, shift)), (max(piece.u0, shift), piece.u1)] where hi > lo {
                    let f0 = (lo - piece.u0) / (piece.u1 - piece.u0), f1 = (hi - piece.u0) / (piece.u1 - piece.u0)
                    let p0 = piece.p0 + (piece.p1 - piece.p0) * f0, p1 = piece.p0 + (piece.p1 - piece.p0) * f1
                    let offset = lo < shift ? active - shift : -shift
                    byLocal.append((lo + offset, hi + offset, p0, p1, piece.iteration))
                }
            }
            byLocal.sort { $0.l0 < $1.l0 }
        } else {
            byLocal = byU.map { ($0.u0 - timeOffset, $0.u1 - timeOffset, $0.p0, $0.p1, $0.iteration) }.filter { $0.1 > 0 }
        }
        // Parent time = beginTime + local / speed; a negative speed turns each piece around.
        return byLocal.prefix(limit).map { piece in
            let a = beginTime + piece.l0 / speed, b = beginTime + piece.l1 / speed
            return a < b ? Piece(start: a, end: b, progressAtStart: piece.p0, progressAtEnd: piece.p1, iteration: piece.iteration)
                         : Piece(start: b, end: a, progressAtStart: piece.p1, progressAtEnd: piece.p0, iteration: piece.iteration)
        }
    }
}
