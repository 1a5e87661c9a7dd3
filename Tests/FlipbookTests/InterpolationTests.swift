import Foundation
import Testing
@testable import Flipbook

struct InterpolationTests {
    /// Rule 3 (d3-interpolate's test): ends are exact even for values of wildly different size.
    @Test func endsAreExact() {
        let a = 2e42, b = 335.0
        #expect(Double.interpolate(a, b, 1) == b)
        #expect(Double.interpolate(a, b, 0) == a)
        #expect(Point.interpolate(Point(a, b), Point(b, a), 1) == Point(b, a))
        let c1 = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.7), c2 = Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.3)
        #expect(Color.interpolate(c1, c2, 1) == c2)
        #expect(Color.interpolate(c1, c2, 1, in: .oklab) == c2)
        let m1 = Transform2D.rotation(.degrees(33)).concatenating(.scale(1.3, 0.2))
        let m2 = Transform2D.translation(10, 20).concatenating(.skew(0.4))
        #expect(Transform2D.interpolate(m1, m2, 1) == m2)
        #expect(Transform2D.interpolate(m1, m2, 0) == m1)
        #expect([Double].interpolate([1, 2], [3], 1) == [3])
    }

    /// Vector arithmetic is named (`sum`, `difference`): an element-wise `+` on [Double] once shadowed
    /// array concatenation for every importer (and dropped a line graph's axis label).
    @Test func arraysStillConcatenate() {
        let a: [Double] = [1, 2], b: [Double] = [3]
        #expect(a + b == [1, 2, 3])
        #expect([Double].sum(a, b) == [4, 2])
    }

    @Test func midpointsAndExtrapolation() {
        #expect(Double.interpolate(10, 20, 0.5) == 15)
        #expect(Double.interpolate(10, 20, 1.5) == 25)
        #expect(Angle.interpolate(.degrees(0), .degrees(720), 0.25).degrees == 180)
        #expect(Rect.interpolate(Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 20, width: 30, height: 40), 0.5)
            == Rect(x: 5, y: 10, width: 20, height: 25))
        // Lists of different lengths pad with zeros: a new element grows from 0.
        #expect([Double].interpolate([1, 2], [3, 4, 6], 0.5) == [2, 3, 3])
    }

    /// Premultiplied sRGB: opaque red to transparent blue at 0.5 stays red (the blue has no weight),
    /// with alpha 0.5; a straight-alpha mix would give purple.
    @Test func premultipliedColor() {
        let red = Color(red: 1, green: 0, blue: 0), clearBlue = Color(red: 0, green: 0, blue: 1, alpha: 0)
        let mid = Color.interpolate(red, clearBlue, 0.5)
        #expect(mid == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    /// OKLab against Ottosson's published values: white (1, 0, 0), red (0.62796, 0.22486, 0.12585),
    /// and the midpoint of black and white at L = 0.5, which is sRGB 0.38857 (a perceptual mid grey,
    /// darker than sRGB's 0.5).
    @Test func oklab() {
        let white = Color.white.oklab
        #expect(abs(white.0 - 1) < 1e-6 && abs(white.1) < 1e-6 && abs(white.2) < 1e-6)
        let red = Color(red: 1, green: 0, blue: 0).oklab
        #expect(abs(red.0 - 0.62796) < 1e-5 && abs(red.1 - 0.22486) < 1e-5 && abs(red.2 - 0.12585) < 1e-5)
        let grey = Color.interpolate(.black, .white, 0.5, in: .oklab)
        // L = 0.5 → linear 0.125 → sRGB 1.055·0.125^(1/2.4) − 0.055.
        let expected = 1.055 * pow(0.125, 1 / 2.4) - 0.055
        #expect(abs(grey.red - expected) < 1e-6 && abs(grey.green - expected) < 1e-6 && abs(grey.blue - expected) < 1e-6)
        // Round trip, to the precision of Ottosson's 10-digit matrices.
        let c = Color(red: 0.2, green: 0.7, blue: 0.4)
        let lab = c.oklab
        let back = Color(oklabL: lab.0, a: lab.1, b: lab.2)
        #expect(abs(back.red - c.red) < 1e-6 && abs(back.green - c.green) < 1e-6 && abs(back.blue - c.blue) < 1e-6,
                "\(back)")
    }

    /// Decomposition round-trips, including reflections and skews.
    @Test func transformDecomposition() {
        let cases: [Transform2D] = [
            .rotation(.degrees(130)).concatenating(.translation(3, 4)),
            .scale(2, -3).concatenating(.rotation(.degrees(-20))),
            .skew(0.5).concatenating(.scale(1.5, 0.5)).concatenating(.rotation(.degrees(75))).concatenating(.translation(-9, 2)),
            Transform2D(a: 0, b: 0, c: 1, d: 2, tx: 1, ty: 1),
        ]
        for m in cases {
            let r = TransformComponents(m).transform
            for (x, y) in [(r.a, m.a), (r.b, m.b), (r.c, m.c), (r.d, m.d), (r.tx, m.tx), (r.ty, m.ty)] {
                #expect(abs(x - y) < 1e-12, "\(m)")
            }
        }
    }

    /// A translation decomposes to itself with no rotation, skew or scale, every number +0 or 1 to the
    /// bit (the general steps give exactly that: atan2(+0, 1) = +0); a −0 off the diagonal, or a linear
    /// part 1 ulp off the identity, takes the general steps, which keep the sign (rotation −0).
    @Test func translationDecomposesExactly() {
        for (tx, ty) in [(0.0, 0.0), (3, -4), (-0.0, 1e300), (.nan, 2)] {
            let c = TransformComponents(.translation(tx, ty))
            #expect(c.translation.x.bitPattern == tx.bitPattern && c.translation.y.bitPattern == ty.bitPattern)
            #expect(c.rotation.radians.bitPattern == 0 && c.skew.bitPattern == 0)
            #expect(c.scale.width == 1 && c.scale.height == 1)
        }
        let negativeZero = TransformComponents(Transform2D(a: 1, b: -0.0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(negativeZero.rotation.radians == 0 && negativeZero.rotation.radians.sign == .minus)
        let near = TransformComponents(Transform2D(a: 1.0.nextUp, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(near.scale.width == 1.0.nextUp && near.rotation.radians == 0)
    }

    /// Never a raw matrix lerp: halfway from 0° to 90° is a 45° rotation of unit scale (a matrix lerp
    /// would shrink it to 0.707); and rotation takes the shorter way (170° → −170° passes 180°).
    @Test func transformInterpolation() {
        let mid = Transform2D.interpolate(.identity, .rotation(.degrees(90)), 0.5)
        let c = TransformComponents(mid)
        #expect(abs(c.rotation.degrees - 45) < 1e-12)
        #expect(abs(c.scale.width - 1) < 1e-12 && abs(c.scale.height - 1) < 1e-12)
        #expect(abs(mid.determinant - 1) < 1e-12)
        let wrap = TransformComponents(Transform2D.interpolate(.rotation(.degrees(170)), .rotation(.degrees(-170)), 0.5))
        #expect(abs(abs(wrap.rotation.degrees) - 180) < 1e-9)
    }

    /// stroke-dasharray's rule: repeat both lists to the least common multiple of their lengths.
    @Test func dashPatterns() {
        let mid = DashPattern.interpolate(DashPattern([2, 4]), DashPattern([6, 8, 10]), 0.5)
        // [2, 4, 2, 4, 2, 4] and [6, 8, 10, 6, 8, 10], mixed halfway.
        #expect(mid.lengths == [4, 6, 6, 5, 5, 7])
        #expect(DashPattern.interpolate(.solid, DashPattern([4, 2]), 0.4) == .solid)
    }

    @Test func pathMorph() {
        let a = Path.polyline([Point(0, 0), Point(10, 0)]), b = Path.polyline([Point(0, 10), Point(20, 10)])
        #expect(Path.interpolate(a, b, 0.5) == Path.polyline([Point(0, 5), Point(15, 5)]))
        let c = Path.polyline([Point(0, 0), Point(1, 1), Point(2, 2)])
        #expect(Path.morphIncompatibility(a, c) == "paths with 2 and 3 commands cannot morph; they need the same commands in the same order")
        #expect(Path.morphIncompatibility(a, Path([.move(.zero), .quad(Point(1, 1), Point(2, 2))]))
            == "paths differ at command 2 (line vs quad); they need the same commands in the same order")
    }
}
