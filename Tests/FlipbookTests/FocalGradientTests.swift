import Foundation
import Testing
@testable import Flipbook

/// A radial gradient drawn from a focus (`Gradient.focus`, `drawnFocus`, the focal offset), three
/// ways: against the circle found by bisection along the ray (a reference computed another way),
/// by its properties (0 at the focus, 1 on the circle, linear along each ray, the plain radial
/// offset when the focus is the centre), and by the closed form along the line through centre and
/// focus.
struct FocalGradientTests {
    static let centre = Point(40, -25), radius = 60.0
    static func gradient(focus: Point?) -> Gradient {
        Gradient(kind: .radial, stops: [.init(0, .white), .init(1, .black)], start: centre, end: centre + Point(0, radius), focus: focus)
    }

    /// Where the ray from `f` through `p` leaves the circle, found by bisection on |q − centre| = r
    /// (no quadratic): the reference offset |p − f| / |q − f|.
    static func bisected(_ p: Point, focus f: Point) -> Double {
        let d = p - f, length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 0 else { return 0 }
        let u = d * (1 / length)
        var lo = 0.0, hi = 4 * radius
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (f + u * mid).distance(to: centre) < radius { lo = mid } else { hi = mid }
        }
        return length / ((lo + hi) / 2)
    }

    @Test(arguments: [Point(70, -40), Point(10, 5), Point(40, 30)])
    func offsetsAgreeWithTheCircleFoundByBisection(focus: Point) {
        let g = Self.gradient(focus: focus)
        var worst = 0.0
        for i in 0..<40 {
            for j in 0..<40 {
                let p = Point(-40 + Double(i) * 4.1, -105 + Double(j) * 4.3)
                worst = max(worst, abs(g.offset(at: p) - Self.bisected(p, focus: focus)))
            }
        }
        #expect(worst < 1e-9, "worst \(worst)")
    }

    @Test func zeroAtTheFocusOneOnTheCircleLinearAlongEachRay() {
        let f = Point(75, -10)
        let g = Self.gradient(focus: f)
        #expect(g.offset(at: f) == 0)
        for k in 0..<24 {
            let a = Double(k) * .pi / 12
            let q = Self.centre + Point(cos(a), sin(a)) * Self.radius
            #expect(abs(g.offset(at: q) - 1) < 1e-12, "angle \(k * 15)°")
            for s in [0.25, 0.5, 1.5, 3] {
                #expect(abs(g.offset(at: f + (q - f) * s) - s) < 1e-12, "angle \(k * 15)°, \(s) of the way")
            }
        }
    }

    @Test func aFocusAtTheCentreIsThePlainRadialGradient() {
        let plain = Self.gradient(focus: nil), centred = Self.gradient(focus: Self.centre)
        #expect(centred.drawnFocus == nil)
        for p in [Point(0, 0), Point(100, 35), Point(40, -25), Point(-200, 90)] {
            #expect(centred.offset(at: p) == plain.offset(at: p))
            #expect(abs(plain.offset(at: p) - p.distance(to: Self.centre) / Self.radius) < 1e-15)
        }
    }

    /// On the line through the centre and a focus d to its right: t = (x − fx) / (r − d) towards the
    /// near side of the circle and (fx − x) / (r + d) towards the far side.
    @Test func closedFormOnTheLineThroughCentreAndFocus() {
        let d = 24.0, f = Self.centre + Point(d, 0)
        let g = Self.gradient(focus: f)
        for x in stride(from: f.x, through: f.x + 80, by: 7) {
            #expect(abs(g.offset(at: Point(x, f.y)) - (x - f.x) / (Self.radius - d)) < 1e-12)
        }
        for x in stride(from: f.x, through: f.x - 150, by: -11) {
            #expect(abs(g.offset(at: Point(x, f.y)) - (f.x - x) / (Self.radius + d)) < 1e-12)
        }
    }

    /// A focus on or past the circle is drawn 0.99 of the radius from the centre, in its direction;
    /// one inside is drawn where it is; a linear gradient has none.
    @Test func aFocusIsDrawnWithinTheCircle() throws {
        let far = try #require(Self.gradient(focus: Self.centre + Point(0, -2 * Self.radius)).drawnFocus)
        #expect(abs(far.x - Self.centre.x) < 1e-12 && abs(far.y - (Self.centre.y - 0.99 * Self.radius)) < 1e-12)
        let inside = Self.centre + Point(-30, 20)
        #expect(Self.gradient(focus: inside).drawnFocus == inside)
        #expect(Gradient(kind: .linear, stops: [.init(0, .white)], start: .zero, end: Point(1, 0), focus: Point(0.5, 0)).drawnFocus == nil)
        #expect(Self.gradient(focus: Point(.nan, 0)).drawnFocus == nil)
    }

    /// Foci mix as points, none standing for the centre; none at both ends stays none.
    @Test func fociInterpolateAsPoints() {
        let a = Self.gradient(focus: nil), b = Self.gradient(focus: Self.centre + Point(40, 0))
        #expect(Gradient.interpolate(a, b, 0.25).focus == Self.centre + Point(10, 0))
        #expect(Gradient.interpolate(a, a, 0.5).focus == nil)
    }

    /// A highlight (Lottie's `h` percent of the radius, `a` degrees from the line centre → edge) in
    /// closed form: centre (10, 20), edge (10, 60) (radius 40, pointing down, 90°), 50 % at 90° turns
    /// to 180°: 20 px left of the centre. 250 % is 100 px away (the importer, not this, holds it
    /// within 99 %), a negative length points back.
    @Test func aHighlightPlacesTheFocus() {
        let c = Point(10, 20), e = Point(10, 60)
        let f = Gradient.highlightFocus(center: c, edge: e, length: 50, angle: 90)
        #expect(abs(f.x - -10) < 1e-12 && abs(f.y - 20) < 1e-12)
        let far = Gradient.highlightFocus(center: c, edge: e, length: 250, angle: 0)
        #expect(abs(far.x - 10) < 1e-12 && abs(far.y - (20 + 2.5 * 40)) < 1e-12)
        let back = Gradient.highlightFocus(center: c, edge: e, length: -25, angle: 0)
        #expect(abs(back.x - 10) < 1e-12 && abs(back.y - 10) < 1e-12)
        #expect(Gradient.highlightFocus(center: c, edge: c, length: 50, angle: 30) == c)
    }

    /// `highlight` undoes `highlightFocus`: the length exactly (to 1e-9) and the angle modulo one
    /// turn, for edges in every direction.
    @Test func aHighlightIsReadBackFromItsFocus() {
        let c = Point(-3, 7)
        for edgeTurn in stride(from: -170.0, through: 180, by: 35) {
            let e = Point(c.x + 30 * cos(edgeTurn * .pi / 180), c.y + 30 * sin(edgeTurn * .pi / 180))
            for length in [1.0, 37.5, 99, 180] {
                for angle in stride(from: -175.0, through: 180, by: 25) {
                    let h = Gradient.highlight(center: c, edge: e, focus: Gradient.highlightFocus(center: c, edge: e, length: length, angle: angle))
                    #expect(abs(h.length - length) < 1e-9)
                    #expect(abs((h.angle - angle).remainder(dividingBy: 360)) < 1e-9)
                }
            }
        }
        #expect(Gradient.highlight(center: c, edge: c, focus: Point(0, 0)).length == 0)
    }
}

