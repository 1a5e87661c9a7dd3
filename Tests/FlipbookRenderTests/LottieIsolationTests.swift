import Foundation
import Flipbook
import FlipbookScenes
import Testing
@testable import FlipbookSVG

/// A translucent group of several paints is a precomposition whose opacity is the group's (both
/// players compose a precomposition of two layers before fading it, as SVG fades a group), against
/// the scene's own numbers. `Tools/check-lottie-in` plays such a file (Tests/OutsideFiles/lottie/
/// precomp-opacity.json) imported and written again, in rlottie and ThorVG.
struct LottieIsolationTests {
    static func lottie(_ layers: String) throws -> [String: Any] {
        let text = #"{"flipbook": 1, "canvas": [200, 120], "duration": 1, "fps": 10, "layers": ["# + layers + "]}"
        let scene = try SceneLoader().decode(Array(text.utf8), file: "t.json")
        let file = scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount)
        #expect(file.omissions.isEmpty, "\(file.omissions)")
        return try #require(try JSONSerialization.jsonObject(with: Data(file.json.utf8)) as? [String: Any])
    }

    /// Every number under the key "o" of a transform (`tr`) or layer transform (`ks`), at any depth.
    static func opacities(_ json: Any) -> [Any] {
        if let list = json as? [Any] { return list.flatMap(opacities) }
        guard let object = json as? [String: Any] else { return [] }
        var found: [Any] = []
        if object["ty"] as? String == "tr", let o = object["o"] { found.append(o) }
        for (key, value) in object where key != "o" { found += opacities(value) }
        return found
    }

    /// A card fading from 0.2 to 0.8 over its 1 s, holding two discs that overlap: one precomposition
    /// layer at the top, its `ks.o` keyed 20 → 80 from frame 0 to 10 (linear); its asset two layers or more
    /// (the content, and the null layer rlottie needs to compose it), and no opacity inside it but
    /// 100 (nothing multiplied into the paints).
    @Test func aFadingCardIsAPrecomposition() throws {
        let object = try Self.lottie(#"""
            {"id": "card", "frame": [20, 20, 160, 80], "backgroundColor": "#1c7ed6", "opacity": 0.2,
             "animations": [{"property": "opacity", "from": 0.2, "to": 0.8, "duration": 1}],
             "sublayers": [{"id": "a", "frame": [10, 10, 60, 60], "backgroundColor": "#fa5252", "cornerRadius": 30},
                           {"id": "b", "frame": [40, 10, 60, 60], "backgroundColor": "#40c057", "cornerRadius": 30}]}
            """#)
        let layers = try #require(object["layers"] as? [[String: Any]])
        let precompositions = layers.filter { $0["ty"] as? Int == 0 }
        try #require(precompositions.count == 1)
        let card = precompositions[0]
        #expect(card["w"] as? Int == 200 && card["h"] as? Int == 120 && card["parent"] == nil)
        let keys = try #require(((card["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? [[String: Any]])
        // Linear from 20 at frame 0 towards 80 at frame 10, where the animation is removed and the
        // model's 0.2 shows again (Core Animation's removedOnCompletion).
        #expect(keys.first?["t"] as? Double == 0 && (keys.first?["s"] as? [Double])?.first == 20)
        #expect(keys.contains { ($0["t"] as? Double ?? 0) >= 9.99 && ($0["t"] as? Double ?? 0) < 10 })
        for key in keys {
            let t = try #require(key["t"] as? Double), s = try #require((key["s"] as? [Double])?.first)
            #expect(abs(s - (t < 10 ? 20 + 6 * t : 20)) < 1e-3, "frame \(t): \(s)")
        }
        let assets = try #require(object["assets"] as? [[String: Any]])
        let asset = try #require(assets.first { $0["id"] as? String == card["refId"] as? String })
        let inside = try #require(asset["layers"] as? [[String: Any]])
        #expect(inside.count >= 2)
        #expect(Set(inside.compactMap { $0["ind"] as? Int }).count == inside.count, "one index each")
        for o in Self.opacities(inside) {
            #expect(((o as? [String: Any])?["k"] as? Double) == 100, "\(o)")
        }
        // The background and nothing else outside it.
        #expect(Self.opacities(layers.filter { $0["ty"] as? Int != 0 }).allSatisfy { (($0 as? [String: Any])?["k"] as? Double) == 100 })
    }

    /// One paint at half opacity stays a group's `o` (nothing overlaps to compose); so does a group of
    /// several paints at full opacity (no precomposition at all).
    @Test func onePaintOrFullOpacityStaysAGroup() throws {
        for layers in [##"{"id": "dot", "frame": [10, 10, 60, 60], "backgroundColor": "#fa5252", "opacity": 0.5}"##,
                       ##"{"id": "card", "frame": [20, 20, 160, 80], "backgroundColor": "#1c7ed6", "sublayers": [{"id": "a", "frame": [10, 10, 60, 60], "backgroundColor": "#fa5252"}]}"##] {
            let object = try Self.lottie(layers)
            let list = try #require(object["layers"] as? [[String: Any]])
            #expect(list.allSatisfy { $0["ty"] as? Int == 4 }, "\(layers)")
            #expect((object["assets"] as? [Any])?.isEmpty ?? true)
        }
        let half = try Self.lottie(##"{"id": "dot", "frame": [10, 10, 60, 60], "backgroundColor": "#fa5252", "opacity": 0.5}"##)
        #expect(Self.opacities(half["layers"] as Any).contains { (($0 as? [String: Any])?["k"] as? Double) == 50 })
    }

    /// Paints are counted as the writer writes them: a path's fill unless `none`, its stroke where it
    /// has one or animates one, a text as one, through groups.
    @Test func paintsAreCounted() {
        typealias E = AnimatedDocument.Element
        let both = E(.path, attributes: [.init("fill", .keyword("#fff")), .init("stroke", .keyword("#000"))])
        let stroke = E(.path, attributes: [.init("fill", .keyword("none")), .init("stroke", .keyword("#000"))])
        let neither = E(.path, attributes: [.init("fill", .keyword("none")), .init("stroke", .keyword("none"))])
        let blackFill = E(.path, attributes: [])
        var group = E(.group, attributes: [])
        group.children = [both, stroke, neither, blackFill, E(.text, attributes: [])]
        #expect(LottieWriter.paints(in: both) == 2 && LottieWriter.paints(in: stroke) == 1)
        #expect(LottieWriter.paints(in: neither) == 0 && LottieWriter.paints(in: blackFill) == 1)
        #expect(LottieWriter.paints(in: group) == 5)
    }
}
