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
}
