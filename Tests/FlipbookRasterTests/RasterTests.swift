import Flipbook
import Foundation
import Testing
@testable import FlipbookRaster

struct RasterTests {
    static func coverage(_ polygons: [[Point]], width: Int = 200, height: Int = 200, evenOdd: Bool = false) -> [Float] {
        var r = CoverageRasterizer(width: width, height: height)
        r.add(polygons: polygons)
        var out = [Float](repeating: 0, count: width * height)
        r.sweep(evenOdd: evenOdd) { x, y, c in out[y * width + x] = c }
        return out
    }

    static func shoelace(_ p: [Point]) -> Double {
        var a = 0.0
        for i in p.indices { let q = p[(i + 1) % p.count]; a += p[i].x * q.y - q.x * p[i].y }
        return abs(a) / 2
    }

    /// The coverage of a circle sums to its area: the polygon's exactly, πr² within the flattening.
    @Test func circleArea() {
        let polygon = Path.circle(center: Point(100.3, 100.7), radius: 50).flattened(tolerance: 0.001)[0].points
        let total = Self.coverage([polygon]).reduce(0) { $0 + Double($1) }
        #expect(abs(total - Self.shoelace(polygon)) < 0.05)
        #expect(abs(total - Double.pi * 2500) < 0.5)
    }

    /// A half-plane edge at x = 10.25 covers column 10 by exactly a quarter.
    @Test func halfPlaneEdge() {
        let c = Self.coverage([[Point(-5, -5), Point(10.25, -5), Point(10.25, 30), Point(-5, 30)]], width: 20, height: 20)
        for y in 0..<20 {
            #expect(c[y * 20 + 9] == 1)
            #expect(abs(c[y * 20 + 10] - 0.25) < 1e-6)
            #expect(c[y * 20 + 11] == 0)
        }
        // A slanted edge: x = y / 2 within a 20×20 square covers the triangle's area.
        let t = Self.coverage([[Point(0, 0), Point(10, 20), Point(0, 20)]], width: 20, height: 20)
        #expect(abs(t.reduce(0, +) - 100) < 1e-3)
    }

    /// A ring by the even-odd rule (two same-direction circles) and by the non-zero rule (opposite
    /// directions): π(R² − r²).
    @Test func ringArea() {
        let outer = Path.circle(center: Point(100, 100), radius: 80).flattened(tolerance: 0.001)[0].points
        let inner = Path.circle(center: Point(100, 100), radius: 30).flattened(tolerance: 0.001)[0].points
        let expected = Self.shoelace(outer) - Self.shoelace(inner)
        let evenOdd = Self.coverage([outer, inner], evenOdd: true).reduce(0) { $0 + Double($1) }
        #expect(abs(evenOdd - expected) < 0.1)
        let nonZero = Self.coverage([outer, inner.reversed()]).reduce(0) { $0 + Double($1) }
        #expect(abs(nonZero - expected) < 0.1)
        #expect(abs(expected - Double.pi * (6400 - 900)) < 1)
    }

    /// Stroke geometry: a 100 px line 10 px wide covers 1000 px² with butt caps, 1100 with square caps,
    /// 1000 + π·25 with round caps.
    @Test(arguments: [(LineCap.butt, 1000.0), (.square, 1100), (.round, 1000 + Double.pi * 25)])
    func strokeArea(cap: LineCap, expected: Double) {
        let style = Stroker.Style(width: 10, cap: cap, join: .miter, miterLimit: 10, tolerance: 0.001)
        let polygons = Stroker.stroke([([Point(50, 100), Point(150, 100)], false)], style: style)
        let total = Self.coverage(polygons).reduce(0) { $0 + Double($1) }
        #expect(abs(total - expected) < 0.2, "\(cap): \(total)")
    }

    /// A right-angle join of two 50 px arms, 10 px wide: the miter fills the outer corner square (the
    /// L of 55 × 10 and 10 × 45, 1000 px²); the bevel leaves half of it (987.5 px²).
    @Test func miterJoin() {
        let style = Stroker.Style(width: 10, cap: .butt, join: .miter, miterLimit: 10, tolerance: 0.01)
        let polygons = Stroker.stroke([([Point(50, 150), Point(100, 150), Point(100, 100)], false)], style: style)
        let total = Self.coverage(polygons).reduce(0) { $0 + Double($1) }
        #expect(abs(total - 1000) < 0.2)
        var bevel = style
        bevel.join = .bevel
        let beveled = Self.coverage(Stroker.stroke([([Point(50, 150), Point(100, 150), Point(100, 100)], false)], style: bevel)).reduce(0) { $0 + Double($1) }
        #expect(abs(beveled - 987.5) < 0.2)
    }

    /// Dashes: a 100 px line dashed {10, 10} keeps half its length.
    @Test func dashes() {
        let dashed = Stroker.dashed([([Point(0, 0), Point(100, 0)], false)], pattern: [10, 10], phase: 5)
        let length = dashed.reduce(0.0) { $0 + $1.points[0].distance(to: $1.points[$1.points.count - 1]) }
        #expect(abs(length - 50) < 1e-9)
        #expect(dashed.first?.points.first == Point(0, 0))
        #expect(dashed.first.map { abs($0.points.last!.x - 5) < 1e-12 } == true)
    }

    @Test func solidSquareIsExactColour() throws {
        var square = Layer(id: "s", type: ShapeLayer.self)
        square[.path] = .rect(Rect(x: 10, y: 10, width: 20, height: 20))
        square[.fillColor] = Color(red: 1, green: 0, blue: 0)
        square[.anchorPoint] = .zero
        var renderer = RasterRenderer(canvas: Size(40, 40))
        let image = try renderer.render(square.renderNode())
        let i = (20 * 40 + 20) * 4
        #expect(Array(image.pixels[i..<i + 4]) == [255, 0, 0, 255])
        let corner: UInt8 = image.pixels[(5 * 40 + 5) * 4 + 3]
        #expect(corner == 0)
        // Half opacity composites premultiplied.
        square[.opacity] = 0.5
        let half = try renderer.render(square.renderNode())
        #expect(Array(half.pixels[i..<i + 4]) == [128, 0, 0, 128])
    }

    @Test func pngStructure() {
        let image = RasterImage(width: 3, height: 2, pixels: [UInt8](repeating: 200, count: 24))
        let png = ImageEncoder.png(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        // CRC-32 of "IEND" is the well-known 0xAE426082.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
        // Real compression: a flat 400×400 frame is far below its raw 640 000 bytes.
        let flat = RasterImage(width: 400, height: 400, pixels: [UInt8](repeating: 90, count: 640_000))
        #expect(ImageEncoder.png(flat).count < 10_000)
    }
}
