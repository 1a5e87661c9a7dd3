import Flipbook
@testable import FlipbookRaster
import Testing

/// The raster painter's gradient table (`GradientTable`) against the gradient mixed exactly.
struct GradientTableTests {
    static func exact(_ g: Gradient, _ t: Double) -> UInt32 {
        let c = g.color(atOffset: t)
        return PackedPixel.premultiplied(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    static func channels(_ p: UInt32) -> [Int] { (0..<4).map { Int((p >> (8 * UInt32($0))) & 255) } }

    @Test func tabulatedPixelsAreWithinOneLevelOfTheExactMix() throws {
        let twoStops: [Gradient.Stop] = [Gradient.Stop(0, .black), Gradient.Stop(1, .white)]
        let fourStops: [Gradient.Stop] = [
            Gradient.Stop(0, Color(red: 1, green: 0, blue: 0)), Gradient.Stop(0.3, Color(red: 0, green: 1, blue: 0, alpha: 0.4)),
            Gradient.Stop(0.7, Color(red: 0, green: 0, blue: 1)), Gradient.Stop(1, Color(red: 1, green: 1, blue: 0, alpha: 0)),
        ]
        var wheel: [Gradient.Stop] = []
        for k in 0...6 {
            let color = Color(red: Double(k % 2), green: Double(k % 3) / 2, blue: 1 - Double(k) / 6)
            wheel.append(Gradient.Stop(Double(k) / 6, color))
        }
        let gradients: [Gradient] = [
            Gradient(stops: twoStops, start: .zero, end: Point(1, 0)).normalized,
            Gradient(stops: fourStops, start: .zero, end: Point(1, 0)).normalized,
            Gradient.conic(center: .zero, startAngle: .zero, stops: wheel).normalized,
        ]
        for g in gradients {
            let table = try #require(GradientTable(g))
            var worst = 0
            for k in 0...20_000 {
                let t = Double(k) / 20_000
                let a = Self.channels(table.pixel(at: t)), b = Self.channels(Self.exact(g, t))
                worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
            }
            #expect(worst <= 1, "\(g.stops.count) stops: \(worst) levels off")
            // The ends and out of range are the end colours; NaN is the start.
            #expect(table.pixel(at: 0) == Self.exact(g, 0) && table.pixel(at: 1) == Self.exact(g, 1))
            #expect(table.pixel(at: -3) == Self.exact(g, 0) && table.pixel(at: 7) == Self.exact(g, 1) && table.pixel(at: .nan) == Self.exact(g, 0))
        }
    }

    @Test func hardEdgesAndShortSpansAreMixedAtEveryPixel() {
        // A hard edge at 0.5 would move by up to half an entry: no table.
        let hard = Gradient(stops: [.init(0, .black), .init(0.5, .black), .init(0.5, .white), .init(1, .white)], start: .zero, end: Point(1, 0))
        #expect(GradientTable(hard.normalized) == nil)
        // Black to white over 0.05 of the offset: 255 levels in 205 entries, more than half a level
        // each; over 0.07 (287 entries), within.
        #expect(GradientTable(Gradient(stops: [.init(0.5, .black), .init(0.55, .white)], start: .zero, end: Point(1, 0)).normalized) == nil)
        #expect(GradientTable(Gradient(stops: [.init(0.5, .black), .init(0.57, .white)], start: .zero, end: Point(1, 0)).normalized) != nil)
        // Equal colours at one offset are no edge.
        #expect(GradientTable(Gradient(stops: [.init(0, .black), .init(0.5, .white), .init(0.5, .white), .init(1, .black)], start: .zero, end: Point(1, 0)).normalized) != nil)
    }
}

/// A gradient's run of offsets (`Gradient.offsets(row:from:through:into:)`, stepped along the row
/// from its first pixel) against `offset(at:)` at each pixel centre, and the painted pixels against
/// the exact mix.
struct GradientRunTests {
    /// A linear gradient at a slant, a radial one, and a radial one drawn from a focus off its centre,
    /// through a rotated, scaled inverse transform: 4,096 pixels of a row within 1e-9 of `offset(at:)`
    /// of each centre (the first pixel exactly).
    @Test(arguments: [(Gradient.Kind.linear, false), (.radial, false), (.radial, true)])
    func runOffsetsFollowEachCentre(kind: Gradient.Kind, focal: Bool) {
        let g = Gradient(kind: kind, stops: [.init(0, .black), .init(1, .white)], start: Point(-130, 40), end: Point(900, -310),
                         focus: focal ? Point(300, -200) : nil)
        let inverse = Transform2D(a: 0.83, b: -0.41, c: 0.37, d: 1.21, tx: -512.5, ty: 77.25)
        var run = [Double](repeating: .nan, count: 4096)
        for y in [0, 17, 2048] {
            let x = -300 + y
            run.withUnsafeMutableBufferPointer { g.offsets(row: y, from: x, through: inverse, into: $0) }
            var worst = 0.0
            for i in run.indices {
                let exact = g.offset(at: inverse.apply(Point(Double(x + i) + 0.5, Double(y) + 0.5)))
                worst = max(worst, abs(run[i] - exact))
                if i == 0 { #expect(run[i] == exact) }
            }
            #expect(worst < 1e-9, "row \(y): \(worst)")
        }
        // A gradient of no length: offset 0 everywhere (linear) or 1 (radial), as `offset(at:)`.
        let flat = Gradient(kind: kind, stops: [.init(0, .black), .init(1, .white)], start: Point(3, 3), end: Point(3, 3))
        run.withUnsafeMutableBufferPointer { flat.offsets(row: 5, from: 0, through: .identity, into: $0) }
        let none: Double = kind == .linear ? 0 : 1
        #expect(run.allSatisfy { $0 == none } && flat.offset(at: Point(9, 9)) == none)
    }

    /// A slanted linear gradient, and a radial one, filling a 300 × 200 canvas, opaque (shaded
    /// straight into the frame) and translucent over grey (shaded, then composited): every pixel
    /// within one level of the exact mix at its centre, t = ((c − start) · d) / |d|² (linear) or
    /// |c − start| / |d| (radial), composited over the background by source-over.
    @Test(arguments: [Gradient.Kind.linear, .radial], [1.0, 0.6])
    func paintedPixelsAreTheMixAtTheirCentres(kind: Gradient.Kind, alpha: Double) throws {
        let start = Point(-20, 30), end = Point(260, 190)
        let stops: [Gradient.Stop] = [.init(0, Color(red: 0.9, green: 0.2, blue: 0.1, alpha: alpha)),
                                      .init(0.4, Color(red: 0.1, green: 0.8, blue: 0.3, alpha: alpha)),
                                      .init(1, Color(red: 0.2, green: 0.3, blue: 1, alpha: alpha))]
        var square = Layer(id: "g", type: ShapeLayer.self)
        square[.anchorPoint] = .zero
        square[.path] = .rect(Rect(x: -10, y: -10, width: 320, height: 220))
        square[.fillGradient] = Gradient(kind: kind, stops: stops, start: start, end: end)
        let grey = Color(red: 0.5, green: 0.5, blue: 0.5)
        var renderer = RasterRenderer(canvas: Size(300, 200), background: grey)
        let image = try renderer.render(square.renderNode())
        let g = Gradient(kind: kind, stops: stops, start: start, end: end).normalized
        let d = end - start, l2 = d.x * d.x + d.y * d.y
        var worst = 0
        for y in stride(from: 0, to: 200, by: 3) {
            for x in 0..<300 {
                let (cx, cy) = (Double(x) + 0.5 - start.x, Double(y) + 0.5 - start.y)
                let t = kind == .linear ? (cx * d.x + cy * d.y) / l2 : (cx * cx + cy * cy).squareRoot() / l2.squareRoot()
                let c = g.color(atOffset: t)
                let expected = [c.red, c.green, c.blue].map { Int((($0 * c.alpha) + 0.5 * (1 - c.alpha)) * 255 + 0.5) } + [255]
                let got = PaintTests.pixel(image, x, y)
                worst = max(worst, zip(got, expected).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 1, "\(kind), alpha \(alpha): \(worst) levels off")
    }
}
