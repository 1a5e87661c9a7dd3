import Flipbook
import FlipbookSupport
import Foundation
import Testing
@testable import FlipbookSVG

/// A radial gradient's focus as the SVG text holds it (`Gradient.writtenFocus`): inside the circle
/// the text holds, whatever the rounding to three decimals does, so SVG 2's cone (a focus on the rim
/// leaves the side away from it unpainted) never shows where the engine draws the whole gradient.
struct WrittenFocusTests {
    /// The numbers of `name="…"` in the markup.
    static func attribute(_ name: String, in markup: String) -> Double? {
        guard let r = markup.range(of: " \(name)=\"") else { return nil }
        return Double(markup[r.upperBound...].prefix { $0 != "\"" })
    }

    static func written(_ g: Gradient) -> (c: Point, r: Double, f: Point?) {
        let m = SVGMarkup.gradient(g, id: "g")
        let f = attribute("fx", in: m).flatMap { x in attribute("fy", in: m).map { Point(x: x, y: $0) } }
        return (Point(x: attribute("cx", in: m)!, y: attribute("cy", in: m)!), attribute("r", in: m)!, f)
    }

    static func radial(centre: Point, radius: Double, focus: Point) -> Gradient {
        Gradient(kind: .radial, stops: [.init(0, .white), .init(1, .black)], start: centre, end: Point(x: centre.x + radius, y: centre.y), focus: focus)
    }

    /// The fuzzed button (seed 20261340, mutant 964): radius 0.055, its focus pulled to 0.99 of it
    /// (0.05445 above the centre), was written fy="49.945", on the rim; librsvg left the upper half
    /// of the button unpainted. Written 0.054 above, inside. A focus well inside a large circle is
    /// written as before, each coordinate rounded to the nearest thousandth.
    @Test func aTinyCirclesFocusStaysInside() {
        let tiny = Self.written(Self.radial(centre: Point(x: 50, y: 50), radius: 0.055, focus: Point(x: 50, y: 8)))
        #expect(tiny.f == Point(x: 50, y: 49.946))
        let large = Self.written(Self.radial(centre: Point(x: 50, y: 50), radius: 48, focus: Point(x: 34.12345, y: 32.98765)))
        #expect(large.f == Point(x: 34.123, y: 32.988))
    }

    /// 5,000 random gradients, radii from 1e-4 to 100 px (log-uniform), centres with many decimals,
    /// foci anywhere within three radii: wherever the written radius is not 0, the written focus lies
    /// strictly inside the written circle; from a written radius of 0.01 px on, within 0.0027 px of
    /// where the engine draws it (`drawnFocus`): the centre's rounding (0.0005 √2), the radius's
    /// (0.99 · 0.0005) and a unit towards the centre in each coordinate (0.001 √2).
    @Test func theWrittenFocusIsInsideTheWrittenCircle() {
        var rng = SplitMix64(seed: 20261340)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        for _ in 0..<5000 {
            let radius = pow(10, -4 + 6 * unit())
            let centre = Point(x: 100 * unit(), y: 100 * unit())
            let angle = 2 * Double.pi * unit(), distance = 3 * radius * unit()
            let g = Self.radial(centre: centre, radius: radius, focus: Point(x: centre.x + distance * cos(angle), y: centre.y + distance * sin(angle)))
            let w = Self.written(g)
            guard let f = w.f, w.r > 0 else { continue }
            #expect(f.distance(to: w.c) < w.r, "radius \(radius): focus \(f.distance(to: w.c)) from the centre of \(w.r)")
            if w.r >= 0.01, let drawn = g.drawnFocus {
                #expect(f.distance(to: drawn) <= 0.0027, "radius \(radius)")
            }
        }
    }
}
