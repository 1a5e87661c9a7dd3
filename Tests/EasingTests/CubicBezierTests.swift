@testable import Easing
import FlipbookSupport
import Foundation
import Testing

struct CubicBezierTests {
    /// With x1 = 1/3 and x2 = 2/3, x(t) = t, so y(x) is the Bernstein polynomial in x itself:
    /// 3(1−x)²x·y1 + 3(1−x)x²·y2 + x³ (a closed form that needs no solver).
    @Test(arguments: [(0.0, 1.0), (0.5, 0.5), (-1.0, 2.0), (1.2, -0.4), (0.9, 0.1)])
    func linearXIsBernsteinPolynomial(y1: Double, y2: Double) {
        let curve = CubicBezier(1.0 / 3, y1, 2.0 / 3, y2)
        for i in 0...200 {
            let x = Double(i) / 200
            let expected = 3 * (1 - x) * (1 - x) * x * y1 + 3 * (1 - x) * x * x * y2 + x * x * x
            #expect(abs(curve.value(at: x, epsilon: 0) - expected) < 1e-12, "x = \(x)")
        }
    }

    /// With x1 = x2 = 0, x(t) = t³, so t = ∛x and y follows in closed form: a steep start where
    /// Newton's method is weakest.
    @Test(arguments: [(1.0, 1.0), (0.3, 0.9), (2.0, -1.0)])
    func cubeRootX(y1: Double, y2: Double) {
        let curve = CubicBezier(0, y1, 0, y2)
        for x in [1e-9, 1e-6, 0.001, 0.01, 0.2, 0.5, 0.77, 0.999, 0.9999999] {
            let t = cbrt(x)
            let expected = 3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t
            #expect(abs(curve.value(at: x, epsilon: 0) - expected) < 1e-12, "x = \(x)")
        }
    }

    @Test func endsAreExact() {
        for curve in [CubicBezier(0.1, 0.7, 1, 0.1), CubicBezier(0.68, -0.55, 0.265, 1.55), CubicBezier(1, 0, 0, 1)] {
            #expect(curve(0) == 0)
            #expect(curve(1) == 1)
        }
    }

    /// The default tolerance: the output is within slope × 1e-7 of the exact curve.
    @Test func defaultToleranceIsTheBrowsers() {
        let curve = CubicBezier(0, 0.4, 0, 0.9)
        for i in 1..<100 {
            let x = Double(i) / 100
            let t = cbrt(x)
            let exact = 3 * (1 - t) * (1 - t) * t * 0.4 + 3 * (1 - t) * t * t * 0.9 + t * t * t
            let slope = (1.2 * (1 - t) * (1 - 3 * t) + 2.7 * t * (2 - 3 * t) + 3 * t * t) / (3 * t * t)
            #expect(abs(curve(x) - exact) <= abs(slope) * 1e-7 + 1e-15, "x = \(x)")
        }
    }

    /// Property: for random valid curves, x → t → x round-trips to 1e-12 and x(t) is monotonic.
    @Test func roundTripAndMonotonicity() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let x1 = generator.unit(), x2 = generator.unit()
            let curve = CubicBezier(x1, generator.unit() * 4 - 2, x2, generator.unit() * 4 - 2)
            var previousT = -1.0
            for i in 0...100 {
                let x = Double(i) / 100
                let t = curve.solveT(x, epsilon: 1e-13)
                #expect(abs(CubicBezier.sample(t, x1, x2) - x) < 1e-12, "\(curve) at \(x)")
                #expect(t >= previousT, "t must not decrease along x for \(curve)")
                previousT = t
            }
        }
    }

    /// css-easing-2 §2.2: outside [0, 1] the curve continues along its end tangents.
    @Test func extrapolation() {
        let curve = CubicBezier(0.25, 0.1, 0.25, 1) // ease
        #expect(abs(curve(-0.5) - (-0.5 * 0.1 / 0.25)) < 1e-15)
        // x2 = 0.25 < 1 and y2 = 1: the tangent at P3 is horizontal.
        #expect(curve(1.5) == 1)
        let back = CubicBezier(0.68, -0.55, 0.265, 1.55)
        #expect(abs(back(-1) - (-1 * -0.55 / 0.68)) < 1e-15)
        #expect(abs(back(2) - (1 + (1.55 - 1) / (0.265 - 1) * 1)) < 1e-15)
        // x1 = 0: the tangent below 0 runs through P2.
        #expect(abs(CubicBezier(0, 0.5, 0.5, 0.2)(-2) - (-2 * 0.2 / 0.5)) < 1e-15)
        // x1 = x2 = 0: output 0 below 0; x1 = x2 = 1: output 1 above 1.
        #expect(CubicBezier(0, 0.5, 0, 0.2)(-2) == 0)
        #expect(CubicBezier(1, 0.5, 1, 0.2)(3) == 1)
        // x2 = 1: the tangent above 1 runs through P1.
        #expect(abs(CubicBezier(0.5, 0.2, 1, 0.7)(2) - (1 + (0.2 - 1) / (0.5 - 1))) < 1e-15)
    }

    @Test func nanPropagates() {
        #expect(CubicBezier(0.1, 0.2, 0.3, 0.4)(.nan).isNaN)
    }
}


extension CubicBezierTests {
    /// Next to a vertical tangent the default tolerance errs by much more than slope × 1e-7: for
    /// cubic-bezier(1, 0, 0, 1), x − ½ = 4(t − ½)³ and y = 3t² − 2t³, so the exact output is closed
    /// form. The documented bounds (5e-3 at the default ε; at ε = 0, 1e-12 from 1e-7 away, 1e-10 from
    /// 1e-9 away, 5e-6 at the tangent) hold on a dense grid and at the points beside the tangent.
    @Test func verticalTangentBound() {
        let curve = CubicBezier(1, 0, 0, 1)
        func exact(_ x: Double) -> Double {
            let t = 0.5 + cbrt((x - 0.5) / 4)
            return 3 * t * t - 2 * t * t * t
        }
        var xs = (1..<2000).map { Double($0) / 2000 }
        for d in [1e-9, 1e-8, 1e-7, 2e-7, 5e-7, 1e-6, 1e-4] { xs += [0.5 + d, 0.5 - d] }
        xs.append(0.5)
        var worst = 0.0
        for x in xs {
            let error = abs(curve(x) - exact(x))
            worst = max(worst, error)
            #expect(error <= 5e-3, "x = \(x)")
            let near = abs(x - 0.5)
            let bound = near >= 1e-7 ? 1e-12 : near >= 1e-9 ? 1e-10 : 5e-6
            #expect(abs(curve.value(at: x, epsilon: 0) - exact(x)) < bound, "x = \(x)")
        }
        // The bound is real, not loose: the documented 4.4e-3 at x = 0.5000001.
        #expect(abs(abs(curve(0.5000001) - exact(0.5000001)) - 4.4e-3) < 1e-4)
        #expect(worst > 4e-3)
    }
}
