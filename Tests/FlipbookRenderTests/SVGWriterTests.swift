import Flipbook
import FlipbookSVG
import Testing

struct SVGWriterTests {
    static let numbers: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (1, "1"), (-1.5, "-1.5"), (0.1, "0.1"), (1.0005, "1.001"), (2.0004, "2"), (-0.0004, "0"),
        (123456.789, "123456.789"), (0.05, "0.05"), (1e-7, "0"), (1e12, "1000000000000"), (.nan, "0"), (3.14159, "3.142"),
    ]

    @Test(arguments: numbers.indices)
    func numberFormat(_ i: Int) {
        let (value, text) = Self.numbers[i]
        #expect(SVGNumber.format(value) == text)
    }

    @Test func pathData() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(10, 0))
        path.quad(to: Point(20, 10), control: Point(15, 0))
        path.cubic(to: Point(30, 30), control1: Point(20, 20), control2: Point(25, 30))
        path.close()
        #expect(SVGPathData.string(path) == "M0 0L10 0Q15 0 20 10C20 20 25 30 30 30Z")
        // A full circle is three 120° arcs; a quarter arc is one small clockwise arc.
        #expect(SVGPathData.string(.circle(center: Point(50, 50), radius: 10)) == "M60 50A10 10 0 0 1 45 58.66A10 10 0 0 1 45 41.34A10 10 0 0 1 60 50Z")
        let quarter = Path.arc(center: .zero, radius: 10, startAngle: .twelveOClock, endAngle: .zero, clockwise: true)
        #expect(SVGPathData.string(quarter) == "M0 -10A10 10 0 0 1 10 0")
        // 270° is three 90° pieces, each small.
        let large = Path.arc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(-90), clockwise: true)
        #expect(SVGPathData.string(large) == "M10 0A10 10 0 0 1 0 10A10 10 0 0 1 -10 0A10 10 0 0 1 0 -10")
        let wide = Path.arc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(100), clockwise: true)
        #expect(SVGPathData.string(wide) == "M10 0A10 10 0 0 1 -1.736 9.848")
        let counter = Path.arc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(-90), clockwise: false)
        #expect(SVGPathData.string(counter) == "M10 0A10 10 0 0 0 0 -10")
        // An arc shorter than the written precision (125 px × 1e-6 rad = 0.000125 px) has equal written
        // ends, which SVG would leave out with its caps: a line to the point keeps them.
        let tiny = Path.arc(center: Point(150, 150), radius: 125, startAngle: .degrees(-90), endAngle: Angle(radians: -Double.pi / 2 + 1e-6), clockwise: true)
        #expect(SVGPathData.string(tiny) == "M150 25L150 25")
        // Arcs after arcs: one that starts where the last ended (at exact points: angle 0 and a
        // quarter turn from a centre 10 px away) follows it; one that starts elsewhere is joined by a
        // line, as Core Graphics joins them; and a line after an arc starts at its end.
        let joined = Path([
            .arc(Arc(center: .zero, radius: 10, startAngle: Angle(radians: .pi / 2), sweep: Angle(radians: -.pi / 2))),
            .arc(Arc(center: Point(10, -10), radius: 10, startAngle: Angle(radians: .pi / 2), sweep: Angle(radians: -.pi / 2))),
            .arc(Arc(center: Point(100, 0), radius: 5, startAngle: .zero, sweep: Angle(radians: .pi / 2))),
            .line(Point(0, 0)),
        ])
        #expect(SVGPathData.string(joined) == "M0 10A10 10 0 0 0 10 0A10 10 0 0 0 20 -10L105 0A5 5 0 0 1 100 5L0 0")
    }

    @Test func documentIsCompactAndComplete() {
        var shape = Layer(id: "s", type: ShapeLayer.self)
        shape[.path] = .rect(Rect(x: 0, y: 0, width: 10, height: 10))
        shape[.fillColor] = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        shape[.strokeColor] = .black
        shape[.lineWidth] = 2
        shape[.lineDashPattern] = DashPattern([4, 2])
        shape[.strokeEnd] = 0.5
        shape[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        shape[.position] = Point(20, 20)
        shape[.opacity] = 0.5
        var text = Layer(id: "t", type: TextLayer.self)
        text[.string] = "a < b & c"
        text[.bounds] = Rect(x: 0, y: 0, width: 100, height: 20)
        text[.anchorPoint] = .zero
        text[.alignment] = .center
        var root = Layer(id: "root", sublayers: [shape, text])
        root[.bounds] = Rect(x: 0, y: 0, width: 100, height: 50)
        root[.anchorPoint] = .zero
        let svg = SVGFrameWriter(canvas: Size(100, 50), background: .white).document(for: root.renderNode())
        #expect(svg == """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50" stroke-miterlimit="10">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <g transform="translate(15 15)" opacity="0.5">
        <path d="M0 0L10 0L10 10L0 10Z" fill="#ff0000" fill-opacity="0.5"/>
        <path d="M0 0L10 0L10 10" fill="none" stroke="#000000" stroke-width="2" stroke-dasharray="4 2"/>
        </g>
        <text x="50" y="12.8" font-family="sans-serif" font-size="16" text-anchor="middle">a &lt; b &amp; c</text>
        </svg>

        """)
    }

    /// A whole circle is a `<circle>` (SVG 2: a closed path from 3 o'clock, clockwise) where that draws
    /// the same: filled, or stroked with no dashes and no caps to show. Librsvg's pixels of both forms
    /// are compared with the raster frames by Tools/check-raster and Tools/fuzz-pairs.
    @Test func wholeCirclesAreCircleElements() {
        func element(_ path: Path, stroke: Bool = true, cap: LineCap = .round, dashes: [Double] = [], fill: Bool = false) -> String {
            var shape = Layer(id: "s", type: ShapeLayer.self)
            shape[.path] = path
            shape[.fillColor] = fill ? .white : .clear
            shape[.strokeColor] = stroke ? .black : .clear
            shape[.lineWidth] = 4
            shape[.lineCap] = cap
            shape[.lineDashPattern] = DashPattern(dashes)
            shape[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
            shape[.anchorPoint] = .zero
            let svg = SVGFrameWriter(canvas: Size(100, 100)).document(for: shape.renderNode())
            return svg.split(separator: "\n").first { $0.hasPrefix("<circle") || $0.hasPrefix("<path") }.map(String.init) ?? ""
        }
        let circle = Path.circle(center: Point(50, 40), radius: 12.5)
        #expect(element(circle) == ##"<circle cx="50" cy="40" r="12.5" fill="none" stroke="#000000" stroke-width="4" stroke-linecap="round"/>"##)
        #expect(element(circle, stroke: false, fill: true) == ##"<circle cx="50" cy="40" r="12.5" fill="#ffffff"/>"##)
        // A turn from 12 o'clock, counter-clockwise, after a move to its start: the same circle.
        let turn = Path([.move(Point(50, 27.5)), .arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .degrees(-90), sweep: .degrees(-360))), .close])
        #expect(element(turn).hasPrefix(#"<circle cx="50" cy="40" r="12.5""#))
        // Dashes show where the path starts and which way it turns; an open turn's round caps show.
        #expect(element(circle, dashes: [3, 2]).hasPrefix("<path d=\"M62.5 40A12.5"))
        let open = Path([.arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .zero, sweep: .fullTurn))])
        #expect(element(open).hasPrefix("<path"))
        #expect(element(open, cap: .butt).hasPrefix("<circle"))
        // Not one whole turn: a path.
        #expect(element(Path([.arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .zero, sweep: .degrees(359))), .close])).hasPrefix("<path"))
        // Two turns are one in the render tree (`RenderRange`: every renderer draws at most one), so a
        // closed one is a whole circle.
        #expect(element(Path([.arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .zero, sweep: .degrees(720))), .close])).hasPrefix("<circle"))
        #expect(element(Path([.arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .zero, sweep: .degrees(720))), .close]), dashes: [3, 2])
            == element(Path([.arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .zero, sweep: .degrees(360))), .close]), dashes: [3, 2]))
        // A start angle that is not a number starts at 0 (3 o'clock); a sweep that is not one draws no arc.
        #expect(element(Path([.move(Point(50, 40)), .arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: Angle(radians: .nan), sweep: .degrees(90))), .close]))
            == element(Path([.move(Point(50, 40)), .arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .zero, sweep: .degrees(90))), .close])))
        #expect(element(Path([.move(Point(50, 40)), .arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .zero, sweep: Angle(radians: .nan))), .close]))
            .hasPrefix(#"<path d="M50 40L62.5 40Z""#))
        #expect(element(Path([.move(.zero), .arc(Arc(center: Point(50, 40), radius: 12.5, startAngle: .zero, sweep: .fullTurn))])).hasPrefix("<path"))
        #expect(element(Path.circle(center: Point(50, 40), radius: 0)).hasPrefix("<path"))
    }

    @Test func gradientsAndClips() {
        var layer = Layer(id: "g", type: GradientLayer.self)
        layer[.gradient] = Gradient(kind: .radial, stops: [.init(0, .white), .init(1, Color(white: 0, alpha: 0.5))], start: Point(5, 5), end: Point(5, 10))
        layer[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        layer[.anchorPoint] = .zero
        var root = Layer(id: "root", sublayers: [layer])
        root[.masksToBounds] = true
        root[.bounds] = Rect(x: 0, y: 0, width: 8, height: 8)
        root[.anchorPoint] = .zero
        let svg = SVGFrameWriter(canvas: Size(8, 8)).document(for: root.renderNode())
        #expect(svg.contains("<radialGradient id=\"g1\" gradientUnits=\"userSpaceOnUse\" cx=\"5\" cy=\"5\" r=\"5\"><stop offset=\"0\" stop-color=\"#ffffff\"/><stop offset=\"1\" stop-color=\"#000000\" stop-opacity=\"0.5\"/></radialGradient>"))
        #expect(svg.contains("<clipPath id=\"c1\"><rect x=\"0\" y=\"0\" width=\"8\" height=\"8\"/></clipPath>"))
        #expect(svg.contains("<g clip-path=\"url(#c1)\">"))
        #expect(svg.contains("fill=\"url(#g1)\""))
    }
}
