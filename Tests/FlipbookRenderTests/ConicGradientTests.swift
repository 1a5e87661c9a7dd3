import Flipbook
import FlipbookComponents
@testable import FlipbookSVG
import FlipbookScenes
import FlipbookSupport
import Foundation
import Testing

/// Conic gradients: the offset around the centre (closed form), the wedges SVG draws them with
/// (error against the gradient at every angle), and gradient strokes.
struct ConicGradientTests {
    static let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)

    @Test func offsetsTurnClockwiseFromTheStartAngle() {
        // From 12 o'clock (−90°), clockwise on screen (y down): 3 o'clock is a quarter turn, 6 o'clock a half.
        let g = Gradient.conic(center: Point(10, 20), startAngle: .degrees(-90), stops: [.init(0, Self.red), .init(1, Self.blue)])
        for k in 0..<16 {
            let theta = -Double.pi / 2 + 2 * .pi * Double(k) / 16
            let p = Point(10 + 7 * cos(theta), 20 + 7 * sin(theta))
            #expect(abs(g.offset(at: p) - Double(k) / 16) < 1e-12, "k \(k)")
        }
        #expect(g.offset(at: Point(10, 13)) == 0)          // 12 o'clock: the start, not 1
        #expect(abs(g.offset(at: Point(17, 20)) - 0.25) < 1e-12)
        #expect(g.offset(at: Point(10, 20)) == 0)          // the centre
        // Monotone clockwise over a turn, in [0, 1).
        var last = -1.0
        for k in 0..<1000 {
            let theta = -Double.pi / 2 + 2 * .pi * (Double(k) + 0.5) / 1000
            let o = g.offset(at: Point(10 + 50 * cos(theta), 20 + 50 * sin(theta)))
            #expect(o > last && o >= 0 && o < 1)
            last = o
        }
    }

    @Test func colourAtOffsetIsTheStopsMix() {
        let g = Gradient(kind: .conic, stops: [.init(0.25, Self.red), .init(0.75, Self.blue)], start: .zero, end: .zero).normalized
        #expect(g.color(atOffset: 0.1) == Self.red)
        #expect(g.color(atOffset: 0.9) == Self.blue)
        let mid = g.color(atOffset: 0.5)
        #expect(abs(mid.red - 0.5) < 1e-12 && abs(mid.blue - 0.5) < 1e-12 && mid.alpha == 1)
        // A hard edge: a repeated offset takes the later stop.
        let hard = Gradient(kind: .conic, stops: [.init(0, Self.red), .init(0.5, Self.red), .init(0.5, Self.blue), .init(1, Self.blue)],
                            start: .zero, end: .zero)
        #expect(hard.color(atOffset: 0.5) == Self.red && hard.color(atOffset: 0.5000001) == Self.blue)
    }

    /// The colour the wedges show at angle θ: the last wedge drawn whose polygon holds the point
    /// at radius 40 in that direction.
    static func shown(_ wedges: [ConicWedges.Wedge], at p: Point) -> Color? {
        wedges.last { contains($0.path, p) }?.color
    }

    /// Whether the polygon `path` holds `p` (even-odd ray casting; the wedges are simple polygons).
    static func contains(_ path: Path, _ p: Point) -> Bool {
        var inside = false
        for polygon in path.flattened(tolerance: 0.01).map(\.points) {
            var j = polygon.count - 1
            for i in polygon.indices {
                let a = polygon[i], b = polygon[j]
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
        }
        return inside
    }

    @Test(arguments: 0..<12)
    func wedgesAreWithinOne255thOfTheGradientEverywhere(seed: Int) throws {
        // Random gradients (a fixed generator): 2 to 6 stops, translucent ones too, any start angle.
        var rng = SplitMix64(seed: UInt64(seed))
        let count = 2 + Int(rng.next() % 5)
        var offsets = (0..<count).map { _ in Double(rng.next() % 1000) / 1000 }.sorted()
        if seed % 3 == 0 { offsets[0] = 0; offsets[count - 1] = 1 }
        let stops = offsets.map { o in
            Gradient.Stop(o, Color(red: Double(rng.next() % 256) / 255, green: Double(rng.next() % 256) / 255,
                                   blue: Double(rng.next() % 256) / 255, alpha: seed % 2 == 0 ? 1 : Double(rng.next() % 256) / 255))
        }
        let g = Gradient.conic(center: Point(50, 50), startAngle: .degrees(Double(rng.next() % 720) - 360), stops: stops).normalized
        let (wedges, translucent) = ConicWedges.wedges(g, covering: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(translucent == stops.contains { $0.color.alpha < 1 })
        var worst = 0.0
        for k in 0..<3600 {
            let theta = 2 * Double.pi * (Double(k) + 0.37) / 3600
            let p = Point(50 + 40 * cos(theta), 50 + 40 * sin(theta))
            let exact = g.color(atOffset: g.offset(at: p))
            let drawn = try #require(Self.shown(wedges, at: p))
            for (a, b) in zip(ConicWedges.premultiplied(exact), ConicWedges.premultiplied(drawn)) { worst = max(worst, abs(a - b)) }
        }
        // Half a level from the wedges (the hex written adds at most another half).
        #expect(worst <= 0.5 / 255 + 1e-9, "seed \(seed): worst \(worst * 255) levels")
        // Every corner of the box is inside the first wedge, the opaque base.
        for corner in [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)] { #expect(Self.contains(wedges[0].path, corner)) }
    }

    @Test func aSolidGradientIsOneWedge() {
        let g = Gradient.conic(center: .zero, startAngle: .zero, stops: [.init(0, Self.red), .init(1, Self.red)])
        #expect(ConicWedges.wedges(g, covering: Rect(x: -1, y: -1, width: 2, height: 2)).wedges.count == 1)
    }

    @Test func sceneFilesReadConicGradientsAndStrokeGradients() throws {
        let json = #"""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "layers": [
          {"id": "ring", "type": "ringGauge", "frame": [0, 0, 100, 100], "fraction": 0.5,
           "strokeGradient": {"type": "conic", "center": [50, 50], "startAngle": -90, "stops": [[0, "#ff0000"], [1, "#0000ff"]]}}]}
        """#
        let scene = try SceneLoader().decode(Array(json.utf8), file: "conic.json")
        let value = try #require(scene.presentation(at: 0).renderNode()?.children.first?.children.last)
        guard case .shape(let arc)? = value.items.first else { Issue.record("no value arc"); return }
        #expect(arc.strokeGradient.kind == .conic && arc.strokeGradient.angle == .degrees(-90) && arc.strokeGradient.start == Point(50, 50))
        // The frame draws it as a mask over wedges.
        let svg = scene.svgFrame(0)
        #expect(svg.contains("mask-type=\"alpha\"") && svg.contains("stroke-linecap=\"round\""))
        // A conic gradient has a centre and a start angle, not start and end.
        let wrong = json.replacingOccurrences(of: #""center": [50, 50]"#, with: #""start": [50, 50]"#)
        #expect(throws: SceneError.self) { try SceneLoader().decode(Array(wrong.utf8), file: "conic.json") }
    }
}

