import Easing
import Foundation
import Testing

/// Unit tests a designer's easing curves, as a Flipbook user would, against values worked out by hand.
struct EasingCurveTests {
    /// cubic-bezier(0, 0, 1, 1) is the identity (its control points lie on the diagonal), within the
    /// solver's documented x tolerance (`CubicBezier.defaultEpsilon`, 1e-7; the slope here is ≤ 1.5).
    @Test func diagonalBezierIsLinear() {
        let curve = TimingFunction.cubicBezier(0, 0, 1, 1)
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(abs(curve(x) - x) < 1.5 * CubicBezier.defaultEpsilon)
        }
    }

    /// cubic-bezier(1/3, 0, 2/3, 1) has x(t) = t, so y = 3t² − 2t³ (smoothstep), a closed form.
    @Test func thirdsBezierIsSmoothstep() {
        let curve = TimingFunction.cubicBezier(1.0 / 3, 0, 2.0 / 3, 1)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(curve(x) - (3 * x * x - 2 * x * x * x)) < 1e-6)
        }
    }

    /// A parsed easing equals the named one, and its ends are exact.
    @Test func parsedEaseInOut() throws {
        let parsed = try TimingFunction(parsing: "ease-in-out")
        #expect(parsed == .easeInOut)
        #expect(parsed(0) == 0 && parsed(1) == 1)
        // Symmetric about (0.5, 0.5): the control points are.
        for x in stride(from: 0.0, through: 1.0, by: 0.1) {
            #expect(abs(parsed(x) + parsed(1 - x) - 1) < 1e-7)
        }
    }

    /// steps(4, jump-end) holds each quarter's start value (CSS Easing Functions Level 1).
    @Test func stepsHoldValues() throws {
        let steps = try TimingFunction(parsing: "steps(4, jump-end)")
        #expect(steps(0.1) == 0)
        #expect(steps(0.3) == 0.25)
        #expect(steps(0.99) == 0.75)
        #expect(steps(1) == 1)
    }

    /// A bad curve is a parse error, not a default.
    @Test func rejectsBadCurve() {
        #expect(throws: EasingParseError.self) { try TimingFunction(parsing: "cubic-bezier(2, 0, 0, 1)") }
    }
}
