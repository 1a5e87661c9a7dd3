import Flipbook
import Foundation
import Testing

/// CALayer's maskedCorners and cornerCurve, against closed forms and the construction's properties.
struct CornerShapeTests {
    let box = Rect(x: 10, y: 20, width: 120, height: 80)

    /// The corner points of `path` (its elements' end points).
    func ends(_ path: Path) -> [Point] {
        path.elements.compactMap { e -> Point? in
            switch e {
            case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
            case .arc(let a): a.point(at: 1)
            case .close: nil
            }
        }
    }

    @Test func maskedCornersRoundOnlyTheNamedCorners() {
        // Perimeter with n of 4 corners rounded by r: 2(w + h) − n(2r − πr/2) (each rounded corner trades
        // two r-long edge pieces for a quarter circle).
        let r = 15.0
        for (mask, n) in [(CornerMask([.minXMinY, .maxXMinY]), 2.0), ([.maxXMaxY], 1), ([], 0), (.all, 4)] as [(CornerMask, Double)] {
            let path = Path.roundedRect(box, radius: r, corners: mask, curve: .circular)
            #expect(abs(path.length - (2 * (120 + 80) - n * (2 * r - .pi * r / 2))) < 1e-9, "\(mask)")
        }
        // A top-rounded bar keeps its bottom corners square: the rectangle's own corners are vertices.
        let top = ends(Path.roundedRect(box, radius: r, corners: [.minXMinY, .maxXMinY], curve: .circular))
        #expect(top.contains(Point(box.maxX, box.maxY)) && top.contains(Point(box.minX, box.maxY)))
        #expect(!top.contains(Point(box.minX, box.minY)) && !top.contains(Point(box.maxX, box.minY)))
        // All four circular is the plain rounded rectangle, element for element.
        #expect(Path.roundedRect(box, radius: r, corners: .all, curve: .circular) == .roundedRect(box, radius: r))
    }

    @Test func continuousCornerHasFigmasReachAndIsSmooth() throws {
        let r = 10.0
        let path = Path.roundedRect(box, radius: r, corners: [.maxXMinY], curve: .continuous)
        let cubics = path.elements.compactMap { e -> (Point, Point, Point)? in if case .cubic(let a, let b, let c) = e { (a, b, c) } else { nil } }
        try #require(cubics.count == 3)
        // The corner reaches p = (1 + 0.6) r along each edge (Figma's construction at 60 % smoothing).
        let p = 1.6 * r
        let before = ends(path)
        #expect(before.contains(Point(box.maxX - p, box.minY)))
        #expect(abs(cubics[2].2.x - box.maxX) < 1e-12 && abs(cubics[2].2.y - (box.minY + p)) < 1e-12)
        // The middle piece is a circular arc of radius r around (maxX − r, minY + r), spanning 36°:
        // its ends lie on the circle, 36° apart.
        let centre = Point(box.maxX - r, box.minY + r)
        let a0 = cubics[0].2 - centre, a1 = cubics[1].2 - centre
        #expect(abs(a0.length - r) < 1e-12 && abs(a1.length - r) < 1e-12)
        let angle = acos((a0.x * a1.x + a0.y * a1.y) / (r * r)) * 180 / .pi
        #expect(abs(angle - 36) < 1e-9)
        // The pieces meet with one tangent direction (G1): each join's incoming and outgoing handles are collinear.
        func cross(_ u: Point, _ v: Point) -> Double { u.x * v.y - u.y * v.x }
        let start = Point(box.maxX - p, box.minY)
        #expect(abs(cross(cubics[0].0 - start, Point(1, 0))) < 1e-12)                        // leaves along the edge
        #expect(abs(cross(cubics[0].2 - cubics[0].1, cubics[1].0 - cubics[0].2)) < 1e-9)      // into the arc
        #expect(abs(cross(cubics[1].2 - cubics[1].1, cubics[2].0 - cubics[1].2)) < 1e-9)      // out of the arc
        #expect(abs(cross(cubics[2].2 - cubics[2].1, Point(0, 1))) < 1e-12)                  // onto the edge
        // Symmetric about the corner's diagonal: reflecting (x before the corner, y past it) swaps the ends.
        let mirror = { (q: Point) in Point(box.maxX - (q.y - box.minY), box.minY + (box.maxX - q.x)) }
        #expect((mirror(cubics[0].2) - cubics[1].2).length < 1e-12)
        #expect((mirror(cubics[0].0) - cubics[2].1).length < 1e-12)
        // The arc's cubic keeps within 3·10⁻⁴ r of the circle (4/3·tan(θ/4) handles over 36°: far less).
        let arc = CubicBezierSegment(cubics[0].2, cubics[1].0, cubics[1].1, cubics[1].2)
        for i in 0...20 { #expect(abs((arc.point(at: Double(i) / 20) - centre).length - r) < 3e-4 * r) }
    }

    @Test func continuousCornerShrinksToCircularWhenItCannotReach() {
        // Half the shorter side is 40: a radius of 40 leaves no room to smooth, so the corner is circular.
        let full = Path.roundedRect(box, radius: 40, corners: .all, curve: .continuous)
        #expect(abs(full.length - (2 * (120 + 80) - 8 * 40 + 2 * .pi * 40)) < 1e-3)
        // Between, the reach is half the side (40) and the shape changes continuously with the radius.
        let a = Path.roundedRect(box, radius: 30, corners: .all, curve: .continuous)
        let b = Path.roundedRect(box, radius: 30 + 1e-7, corners: .all, curve: .continuous)
        #expect(abs(a.length - b.length) < 1e-5)
        #expect(ends(a).contains(Point(box.maxX - 40, box.minY)))
    }

    @Test func layersDrawTheirCornersInBackgroundBorderAndClip() throws {
        var layer = Layer(id: "bar")
        layer.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        layer[.backgroundColor] = .white
        layer[.cornerRadius] = 10
        layer[.maskedCorners] = [.minXMinY, .maxXMinY]
        layer[.cornerCurve] = .continuous
        layer[.masksToBounds] = true
        layer[.borderWidth] = 2
        let node = try #require(layer.renderNodeWithoutChildren())
        guard case .shape(let background) = node.items[0], case .shape(let border) = node.items[1] else {
            Issue.record("expected two shapes"); return
        }
        let style = CornerStyle(corners: [.minXMinY, .maxXMinY], curve: .continuous)
        #expect(background.path == style.roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), radius: 10))
        #expect(border.path == style.roundedRect(Rect(x: 1, y: 1, width: 98, height: 48), radius: 9))
        #expect(node.clipCorners == style && node.clipCornerRadius == 10)
        #expect(node.clipOutline == background.path)
    }
}
