import Flipbook
import Testing
@testable import FlipbookRaster

/// Shapes whose box misses the canvas are skipped before they are flattened; these check that what
/// reaches the canvas from off it still draws, each pixel against a closed form.
struct CullingTests {
    static func stroked(_ path: Path, width: Double, join: LineJoin = .miter, miterLimit: Double = 10) -> Layer {
        var layer = Layer(id: "s", type: ShapeLayer.self)
        layer[.anchorPoint] = .zero
        layer[.path] = path
        layer[.fillColor] = .clear
        layer[.strokeColor] = .black
        layer[.lineWidth] = width
        layer[.lineJoin] = join
        layer[.miterLimit] = miterLimit
        return layer
    }

    static func alpha(_ image: RasterImage, _ x: Int, _ y: Int) -> Int { Int(image.pixels[(y * image.width + x) * 4 + 3]) }

    /// A vertical line at x = −5, 12 px wide, covers x from −11 to 1: column 0 whole, column 1 not at
    /// all, though every point of the path is off the canvas.
    @Test func aStrokeReachingInFromOffTheCanvasDraws() throws {
        var renderer = RasterRenderer(canvas: Size(20, 20))
        let image = try renderer.render(Self.stroked(Path([.move(Point(-5, -10)), .line(Point(-5, 30))]), width: 12).renderNode())
        for y in [0, 10, 19] {
            #expect(Self.alpha(image, 0, y) == 255, "row \(y): \(Self.alpha(image, 0, y))")
            #expect(Self.alpha(image, 1, y) == 0, "row \(y): \(Self.alpha(image, 1, y))")
        }
    }

    /// A sharp corner at (−8, 10) between legs to (−34, 5) and (−34, 15), 4 px wide: its miter
    /// reaches w/2 / sin(θ/2) past the corner, θ/2 = atan(5/26), to x = −8 + 2·√701/5 ≈ 2.59 (the
    /// ratio 1/sin(θ/2) ≈ 5.3 is under the limit 10), farther than half the width and a bevel's
    /// reach. Pixels on rows 9 and 10 up to x = 1 are covered, the one past the tip is not. With a
    /// limit of 2 the corner is bevelled and the canvas stays clear.
    @Test func aMiterReachingInFromOffTheCanvasDraws() throws {
        let corner = Path([.move(Point(-34, 5)), .line(Point(-8, 10)), .line(Point(-34, 15))])
        let tip = -8 + 2 * 701.0.squareRoot() / 5
        #expect(abs(tip - 2.59) < 0.01)
        var renderer = RasterRenderer(canvas: Size(20, 20))
        let mitered = try renderer.render(Self.stroked(corner, width: 4).renderNode())
        for x in 0...1 { #expect(Self.alpha(mitered, x, 9) > 0 && Self.alpha(mitered, x, 10) > 0, "x \(x)") }
        #expect(Self.alpha(mitered, 3, 9) == 0 && Self.alpha(mitered, 3, 10) == 0)
        let bevelled = try renderer.render(Self.stroked(corner, width: 4, miterLimit: 2).renderNode())
        #expect(bevelled.pixels.allSatisfy { $0 == 0 })
    }

    /// Shapes wholly off the canvas on every side change no pixel of what the canvas shows, and a
    /// fill that straddles the edge draws its visible part: a 10 × 10 square at (−5, −5) covers the
    /// 5 × 5 corner exactly.
    @Test func shapesOffTheCanvasDrawNothingAndStraddlingOnesTheirPart() throws {
        var square = Layer(id: "q", type: ShapeLayer.self)
        square[.anchorPoint] = .zero
        square[.path] = .rect(Rect(x: -5, y: -5, width: 10, height: 10))
        var root = Layer(id: "root")
        root[.anchorPoint] = .zero
        root.sublayers = [square]
        for (i, place) in [Point(-40, 8), Point(60, 8), Point(8, -40), Point(8, 60)].enumerated() {
            var off = Self.stroked(Path([.move(place), .line(Point(place.x + 10, place.y + 10))]), width: 6)
            off.id = "off\(i)"
            var fill = Layer(id: "fill\(i)", type: ShapeLayer.self)
            fill[.anchorPoint] = .zero
            fill[.path] = .rect(Rect(x: place.x, y: place.y, width: 15, height: 15))
            root.sublayers += [off, fill]
        }
        var renderer = RasterRenderer(canvas: Size(20, 20))
        let image = try renderer.render(root.renderNode())
        for y in 0..<20 {
            for x in 0..<20 {
                #expect(Self.alpha(image, x, y) == (x < 5 && y < 5 ? 255 : 0), "(\(x), \(y))")
            }
        }
    }
}
