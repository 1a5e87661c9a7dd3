import Flipbook
import FlipbookScenes
import Testing
@testable import FlipbookSVG

/// `AnimatedSVG.minified()`: a track's values with the fewest decimals within its bound, measured
/// again. (Tools/check-minify holds every shipped scene's minified files, SMIL and CSS, to being
/// smaller, within their bounds and verified by `flipbook verify --minify`.)
@Suite struct MinifyTests {
    /// A layer at x = 10 moved right by `to` px over 1 s, linear: its translate track's last value (the
    /// position, 10 + `to`), as compiled and minified, and the minified error and bound reported.
    static func lastValue(movedTo to: Double) throws -> (minified: [Double], plain: [Double], error: Double, bound: Double, text: String) {
        let text = #"{"flipbook": 1, "canvas": [100, 40], "duration": 1, "fps": 10, "layers": [{"id": "box", "frame": [0, 10, 20, 20], "backgroundColor": "red", "animations": [{"property": "translation", "from": [0, 0], "to": ["# + "\(to)" + #", 0], "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}]}"#
        let scene = try SceneLoader().decode(Array(text.utf8), file: "m.json")
        let plain = scene.animatedSVG(), minified = plain.minified()
        func track(_ a: AnimatedSVG) -> AnimatedDocument.Numeric? {
            var found: AnimatedDocument.Numeric?
            func walk(_ e: AnimatedDocument.Element) {
                for case .numeric(let n) in e.animations where n.transformType == "translate" && !n.additive && n.values.count > 1 { found = n }
                e.children.forEach(walk)
            }
            a.document.body.forEach(walk)
            return found
        }
        let m = try #require(track(minified)), p = try #require(track(plain))
        let entry = try #require(minified.report.first { $0.property.contains("translate") })
        return (m.values.last ?? [], p.values.last ?? [], entry.maxError, entry.bound, minified.svg)
    }

    /// 20.123 written as 20: 0.123 px off at the end, within the bound (1/8 px), and reported.
    @Test func fewestDecimalsWithinTheBound() throws {
        let r = try Self.lastValue(movedTo: 10.123)
        #expect(abs((r.plain.first ?? 0) - 20.123) < 1e-9)
        #expect(r.minified.first == 20)
        #expect(r.bound == 0.125)
        #expect(abs(r.error - 0.123) < 1e-9, "\(r.error)")
        #expect(!r.text.contains("20.123"))
    }

    /// 20.3 cannot be 20 (0.3 px off): it keeps its decimal.
    @Test func keepsTheDecimalsTheBoundNeeds() throws {
        let r = try Self.lastValue(movedTo: 10.3)
        #expect(abs((r.minified.first ?? 0) - 20.3) < 1e-9)
        #expect(r.error <= r.bound)
    }

    /// The replicator spinner's twelve bars share one path (its still outline, drawn 12 times by
    /// `instanceCount` 12): one definition, twelve `<use>`; the five growing blocks (their outline
    /// animated) stay paths.
    @Test func repeatedShapesAreSharedThroughUse() throws {
        let scene = try AnimatedCompileTests.scene("replicator-spinner")
        let svg = scene.animatedSVG().minified().svg
        #expect(svg.ranges(of: "<path id=\"u").count == 1)
        #expect(svg.ranges(of: "<use href=\"#u1\"").count == 12)
        #expect(!svg.contains("href=\"#u2\""))
    }

    /// Fonts whose every character is one glyph (its scalar value): a zigzag (50k, 700 for odd k, else
    /// 0), k = 0…10, in font units of a 1,000-unit em, advancing 600 units; spaces draw nothing.
    struct TriangleFonts: TextFonts {
        func faceName(for text: TextDrawing) -> String? { "Triangles" }
        func run(_ text: TextDrawing) -> GlyphRun {
            var zigzag = Path()
            zigzag.move(to: Point(0, 0))
            for k in 1...10 { zigzag.line(to: Point(50 * Double(k), k % 2 == 1 ? 700 : 0)) }
            zigzag.close()
            let scalars = text.string.unicodeScalars.map { Int($0.value) }
            var outlines: [Int: Path] = [:]
            for g in scalars { outlines[g] = g == 32 ? Path() : zigzag }
            return GlyphRun(face: "Triangles", unitsPerEm: 1000, glyphs: scalars.enumerated().map { .init(glyph: $1, x: 600 * Double($0)) }, outlines: outlines)
        }
        func glyphRun(of text: TextDrawing) -> GlyphRun? { run(text) }
        func outline(of text: TextDrawing) -> Path? {
            let run = run(text), s = text.fontSize / run.unitsPerEm
            var elements: [Path.Element] = []
            for g in run.glyphs {
                elements += run.outlines[g.glyph]!.applying(Transform2D(a: s, b: 0, c: 0, d: -s, tx: text.origin.x + g.x * s, ty: text.origin.y)).elements
            }
            return Path(elements)
        }
    }

    /// A text drawn as glyph outlines ("ab ab ab ab", 20 px: 0.02 px a unit) draws each glyph once: two
    /// definitions, the zigzag at 20 px (k, −14 for odd k, else 0); eight `<use>` 12 px apart (600
    /// units), none for the spaces; each use's points (definition + offset) are the plain path's.
    @Test func glyphsAreDrawnOnceThroughUse() throws {
        let text = ##"{"flipbook": 1, "canvas": [200, 40], "duration": 1, "fps": 10, "layers": [{"id": "t", "type": "text", "frame": [10, 5, 180, 30], "string": "ab ab ab ab", "fontSize": 20, "foregroundColor": "#e03131"}]}"##
        let scene = try SceneLoader().decode(Array(text.utf8), file: "g.json")
        let plain = scene.animatedSVG(text: SVGTextOptions(fonts: TriangleFonts(), asPaths: true))
        let minified = plain.minified()
        #expect(minified.svg.ranges(of: "<path id=\"t").count == 2)
        let zigzag = "M0 0" + (1...10).map { "L\($0) \($0 % 2 == 1 ? "-14" : "0")" }.joined() + "Z"
        #expect(minified.svg.contains("<path id=\"t1\" d=\"\(zigzag)\"/>"))
        #expect(minified.svg.utf8.count < plain.svg.utf8.count)
        var whole: Path?
        func find(_ e: AnimatedDocument.Element) {
            if e.kind == .path, case .path(let d)? = e.attribute("d") { whole = d.path }
            e.children.forEach(find)
        }
        plain.document.body.forEach(find)
        let drawn = try #require(whole)
        var uses: [AnimatedDocument.Element] = []
        func collect(_ e: AnimatedDocument.Element) {
            if e.kind == .use { uses.append(e) }
            e.children.forEach(collect)
        }
        minified.document.body.forEach(collect)
        try #require(uses.count == 8)
        var placed: [Path.Element] = []
        var xs: [Double] = []
        for use in uses {
            func number(_ name: String) -> Double? {
                switch use.attribute(name) {
                case nil: 0   // left out: 0
                case .number(let v, _)?: v
                default: nil
                }
            }
            guard case .keyword(let href)? = use.attribute("href"), let x = number("x"), let y = number("y"),
                  let definition = minified.document.definitions.first(where: { "#" + AnimatedDocument.text($0.attribute("id")!) == href }),
                  case .path(let d)? = definition.attribute("d") else { Issue.record("use without its glyph"); return }
            xs.append(x)
            placed += d.path.applying(Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)).elements
        }
        #expect(zip(xs, xs.dropFirst()).map { abs($1 - $0) } == [12, 24, 12, 24, 12, 24, 12] as [Double])
        func points(_ elements: [Path.Element]) -> [Point] {
            elements.flatMap { e -> [Point] in
                switch e {
                case .move(let p), .line(let p): [p]
                default: []
                }
            }
        }
        let a = points(placed), b = points(drawn.elements)
        try #require(a.count == b.count && a.count == 88)
        for (p, q) in zip(a, b) { #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9, "\(p) against \(q)") }
    }
}
