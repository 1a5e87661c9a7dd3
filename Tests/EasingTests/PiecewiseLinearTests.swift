import Easing
import Testing

struct PiecewiseLinearTests {
    typealias Stop = PiecewiseLinear.Stop

    /// css-easing-2 §3.1's construction: positions filled in, clamped and spread.
    @Test func controlPoints() {
        let curve = PiecewiseLinear(stops: [Stop(0), Stop(0.5, at: [0.25, 0.75]), Stop(1)])
        #expect(curve.points.map(\.input) == [0, 0.25, 0.75, 1])
        #expect(curve.points.map(\.output) == [0, 0.5, 0.5, 1])
        // Missing positions spread evenly between neighbours.
        let spread = PiecewiseLinear(stops: [Stop(0), Stop(0.1), Stop(0.2), Stop(0.3, at: [0.9]), Stop(1)])
        #expect(spread.points.map(\.input) == [0, 0.3, 0.6, 0.9, 1])
        // A position below an earlier one is raised to it.
        let clamped = PiecewiseLinear(stops: [Stop(0), Stop(0.3, at: [0.8]), Stop(0.1, at: [0.5]), Stop(1)])
        #expect(clamped.points.map(\.input) == [0, 0.8, 0.8, 1])
        // The last stop without a position sits at max(1, largest).
        let late = PiecewiseLinear(stops: [Stop(0), Stop(1, at: [1.5]), Stop(2)])
        #expect(late.points.map(\.input) == [0, 1.5, 1.5])
    }

    @Test func evaluation() {
        let curve = PiecewiseLinear(stops: [Stop(0), Stop(0.5, at: [0.25, 0.75]), Stop(1)])
        #expect(curve(0.125) == 0.25)
        #expect(curve(0.5) == 0.5)
        #expect(curve(0.875) == 0.75)
        #expect(curve(0) == 0 && curve(1) == 1)
        // Extrapolation along the end segments.
        #expect(curve(-0.25) == -0.5)
        #expect(curve(1.25) == 1.5) // last segment (0.75, 0.5)–(1, 1), slope 2
        // Coincident inputs: the later point's output at and after the jump.
        let jump = PiecewiseLinear(stops: [Stop(0), Stop(0.2, at: [0.5]), Stop(0.8, at: [0.5]), Stop(1)])
        #expect(jump(0.5) == 0.8)
        #expect(abs(jump(0.25) - 0.1) < 1e-15)
    }

    /// Found by Tools/check-easing-browser: a run of stops spread between two equal positions must
    /// land exactly on that position (Chromium: the later stop's output, 0.822, before 94.3 %).
    @Test func runBetweenEqualPositions() {
        let curve = PiecewiseLinear(stops: [Stop(0.963, at: [0.943]), Stop(0.822), Stop(1.39535568), Stop(1.18, at: [0.767])])
        #expect(curve.points.map(\.input) == [0.943, 0.943, 0.943, 0.943])
        #expect(curve(0.568041) == 0.822)
    }

    @Test func identityEverywhere() {
        let identity = PiecewiseLinear(stops: [Stop(0), Stop(1)])
        for x in [-3.0, -0.1, 0, 0.3, 1, 7] { #expect(identity(x) == x) }
    }
}
