import Flipbook
import FlipbookComponents
import FlipbookScenes
import Testing

struct ComponentTests {
    /// Seed 004's arithmetic: 360° / sum per unit value, each slice starting where the last ended.
    @Test func pieAngles() {
        let angles = PieChart.sliceAngles([40, 25, 20, 15])
        let degrees = angles.map { [$0.start.degrees, $0.end.degrees] }
        let expected: [[Double]] = [[0, 144], [144, 234], [234, 306], [306, 360]]
        for (got, want) in zip(degrees, expected) {
            #expect(abs(got[0] - want[0]) < 1e-12 && abs(got[1] - want[1]) < 1e-12)
        }
        // Seed 003's two halves; a start angle shifts everything.
        let halves = PieChart.sliceAngles([1, 1], startAngle: .degrees(-90))
        #expect(halves.map(\.end.degrees) == [90, 270])
        // Edge cases: empty, zero sum, negative values count as zero.
        #expect(PieChart.sliceAngles([]).isEmpty)
        #expect(PieChart.sliceAngles([0, 0]).isEmpty)
        #expect(PieChart.sliceAngles([-5, 5]).map(\.end.degrees) == [0, 360])
    }

    @Test func pieSlicesAndColours() {
        var pie = Layer(id: "pie", type: PieChart.self)
        pie[.bounds] = Rect(x: 0, y: 0, width: 400, height: 300)
        pie[.values] = [1, 2, 3]
        pie[.colors] = [Color(red: 1, green: 0, blue: 0)]
        let slices = PieChart.derivedSublayers(pie)
        #expect(slices.count == 3)
        #expect(slices[0][.fillColor] == Color(red: 1, green: 0, blue: 0))
        // Uncoloured slices: hue i / count, saturation 0.5, brightness 0.75 (seed 003).
        #expect(slices[1][.fillColor] == Color(hue: 1.0 / 3, saturation: 0.5, brightness: 0.75))
        // Radius min(width, height) / 2 (seed 004), drawn as a true sector.
        guard case .shape(let shape) = PieSliceLayer.draw(slices[2])[0] else { Issue.record("no slice"); return }
        let points = shape.path.flattened(tolerance: 0.01)[0].points.dropFirst().dropLast()
        for p in points { #expect(abs(p.distance(to: Point(200, 150)) - 150) < 1e-9) }
        pie[.values] = []
        #expect(PieChart.derivedSublayers(pie).isEmpty)
    }

    /// Adding values: the new slice grows from zero width; halfway through, the slices follow the
    /// half-interpolated values (padded with zero).
    @Test func pieAddsSlicesSemantically() {
        var pie = Layer(id: "pie", type: PieChart.self)
        pie[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
        pie[.values] = [1, 1]
        pie.set(.values, to: [1, 1, 2], atParentTime: 0, transaction: Transaction(duration: 1, timingFunction: .linear))
        let mid = pie.presentation(atParentTime: 0.5)
        #expect(mid[.values] == [1, 1, 1])
        let slices = mid.sublayers
        #expect(slices.count == 3)
        #expect(abs(slices[2][.endAngle].degrees - slices[2][.startAngle].degrees - 120) < 1e-9)
        // Exact ends: at the start the list is the old one; right after, the new slice exists at width ~0.
        #expect(pie.presentation(atParentTime: 0)[.values] == [1, 1])
        #expect(pie.presentation(atParentTime: 0.001)[.values].count == 3)
    }

    /// Seed 000: radius fits the ring inside the bounds, (min side − width) / 2; the value arc is 80 %
    /// as wide, from 12 o'clock; fraction 0 draws no value arc.
    @Test func ringGauge() {
        #expect(RingGauge.fittedRadius(bounds: Rect(x: 0, y: 0, width: 300, height: 200), lineWidth: 20) == 90)
        var ring = Layer(id: "r", type: RingGauge.self)
        ring[.bounds] = Rect(x: 0, y: 0, width: 200, height: 200)
        ring[.lineWidth] = 35
        ring[.fraction] = 0.25
        let parts = RingGauge.derivedSublayers(ring)
        #expect(parts[1][.lineWidth] == 28)
        #expect(parts[1][.startAngle] == .twelveOClock)
        #expect(abs(parts[1][.endAngle].degrees) < 1e-12)
        #expect(parts[1][.radius] == 82.5)
        ring[.fraction] = 0
        guard case .shape(let value) = ArcLayer.draw(RingGauge.derivedSublayers(ring)[1])[0] else { Issue.record("no item"); return }
        #expect(!value.hasStroke)
        #expect(!ArcLayer.draw(RingGauge.derivedSublayers(ring)[0]).isEmpty)
    }

    /// Seed 002's label format and world → view scaling.
    /// A line graph of −1e308 px height (the fuzzer's): the nice axis's tick count from the height is
    /// saturated, not a trap, and the axis keeps at most 1,000 ticks.
    @Test func lineGraphOfAnExtremeHeight() throws {
        var graph = Layer(id: "graph", type: LineGraph.self)
        graph[.bounds] = Rect(x: 0, y: 0, width: 460, height: -1e308)
        graph[.values] = [0.5, 1.2, 0.9]
        let parts = LineGraph.derivedSublayers(graph)
        #expect(!parts.isEmpty)
        #expect((NiceAxis(min: 0.5, max: 1.2, targetTicks: .max)?.ticks.count ?? 0) <= 1000)
    }

    @Test func lineGraph() {
        #expect(LineGraph.yLabel(0.5) == "0.50")
        #expect(LineGraph.yLabel(3.14159) == "3.14")
        #expect(LineGraph.yLabel(999) == "999.00")
        #expect(LineGraph.yLabel(1000) == "1000")
        #expect(LineGraph.yLabel(12345.6) == "12346")
        #expect(LineGraph.yLabel(-2) == "-2.00")
        // 4 values in 130 × 110 with offsets 30, 10: sx = 100 / 4, sy = 100 / (3 − 1).
        let points = LineGraph.viewPoints([1, 3, 2, 1], bounds: Rect(x: 0, y: 0, width: 130, height: 110), offsetX: 30, offsetY: 10)
        #expect(points == [Point(30, 100), Point(55, 0), Point(80, 50), Point(105, 100)])
    }

    @Test func svgPathParsing() throws {
        let loader = SceneLoader()
        let json = """
        {"flipbook": 1, "canvas": [100, 100], "duration": 0, "layers": [
          {"id": "a", "type": "shape", "path": "m10 10 h 20 v20 H10 z M50 50 A 10 10 0 0 1 70 50 Q 80 60 90 50 T 100 50 C 1 2 3 4 5 6 S 7 8 9 10"}
        ]}
        """
        let scene = try loader.decode(Array(json.utf8), file: "p.json")
        let path = scene.root.sublayers[0][.path]
        #expect(Array(path.elements.prefix(5)) == [.move(Point(10, 10)), .line(Point(30, 10)), .line(Point(30, 30)), .line(Point(10, 30)), .close])
        guard case .arc(let arc) = path.elements[6] else { Issue.record("expected an arc"); return }
        #expect(abs(arc.center.x - 60) < 1e-9 && abs(arc.center.y - 50) < 1e-9 && abs(arc.radius - 10) < 1e-9)
        #expect(abs(arc.sweep.degrees - 180) < 1e-9)
        // T reflects the previous control point: (80, 60) about (90, 50) is (100, 40).
        #expect(path.elements[8] == .quad(Point(100, 40), Point(100, 50)))
        // S reflects the previous cubic's second control point: (3, 4) about (5, 6) is (7, 8).
        #expect(path.elements[10] == .cubic(Point(7, 8), Point(7, 8), Point(9, 10)))
    }
}

/// Nice axes against Heckbert's published example and closed forms.
struct NiceAxisTests {
    /// Graphics Gems (1990), "Nice Numbers for Graph Labels": data 105…543 with 5 ticks is labelled
    /// 100, 200, …, 600.
    @Test func heckbertsExample() throws {
        let axis = try #require(NiceAxis(min: 105, max: 543, targetTicks: 5))
        #expect(axis.low == 100 && axis.high == 600 && axis.step == 100 && axis.decimals == 0)
        #expect(axis.ticks == [100, 200, 300, 400, 500, 600])
    }

    @Test func niceNumbers() {
        // nicenum rounds to 1, 2, 5 or 10 times a power of ten.
        #expect(NiceAxis.nice(0.63, round: true) == 0.5)   // f = 6.3 < 7: 5 × 10⁻¹
        #expect(NiceAxis.nice(0.73, round: true) == 1)     // f = 7.3 ≥ 7: 10 × 10⁻¹
        #expect(NiceAxis.nice(0.73, round: false) == 1)
        #expect(NiceAxis.nice(2.9, round: true) == 2)
        #expect(NiceAxis.nice(3.1, round: false) == 5)
        #expect(NiceAxis.nice(4200, round: true) == 5000)
    }

    @Test func decimalsLabelsAndDegenerateRanges() throws {
        let small = try #require(NiceAxis(min: 0.012, max: 0.093, targetTicks: 5))
        // range nicenum(0.081) = 0.1, step nicenum(0.025, round) = 0.02 → two decimals.
        #expect(small.step == 0.02 && small.decimals == 2)
        #expect(small.label(small.ticks[0]) == "0.00")
        let negative = try #require(NiceAxis(min: -3.2, max: -0.4, targetTicks: 4))
        #expect(negative.low <= -3.2 && negative.high >= -0.4 && negative.label(-0.0) == "0")
        let flat = try #require(NiceAxis(min: 7, max: 7, targetTicks: 5))
        #expect(flat.low < 7 && flat.high > 7)
        #expect(NiceAxis(min: .nan, max: 1, targetTicks: 5) == nil)
    }

    /// The scene's graph: no point of the line above the highest tick, none below the lowest.
    @Test func theLineStaysInsideTheAxis() {
        var graph = Layer(id: "g", type: LineGraph.self)
        graph.frame = Rect(x: 0, y: 0, width: 460, height: 300)
        graph[.values] = [0.5, 3.5, 2]
        graph[.axis] = .nice
        let parts = graph.presentation(atParentTime: 0).sublayers
        let line = parts.first { $0.id == "g.line" }!, grid = parts.first { $0.id == "g.grid" }!
        let ys = line[.path].elements.compactMap { if case .move(let p) = $0 { p.y } else if case .line(let p) = $0 { p.y } else { nil } }
        let gridYs = grid[.path].elements.compactMap { if case .move(let p) = $0 { p.y } else { nil } }
        #expect(ys.min()! >= gridYs.min()! - 1e-9)    // the top tick is above every point
        #expect(ys.max()! <= 290 + 1e-9)              // the X axis (300 − offsetY) is below every point
    }
}
