import Flipbook
import Foundation
import Testing
@testable import FlipbookRaster

struct PixelTests {
    /// The packed two-lane division is round(v·m / 255) for every v and m (checked exhaustively
    /// against Double arithmetic), in every channel position.
    @Test func scaleIsRoundedDivisionBy255() {
        for v in 0...255 {
            for m in 0...255 {
                let expected = UInt32((Double(v * m) / 255).rounded())
                let p = UInt32(v) | UInt32(v) << 8 | UInt32(v) << 16 | UInt32(v) << 24
                let s = PackedPixel.scale(p, UInt32(m))
                #expect(s == expected | expected << 8 | expected << 16 | expected << 24, "v \(v) m \(m)")
            }
        }
    }

    /// Eight pixels at a time give the bits one at a time gives: `scale` for every value and factor in
    /// each lane, and the group composite (`Surface.composite`, eight pixels at a time, the rest of a
    /// row one at a time) against `PackedPixel.over(_:_:coverage:)` pixel by pixel, over random
    /// premultiplied pixels (transparent and opaque ones among them), rows of 1 to 21 pixels.
    @Test func eightAtATimeIsOneAtATime() {
        for v in 0...255 {
            let p = UInt32(v) | UInt32(v) << 8 | UInt32(v) << 16 | UInt32(v) << 24
            let factors = SIMD8<UInt32>((0..<8).map { UInt32(($0 * 37 + v) % 256) })
            let eight = PackedPixel.scale(SIMD8(repeating: p), factors)
            for lane in 0..<8 { #expect(eight[lane] == PackedPixel.scale(p, factors[lane])) }
        }
        var random = SystemRandomNumberGenerator()
        func pixel() -> UInt32 {
            let a = [0, 255, UInt32.random(in: 0...255, using: &random)].randomElement(using: &random)!
            let c = (0..<3).map { _ in UInt32.random(in: 0...a, using: &random) }
            return c[0] | c[1] << 8 | c[2] << 16 | a << 24
        }
        for coverage: UInt32 in [1, 37, 128, 254, 255] {
            for width in 1...21 {
                var under = Surface(width: width + 3, height: 2), over = Surface(width: 0, height: 0)
                over.reshape(PixelRect(x: 2, y: 1, width: width, height: 1))
                under.withPixels { for i in $0.indices { $0[i] = pixel() } }
                over.withPixels { for i in $0.indices { $0[i] = pixel() } }
                let before = under.withPixelValues { Array($0) }, source = over.withPixelValues { Array($0) }
                under.composite(over, opacity: Float(coverage) / 255, mask: nil)
                let after = under.withPixelValues { Array($0) }
                for i in after.indices {
                    let x = i % (width + 3), y = i / (width + 3)
                    let inside = y == 1 && x >= 2 && x < 2 + width
                    let expected = inside && source[x - 2] != 0 ? PackedPixel.over(source[x - 2], before[i], coverage: coverage) : before[i]
                    #expect(after[i] == expected, "coverage \(coverage), width \(width), pixel \(i)")
                }
            }
        }
    }

    /// Source-over in premultiplied bytes: r = s + round(d·(255 − αs)/255) per channel, never above 255,
    /// opaque sources replace, transparent sources keep.
    @Test func sourceOver() {
        let red = PackedPixel.premultiplied(red: 1, green: 0, blue: 0, alpha: 1)
        let halfBlue = PackedPixel.premultiplied(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(red == 0xFF00_00FF)
        #expect(halfBlue == 0x8080_0000)
        #expect(PackedPixel.over(red, halfBlue) == red)
        #expect(PackedPixel.over(0, halfBlue) == halfBlue)
        // 50 % blue over opaque red: red 255·127/255 = 127, blue 128, alpha 128 + 127 = 255.
        #expect(PackedPixel.over(halfBlue, red) == 0xFF80_007F)
        var worst: UInt32 = 0
        for a in stride(from: 0, through: 255, by: 5) {
            for d in stride(from: 0, through: 255, by: 5) {
                let s = UInt32(a) << 24 | UInt32(a)  // premultiplied: channel = alpha, the extreme case
                let dst = UInt32(d) << 24 | UInt32(d)
                worst = max(worst, PackedPixel.over(s, dst) & 0xFF)
            }
        }
        #expect(worst == 255)
        #expect(PackedPixel.coverage(.nan) == 0 && PackedPixel.coverage(2) == 255 && PackedPixel.coverage(0.5) == 128)
    }

    /// A rectangle that runs past the right edge covers its rows to the end of the canvas (its only
    /// visible edge is on the left), and one that runs past the left edge from its right edge back.
    @Test func shapesPastTheEdges() {
        let right = RasterTests.coverage([[Point(10.5, 2), Point(500, 2), Point(500, 8), Point(10.5, 8)]], width: 40, height: 10)
        #expect(right[5 * 40 + 9] == 0)
        #expect(abs(right[5 * 40 + 10] - 0.5) < 1e-6)
        #expect((11..<40).allSatisfy { right[5 * 40 + $0] == 1 })
        let left = RasterTests.coverage([[Point(-300, 2), Point(20.25, 2), Point(20.25, 8), Point(-300, 8)]], width: 40, height: 10)
        #expect((0..<20).allSatisfy { left[5 * 40 + $0] == 1 })
        #expect(abs(left[5 * 40 + 20] - 0.25) < 1e-6)
        #expect(left[5 * 40 + 21] == 0)
    }

    /// The renderer keeps its memory between frames; nothing leaks from one frame into the next.
    @Test func reusedRendererMatchesAFreshOne() throws {
        func scene(_ fraction: Double) -> RenderNode? {
            var ring = Layer(id: "r", type: ArcLayer.self)
            ring[.bounds] = Rect(x: 0, y: 0, width: 60, height: 60)
            ring[.position] = Point(30, 30)
            ring[.radius] = 20
            ring[.lineWidth] = 8
            ring[.strokeColor] = Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8)
            ring[.endAngle] = .degrees(360 * fraction)
            ring[.opacity] = fraction < 0.5 ? 0.5 : 1
            return ring.renderNode()
        }
        var reused = RasterRenderer(canvas: Size(60, 60), background: .white)
        var images: [RasterImage] = []
        for f in [0.9, 0.3, 0.9] { images.append(try reused.render(scene(f))) }
        var fresh = RasterRenderer(canvas: Size(60, 60), background: .white)
        #expect(images[0] == images[2])
        #expect(images[1] == (try fresh.render(scene(0.3))))
        #expect(images[0] != images[1])
    }

    /// Hostile geometry (coordinates far off the canvas, overflowing products, NaN, huge strokes) draws
    /// what is visible and never traps: the rasterizer works on raw pointers.
    @Test(arguments: [1e3, 1e9, 1e18, 1e154, 1e300, .infinity, .nan])
    func extremeCoordinatesDoNotTrap(_ big: Double) throws {
        var layer = Layer(id: "s", type: ShapeLayer.self)
        layer[.anchorPoint] = .zero
        var path = Path()
        path.move(to: Point(-big, 10))
        path.line(to: Point(big, 12))
        path.line(to: Point(20, big))
        path.line(to: Point(20, -big))
        path.close()
        layer[.path] = path
        layer[.fillColor] = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        layer[.strokeColor] = .black
        layer[.lineWidth] = min(big, 1e12)
        layer[.lineJoin] = .round
        layer[.lineCap] = .round
        var renderer = RasterRenderer(canvas: Size(32, 32), background: .white)
        let image = try renderer.render(layer.renderNode())
        #expect(image.pixels.count == 32 * 32 * 4)
        layer[.transform] = .scale(big, 1 / big)
        _ = try renderer.render(layer.renderNode())
    }

    /// PPM composites premultiplied pixels over the background, c + round(b·(255 − a)/255); raw RGBA
    /// un-premultiplies, round(c·255/a). Both checked against Double arithmetic on every alpha.
    @Test func ppmAndStraightRGBA() {
        var pixels: [UInt8] = []
        for a in 0...255 { pixels += [UInt8(a / 2), UInt8(a / 3), UInt8(a), UInt8(a)] }
        let image = RasterImage(width: 256, height: 1, pixels: pixels)
        let background: (UInt8, UInt8, UInt8) = (200, 10, 255)
        let ppm = ImageEncoder.ppm(image, background: background)
        let header = Array("P6\n256 1\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        #expect(ppm.count == header.count + 256 * 3)
        let rgb = Array(ppm.dropFirst(header.count))
        let bg = [Double(background.0), Double(background.1), Double(background.2)]
        let straight = image.straightRGBA
        for a in 0...255 {
            for c in 0..<3 {
                let value = Double(pixels[a * 4 + c])
                #expect(Double(rgb[a * 3 + c]) == value + (bg[c] * Double(255 - a) / 255).rounded(), "alpha \(a) channel \(c)")
                let expected = a == 0 ? value : min(255, (value * 255 / Double(a)).rounded())
                #expect(Double(straight[a * 4 + c]) == expected, "alpha \(a) channel \(c)")
            }
            #expect(straight[a * 4 + 3] == UInt8(a))
        }
    }
}
