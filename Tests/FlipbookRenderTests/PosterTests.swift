import Flipbook
import FlipbookScenes
import Testing
@testable import FlipbookSVG

/// A poster: the animated SVG's static picture is the frame at the poster instant, and what plays is
/// unchanged. (Tools/check-animated draws a scene with a poster, mask-reveal, with librsvg against
/// the frame at that instant and plays it in Chromium against the frames, SMIL and CSS.)
@Suite struct PosterTests {
    static let text = ##"{"flipbook": 1, "canvas": [60, 40], "duration": 2, "fps": 10, "poster": 1.5, "layers": [{"id": "bar", "frame": [5, 5, 10, 30], "backgroundColor": "#336699", "animations": [{"property": "bounds", "from": [0, 0, 10, 30], "to": [0, 0, 50, 30], "duration": 2, "timing": "ease-in"}]}]}"##

    @Test func readCheckedAndWritten() throws {
        let scene = try SceneLoader().decode(Array(Self.text.utf8), file: "p.json")
        #expect(scene.poster == 1.5)
        let again = try SceneLoader().decode(Array(try SceneEncoder().encode(scene).utf8), file: "again.json")
        #expect(again.poster == 1.5)
        let late = Self.text.replacing(#""poster": 1.5"#, with: #""poster": 3"#)
        let error = #expect(throws: SceneError.self) { try SceneLoader().decode(Array(late.utf8), file: "p.json") }
        #expect(error.map { "\($0)" }?.contains("poster") == true, "\(String(describing: error))")
    }

    /// SMIL and CSS: the animated elements are the same as without a poster, inside a group that the
    /// animation shows from 0 s; after them the poster, the frame writer's document at 1.5 s (its
    /// ids prefixed "p"), which the animation hides from 0 s.
    @Test(arguments: [false, true])
    func thePosterIsTheFrameAndPlaybackIsUnchanged(css: Bool) throws {
        var scene = try SceneLoader().decode(Array(Self.text.utf8), file: "p.json")
        let with = css ? scene.animatedSVGWithCSS().svg : scene.animatedSVG().svg
        scene.poster = nil
        let without = css ? scene.animatedSVGWithCSS().svg : scene.animatedSVG().svg
        var frameWriter = SVGFrameRenderer(canvas: scene.canvas, background: .clear)
        let frame = String(decoding: frameWriter.documentBytes(at: 1.5, of: RetainedPresentation(scene: scene)).bytes, as: UTF8.self)
        // The frame's drawing (inside its root) is the poster's.
        let drawing = frame.split(separator: "\n").dropFirst().dropLast().joined(separator: "\n")
        #expect(with.contains((css ? "<g class=\"fb-off\">\n" : "<g><set attributeName=\"display\" to=\"none\" begin=\"0s\"/>\n") + drawing))
        // Every animated element as it is without a poster, between the switch and the poster.
        let body = without.split(separator: "\n").filter { !$0.hasPrefix("<svg") && !$0.hasPrefix("</svg") && !$0.hasPrefix("<rect width=\"100%\"") }
        for line in body where !line.hasPrefix(".fb-") && !line.hasPrefix("@media") {
            #expect(with.contains(line), "\(line)")
        }
        #expect(with.contains(css ? "<g visibility=\"hidden\" class=\"fb-on\">" : "<g display=\"none\"><set attributeName=\"display\" to=\"inline\" begin=\"0s\"/>"))
        if css { #expect(with.contains("@keyframes fb-on{from,to{visibility:visible}}")) }
    }
}
