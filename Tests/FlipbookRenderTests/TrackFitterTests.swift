import Easing
import Flipbook
import Testing
@testable import FlipbookSVG

/// The fitter's runs across several knot intervals (`TrackFitter.fit` tries up to 12 from each knot):
/// judged by the knots inside first, and still found wherever one curve covers them — each result
/// against the closed form of the value fitted.
struct TrackFitterTests {
    /// Forty keys, each eased with a curve of its own, at uneven times: the keys are the forty knots
    /// with their own curves and values. No run of several intervals fits, and each is refused by its
    /// knots (remembered across runs) and one sample more, instead of its seven eighths and every
    /// check instant of its own: the fit asks for fewer than 20 instants a knot interval (trying
    /// every run in full asks for 227 from a knot with 12 intervals ahead: 7 + 2d − 1 instants of
    /// its own for each run of d ≥ 2 intervals, and 7 for the last).
    @Test func fortyEasedKeysAreRefusedByTheirKnots() {
        let n = 40
        let times = (0..<n).map { Double($0) * 0.25 + Double($0 % 3) * 0.03 }
        let values = (0..<n).map { Double($0 % 2 == 0 ? 0 : 100) + Double($0) }
        let curves = (0..<n).map { CubicBezier(0.1 + 0.02 * Double($0 % 10), 0, 0.58, 1) }
        func value(_ t: Double) -> Double {
            guard t < times[n - 1] else { return values[n - 1] }
            let k = times.lastIndex { $0 <= t }!
            let u = (t - times[k]) / (times[k + 1] - times[k])
            return values[k] + (values[k + 1] - values[k]) * curves[k](u)
        }
        final class Log: @unchecked Sendable { var count = 0 }
        let log = Log()
        let fitter = TrackFitter(value: { t in log.count += 1; return [value(t)] }, tolerance: 0.01)
        let spans = (0..<(n - 1)).map { Timeline.Span(start: times[$0], end: times[$0 + 1], curve: curves[$0]) }
        let (keys, summary) = fitter.fit(knots: times, spans: spans)
        #expect(summary.exact)
        #expect(keys.map(\.time) == times)
        #expect(keys.map(\.value) == values.map { [$0] })
        #expect(keys.dropLast().map { $0.curve?.timing } == curves.dropLast().map { Optional($0) })
        #expect(log.count < 20 * (n - 1), "\(log.count) instants")
    }

    /// Runs that do fit are still found: a ramp over six knots that snaps back at the last (one
    /// segment and a jump: the end is inferred from the sample at seven eighths), a constant over
    /// six knots, and a ramp of slope 10⁶ over six knots (the tolerance grows with the values).
    @Test func runsAcrossKnotsStillFit() {
        let knots = [0, 0.1, 0.2, 0.3, 0.4, 0.5]
        let snap = TrackFitter(value: { [$0 < 0.5 ? $0 : 0] }, tolerance: 0.01)
        let (snapKeys, snapSummary) = snap.fit(knots: knots, spans: [])
        #expect(snapSummary.exact)
        #expect(snapKeys.map(\.time) == [0, 0.5, 0.5])
        #expect(snapKeys[0].value == [0] && abs(snapKeys[1].value[0] - 0.5) < 1e-12 && snapKeys[2].value == [0])
        let flat = TrackFitter(value: { _ in [2] }, tolerance: 0.01)
        let (flatKeys, _) = flat.fit(knots: knots, spans: [])
        #expect(flatKeys.map(\.time) == [0, 0.5] && flatKeys.allSatisfy { $0.value == [2] })
        let steep = TrackFitter(value: { [1e6 * $0] }, tolerance: 0.01)
        let (steepKeys, steepSummary) = steep.fit(knots: knots, spans: [])
        #expect(steepSummary.exact && steepKeys.map(\.time) == [0, 0.5] && steepKeys[1].value == [5e5])
    }

    /// A sawtooth whose engine turns a few ulps after its knot (a cycle begun at −0.30000000000000004,
    /// −3 × 0.1, turns where t + 0.30000000000000004 reaches 2.4, at 2.1; its knot −0.30000000000000004
    /// + 2.4 is 2.0999999999999996): the fit holds the value up to the engine's jump and goes on from
    /// it, exact, two keys at the jump, where it sampled the whole interval after the knot (149
    /// keyframes for a 2.4 s track). The ulps between knot and jump run from 1 to 64; each fit is the
    /// closed form 1 − 0.85 · frac(t) (from the last jump) at its keys. A value that changes 65 ulps
    /// on is not taken for a jump.
    @Test func aJumpAnUlpAfterItsKnotIsExact() {
        for ulps in [1, 2, 5, 30, 64] {
            let knot = 2.0999999999999996
            var jump = knot
            for _ in 0..<ulps { jump = jump.nextUp }
            // 1 − 0.85 u over cycles of 1.2 s, from 0.3 s before 0 until `jump`, then from `jump`.
            func value(_ t: Double) -> [Double] {
                t < jump ? [1 - 0.85 * (t + 0.3 - 1.2) / 1.2] : [1 - 0.85 * (t - jump) / 1.2]
            }
            let fitter = TrackFitter(value: value, tolerance: 0.001)
            let (keys, summary) = fitter.fit(knots: [0.9, knot, 2.4], spans: [])
            #expect(summary.exact, "\(ulps) ulps")
            #expect(keys.map(\.time) == [0.9, jump, jump, 2.4], "\(ulps) ulps: \(keys.map(\.time))")
            if keys.count == 4 {
                #expect(abs(keys[1].value[0] - 0.15) < 1e-12 && keys[2].value == [1] && abs(keys[3].value[0] - (1 - 0.85 * (2.4 - jump) / 1.2)) < 1e-12)
            }
        }
        // 65 ulps on, a steep ramp, not a jump: sampled as before.
        let knot = 2.0999999999999996
        var far = knot
        for _ in 0..<65 { far = far.nextUp }
        let (_, farSummary) = TrackFitter(value: { $0 < far ? [0.15] : [1] }, tolerance: 0.001).fit(knots: [0.9, knot, 2.4], spans: [])
        #expect(!farSummary.exact)
    }

    /// A jump a few ulps before its knot (a cycle turning at a frame, 39.3 s, whose knot is
    /// 39.300000000000004): written at the engine's jump, not at the knot, so a frame at the jump
    /// shows the value after it as the engine does (held clear of the frame, the knot's jump showed
    /// the value before). From 1 to 63 ulps before; the fit goes on from the jump, exact, with the
    /// closed form's values.
    @Test func aJumpUlpsBeforeItsKnotIsWrittenWhereTheEngineJumps() {
        let knot = 39.300000000000004
        for ulps in [1, 2, 7, 33, 63] {
            var jump = knot
            for _ in 0..<ulps { jump = jump.nextDown }
            // 1 − 0.85 u over 1.2 s cycles: the one ending at `jump`, then the next.
            func value(_ t: Double) -> [Double] {
                t < jump ? [1 - 0.85 * (t - (jump - 1.2)) / 1.2] : [1 - 0.85 * (t - jump) / 1.2]
            }
            let (keys, summary) = TrackFitter(value: value, tolerance: 0.001).fit(knots: [38.5, knot, 40], spans: [])
            #expect(summary.exact, "\(ulps) ulps")
            #expect(keys.map(\.time) == [38.5, jump, jump, 40], "\(ulps) ulps: \(keys.map(\.time))")
            if keys.count == 4 {
                #expect(abs(keys[1].value[0] - 0.15) < 1e-12 && keys[2].value == [1] && abs(keys[3].value[0] - (1 - 0.85 * (40 - jump) / 1.2)) < 1e-12)
            }
        }
    }
}
