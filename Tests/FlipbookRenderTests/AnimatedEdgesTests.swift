import Easing
import Flipbook
import FlipbookScenes
import Foundation
import Testing
@testable import FlipbookSVG

/// Where the animated SVG's drawn edges land, against the engine: found by a scene no test had seen
/// (data-and-clips), where Chromium showed the animated SVG apart from the frames.
struct AnimatedEdgesTests {
    /// The `<path …>` elements of `svg` whose opening tag contains `marker`, each with its text up to
    /// its closing tag.
    static func paths(_ svg: String, containing marker: String) -> [String] {
        svg.components(separatedBy: "<path").dropFirst().compactMap { piece in
            let text = "<path" + (piece.components(separatedBy: "</path>").first ?? piece)
            let tag = text.prefix { $0 != ">" }
            return tag.contains(marker) ? text : nil
        }
    }

    /// A clip on a layer whose transform animates is in the layer's own space, so it must sit on the
    /// group that carries the whole transform. A 90 × 90 box (anchor at its centre, at (275, 55))
    /// rotates 0 → −200° with masksToBounds: the clip was on the outer group (its translation only),
    /// so the clip stood still, 45 px off, while the box turned. Now the group with the clip is the one
    /// whose rotation animates, and that rotation is −200·ease-in-out(t / 2.5) (CSS's ease-in-out
    /// curve, evaluated by the Easing module) at every frame instant before the end, where the
    /// animation is removed.
    @Test func aClipTurnsWithItsLayer() throws {
        let scene = try OneTimelineTests.scene("""
        {"flipbook": 1, "canvas": [400, 200], "duration": 2.5, "fps": 10, "layers": [
          {"id": "box", "frame": [230, 10, 90, 90], "masksToBounds": true, "backgroundColor": "#dee2e6",
           "animations": [{"property": "rotation", "from": 0, "to": -200, "duration": 2.5, "timing": "ease-in-out"}],
           "sublayers": [{"id": "bar", "type": "shape", "frame": [-20, 35, 130, 20], "path": "M0 0H130V20H0Z", "fillColor": "#5f3dc4"}]}]}
        """)
        let svg = AnimatedSVGCompiler(scene: scene).compile().svg
        let groups = svg.components(separatedBy: "<g").dropFirst()
        let clipped = try #require(groups.first { $0.prefix { $0 != ">" }.contains("clip-path") })
        let tag = String(clipped.prefix { $0 != ">" })
        #expect(tag.contains("rotate("), "the clip is on the group without the rotation: <g\(tag)>")
        let rotation = try #require(OneTimelineTests.track(String(clipped), containing: "type=\"rotate\"", attribute: "transform"))
        let ease = try TimingFunction(parsing: "ease-in-out")
        for i in 0..<25 {
            let t = Double(i) / 10
            let written = OneTimelineTests.numbers(rotation.value(at: t)).first ?? .nan
            #expect(abs(written - -200 * ease.value(at: t / 2.5)) < 0.01, "at \(t): \(written)")
        }
    }

    /// A pie slice is drawn as a wide stroke dashed along its middle radius; the dash's errors move the
    /// slice's edge at its rim radius/middle times as far, and its end edge by the dash's and the
    /// offset's errors together. So the rim edges are checked here from the engine's angles: at every
    /// frame instant and half way between, each slice's start and end written by the SMIL tracks
    /// (offset/middle and (offset + dash)/middle, in radians) lie within 0.25 px of the engine's at the
    /// rim (45 px), for the pie whose values go from [3, 0, 2] to [1, 3, 0] with an ease-out (sampled:
    /// the slices are renormalised every frame). The bound held only at the middle radius before: the
    /// rim moved up to twice as far, twice over.
    @Test func pieEdgesAreWithinTheBoundAtTheRim() throws {
        let scene = try OneTimelineTests.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1.8, "fps": 24, "layers": [
          {"id": "pie", "type": "pieChart", "frame": [5, 5, 90, 90], "values": [3, 0, 2], "colors": ["#4263eb", "#fab005", "#12b886"]}],
         "changes": [{"at": 0.8, "layer": "pie", "set": {"values": [1, 3, 0]}, "duration": 0.8, "timing": "ease-out"}]}
        """)
        let svg = AnimatedSVGCompiler(scene: scene).compile().svg
        let radius = 45.0, middle = (45.0 + 0.25) / 2
        var checked = 0
        for slice in 0..<3 {
            let color = ["#4263eb", "#fab005", "#12b886"][slice]
            let element = try #require(Self.paths(svg, containing: "fill=\"\(color)\"").first)
            let dash = try #require(OneTimelineTests.track(element, attribute: "stroke-dasharray"))
            let offset = OneTimelineTests.track(element, attribute: "stroke-dashoffset")
            let moveTo = try #require(element.components(separatedBy: "attributeName=\"d\" to=\"M").dropFirst().first)
            let start = moveTo.prefix { $0 != "A" }.split(separator: " ").compactMap { Double($0) }
            let phase = atan2(start[1] - 45, start[0] - 45)   // the pie's centre, in its layer: (45, 45)
            func attribute(_ name: String) -> [Double] {
                let text = element.components(separatedBy: " \(name)=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "0"
                return text.split(separator: " ").compactMap { Double($0) }
            }
            for i in 0...(2 * 43) {
                let t = Double(i) / 48
                guard let node = scene.presentation(at: t).renderNode()?.children.first?.children.dropFirst(slice).first,
                      case .shape(let shape)? = node.items.first,
                      case .wedge(_, _, _, let start, let end)? = shape.semantic else { continue }
                guard end.radians - start.radians > 1e-9 else { continue }   // an empty slice is hidden
                // Before its animation begins, an attribute shows its static value.
                let written = OneTimelineTests.numbers(dash.value(at: t)).first ?? attribute("stroke-dasharray")[0]
                let o = offset.flatMap { OneTimelineTests.numbers($0.value(at: t)).first } ?? attribute("stroke-dashoffset")[0]
                // The dash runs from −offset along the circle, from where its path (set at t = 0)
                // starts, shifted by whole turns.
                let turn = 2 * Double.pi * middle
                var from = -o + phase * middle
                from -= turn * ((from - start.radians * middle) / turn).rounded()
                let startError = abs(from / middle - start.radians) * radius
                let endError = abs((from + written) / middle - end.radians) * radius
                #expect(startError <= 0.25 && endError <= 0.25, "slice \(slice) at \(t): start off \(startError) px, end off \(endError) px")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// A wedge's dashed circle states its exact length, two turns of 4πr at the middle radius
    /// ((45 + 0.25)/2 for a pie of radius 45), as pathLength, so a renderer that measures the circle
    /// roughly still places the dashes at the right angles (Chromium ended a dash meant for 345.9° at
    /// 348.5° on that circle). A ring's track, a whole circle, is written as two half turns through
    /// (cx ± r, cy); the rings' radii from their frames: (380 − 35)/2, (300 − 25)/2, (240 − 20)/2.
    @Test func dashedCirclesStateTheirLength() throws {
        let pie = try OneTimelineTests.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 24, "layers": [
          {"id": "pie", "type": "pieChart", "frame": [5, 5, 90, 90], "values": [1, 2]}],
         "changes": [{"at": 0, "layer": "pie", "set": {"values": [2, 1]}, "duration": 1}]}
        """)
        let wedges = Self.paths(AnimatedSVGCompiler(scene: pie).compile().svg, containing: "stroke-width")
        #expect(wedges.count == 2)
        let length = SVGNumber.format(4 * Double.pi * (45 + 0.25) / 2)
        for wedge in wedges { #expect(wedge.contains(" pathLength=\"\(length)\""), "\(wedge.prefix(200))") }

        let svg = AnimatedSVGCompiler(scene: try AnimatedCompileTests.scene("activity-rings")).compile().svg
        for (r, c) in [(172.5, 190.0), (137.5, 150.0), (110.0, 120.0)] {
            let rr = SVGNumber.format(r)
            let track = "d=\"M\(SVGNumber.format(c + r)) \(SVGNumber.format(c))A\(rr) \(rr) 0 0 1 \(SVGNumber.format(c - r)) \(SVGNumber.format(c))A\(rr) \(rr) 0 0 1 \(SVGNumber.format(c + r)) \(SVGNumber.format(c))Z\""
            #expect(svg.contains(track), "track \(track)")
        }
    }

    /// The error of a dash pattern is how far its edges move along the path, over every repeat: here
    /// against the edges listed one by one (each pattern's running sums, repeated `repeats` times,
    /// an odd pattern doubled first, as SVG draws it) for patterns of 1 to 5 entries, perturbed.
    @Test func patternErrorIsTheLargestEdgeMove() {
        var generator = SystemRandomNumberGenerator()
        for count in 1...5 {
            for _ in 0..<50 {
                let a = (0..<count).map { _ in Double.random(in: 0.5...20, using: &generator) }
                let b = a.map { $0 + Double.random(in: -0.3...0.3, using: &generator) }
                let repeats = Double(Int.random(in: 1...12, using: &generator))
                func edges(_ p: [Double]) -> [Double] {
                    let drawn = p.count % 2 == 1 ? p + p : p
                    var out: [Double] = [], at = 0.0
                    for _ in 0..<Int(repeats) { for length in drawn { at += length; out.append(at) } }
                    return out
                }
                let brute = zip(edges(a), edges(b)).map { abs($0 - $1) }.max() ?? 0
                let bound = AnimatedSVGCompiler.Context.patternError(repeats: repeats)(a, b)
                #expect(abs(bound - brute) <= 1e-9, "\(a) → \(b) × \(repeats): \(bound), edges moved \(brute)")
            }
        }
    }
}
