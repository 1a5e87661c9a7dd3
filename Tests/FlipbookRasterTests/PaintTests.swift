import Flipbook
import Foundation
import Testing
@testable import FlipbookRaster

/// The renderer's paths that no scene file exercises: gradients, clips and the even-odd rule,
/// checked pixel by pixel against values computed independently.
struct PaintTests {
    static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.pixels[i..<i + 4].map(Int.init)
    }

    /// A horizontal gradient from red to blue across 40 px: each pixel centre (x + 0.5) gets
    /// t = (x + 0.5)/40, mixed in premultiplied sRGB, stored as round(255·c).
    @Test func linearGradient() throws {
        var square = Layer(id: "g", type: ShapeLayer.self)
        square[.anchorPoint] = .zero
        square[.path] = .rect(Rect(x: 0, y: 0, width: 40, height: 10))
        square[.fillGradient] = Gradient(stops: [.init(0, Color(red: 1, green: 0, blue: 0)), .init(1, Color(red: 0, green: 0, blue: 1))],
                                         start: Point(0, 0), end: Point(40, 0))
        var renderer = RasterRenderer(canvas: Size(40, 10))
        let image = try renderer.render(square.renderNode())
        for x in [0, 7, 20, 33, 39] {
            let t = (Double(x) + 0.5) / 40
            let expected = [Int(((1 - t) * 255).rounded()), 0, Int((t * 255).rounded()), 255]
            let got = Self.pixel(image, x, 5)
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "x \(x): \(got) vs \(expected)")
        }
    }

    /// Group opacity over white, each expected pixel by source-over in premultiplied 8-bit colour
    /// (SVG's group opacity: the group drawn alone, then faded): a gradient fill alone in a group at
    /// 0.5 (drawn in place, its paint faded), nested groups at 0.5 × 0.5 round a solid red to alpha
    /// 64, and a shape with a fill and a stroke over it at 0.5 shows the stroke alone where they
    /// overlap (the group is isolated: the fill does not show through the stroke).
    @Test func groupOpacityFadesWhatTheGroupDraws() throws {
        func over(_ top: [Double], _ opacity: Double) -> [Int] {   // straight colour at alpha `opacity` over white
            top.map { Int(($0 * opacity * 255 + 255 * (1 - opacity)).rounded()) } + [255]
        }
        func near(_ got: [Int], _ expected: [Int]) -> Bool { zip(got, expected).allSatisfy { abs($0 - $1) <= 1 } }
        var gradient = Layer(id: "g", type: ShapeLayer.self)
        gradient[.anchorPoint] = .zero
        gradient[.path] = .rect(Rect(x: 0, y: 0, width: 40, height: 10))
        gradient[.fillGradient] = Gradient(stops: [.init(0, Color(red: 1, green: 0, blue: 0)), .init(1, Color(red: 0, green: 0, blue: 1))],
                                           start: Point(0, 0), end: Point(40, 0))
        gradient[.opacity] = 0.5
        var renderer = RasterRenderer(canvas: Size(40, 10), background: .white)
        let faded = try renderer.render(gradient.renderNode())
        for x in [0, 7, 20, 33, 39] {
            let t = (Double(x) + 0.5) / 40
            let expected = over([1 - t, 0, t], 0.5)
            #expect(near(Self.pixel(faded, x, 5), expected), "x \(x): \(Self.pixel(faded, x, 5)) vs \(expected)")
        }

        var red = Layer(id: "r", type: ShapeLayer.self)
        red[.anchorPoint] = .zero
        red[.path] = .rect(Rect(x: 0, y: 0, width: 40, height: 10))
        red[.fillColor] = Color(red: 1, green: 0, blue: 0)
        red[.opacity] = 0.5
        var parent = Layer(id: "p")
        parent[.anchorPoint] = .zero
        parent[.opacity] = 0.5
        parent.sublayers = [red]
        var clear = RasterRenderer(canvas: Size(40, 10))
        let quarter = try clear.render(parent.renderNode())
        #expect(near(Self.pixel(quarter, 20, 5), [64, 0, 0, 64]), "\(Self.pixel(quarter, 20, 5))")

        var both = Layer(id: "b", type: ShapeLayer.self)
        both[.anchorPoint] = .zero
        both[.path] = .rect(Rect(x: 10, y: 0, width: 20, height: 10))
        both[.fillColor] = Color(red: 1, green: 0, blue: 0)
        both[.strokeColor] = Color(red: 0, green: 0, blue: 1)
        both[.lineWidth] = 8
        both[.opacity] = 0.5
        let isolated = try renderer.render(both.renderNode())
        #expect(near(Self.pixel(isolated, 11, 5), over([0, 0, 1], 0.5)), "stroke over fill: \(Self.pixel(isolated, 11, 5))")
        #expect(near(Self.pixel(isolated, 20, 5), over([1, 0, 0], 0.5)), "fill alone: \(Self.pixel(isolated, 20, 5))")
        #expect(near(Self.pixel(isolated, 7, 5), over([0, 0, 1], 0.5)), "stroke alone: \(Self.pixel(isolated, 7, 5))")
    }

    /// A gradient with no extent paints its last stop's colour (SVG 1.1 §13.2.2: "If x1 = x2 and y1 =
    /// y2, then the area to be painted will be painted as a single color using the color and opacity
    /// of the last gradient stop"; §13.2.3, r = 0, the same). The render tree carries it as that
    /// solid fill, so the SVG frame writes `fill` and no gradient; the fuzzer found the raster frame
    /// painting the first stop and librsvg a mix of the two.
    @Test(arguments: [(Gradient.Kind.linear, Point(12, 3)), (.radial, Point(12, 3)), (.linear, Point(.infinity, 0))])
    func gradientWithNoExtentIsItsLastStop(_ kind: Gradient.Kind, _ end: Point) throws {
        var square = Layer(id: "g", type: ShapeLayer.self)
        square[.anchorPoint] = .zero
        square[.path] = .rect(Rect(x: 0, y: 0, width: 40, height: 10))
        let start = end.x.isFinite ? end : Point(5, 5)
        square[.fillGradient] = Gradient(kind: kind, stops: [.init(0, Color(red: 1, green: 0, blue: 0)), .init(0.5, .white),
                                                             .init(1, Color(red: 0, green: 0, blue: 1))], start: start, end: end)
        let node = try #require(square.renderNode())
        guard case .shape(let shape) = node.items.first else { Issue.record("no shape"); return }
        #expect(shape.fillGradient.stops.isEmpty)
        #expect(shape.fill == Color(red: 0, green: 0, blue: 1))
        var renderer = RasterRenderer(canvas: Size(40, 10))
        let image = try renderer.render(node)
        for (x, y) in [(0, 0), (12, 3), (39, 9)] {
            #expect(Self.pixel(image, x, y) == [0, 0, 255, 255])
        }
    }

    /// A canvas that is not a whole number of pixels clips its last column and row as an SVG viewport
    /// does: a pixel the canvas covers by a fraction f keeps f of the background, and what is drawn
    /// there is clipped to the canvas (here a square covering the whole canvas: coverage f) and
    /// composited over it as an SVG renderer composites anti-aliased edges, each shape by its coverage:
    /// f·blue + (1 − f)·f·red, premultiplied (with no square: f·red). The fuzzer found a 0.5 px wide
    /// canvas whose pixel librsvg half covered and the raster frame wholly.
    @Test(arguments: [(10.5, 4.0, 1.0, 0.5, 1.0), (10.25, 4.0, 2.0, 0.5, 1.0), (10.0, 3.75, 1.0, 1.0, 0.75), (0.5, 0.5, 1.0, 0.5, 0.5)])
    func partialPixelsAtTheCanvasEdge(_ w: Double, _ h: Double, _ scale: Double, _ fx: Double, _ fy: Double) throws {
        var square = Layer(id: "s", type: ShapeLayer.self)
        square[.anchorPoint] = .zero
        square[.path] = .rect(Rect(x: 0, y: 0, width: 100, height: 100))
        square[.fillColor] = Color(red: 0, green: 0, blue: 1)
        var renderer = RasterRenderer(canvas: Size(w, h), background: Color(red: 1, green: 0, blue: 0), scale: scale)
        for root in [nil, square.renderNode()] {
            let image = try renderer.render(root)
            #expect(image.width == Int((w * scale).rounded(.up)) && image.height == Int((h * scale).rounded(.up)))
            let red = [255.0, 0, 0, 255], blue = [0.0, 0, 255, 255]
            func expected(_ f: Double) -> [Int] {
                let covered = root == nil ? 0 : f
                return zip(red, blue).map { r, b in Int((covered * b + (1 - covered) * f * r).rounded()) }
            }
            let (x1, y1) = (image.width - 1, image.height - 1)
            if x1 > 0 && y1 > 0 { #expect(Self.pixel(image, 0, 0) == expected(1)) }
            if y1 > 0 { #expect(zip(Self.pixel(image, x1, 0), expected(fx)).allSatisfy { abs($0 - $1) <= 1 }) }
            if x1 > 0 { #expect(zip(Self.pixel(image, 0, y1), expected(fy)).allSatisfy { abs($0 - $1) <= 1 }) }
            #expect(zip(Self.pixel(image, x1, y1), expected(fx * fy)).allSatisfy { abs($0 - $1) <= 1 })
        }
    }

    /// What is drawn in a partly covered last row or column is clipped to the canvas's edge exactly,
    /// not scaled by the fraction: the pixel keeps the area of the shape that lies on the canvas. Each
    /// case is a shape, a canvas and one pixel's expected alpha (opaque blue on a clear background,
    /// premultiplied: blue = alpha), from the area by hand:
    /// - a band 0.25 high just inside a canvas edge at 3.75: all of it is on the canvas, 0.25 (the
    ///   scaling drew 0.25 · 0.75);
    /// - a band wholly beyond that edge, at 3.8…4: nothing (the scaling drew 0.2 · 0.75; librsvg, which
    ///   does not clip at the viewport, draws 0.2 — the 100,000-input fuzz run's one failure);
    /// - a column 10…10.5 against an edge at 10.5: 0.5; a column 10.6…11: nothing;
    /// - the triangle (0, 3), (1, 4), (0, 4) against an edge at 3.5: the part above the edge is
    ///   ∫₃^3.5 (y − 3) dy = 0.125 (the scaling drew 0.5 · 0.5 = 0.25).
    @Test(arguments: [
        ([Point(0, 3.5), Point(5, 3.5), Point(5, 3.75), Point(0, 3.75)], Size(10, 3.75), 1, 3, 0.25),
        ([Point(5, 3.8), Point(10, 3.8), Point(10, 4), Point(5, 4)], Size(10, 3.75), 7, 3, 0),
        ([Point(10, 0), Point(10.5, 0), Point(10.5, 2), Point(10, 2)], Size(10.5, 4), 10, 1, 0.5),
        ([Point(10.6, 2), Point(11, 2), Point(11, 4), Point(10.6, 4)], Size(10.5, 4), 10, 3, 0),
        ([Point(0, 3), Point(1, 4), Point(0, 4)], Size(4, 3.5), 0, 3, 0.125),
    ] as [([Point], Size, Int, Int, Double)])
    func drawingIsClippedAtAPartialCanvasEdge(_ corners: [Point], _ canvas: Size, _ x: Int, _ y: Int, _ area: Double) throws {
        var shape = Layer(id: "s", type: ShapeLayer.self)
        shape[.anchorPoint] = .zero
        var path = Path()
        path.move(to: corners[0])
        for corner in corners.dropFirst() { path.line(to: corner) }
        path.close()
        shape[.path] = path
        shape[.fillColor] = Color(red: 0, green: 0, blue: 1)
        var renderer = RasterRenderer(canvas: canvas)
        let image = try renderer.render(shape.renderNode())
        let alpha = Int((255 * area).rounded())
        let pixel = Self.pixel(image, x, y)
        #expect(pixel[0] == 0 && pixel[1] == 0 && abs(pixel[2] - alpha) <= 1 && abs(pixel[3] - alpha) <= 1, "\(pixel), expected alpha \(alpha)")
    }

    /// Geometry beyond what SVG text can say (±9e12 px at three decimals: 9e15 units) is clamped once,
    /// in the render tree, so the raster frame draws what the SVG frame says. The fuzzer found a bar
    /// at y = 1e13 moved back onto the canvas by a position of −1e13: the raster frame drew it, the SVG
    /// frame wrote both of its edges as 9e12 (a zero-height path, nothing drawn). Clamped, the tree
    /// holds the bar at y = 9e12 and the layer at −9e12: nothing in either. The same bar at 4e12,
    /// within the range, is drawn: pixels of rows 2…7, columns 5…24, red.
    @Test(arguments: [(1e13, false), (4e12, true), (-1e13, false)])
    func geometryBeyondTheRenderRangeIsClamped(_ far: Double, _ drawn: Bool) throws {
        var bar = Layer(id: "bar", type: ShapeLayer.self)
        bar[.anchorPoint] = .zero
        bar[.path] = .rect(Rect(x: 5, y: far + 2, width: 20, height: 6))
        bar[.fillColor] = Color(red: 1, green: 0, blue: 0)
        bar[.position] = Point(0, -far)
        let node = try #require(bar.renderNode())
        guard case .shape(let shape) = node.items.first else { Issue.record("no shape"); return }
        let limit = RenderRange.maxCoordinate
        shape.path.forEachControlPoint { p in #expect(abs(p.y) <= limit && abs(p.x) <= limit) }
        #expect(abs(node.transform.ty) <= limit)
        if !drawn {
            #expect(shape.path.controlBox?.height == 0)
            #expect(node.transform.ty == (far > 0 ? -limit : limit))
        }
        var renderer = RasterRenderer(canvas: Size(30, 10))
        let image = try renderer.render(node)
        for (x, y) in [(5, 2), (15, 5), (24, 7)] {
            #expect(Self.pixel(image, x, y) == (drawn ? [255, 0, 0, 255] : [0, 0, 0, 0]), "\(far) at \(x), \(y)")
        }
        #expect(Self.pixel(image, 15, 9) == [0, 0, 0, 0])
    }

    /// An arc's centre stays a radius inside the render range, so that its end points, which the SVG
    /// writer writes, are in it too. The fuzzer found a rounded bar (corner radius 6) whose bounds moved
    /// to x = 1e15, put back on the canvas by the bounds' own offset: its corner arcs' centres were
    /// clamped to 9e12 and the arcs reached 6 px past them, so the raster frame drew a sliver at the
    /// canvas's left edge that the SVG frame wrote clamped (nothing). Now every arc's circle lies within
    /// ±9e12, and the bar, clamped to nothing wide, draws no pixel in either.
    @Test func arcsStayInsideTheRenderRange() throws {
        var bar = Layer(id: "bar")
        bar[.bounds] = Rect(x: 1e15, y: 0, width: 44, height: 30)
        bar[.anchorPoint] = .zero
        bar[.backgroundColor] = Color(red: 0, green: 0, blue: 1)
        bar[.cornerRadius] = 6
        let node = try #require(bar.renderNode())
        guard case .shape(let shape) = node.items.first else { Issue.record("no shape"); return }
        var arcs = 0
        for case .arc(let arc) in shape.path.elements {
            arcs += 1
            #expect(abs(arc.center.x) + arc.radius <= RenderRange.maxCoordinate && abs(arc.center.y) + arc.radius <= RenderRange.maxCoordinate)
        }
        #expect(arcs == 4)
        var renderer = RasterRenderer(canvas: Size(50, 40))
        let image = try renderer.render(node)
        #expect(image.pixels.allSatisfy { $0 == 0 })
    }

    /// An arc's angles as every renderer can draw them (`RenderRange`): the render tree holds a start
    /// angle that is not finite as 0, a NaN sweep as 0 and a sweep beyond one turn as one turn. The
    /// fuzzer found a pie slice whose start angle went NaN (an animation of 1e308 s): the SVG frame
    /// wrote its NaN points as 0 (a line to the layer's origin), the raster frame dropped them
    /// (nothing). And two turns filled by the even-odd rule: the SVG writer draws one (a disc), the
    /// raster frame went round twice (winding 2: empty). Pixels of a disc of radius 10 at (20, 20).
    static let turn = 2 * Double.pi
    static let arcCases: [(Double, Double, Double, Double)] = [
        (.nan, 1, 0, 1), (.infinity, 1, 0, 1), (-.infinity, -1, 0, -1), (0.5, .nan, 0.5, 0),
        (0.5, 2 * turn, 0.5, turn), (0.5, -.infinity, 0.5, -turn), (0.5, 1, 0.5, 1), (0.5, -turn, 0.5, -turn),
    ]

    @Test(arguments: arcCases)
    func arcAnglesAreMadeDrawable(_ start: Double, _ sweep: Double, _ drawnStart: Double, _ drawnSweep: Double) throws {
        var disc = Layer(id: "d", type: ShapeLayer.self)
        disc[.anchorPoint] = .zero
        disc[.path] = Path([.arc(Arc(center: Point(20, 20), radius: 10, startAngle: Angle(radians: start), sweep: Angle(radians: sweep))), .close])
        disc[.fillColor] = Color(red: 0, green: 0, blue: 1)
        disc[.fillRule] = .evenOdd
        let node = try #require(disc.renderNode())
        guard case .shape(let shape) = node.items.first, case .arc(let arc) = shape.path.elements.first else {
            Issue.record("no arc")
            return
        }
        #expect(arc.startAngle.radians == drawnStart && arc.sweep.radians == drawnSweep, "\(arc)")
        var renderer = RasterRenderer(canvas: Size(40, 40))
        let image = try renderer.render(node)
        // A whole turn fills the disc; its centre is covered.
        if abs(drawnSweep) == 2 * .pi { #expect(Self.pixel(image, 20, 20) == [0, 0, 255, 255]) }
        if drawnSweep == 0 { #expect(image.pixels.allSatisfy { $0 == 0 }) }
        #expect(Self.pixel(image, 35, 35) == [0, 0, 0, 0])
    }

    /// Stops as SVG draws them (SVG 1.1 §13.2.4): each offset clamped to [0, 1], then raised to the
    /// largest before it, in the stops' own order (not sorted). The fuzzer found an ease-out-back that
    /// moved the second of two stops to −0.05: SVG reads it as 0 (a hard edge at the start: the first
    /// colour before it, the second after), the raster frame sorted it first and painted the first
    /// colour everywhere. Across 40 px: stops [red 0, blue −0.05] give red left of x = 0 and blue after
    /// it; stops [red 0.6, blue 0.3, green 1] are [0.6, 0.6, 1]: red up to 0.6, then blue to green.
    @Test func gradientStopsFollowSVGsOrderRule() throws {
        func render(_ stops: [Gradient.Stop], start: Double) throws -> RasterImage {
            var square = Layer(id: "g", type: ShapeLayer.self)
            square[.anchorPoint] = .zero
            square[.path] = .rect(Rect(x: 0, y: 0, width: 40, height: 4))
            square[.fillGradient] = Gradient(stops: stops, start: Point(start, 0), end: Point(start + 40, 0))
            var renderer = RasterRenderer(canvas: Size(40, 4))
            return try renderer.render(square.renderNode())
        }
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1), green = Color(red: 0, green: 1, blue: 0)
        let edge = try render([.init(0, red), .init(-0.05, blue)], start: 10)
        #expect(Self.pixel(edge, 5, 2) == [255, 0, 0, 255])
        #expect(Self.pixel(edge, 25, 2) == [0, 0, 255, 255])
        let raised = try render([.init(0.6, red), .init(0.3, blue), .init(1, green)], start: 0)
        #expect(Self.pixel(raised, 10, 2) == [255, 0, 0, 255])   // t = 0.2625
        // x = 31: t = 31.5 / 40 = 0.7875, (t − 0.6) / 0.4 = 0.46875 of the way from blue to green.
        let f = (31.5 / 40 - 0.6) / 0.4
        let expected = [0, Int((f * 255).rounded()), Int(((1 - f) * 255).rounded()), 255]
        #expect(zip(Self.pixel(raised, 31, 2), expected).allSatisfy { abs($0 - $1) <= 1 }, "\(Self.pixel(raised, 31, 2)) vs \(expected)")
    }

    /// masksToBounds clips the sublayers to the bounds: a 40 × 40 red child inside a 10 × 10 parent
    /// at (5, 5) shows only there; half-covered edge pixels get half the colour.
    @Test func clipToBounds() throws {
        var parent = Layer(id: "p")
        parent[.anchorPoint] = .zero
        parent[.position] = Point(5, 5.5)
        parent[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        parent[.masksToBounds] = true
        var child = Layer(id: "c", type: ShapeLayer.self)
        child[.anchorPoint] = .zero
        child[.path] = .rect(Rect(x: -20, y: -20, width: 40, height: 40))
        child[.fillColor] = Color(red: 1, green: 0, blue: 0)
        parent.sublayers = [child]
        var renderer = RasterRenderer(canvas: Size(20, 20))
        let image = try renderer.render(parent.renderNode())
        #expect(Self.pixel(image, 10, 10) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 2, 10) == [0, 0, 0, 0])
        #expect(Self.pixel(image, 10, 17) == [0, 0, 0, 0])
        // Rows 5 and 15 are half inside the clip (y from 5.5 to 15.5).
        #expect(Self.pixel(image, 10, 5) == [128, 0, 0, 128])
        #expect(Self.pixel(image, 10, 15) == [128, 0, 0, 128])
    }

    /// A translucent group clipped to its bounds (drawn apart, then composited): where the clip holds
    /// everything the group draws, the frame is the unclipped group's, pixel for pixel (the clip is
    /// not applied as a mask of ones); where content crosses the clip at y = 5.5, the row there is
    /// half covered, 0.5 × 0.5 of the red (alpha round(255 / 4) = 64), as source-over gives it.
    @Test func clippedTranslucentGroup() throws {
        func group(at position: Point, redTop: Double, clipped: Bool) -> Layer {
            var parent = Layer(id: "p")
            parent[.anchorPoint] = .zero
            parent[.position] = position
            parent[.bounds] = Rect(x: 0, y: 0, width: 16, height: 16)
            parent[.masksToBounds] = clipped
            parent[.opacity] = 0.5
            var red = Layer(id: "a", type: ShapeLayer.self), blue = Layer(id: "b", type: ShapeLayer.self)
            red[.anchorPoint] = .zero
            red[.path] = .rect(Rect(x: 1, y: redTop, width: 8, height: 8))
            red[.fillColor] = Color(red: 1, green: 0, blue: 0)
            blue[.anchorPoint] = .zero
            blue[.path] = .rect(Rect(x: 4, y: 3, width: 8, height: 8))
            blue[.fillColor] = Color(red: 0, green: 0, blue: 1)
            parent.sublayers = [red, blue]
            return parent
        }
        var renderer = RasterRenderer(canvas: Size(24, 24))
        // The clip from (4, 5) to (20, 21), whole pixels around red (5, 6)–(13, 14) and blue (8, 8)–(16, 16).
        let held = try renderer.render(group(at: Point(4, 5), redTop: 1, clipped: true).renderNode())
        let free = try renderer.render(group(at: Point(4, 5), redTop: 1, clipped: false).renderNode())
        #expect(held.pixels == free.pixels)
        #expect(Self.pixel(held, 6, 8) == [128, 0, 0, 128] && Self.pixel(held, 9, 9) == [0, 0, 128, 128] && Self.pixel(held, 3, 9) == [0, 0, 0, 0])
        // The clip's top edge at canvas y 5.5, red from 4.5: row 5 half inside the clip, row 4 outside.
        let cut = try renderer.render(group(at: Point(4, 5.5), redTop: -1, clipped: true).renderNode())
        #expect(Self.pixel(cut, 6, 5) == [64, 0, 0, 64])
        #expect(Self.pixel(cut, 6, 4) == [0, 0, 0, 0] && Self.pixel(cut, 6, 6) == [128, 0, 0, 128])
    }

    /// With a corner radius, masksToBounds clips to the rounded rectangle, as Core Animation does
    /// ("the content is clipped to the rounded corners"); a radius past half the smaller side is
    /// half of it. Every pixel's alpha against the area of the rounded rectangle it covers, measured by
    /// 32 × 32 point samples (a closed-form membership test: inside the box and, in a corner's square,
    /// within the corner's circle): within the flattening tolerance (0.1 px: 25.5 of 255) and the
    /// samples' 3; and the clip is the shape the layer's rounded background fills, pixel for pixel.
    @Test(arguments: [(10.0, 10.0), (100.0, 15.0)])
    func clipToRoundedBounds(radius: Double, drawn: Double) throws {
        var parent = Layer(id: "p")
        parent[.anchorPoint] = .zero
        parent[.position] = Point(2, 3)
        parent[.bounds] = Rect(x: 0, y: 0, width: 40, height: 30)
        parent[.cornerRadius] = radius
        parent[.masksToBounds] = true
        var child = Layer(id: "c", type: ShapeLayer.self)
        child[.anchorPoint] = .zero
        child[.path] = .rect(Rect(x: -20, y: -20, width: 100, height: 100))
        child[.fillColor] = Color(red: 1, green: 0, blue: 0)
        parent.sublayers = [child]
        #expect(parent.renderNode()?.clipCornerRadius == drawn)
        var renderer = RasterRenderer(canvas: Size(44, 36))
        let image = try renderer.render(parent.renderNode())
        func inside(_ x: Double, _ y: Double) -> Bool {
            guard x >= 0, x <= 40, y >= 0, y <= 30 else { return false }
            let cx = min(max(x, drawn), 40 - drawn), cy = min(max(y, drawn), 30 - drawn)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= drawn * drawn
        }
        var worst = 0.0
        for py in 0..<36 {
            for px in 0..<44 {
                var hits = 0
                for j in 0..<32 { for i in 0..<32 where inside(Double(px) - 2 + (Double(i) + 0.5) / 32, Double(py) - 3 + (Double(j) + 0.5) / 32) { hits += 1 } }
                worst = max(worst, abs(Double(Self.pixel(image, px, py)[3]) - Double(hits) / 1024 * 255))
            }
        }
        #expect(worst <= 0.1 * 255 + 3, "worst alpha difference \(worst)")
        var filled = Layer(id: "b")
        filled[.anchorPoint] = .zero
        filled[.position] = Point(2, 3)
        filled[.bounds] = Rect(x: 0, y: 0, width: 40, height: 30)
        filled[.cornerRadius] = radius
        filled[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
        let background = try renderer.render(filled.renderNode())
        for py in 0..<36 { for px in 0..<44 { #expect(abs(Self.pixel(image, px, py)[3] - Self.pixel(background, px, py)[3]) <= 1) } }
    }

    /// Two nested squares drawn the same way round: non-zero fills both, even-odd leaves the hole.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func fillRules(_ rule: FillRule) throws {
        let path = Path(Path.rect(Rect(x: 2, y: 2, width: 16, height: 16)).elements + Path.rect(Rect(x: 6, y: 6, width: 8, height: 8)).elements)
        var shape = Layer(id: "s", type: ShapeLayer.self)
        shape[.anchorPoint] = .zero
        shape[.path] = path
        shape[.fillColor] = Color(red: 0, green: 0.5, blue: 0, alpha: 0.5)
        shape[.fillRule] = rule
        var renderer = RasterRenderer(canvas: Size(20, 20), background: .white)
        let image = try renderer.render(shape.renderNode())
        // Half-transparent green over white: green 64 + 255·(1 − 0.5) ≈ 192, red and blue 128.
        let green = [128, 191, 128, 255]
        #expect(zip(Self.pixel(image, 4, 4), green).allSatisfy { abs($0 - $1) <= 1 }, "\(Self.pixel(image, 4, 4))")
        let centre = Self.pixel(image, 10, 10)
        let expected = rule == .evenOdd ? [255, 255, 255, 255] : green
        #expect(zip(centre, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(rule): \(centre)")
    }
}
