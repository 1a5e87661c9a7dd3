import Flipbook
import FlipbookScenes
import Foundation
import Testing

/// A radial gradient's `"focus"` in scene files: read, written as SVG's `fx` and `fy` (where it is
/// drawn: `Gradient.drawnFocus`), and refused by name on the kinds that have none.
struct RadialFocusTests {
    static func scene(_ gradient: String) -> String {
        ##"{"flipbook": 1, "canvas": [100, 100], "duration": 1, "layers": [{"id": "orb", "type": "shape", "frame": [0, 0, 100, 100], "path": "M0 0 L100 0 L100 100 Z", "fillGradient": "##
            + gradient + "}]}"
    }

    @Test func aFocusIsReadAndDrawnAsSVGsFocalPoint() throws {
        let scene = try SceneLoader().decode(Array(Self.scene(##"{"type": "radial", "center": [50, 50], "radius": 40, "focus": [30, 45], "stops": [[0, "#fff"], [1, "#000"]]}"##).utf8), file: "orb.json")
        let svg = scene.svgFrame(0)
        #expect(svg.contains(#"cx="50" cy="50" r="40" fx="30" fy="45""#), "\(svg)")
        // Past the circle: drawn 0.99 of the radius from the centre (39.6 px to the right).
        let far = try SceneLoader().decode(Array(Self.scene(##"{"type": "radial", "center": [50, 50], "radius": 40, "focus": [250, 50], "stops": [[0, "#fff"], [1, "#000"]]}"##).utf8), file: "orb.json")
        #expect(far.svgFrame(0).contains(#"fx="89.6" fy="50""#))
    }

    @Test func onlyARadialGradientHasAFocus() {
        for kind in ["linear", "conic"] {
            let text = Self.scene(##"{"type": "\##(kind)", "center": [50, 50], "focus": [30, 45], "stops": [[0, "#fff"], [1, "#000"]]}"##)
            do {
                _ = try SceneLoader().decode(Array(text.utf8), file: "orb.json")
                Issue.record("a \(kind) gradient with a focus was read")
            } catch {
                #expect(error.path == "layers[0].fillGradient.focus" && error.message.contains("only a radial gradient has a focus"), "\(error)")
            }
        }
    }
}
