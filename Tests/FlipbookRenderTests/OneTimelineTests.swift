import Easing
import Flipbook
import FlipbookScenes
import Foundation
import Testing
@testable import FlipbookSVG

/// The examples of outputs that disagreed silently (the one-timeline issue), each checked by reading
/// the animated SVG back with the SMIL evaluator and comparing it with the engine at the frame instants.
struct OneTimelineTests {
    static func scene(_ json: String) throws -> Scene {
        try SceneLoader().decode(Array(json.utf8), file: "t.json")
    }

    /// The first animation element in `svg` for `attribute` whose tag also contains `marker`, read back.
    static func track(_ svg: String, containing marker: String = "", attribute: String) -> SMILTrack? {
        var rest = Substring(svg)
        while let open = rest.range(of: "<animate") ?? rest.range(of: "<set") {
            let element = rest[open.lowerBound...]
            let close = element.firstIndex(of: ">")!
            let tag = String(element[...close])
            if tag.contains("attributeName=\"\(attribute)\"") && (marker.isEmpty || tag.contains(marker)) { return SMILTrack(tag) }
            rest = element[element.index(after: close)...]
        }
        return nil
    }

    static func numbers(_ v: SMILTrack.Value?) -> [Double] {
        if case .numbers(let n)? = v { return n }
        return []
    }

    /// A clip that animates: masksToBounds with bounds 20 → 200 px wide. The clip rectangle's width
    /// animates with it, and the report lists it.
    @Test func animatedClip() throws {
        let scene = try Self.scene("""
        {"flipbook": 1, "canvas": [300, 100], "duration": 1, "fps": 10, "layers": [
          {"id": "box", "bounds": [0, 0, 20, 100], "position": [0, 0], "anchorPoint": [0, 0], "masksToBounds": true,
           "animations": [{"property": "bounds", "from": [0, 0, 20, 100], "to": [0, 0, 200, 100], "duration": 1}],
           "sublayers": [{"id": "fill", "type": "shape", "frame": [0, 0, 300, 100], "path": "M0 0H300V100H0Z", "fillColor": "red"}]}]}
        """)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        let width = try #require(Self.track(compiled.svg, attribute: "width"))
        for i in 0...10 {
            let t = Double(i) / 10
            let engine = scene.presentation(at: t).renderNode()!.children[0].clip!.width
            #expect(abs(Self.numbers(width.value(at: t)).first! - engine) < 0.125, "t = \(t)")
        }
        #expect(compiled.report.contains { $0.property == "clip width" && $0.maxError <= $0.bound })
    }

    /// An infinitely repeating animation in a long scene is written as one cycle that repeats
    /// (issue 18: the compiler's output follows the period, not the duration). Opacity 0 → 1 linearly
    /// over 0.5 s, autoreversing (period 1 s), in a 10 000.25 s scene: the written track, read back by
    /// the SMIL evaluator, gives the closed form |((t + 1) mod 1) … | triangle wave at instants in far
    /// cycles and freezes at the scene's end on the engine's value; a scene whose cycles do not divide
    /// each other is not periodic.
    @Test func repeatingScenesAreOneCycle() throws {
        let scene = try Self.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 10000.25, "fps": 1, "layers": [
          {"id": "dot", "type": "shape", "path": "M0 0H10V10H0Z", "fillColor": "red", "opacity": 0.5,
           "animations": [{"property": "opacity", "from": 0, "to": 1, "duration": 0.5, "autoreverses": true, "repeatCount": "infinite"},
                          {"property": "position", "from": [0, 0], "to": [50, 0], "duration": 0.25, "repeatCount": "infinite"}]}]}
        """)
        #expect(scene.period == 1)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        #expect(compiled.report.first?.encoding == .periodic)
        #expect(compiled.svg.utf8.count < 4_000)
        let opacity = try #require(Self.track(compiled.svg, attribute: "opacity"))
        #expect(opacity.repeatCount == 10000.25)
        for t in [0.1, 0.35, 0.5, 0.8, 1234.6, 9999.9, 10000.1] {
            let phase = t - t.rounded(.down)
            let triangle = phase <= 0.5 ? phase / 0.5 : (1 - phase) / 0.5
            #expect(abs(Self.numbers(opacity.value(at: t)).first! - triangle) < 1.0 / 255, "t = \(t)")
            #expect(abs(triangle - scene.presentation(at: t).sublayers[0][PropertyKey<Double>.opacity]) < 1e-9)
        }
        // Frozen after the last (quarter) cycle: the value at 0.25 of the cycle, as the engine's at the end.
        #expect(abs(Self.numbers(opacity.value(at: 20_000)).first! - 0.5) < 1.0 / 255)
        // A pulse flat for half of each cycle: samples of a long interval all land on the flat half,
        // which once let the fitter call the whole track constant (and a constant was never verified).
        let pulse = try Self.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 3, "fps": 30, "layers": [
          {"id": "dot", "type": "shape", "path": "M0 0H10V10H0Z",
           "animations": [{"property": "opacity", "values": [0.2, 0.2, 1], "keyTimes": [0, 0.5, 1], "duration": 0.5, "repeatCount": "infinite"}]}]}
        """)
        let pulsed = try #require(Self.track(AnimatedSVGCompiler(scene: pulse).compile().svg, attribute: "opacity"))
        for t in [0.1, 0.3, 0.45, 1.4, 2.95] {
            let phase = (t / 0.5 - (t / 0.5).rounded(.down))
            let expected = phase <= 0.5 ? 0.2 : 0.2 + 0.8 * (phase - 0.5) / 0.5
            #expect(abs(Self.numbers(pulsed.value(at: t)).first! - expected) < 1.0 / 255, "t = \(t)")
        }
        // A cycle of 0.3 s beside one of 1 s: no common period within 1e-9.
        let uneven = try Self.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 100, "fps": 10, "layers": [
          {"id": "dot", "type": "shape", "path": "M0 0H10V10H0Z",
           "animations": [{"property": "opacity", "from": 0, "to": 1, "duration": 1, "repeatCount": "infinite"},
                          {"property": "strokeEnd", "from": 0, "to": 1, "duration": 0.3, "repeatCount": "infinite"}]}]}
        """)
        #expect(uneven.period == nil)
    }

    /// A user id equal to one a component makes is refused at load, naming the reservation.
    @Test func generatedIdsAreReserved() {
        do {
            _ = try Self.scene("""
            {"flipbook": 1, "canvas": [100, 100], "duration": 1, "layers": [
              {"id": "pie", "type": "pieChart", "values": [1, 2]}, {"id": "pie.slice0", "type": "shape"}]}
            """)
            Issue.record("accepted")
        } catch {
            #expect(String(describing: error) == "t.json: layers[1].id: the id \"pie.slice0\" has a '.', which is reserved for the layers components make (a pie chart \"pie\" makes \"pie.slice0\", …); use '-' or '_' instead")
        }
    }

    /// Rotation about a 0×0 pivot holding a dot 90 px away: the rotation's bound comes from what the
    /// layer draws, and the SMIL track, read back, puts the dot within 0.25 px of the engine's at
    /// every frame instant and half way between.
    @Test func rotationBoundFromWhatIsDrawn() throws {
        let scene = try Self.scene("""
        {"flipbook": 1, "canvas": [200, 200], "duration": 1, "fps": 30, "layers": [
          {"id": "pivot", "bounds": [0, 0, 0, 0], "position": [100, 100],
           "animations": [{"property": "rotation", "from": 0, "to": 180, "duration": 1, "timing": "ease-out-elastic"}],
           "sublayers": [{"id": "dot", "type": "shape", "frame": [85, -5, 10, 10], "path": "M0 5A5 5 0 1 0 10 5A5 5 0 1 0 0 5Z", "fillColor": "red"}]}]}
        """)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        let entry = try #require(compiled.report.first { $0.element == "pivot" && $0.property == "rotate" })
        // The dot's far edge is 95 px out: the bound is at most 0.25 px there.
        #expect(entry.bound * .pi / 180 * 95 <= 0.25 + 1e-9)
        #expect(entry.maxError <= entry.bound)
        let rotate = try #require(Self.track(compiled.svg, containing: "type=\"rotate\"", attribute: "transform"))
        for i in 0...60 {
            let t = Double(i) / 60
            let engine = scene.presentation(at: t).sublayers[0][.rotation].degrees
            let written = Self.numbers(rotate.value(at: t)).first ?? 0
            #expect(abs(written - engine) * .pi / 180 * 95 <= 0.25 + 1e-9, "t = \(t): \(written) vs \(engine)")
        }
    }

    /// A transform from rotate 170° to rotate −170° turns 20°: one exact linear track 170 → 190.
    @Test func wrappedAnglesAreUnwrapped() throws {
        let scene = try Self.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "layers": [
          {"id": "card", "type": "shape", "frame": [25, 25, 50, 50], "path": "M0 0H50V50H0Z", "fillColor": "red",
           "animations": [{"property": "transform", "from": {"rotate": 170}, "to": {"rotate": -170}, "duration": 1,
                           "fillMode": "forwards", "removedOnCompletion": false}]}]}
        """)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        let entry = try #require(compiled.report.first { $0.property == "transform.rotate" })
        #expect(entry.encoding == .exact)
        #expect(entry.keyframes == 2)
        #expect(compiled.svg.contains("values=\"170;190\""))
    }

    /// Negative dash lengths (an overshooting easing): the render tree holds the normalised pattern,
    /// solid, so the SVG frame has no dasharray then, and the animated SVG switches to "none" there.
    @Test func negativeDashesDrawSolidEverywhere() throws {
        let scene = try Self.scene("""
        {"flipbook": 1, "canvas": [100, 20], "duration": 1, "fps": 20, "layers": [
          {"id": "line", "type": "shape", "frame": [0, 0, 100, 20], "path": "M0 10H100", "strokeColor": "black", "lineWidth": 2,
           "lineDashPattern": [10, 0],
           "animations": [{"property": "lineDashPattern", "from": [10, 0], "to": [0, 10], "duration": 1, "timing": "ease-out-back"}]}]}
        """)
        // ease-out-back overshoots past 1 after about t = 0.6: the first entry goes negative.
        let t = 0.8
        guard case .shape(let shape) = scene.presentation(at: t).renderNode()!.children[0].items[0] else { Issue.record("no shape"); return }
        #expect(shape.dashPattern == .solid)
        var writer = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        let frame = writer.documentBytes(for: scene.presentation(at: t)).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        #expect(!frame.contains("stroke-dasharray"))
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        // Written as numbers throughout, a solid stretch as "1 0" (a dash with no gap draws solid), and
        // read back it matches the engine at every frame instant and half way between.
        let dash = try #require(Self.track(compiled.svg, attribute: "stroke-dasharray"))
        #expect(Self.numbers(dash.value(at: t)) == [1, 0])
        for i in 0...40 {
            let time = Double(i) / 40
            guard case .shape(let s) = scene.presentation(at: time).renderNode()!.children[0].items[0] else { continue }
            let expected = s.dashPattern.lengths.isEmpty ? [1.0, 0] : s.dashPattern.lengths
            let written = Self.numbers(dash.value(at: time))
            #expect(written.count == 2 && zip(written, expected).allSatisfy { abs($0 - $1) <= 0.25 }, "t = \(time): \(written) vs \(expected)")
        }
        // No negative length anywhere in the file.
        #expect(![" -", ";-", "\"-"].contains { compiled.svg.contains($0) })
    }

    /// Patterns whose common multiple would be 10 billion entries switch discretely at half way, at
    /// once, instead of asking for 80 GB.
    @Test func hugeDashPatternsDoNotMultiply() {
        let a = DashPattern(Array(repeating: 1, count: 99_991)), b = DashPattern(Array(repeating: 2, count: 99_989))
        #expect(DashPattern.interpolate(a, b, 0.4) == a)
        #expect(DashPattern.interpolate(a, b, 0.6) == b)
        // Small ones still interpolate through the common multiple: [1, 2] and [3, 4, 5] → six entries.
        #expect(DashPattern.interpolate(DashPattern([1, 2]), DashPattern([3, 4, 5]), 0.5).lengths == [2, 3, 3, 2.5, 2.5, 3.5])
    }

    /// Every track of every scene, as written, within its bound (the report's figures are the SMIL
    /// evaluator's, and no scene needs a fallback).
    @Test(arguments: GoldenTests.scenes)
    func everySceneIsWithinItsBounds(_ name: String) throws {
        let compiled = AnimatedSVGCompiler(scene: try AnimatedCompileTests.scene(name)).compile()
        #expect(compiled.fallbacks.isEmpty)
        for entry in compiled.report where entry.encoding != .discrete {
            #expect(entry.maxError <= entry.bound, "\(entry)")
        }
    }

    /// The engine's timeline carries the whole timing model, timeOffset included: an eased animation
    /// that starts half way through (offset ½ s of 1 s, repeated twice, autoreversing) is exact, and
    /// read back it matches the engine.
    @Test func timeOffsetIsExactThroughTheTimeline() throws {
        let scene = try Self.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 3, "fps": 20, "layers": [
          {"id": "box", "type": "shape", "frame": [0, 0, 10, 10], "path": "M0 0H10V10H0Z", "fillColor": "red",
           "animations": [{"property": "opacity", "from": 0, "to": 1, "duration": 1, "timeOffset": 0.5, "repeatCount": 2,
                           "autoreverses": true, "timing": "ease-in-out"}]}]}
        """)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        let entry = try #require(compiled.report.first { $0.property == "opacity" })
        #expect(entry.encoding == .exact)
        #expect(entry.maxError <= 1e-3)
        let opacity = try #require(Self.track(compiled.svg, attribute: "opacity"))
        for i in 0...60 {
            let t = Double(i) / 20
            let engine = scene.presentation(at: t).sublayers[0][.opacity]
            #expect(abs((Self.numbers(opacity.value(at: t)).first ?? 1) - engine) < 1e-3, "t = \(t)")
        }
    }
}
