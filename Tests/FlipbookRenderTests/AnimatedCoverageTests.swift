import Flipbook
import FlipbookScenes
import Foundation
import Testing
@testable import FlipbookSVG

/// Properties the animated SVG once froze or dropped silently, found by a scene no test had seen
/// (Chromium showed them apart from the frames): a gradient that animates, siblings whose drawing order
/// changes, and a dashed path drawn in from an overshoot below 0. Each is read back from the SVG text
/// (the SMIL evaluator, the element tree) and compared with the engine or a closed form.
struct AnimatedCoverageTests {
    static let gradientScene = """
    {"flipbook": 1, "canvas": [100, 20], "duration": 1, "fps": 10, "layers": [
      {"id": "g", "type": "gradient", "frame": [0, 0, 100, 20],
       "gradient": {"type": "linear", "start": [0, 0], "end": [100, 0], "stops": [[0, "#ff0000"], [1, "#0000ff"]]},
       "animations": [{"property": "gradient", "duration": 1, "fillMode": "forwards", "removedOnCompletion": false,
                       "from": {"type": "linear", "start": [0, 0], "end": [100, 0], "stops": [[0, "#ff0000"], [1, "#0000ff"]]},
                       "to": {"type": "linear", "start": [20, 0], "end": [100, 20], "stops": [[0, "#00ff00"], [1, "#0000ff"]]}}]}]}
    """

    /// A gradient from (0, 0)–(100, 0), first stop red, to (20, 0)–(100, 20), first stop green (#00ff00),
    /// linearly over 1 s: read back, x1 is 20·t, y2 is 20·t and the first stop (1 − t, t, 0), at every
    /// frame instant and half way between; the report lists the tracks within their bounds. (A gradient
    /// whose ends meet on the way has no extent there, a solid colour: that one switches, as below.)
    @Test func gradientsAnimate() throws {
        let scene = try OneTimelineTests.scene(Self.gradientScene)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        let x1 = try #require(OneTimelineTests.track(compiled.svg, attribute: "x1"))
        let y2 = try #require(OneTimelineTests.track(compiled.svg, attribute: "y2"))
        let stop = try #require(OneTimelineTests.track(compiled.svg, attribute: "stop-color"))
        for i in 0...20 {
            let t = Double(i) / 20
            #expect(abs(OneTimelineTests.numbers(x1.value(at: t)).first! - 20 * t) < 0.125, "x1 at \(t)")
            #expect(abs(OneTimelineTests.numbers(y2.value(at: t)).first! - 20 * t) < 0.125, "y2 at \(t)")
            let c = OneTimelineTests.numbers(stop.value(at: t))
            #expect(c.count == 3 && abs(c[0] - (1 - t)) <= 1.0 / 255 && abs(c[1] - t) <= 1.0 / 255 && c[2] == 0, "stop at \(t): \(c)")
        }
        #expect(!compiled.svg.contains("attributeName=\"x2\""))
        for property in ["x1", "y2", "stop-color"] {
            #expect(compiled.report.contains { $0.property == property && $0.maxError <= $0.bound }, "\(property)")
        }
    }

    /// For CSS, which cannot animate a gradient's attributes, the fill switches between definitions at
    /// the frame instants: at each, the definition the fill names has x1 = 20·t.
    @Test func gradientsSwitchForCSS() throws {
        let scene = try OneTimelineTests.scene(Self.gradientScene)
        var compiler = AnimatedSVGCompiler(scene: scene)
        compiler.target = .css
        let svg = compiler.compile().svg
        #expect(!svg.contains("attributeName=\"x1\""))
        let fill = try #require(OneTimelineTests.track(svg, attribute: "fill"))
        let root = try #require(SVGElement.parse(svg))
        var x1ByID: [String: Double] = [:]
        func visit(_ e: SVGElement) {
            if e.name == "linearGradient", let id = e.attributes["id"] { x1ByID[id] = Double(e.attributes["x1"] ?? "") }
            e.children.forEach(visit)
        }
        visit(root)
        for i in 0..<scene.frameCount {
            let t = scene.frameTime(i)
            guard case .text(let reference)? = fill.value(at: t) else { Issue.record("no fill at \(t)"); continue }
            let id = String(reference.dropFirst(5).dropLast())   // url(#id)
            #expect(abs((x1ByID[id] ?? .nan) - 20 * t) < 0.0005, "frame \(i): \(reference)")
        }
        // And the CSS text carries it as keyframes of fill.
        #expect(scene.animatedSVGWithCSS().svg.contains("fill:url(#"))
    }

    /// Three squares raised one after another (zPosition) at 0.3 s and 0.6 s: drawn a, b, c, then b, c,
    /// a, then c, a, b. At every frame instant the squares the SVG shows, in document order (each
    /// element's and its groups' display read back), are the engine's drawing order; only the squares
    /// that move are written more than once.
    @Test func drawingOrderChanges() throws {
        let scene = try OneTimelineTests.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10, "layers": [
          {"id": "a", "type": "shape", "frame": [10, 10, 40, 40], "path": "M0 0H40V40H0Z", "fillColor": "#ff0000"},
          {"id": "b", "type": "shape", "frame": [30, 30, 40, 40], "path": "M0 0H40V40H0Z", "fillColor": "#00ff00"},
          {"id": "c", "type": "shape", "frame": [50, 50, 40, 40], "path": "M0 0H40V40H0Z", "fillColor": "#0000ff"}],
         "changes": [{"at": 0.3, "layer": "a", "set": {"zPosition": 2}, "disableActions": true},
                     {"at": 0.6, "layer": "b", "set": {"zPosition": 3}, "disableActions": true}]}
        """)
        let svg = AnimatedSVGCompiler(scene: scene).compile().svg
        let root = try #require(SVGElement.parse(svg))
        let colour = ["#ff0000": "a", "#00ff00": "b", "#0000ff": "c"]
        func shown(_ e: SVGElement, at t: Double) -> Bool {
            var display = e.attributes["display"] ?? "inline"
            for a in e.animations(of: "display") {
                if let track = SMILTrack(element: a), case .text(let v)? = track.value(at: t) { display = v }
            }
            return display != "none"
        }
        func drawn(_ e: SVGElement, at t: Double) -> [String] {
            guard shown(e, at: t) else { return [] }
            return (e.name == "path" ? e.attributes["fill"].flatMap { colour[$0] }.map { [$0] } ?? [] : []) + e.children.flatMap { drawn($0, at: t) }
        }
        var copies: [String: Int] = [:]
        func count(_ e: SVGElement) {
            if e.name == "path", let id = e.attributes["fill"].flatMap({ colour[$0] }) { copies[id, default: 0] += 1 }
            e.children.forEach(count)
        }
        count(root)
        #expect(copies.values.reduce(0, +) < 9, "\(copies)")
        for i in 0..<scene.frameCount {
            let t = scene.frameTime(i)
            let engine = scene.presentation(at: t).renderNode()!.children.map(\.id)
            #expect(drawn(root, at: t) == engine, "frame \(i)")
        }
    }

    /// A dashed path drawn in by strokeEnd under an easing that starts below 0: where the engine's
    /// trimmed path is empty the `d` value is "M0 0" (a lone moveto, drawn by nothing), never an empty
    /// entry, which makes Chromium drop the whole animation; where it is not, the value read back at each
    /// frame instant is the engine's path text.
    @Test func emptyPathsAreLoneMovetos() throws {
        let scene = try OneTimelineTests.scene("""
        {"flipbook": 1, "canvas": [220, 100], "duration": 1.5, "fps": 30, "layers": [
          {"id": "curve", "type": "shape", "frame": [10, 10, 200, 80], "path": "M0 70C40 -20 120 120 200 10", "fillColor": "#00000000",
           "strokeColor": "#1971c2", "lineWidth": 5, "lineDashPattern": [12, 6],
           "animations": [{"property": "strokeEnd", "from": 0, "to": 1, "duration": 1.5, "timing": "cubic-bezier(0.68, -0.55, 0.265, 1.55)"}]}]}
        """)
        let svg = AnimatedSVGCompiler(scene: scene).compile().svg
        let d = try #require(OneTimelineTests.track(svg, attribute: "d"))
        #expect(!svg.contains(";;") && !svg.contains("values=\";"))
        var emptyFrames = 0
        for i in 0..<scene.frameCount {
            let t = scene.frameTime(i)
            guard case .shape(let shape)? = scene.presentation(at: t).renderNode()?.children.first?.items.first else { continue }
            let engine = SVGPathData.string(shape.strokedPath)
            if engine.isEmpty { emptyFrames += 1 }
            #expect(d.value(at: t) == .numbers(SMILTrack.pathNumbers(engine.isEmpty ? "M0 0" : engine)), "frame \(i)")
        }
        #expect(emptyFrames > 0)
    }

    /// A fill colour animated by an underdamped spring overshoots past its ends, so channels leave
    /// [0, 1]. What is drawn is the colour clamped to [0, 1] (SVG's hex can say nothing else): the render
    /// tree holds it clamped (the presentation layer's value, clamped here), and the animated SVG's fill,
    /// read back, is within 1/255 of it at every frame, never a fallback. (The fuzzer found the
    /// gradient stops of a mutated scene measured unclamped: 0.39 over the bound.)
    @Test func overshootingColoursAreDrawnClamped() throws {
        let scene = try OneTimelineTests.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 2, "fps": 30, "layers": [
         {"id": "s", "type": "shape", "frame": [10, 10, 50, 50], "path": "M0 0H50V50H0Z", "fillColor": "#fab005",
          "animations": [{"property": "fillColor", "from": "#fab005", "to": "#15aabf", "spring": {"damping": 3}, "fillMode": "both", "removedOnCompletion": false}]}]}
        """)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        #expect(compiled.fallbacks.isEmpty)
        let fill = try #require(OneTimelineTests.track(compiled.svg, attribute: "fill"))
        var overshoots = 0
        for i in 0..<scene.frameCount {
            let t = scene.frameTime(i)
            let layer = scene.presentation(at: t).sublayers[0]
            let raw: Color = layer[.fillColor]
            if [raw.red, raw.green, raw.blue].contains(where: { $0 < 0 || $0 > 1 }) { overshoots += 1 }
            let unit = { (v: Double) in min(max(v, 0), 1) }
            guard case .shape(let shape)? = layer.renderNode()?.items.first else { Issue.record("no shape"); continue }
            #expect(shape.fill == Color(red: unit(raw.red), green: unit(raw.green), blue: unit(raw.blue), alpha: unit(raw.alpha)), "frame \(i)")
            let written = OneTimelineTests.numbers(fill.value(at: t))
            #expect(written.count == 3 && zip(written, [shape.fill.red, shape.fill.green, shape.fill.blue]).allSatisfy { abs($0 - $1) <= 1.0 / 255 }, "frame \(i): \(written)")
        }
        #expect(overshoots > 0)
    }

    /// A text whose string changes is one element per string; the report names each with its string
    /// (quoted, a tab escaped), so its rows can be told apart: "t" shows "a" until 0.5 s, then "b\tc".
    @Test func textElementsAreNamedByTheirStrings() throws {
        let scene = try OneTimelineTests.scene("""
        {"flipbook": 1, "canvas": [100, 20], "duration": 1, "fps": 10, "layers": [
          {"id": "t", "type": "text", "frame": [0, 0, 100, 20], "string": "a", "fontSize": 12}],
         "changes": [{"at": 0.5, "layer": "t", "set": {"string": "b\\tc"}, "disableActions": true}]}
        """)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        let names = Set(compiled.report.filter { $0.property == "display" }.map(\.element))
        #expect(names == ["t#0 \"a\"", "t#0 \"b\\tc\""], "\(names)")
    }
}
