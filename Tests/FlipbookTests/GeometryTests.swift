import Foundation
import Testing
@testable import Flipbook

struct GeometryTests {
    /// UIBezierPath's rule for (start, end, clockwise) → signed sweep, in degrees, worked by hand.
    static let arcTable: [(Double, Double, Bool, Double)] = [
        (0, 90, true, 90), (0, 90, false, -270), (-90, 270, true, 360), (270, 0, true, 90),
        (0, 0, true, 0), (0, 720, true, 360), (90, 0, false, -90), (0, -90, true, 270), (-60, 60, true, 120),
        (120, -120, true, 120),
    ]

    @Test(arguments: arcTable.indices)
    func arcSweep(_ i: Int) {
        let (start, end, clockwise, sweep) = Self.arcTable[i]
        let arc = Arc(center: .zero, radius: 1, startAngle: .degrees(start), endAngle: .degrees(end), clockwise: clockwise)
        #expect(abs(arc.sweep.degrees - sweep) < 1e-9, "\(start) → \(end) \(clockwise)")
    }

    @Test func angleConvention() {
        // 0 at 3 o'clock, 90° points down the screen (y grows downward), −90° is 12 o'clock.
        let c = Point(100, 100)
        let down = Point.onCircle(center: c, radius: 10, angle: .degrees(90))
        #expect(abs(down.x - 100) < 1e-12 && abs(down.y - 110) < 1e-12)
        let top = Point.onCircle(center: c, radius: 10, angle: .twelveOClock)
        #expect(abs(top.x - 100) < 1e-12 && abs(top.y - 90) < 1e-12)
    }

    @Test func lengths() {
        #expect(abs(Path.circle(center: .zero, radius: 10).length - 20 * .pi) < 1e-12)
        #expect(Path.polyline([Point(0, 0), Point(3, 4), Point(3, 10)]).length == 11)
        #expect(Path.rect(Rect(x: 0, y: 0, width: 3, height: 4)).length == 14)
        // A quadratic's length in closed form: B(t) = (2t, t²) from (0,0) via (1,0) to (2,1):
        // ∫₀¹ 2√(1 + t²) dt = √2 + asinh(1).
        var quad = Path()
        quad.move(to: .zero)
        quad.quad(to: Point(2, 1), control: Point(1, 0))
        #expect(abs(quad.length - (2.0.squareRoot() + asinh(1))) < 1e-10)
        // The 4-cubic circle approximation is within 2.7e-4·r of the circle, so its length is within
        // that relative error of 2πr.
        let approx = Arc(center: .zero, radius: 100, startAngle: .zero, sweep: .fullTurn).cubics
        let length = approx.reduce(0) { $0 + $1.length() }
        #expect(abs(length - 200 * .pi) / (200 * .pi) < 3e-4)
    }

    @Test func trimming() {
        let circle = Path.circle(center: Point(50, 50), radius: 20)
        let half = circle.trimmed(from: 0, to: 0.5)
        #expect(abs(half.length - 20 * .pi) < 1e-9)
        // Half of a clockwise circle from 3 o'clock ends at 9 o'clock.
        guard case .arc(let arc)? = half.elements.last else { Issue.record("expected an arc"); return }
        #expect(abs(arc.endPoint.x - 30) < 1e-9 && abs(arc.endPoint.y - 50) < 1e-9)
        #expect(circle.trimmed(from: 0.6, to: 0.4).isEmpty)
        #expect(circle.trimmed(from: 0, to: 1) == circle)
        // Across subpaths: two 10-px lines; 25 %…75 % keeps 5 px of each.
        let two = Path([.move(Point(0, 0)), .line(Point(10, 0)), .move(Point(0, 5)), .line(Point(10, 5))])
        let cut = two.trimmed(from: 0.25, to: 0.75)
        #expect(cut.elements == [.move(Point(5, 0)), .line(Point(10, 0)), .move(Point(0, 5)), .line(Point(5, 5))])
        // A cubic trimmed at half its length has half the length.
        var curve = Path()
        curve.move(to: .zero)
        curve.cubic(to: Point(100, 0), control1: Point(0, 80), control2: Point(60, -40))
        #expect(abs(curve.trimmed(from: 0, to: 0.5).length - curve.length / 2) < 1e-8)
    }

    /// `trimKeepsAnything` answers what `trimmed(...).isEmpty` would, without cutting: over paths with
    /// several subpaths, points (no length), a lone move, an empty path and a curve, at trims inside,
    /// across and outside [0, 1], reversed and of no width; and by closed form where the answer is known.
    @Test func trimKeepsAnythingAsTrimmedDoes() {
        var curve = Path()
        curve.move(to: .zero)
        curve.cubic(to: Point(100, 0), control1: Point(0, 80), control2: Point(60, -40))
        let paths: [Path] = [
            .circle(center: Point(50, 50), radius: 20),
            Path([.move(Point(0, 0)), .line(Point(10, 0)), .move(Point(0, 5)), .line(Point(10, 5))]),
            Path([.move(Point(3, 3)), .line(Point(3, 3)), .move(Point(0, 0)), .line(Point(4, 0))]),   // a point, then a line
            Path([.move(Point(3, 3)), .line(Point(3, 3))]),                                             // a point alone
            Path([.move(Point(3, 3))]),
            Path(),
            curve,
        ]
        let ends = [-0.5, 0, 1e-12, 0.25, 0.5, 0.5 + 1e-15, 0.75, 1, 1.5]
        var kept = 0
        for path in paths {
            for start in ends {
                for end in ends {
                    let expected = !path.trimmed(from: start, to: end).isEmpty
                    #expect(path.trimKeepsAnything(from: start, to: end) == expected, "\(path.elements) \(start)…\(end)")
                    if expected { kept += 1 }
                }
            }
        }
        #expect(kept > 100)   // the table is not all one answer
        // Closed forms: a whole path is kept unless it has no elements; a reversed or clamped-empty
        // trim keeps nothing; a path of no length keeps nothing of a strict part.
        #expect(Path([.move(Point(3, 3))]).trimKeepsAnything(from: 0, to: 1))
        #expect(!Path().trimKeepsAnything(from: 0, to: 1))
        #expect(!paths[0].trimKeepsAnything(from: 0.6, to: 0.4))
        #expect(!paths[0].trimKeepsAnything(from: 1.2, to: 1.5))
        #expect(!paths[3].trimKeepsAnything(from: 0.2, to: 0.8))
        #expect(paths[1].trimKeepsAnything(from: 0.49, to: 0.51))
    }

    @Test func flatteningStaysWithinTolerance() {
        let radius = 80.0
        for tolerance in [0.5, 0.1, 0.01] {
            let polys = Path.circle(center: .zero, radius: radius).flattened(tolerance: tolerance)
            let points = polys[0].points
            // Chord midpoints are the farthest from the circle.
            for (a, b) in zip(points, points.dropFirst()) {
                let mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
                #expect(radius - mid.length <= tolerance + 1e-12)
            }
            let c = CubicBezierSegment(Point(0, 0), Point(10, 90), Point(90, -60), Point(100, 0))
            let flat = [c.p0] + c.flattened(tolerance: tolerance)
            // Every curve sample is within tolerance of the polyline.
            for i in 0...400 {
                let p = c.point(at: Double(i) / 400)
                let nearest = zip(flat, flat.dropFirst()).map { distance(p, toSegment: $0, $1) }.min()!
                #expect(nearest <= tolerance * 1.001)
            }
        }
    }

    /// The semantic wedge is a true circular sector: every point of its arc is at the radius.
    @Test func wedgeIsCircularSector() {
        let wedge = Path.wedge(center: Point(100, 100), radius: 100, startAngle: .degrees(30), endAngle: .degrees(-30))
        let polys = wedge.flattened(tolerance: 0.01)
        let arcPoints = polys[0].points.dropFirst().dropLast()
        for p in arcPoints {
            #expect(abs(p.distance(to: Point(100, 100)) - 100) < 1e-9)
        }
        #expect(Path.wedge(center: .zero, radius: 10, startAngle: .zero, endAngle: .zero).isEmpty)
    }

    @Test func transformAlgebra() {
        let m = Transform2D.rotation(.degrees(30)).concatenating(.scale(2, 3)).concatenating(.translation(5, -7))
        let p = Point(1.5, -2)
        let back = m.inverted!.apply(m.apply(p))
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
        // Rotation by 90° maps (1, 0) to (0, 1): down the screen, clockwise.
        let r = Transform2D.rotation(.degrees(90)).apply(Point(1, 0))
        #expect(abs(r.x) < 1e-15 && abs(r.y - 1) < 1e-15)
    }

    private func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let len2 = ab.x * ab.x + ab.y * ab.y
        let t = len2 == 0 ? 0 : max(0, min(1, (ap.x * ab.x + ap.y * ab.y) / len2))
        return p.distance(to: a + ab * t)
    }

    /// The points a flattened path passes through smoothly: all of a circle's (its four cubics meet
    /// tangent, its start too, closed); none of a square's; of a line turning into a quarter arc
    /// tangent to it and then into a line at a right angle, the arc's inner points and its start,
    /// not its end nor the path's ends.
    @Test func flattenedPathsMarkTheirSmoothPoints() {
        let circle = Path.circle(center: Point(0, 0), radius: 10).flattenedMarkingSmooth(tolerance: 0.1)[0]
        #expect(circle.isClosed && circle.smooth.count == circle.points.count && circle.smooth.allSatisfy { $0 })
        let square = Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close])
            .flattenedMarkingSmooth(tolerance: 0.1)[0]
        #expect(square.smooth.count == square.points.count && !square.smooth.contains(true))
        let k = 0.5522847498 * 10
        let bend = Path([.move(Point(0, 0)), .line(Point(10, 0)), .cubic(Point(10 + k, 0), Point(20, 10 - k), Point(20, 10)),
                         .line(Point(30, 10))]).flattenedMarkingSmooth(tolerance: 0.1)[0]
        let arcEnd = bend.points.firstIndex(of: Point(20, 10))!
        #expect(bend.smooth.count == bend.points.count)
        #expect(bend.smooth[0] == false && bend.smooth[1] == true && bend.smooth.last == false)
        #expect(bend.smooth[2..<arcEnd].allSatisfy { $0 } && bend.smooth[arcEnd] == false)
    }
}
