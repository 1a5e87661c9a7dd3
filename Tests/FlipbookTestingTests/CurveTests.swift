import Easing
import Flipbook
import FlipbookTesting
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct CurveTests {
    @Test func easeInOutMeetsItsProperties() throws {
        let curve = Curve(.easeInOut)
        try curve.expectEnds(0, 1)
        try curve.expectMonotonic()
        try curve.expectOvershoot(atMost: 0)
        try curve.expectEquals(css: "cubic-bezier(0.42, 0, 0.58, 1)", within: 1e-9)
        // ease-in-out against ease: largest gap about 0.1 (CSS's two curves, 0.25 0.1 0.25 1 and 0.42 0 0.58 1).
        let failure = #expect(throws: CurveFailure.self) { try curve.expectEquals(css: "ease", within: 0.01) }
        #expect(failure?.message.hasPrefix("ease-in-out differs from ease by 0.35") == true)
        let unknown = #expect(throws: CurveFailure.self) { try curve.expectEquals(css: "eas", within: 0.01) }
        #expect(unknown?.message.hasPrefix("'eas' is not a CSS easing: unknown easing 'eas' (did you mean 'ease'?)") == true)
    }

    @Test func aSineTurnsBack() {
        let sine = Curve("sin", from: 0, to: 4, count: 400) { sin($0) }
        let failure = #expect(throws: CurveFailure.self) { try sine.expectMonotonic() }
        #expect(failure?.message.hasPrefix("sin is not increasing: ") == true)
        #expect(throws: CurveFailure.self) { try sine.expectEnds(0, 1, within: 1e-3) }
    }

    /// An under-damped spring's first peak overshoots by exp(−ζπ/√(1−ζ²)) (the closed form of the
    /// damped oscillator), and it settles within ε of 1 by its settling duration.
    @Test func springOvershootAndSettling() throws {
        let spring = Spring(mass: 1, stiffness: 100, damping: 4)
        let zeta = spring.dampingRatio
        let overshoot = exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())
        // Sampled until it settles, so its last value is within ε of 1 and the overshoot is measured
        // from there: overshoot ± ε.
        let eps = Spring.settlingEpsilon
        let curve = Curve("spring", from: 0, to: spring.settlingDuration, count: 40_000) { spring.value(atTime: $0) }
        try curve.expectOvershoot(atMost: overshoot + eps)
        let failure = #expect(throws: CurveFailure.self) { try curve.expectOvershoot(atMost: overshoot - eps - 1e-6) }
        #expect(failure?.message.hasPrefix("spring overshoots by 0.52") == true)
        try curve.expectSettles(within: Spring.settlingEpsilon + 1e-9, of: 1, by: spring.settlingDuration)
        #expect(throws: CurveFailure.self) { try curve.expectSettles(within: Spring.settlingEpsilon, of: 1, by: spring.settlingDuration * 0.8) }
    }
}
