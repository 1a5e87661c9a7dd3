@testable import Easing
import Foundation
import Testing

/// `TimingFunction.css(tolerance:)`: curves as CSS text. Each result is parsed back and checked
/// against closed forms and dense evaluation here, never against the error the fitter reports;
/// `Tools/check-easing-browser` checks the same texts in Chromium.
struct CSSEasingTests {
    /// The largest difference between `text` (parsed) and `f` at 100,001 inputs, computed here.
    static func difference(_ text: String, _ f: (Double) -> Double) throws -> Double {
        let parsed = try TimingFunction(parsing: text)
        var worst = 0.0
        for i in 0...100_000 {
            let x = Double(i) / 100_000
            worst = max(worst, abs(parsed(x) - f(x)))
        }
        return worst
    }

    // MARK: Reference table: CSS curves give themselves back, briefly

    @Test(arguments: [
        ("linear", "linear"), ("ease", "ease"), ("ease-in-out", "ease-in-out"), ("easeInEaseOut", "ease-in-out"),
        ("cubic-bezier(0.1, 0.7, 1, 0.1)", "cubic-bezier(0.1, 0.7, 1, 0.1)"),
        ("steps(4)", "steps(4)"), ("steps(4, jump-end)", "steps(4)"), ("steps(3, jump-start)", "steps(3, start)"),
        ("steps(5, jump-both)", "steps(5, jump-both)"), ("step-end", "step-end"), ("steps(1, start)", "step-start"),
        ("linear(0 0%, 0.5 50%, 1 100%)", "linear(0, 0.5, 1)"),
        ("linear(0, 0.2 25%, 0.75 75%, 1)", "linear(0, 0.2 25%, 0.75 75%, 1)"),
        ("linear(0, 0.2, 0.75, 1)", "linear(0, 0.2, 0.75, 1)"),
("linear(0, 0.5, 0.5 60%, 1 90%, 1)", "linear(0, 0.5, 0.5, 1 90%, 1)"),
        ("linear(0, 0.3 20%, 0.9, 1)", "linear(0, 0.3 20%, 0.9, 1)"),
        ("linear(0, 0.6 40%, 1 120%)", "linear(0, 0.6 40%, 1 120%)"),
    ])
    func exactCurvesComeBackAsThemselves(spec: String, expected: String) throws {
        let curve = try TimingFunction(parsing: spec)
        let css = curve.css()
        #expect(css.text == expected)
        #expect(css.isExact && css.maxError == 0)
        let parsed = try TimingFunction(parsing: css.text)
        for i in 0...1000 {
            let x = Double(i) / 1000 * 1.4 - 0.2
            #expect(parsed(x) == curve(x), "\(css.text) at \(x)")
        }
    }

    // MARK: Closed forms: cubic polynomials are cubic-bezier(1/3, b1, 2/3, b2)

    /// Degree elevation by hand: t² = B(0, 0, 1/3, 1), t³ = B(0, 0, 0, 1), and Penner's back
    /// t²((s + 1)t − s) = B(0, 0, −s/3, 1); the out forms mirror them.
    @Test func polynomialsHaveTheirBernsteinCoefficients() throws {
        let s = 1.70158
        let table: [(String, Double, Double)] = [
            ("ease-in-quad", 0, 1.0 / 3), ("ease-out-quad", 2.0 / 3, 1), ("ease-in-cubic", 0, 0),
            ("ease-out-cubic", 1, 1), ("ease-in-back", 0, -s / 3), ("ease-out-back", 1 + s / 3, 1),
        ]
        for (name, b1, b2) in table {
            let control = try #require(try TimingFunction(parsing: name).cubicPolynomialBezier, "\(name)")
            #expect(abs(control.0 - b1) < 1e-12 && abs(control.1 - b2) < 1e-12, "\(name): \(control)")
        }
        for name in ["ease-in-sine", "ease-in-quart", "ease-in-out-quad", "spring(damping: 8)"] {
            #expect(try TimingFunction(parsing: name).cubicPolynomialBezier == nil, "\(name)")
        }
    }

    @Test func easeInQuadIsTSquaredWithinTheTolerance() throws {
        for tolerance in [0.01, 0.001, 1e-5] {
            let css = try TimingFunction(parsing: "ease-in-quad").css(tolerance: tolerance)
            #expect(css.text.hasPrefix("cubic-bezier("), "\(css.text)")
            #expect(try Self.difference(css.text) { $0 * $0 } <= tolerance)
        }
        let back = try TimingFunction(parsing: "ease-out-back").css(tolerance: 0.001)
        let s = 1.70158
        #expect(try Self.difference(back.text) { 1 + (s + 1) * pow($0 - 1, 3) + s * pow($0 - 1, 2) } <= 0.001)
    }

    /// The spring's closed form (Spring's documentation), evaluated here from its formula.
    @Test func springWithinTheToleranceOfItsClosedForm() throws {
        let spring = Spring(damping: 8)
        let duration = spring.settlingDuration
        let w0 = 10.0, zeta = 8.0 / 20, wd = w0 * (1 - zeta * zeta).squareRoot()
        func closed(_ p: Double) -> Double {
            if p >= 1 { return 1 }
            let t = p * duration
            return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
        }
        for tolerance in [0.01, 0.001, 0.0001] {
            let css = TimingFunction.spring(spring).css(tolerance: tolerance)
            #expect(css.text.hasPrefix("linear("))
            let measured = try Self.difference(css.text, closed)
            #expect(measured <= tolerance + 1e-9, "tolerance \(tolerance): \(measured)")
            #expect(css.maxError <= tolerance && measured <= css.maxError + 1e-6)
        }
    }

    // MARK: Properties

    static let approximated = ["ease-in-sine", "ease-in-out-quad", "ease-out-quart", "ease-in-expo", "ease-out-expo",
                               "ease-in-circ", "ease-out-circ", "ease-in-out-circ", "ease-in-out-back",
                               "ease-out-elastic", "ease-in-out-elastic", "ease-out-bounce", "ease-in-out-bounce",
                               "spring(damping: 5)", "spring(damping: 20)", "spring(damping: 8, duration: 0.4)",
                               "spring(mass: 2, stiffness: 300, damping: 10, velocity: 3)"]

    @Test(arguments: approximated)
    func withinTheToleranceAndEndsExact(spec: String) throws {
        let curve = try TimingFunction(parsing: spec)
        for tolerance in [0.01, 0.001] {
            let css = curve.css(tolerance: tolerance)
            #expect(!css.isExact)
            #expect(try Self.difference(css.text) { curve($0) } <= tolerance, "\(spec) at \(tolerance): \(css.text)")
            let parsed = try TimingFunction(parsing: css.text)
            #expect(parsed(0) == curve(0) || abs(parsed(0) - curve(0)) <= tolerance)
            #expect(parsed(1) == curve(1), "\(spec): ends at \(parsed(1)), the curve at \(curve(1))")
        }
    }

    /// A tighter tolerance never gives fewer stops, and a looser one gives fewer than a tight one.
    @Test(arguments: ["spring(damping: 8)", "ease-in-out-elastic", "ease-in-sine"])
    func stopsGrowAsTheToleranceShrinks(spec: String) throws {
        let curve = try TimingFunction(parsing: spec)
        let counts = [0.05, 0.01, 0.001, 0.0001].map { tolerance in
            curve.css(tolerance: tolerance).text.split(separator: ",").count
        }
        #expect(counts == counts.sorted() && counts.first! < counts.last!, "\(counts)")
    }

    /// Curvature-aware placement: the spring needs far fewer stops than an even grid of the same
    /// accuracy (the smallest n with n + 1 evenly spaced stops on the curve within 0.001, found here).
    @Test func fewerStopsThanAnEvenGrid() throws {
        let curve = TimingFunction.spring(Spring(damping: 8))
        let stops = curve.css(tolerance: 0.001).text.split(separator: ",").count
        func evenFits(_ n: Int) -> Bool {
            let points = (0...n).map { PiecewiseLinear.Stop(curve(Double($0) / Double(n))) }
            return TimingFunction.piecewiseLinear(PiecewiseLinear(stops: points)).maxDifference(from: curve) <= 0.001
        }
        // The error of an even grid on the curve falls as n grows (checked by bisection's ends only).
        var low = 2, high = 2
        while !evenFits(high) { low = high; high *= 2 }
        while high - low > 1 {
            let mid = (low + high) / 2
            if evenFits(mid) { high = mid } else { low = mid }
        }
        let even = high
        #expect(Double(stops) < 0.6 * Double(even + 1), "\(stops) stops against \(even + 1) evenly spaced")
    }

    // MARK: Formatting

    @Test func numbersAreWrittenAsBrieflyAsCSSReadsThem() {
        let table: [(Double, Int, String)] = [
            (0.25, 4, ".25"), (-0.5, 2, "-.5"), (1, 3, "1"), (0.00004, 4, "0"), (-0.00004, 4, "0"),
            (12.345, 1, "12.3"), (99.99999, 5, "99.99999"), (1.0035, 4, "1.0035"), (-1.25, 1, "-1.3"),
            (100, 5, "100"), (0.1 + 0.2, 3, ".3"),
        ]
        for (value, decimals, expected) in table {
            #expect(CSSFormatting.number(value, decimals: decimals) == expected, "\(value) to \(decimals)")
        }
    }

    /// `maxDifference` finds a difference confined to one narrow linear() segment between the even
    /// samples (a spike 2e-5 wide at x = 0.50001).
    @Test func maxDifferenceSeesNarrowSegments() throws {
        let spike = try TimingFunction(parsing: "linear(0, 0.5 50%, 0.9 50.001%, 0.50002 50.002%, 1)")
        #expect(abs(spike.maxDifference(from: .linear) - (0.9 - 0.50001)) < 1e-9)
    }
}
