import Easing
import Foundation
import Testing

struct SpringTests {
    static let springs: [Spring] = [
        Spring(), // under-damped, CA's defaults
        Spring(mass: 1, stiffness: 100, damping: 20), // critically damped
        Spring(mass: 2, stiffness: 50, damping: 40), // over-damped
        Spring(mass: 1, stiffness: 200, damping: 3, initialVelocity: 5),
        Spring(mass: 0.5, stiffness: 80, damping: 12.649110640673518, initialVelocity: -3), // critical, moving away
        Spring(mass: 1, stiffness: 10, damping: 30, initialVelocity: 8),
        // Beside critical damping, where the envelope's two bounds meet (ζ = 1 ∓ 5e-10, 1 ± 5e-7).
        Spring(mass: 1, stiffness: 100, damping: 19.99999999), Spring(mass: 1, stiffness: 100, damping: 20.00001, initialVelocity: 25),
        Spring(mass: 1, stiffness: 100, damping: 19.99999, initialVelocity: -4),
    ]

    /// An independent solution: classic fourth-order Runge–Kutta on m·x″ + c·x′ + k·x = 0, calling
    /// `sample(i, 1 − x)` after each step i (from 1); returns 1 − x at the end.
    @discardableResult
    static func integrate(_ s: Spring, until end: Double, step: Double, sample: (Int, Double) -> Void = { _, _ in }) -> Double {
        var x = 1.0, v = -s.initialVelocity
        func acceleration(_ x: Double, _ v: Double) -> Double { -(s.stiffness * x + s.damping * v) / s.mass }
        let steps = Int((end / step).rounded())
        for i in 1...max(steps, 1) {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + step / 2 * k1v, k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
            let k3x = v + step / 2 * k2v, k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
            let k4x = v + step * k3v, k4v = acceleration(x + step * k3x, v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            sample(i, 1 - x)
        }
        return 1 - x
    }

    /// The RK4 solution every 0.1 s up to `end` (steps of 1e-4 s), keyed by time.
    static func integrate(_ s: Spring, until end: Double) -> [Double: Double] {
        var samples: [Double: Double] = [:]
        integrate(s, until: end, step: 1e-4) { i, value in
            if i % 1000 == 0 { samples[(Double(i) * 1e-4 * 10).rounded() / 10] = value }
        }
        return samples
    }

    @Test(arguments: springs)
    func closedFormMatchesNumericalIntegration(_ spring: Spring) {
        for (time, expected) in Self.integrate(spring, until: 3) {
            #expect(abs(spring.value(atTime: time) - expected) < 1e-9, "t = \(time)")
        }
    }

    /// Initial conditions: value 0 and velocity v₀ at t = 0 (central difference).
    @Test(arguments: springs)
    func initialConditions(_ spring: Spring) {
        #expect(spring.value(atTime: 0) == 0)
        let h = 1e-6
        let slope = (spring.value(atTime: h) - 0) / h
        #expect(abs(slope - spring.initialVelocity) < 1e-3 * max(1, abs(spring.initialVelocity)) + 1e-3)
    }

    /// Apple's documentation: mass 1, stiffness 100 — damping 5 settles in about 2.85 s, damping 15 in
    /// just over 1 s.
    @Test func settlingDurationMatchesAppleDocumentation() {
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 5).settlingDuration - 2.85) < 0.01)
        let stiff = Spring(mass: 1, stiffness: 100, damping: 15).settlingDuration
        #expect(stiff > 1 && stiff < 1.05)
    }

    /// Property: past the settling duration the spring stays within the epsilon of its target.
    @Test(arguments: springs)
    func staysSettled(_ spring: Spring) {
        let settle = spring.settlingDuration
        #expect(settle > 0 && settle.isFinite)
        for i in 0...2000 {
            let t = settle * (1 + Double(i) / 1000)
            #expect(abs(1 - spring.value(atTime: t)) <= Spring.settlingEpsilon, "t = \(t)")
        }
    }

    @Test(arguments: springs)
    func timingFunctionEnds(_ spring: Spring) {
        #expect(spring(0) == 0)
        #expect(spring(1) == 1)
        // Half way through the settling time, against the RK4 integration (independent of the closed form).
        let half = 0.5 * spring.settlingDuration
        let step = half / 20_000
        let reference = Self.integrate(spring, until: half, step: step)
        #expect(abs(spring(0.5) - reference) < 1e-9)
    }

    /// An explicit duration that cuts the spring short: progress 1 is the spring at that time (the
    /// closed form of the under-damped oscillator, written out here), not the target.
    @Test func cutShortEndsWhereTheSpringIs() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 5, duration: 0.5)
        let wd = 10 * (1 - 0.0625).squareRoot()
        let x = exp(-2.5 * 0.5) * (cos(wd * 0.5) + 2.5 / wd * sin(wd * 0.5))
        #expect(abs(spring(1) - (1 - x)) < 1e-12)
        #expect(abs(spring(7) - (1 - x)) < 1e-12)
        // Long enough to settle: exactly 1.
        #expect(Spring(mass: 1, stiffness: 100, damping: 5, duration: 5)(1) == 1)
    }

    @Test func dampingRegimes() {
        #expect(Spring().dampingRatio == 0.5)
        #expect(Spring(perceptualDuration: 0.5, bounce: 0).dampingRatio == 1)
        #expect(abs(Spring(perceptualDuration: 0.5, bounce: 0.3).dampingRatio - 0.7) < 1e-12)
        #expect(abs(Spring(perceptualDuration: 0.5, bounce: -0.5).dampingRatio - 2) < 1e-12)
        // Perceptual duration is the undamped period: ω₀ = 2π / duration.
        #expect(abs(Spring(perceptualDuration: 0.25, bounce: 0.2).naturalFrequency - 8 * .pi) < 1e-12)
    }

    /// Heavily over-damped (ζ = 4e11, found by the fuzzer): the slow root is −ω₀/(2ζ) to first order
    /// (r₁ = −ω₀/(ζ + √(ζ² − 1))), so the settling time is ln(1/ε)·2ζ/ω₀ ≈ 5.67e11 s, finite and
    /// not the infinity the cancelling form ζ − √(ζ² − 1) gave.
    @Test func heavilyOverDampedSettlesInClosedForm() throws {
        let spring = try Spring.checked(damping: 8e12)
        let zeta = 4e11, w0 = 10.0
        // |C₁| + |C₂| = 1 + O(1/ζ²) here (v₀ = 0), so the envelope is e^(r₁t) to far below 1e-9.
        let expected = log(1200) * 2 * zeta / w0
        #expect(abs(spring.settlingDuration / expected - 1) < 1e-9)
        // Early on it barely moves: value ≈ 1 − e^(r₁t) ≈ −r₁·t once the fast root has died. The value
        // is computed as 1 − x with x ≈ 1, so it carries an absolute error of about ulp(1) = 2.2e-16:
        // a relative 2e-5 at 1.25e-11.
        #expect(abs(spring.value(atTime: 1) / (w0 / (2 * zeta)) - 1) < 2e-5)
    }

    /// User input is checked, not trapped: each bad parameter is named.
    @Test(arguments: [
        (1.0, 100.0, 0.0, "damping"), (0, 100, 10, "mass"), (1, .infinity, 10, "stiffness"),
        (1, 100, .nan, "damping"), (1e-300, 1e300, 10, "natural frequency"), (1, 100, Double("1e-310")!, "settles"),
    ])
    func checkedRejects(_ mass: Double, _ stiffness: Double, _ damping: Double, _ named: String) {
        #expect {
            _ = try Spring.checked(mass: mass, stiffness: stiffness, damping: damping)
        } throws: { error in
            (error as? Spring.Problem)?.message.contains(named) == true
        }
    }
}
