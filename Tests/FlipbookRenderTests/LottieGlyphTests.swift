import Foundation
import Flipbook
import Testing
@testable import FlipbookSVG

/// A stand-in face with 1,000 units to the em: the glyph of a character is a closed curve of `sides`
/// quadratic pieces around (250, 350) (its shape turned by the character's code), the space has none;
/// each advances 600 + 50 · (code mod 3) units, no kerning. `outline(of:)` lays the glyphs out as the
/// `TextFonts` contract says `glyphRun(of:)` places them.
struct StandInFonts: TextFonts {
    var sides = 3

    func faceName(for text: TextDrawing) -> String? { "Stand-in" }

    func glyph(_ code: Int) -> Path {
        guard code != 32 else { return Path() }
        func point(_ k: Double, _ r: Double) -> Point {
            let a = 2 * Double.pi * k / Double(sides) + Double(code)
            return Point(250 + r * cos(a), 350 + r * sin(a))
        }
        var elements: [Path.Element] = [.move(point(0, 300))]
        for k in 0..<sides { elements.append(.quad(point(Double(k) + 0.5, 420), point(Double(k + 1), 300))) }
        return Path(elements + [.close])
    }

    func glyphRun(of text: TextDrawing) -> GlyphRun? {
        var x = 0.0
        var glyphs: [GlyphRun.Placed] = []
        var outlines: [Int: Path] = [:]
        for scalar in text.string.unicodeScalars {
            let code = Int(scalar.value)
            glyphs.append(GlyphRun.Placed(glyph: code, x: x))
            outlines[code] = glyph(code)
            x += 600 + 50 * Double(code % 3)
        }
        let shift = text.alignment == .left ? 0 : text.alignment == .center ? -x / 2 : -x
        return GlyphRun(face: "stand-in", unitsPerEm: 1000, glyphs: glyphs.map { GlyphRun.Placed(glyph: $0.glyph, x: $0.x + shift) },
                        outlines: outlines)
    }

    func outline(of text: TextDrawing) -> Path? {
        guard let run = glyphRun(of: text) else { return nil }
        let s = text.fontSize / run.unitsPerEm
        var elements: [Path.Element] = []
        for g in run.glyphs {
            let place = Transform2D(a: s, b: 0, c: 0, d: -s, tx: text.origin.x + g.x * s, ty: text.origin.y)
            elements += run.outlines[g.glyph, default: Path()].applying(place).elements
        }
        return Path(elements)
    }
}

/// Text written with each glyph once (`LottieGlyphs`): the composition of the layers' transforms
/// draws what the text's whole outline draws.
struct LottieGlyphTests {
    static let scene = """
    {"flipbook": 1, "canvas": [300, 200], "duration": 1, "fps": 10, "layers": [
      {"id": "a", "type": "text", "frame": [10, 20, 200, 16], "string": "abba cab", "fontSize": 13, "alignment": "right"},
      {"id": "b", "type": "text", "frame": [30, 60, 100, 30], "string": "bacc", "fontSize": 20, "alignment": "center",
       "opacity": 0.5}]}
    """

    /// Every glyph layer's outline, carried through its glyph asset's place, the text asset's place,
    /// the text layer's position and scale and its parents' translations, lands on the text's own
    /// outline (laid out in pixels by the fonts, moved by the text layer's frame) within 0.002 px —
    /// vertices and tangents; one asset per distinct glyph (a, b, c: three, the space none, shared by
    /// sizes 13 and 20); the text at half opacity is drawn at 50 %.
    @Test func sharedGlyphsComposeToTheTextsOutline() throws {
        let scene = try OneTimelineTests.scene(Self.scene)
        let compiled = scene.animatedSVGForLottie()
        var writer = LottieWriter(document: compiled.document, fps: scene.fps, frames: scene.frameCount)
        writer.fonts = StandInFonts()
        let file = writer.write()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(file.json.utf8)) as? [String: Any])
        let assets = try #require(root["assets"] as? [[String: Any]])
        let layers = try #require(root["layers"] as? [[String: Any]])
        func asset(_ id: String) -> [String: Any]? { assets.first { $0["id"] as? String == id } }
        func pair(_ ks: [String: Any]?, _ key: String, _ identity: Double) -> [Double] {
            ((ks?[key] as? [String: Any])?["k"] as? [Double]) ?? [identity, identity]
        }
        #expect(assets.filter { ($0["id"] as? String)?.hasPrefix("glyph") == true }.count == 3)
        let texts = layers.filter { $0["ty"] as? Int == 0 }
        try #require(texts.count == 2)
        // The texts as the document lays them out (in their layers' space) and the layers' frames.
        let frames = ["abba cab": Point(10, 20), "bacc": Point(30, 60)]
        var expected: [String: (TextDrawing, Point)] = [:]
        func collect(_ e: AnimatedDocument.Element) {
            if e.kind == .text, let frame = frames[e.content ?? ""] { expected[e.content ?? ""] = (writer.drawing(e), frame) }
            e.children.forEach(collect)
        }
        compiled.document.body.forEach(collect)
        #expect(expected["abba cab"]?.0.alignment == .right && expected["bacc"]?.0.fontSize == 20)
        var matched = 0
        for text in texts {
            // The parents: translations only here.
            var offset = [0.0, 0.0]
            var parent = text["parent"] as? Int
            while let p = parent, let layer = layers.first(where: { $0["ind"] as? Int == p }) {
                let ks = layer["ks"] as? [String: Any]
                #expect(ks?["r"] == nil && ks?["s"] == nil)
                let t = pair(ks, "p", 0)
                offset = [offset[0] + t[0], offset[1] + t[1]]
                parent = layer["parent"] as? Int
            }
            let ks = text["ks"] as? [String: Any]
            let position = pair(ks, "p", 0), scale = pair(ks, "s", 100).map { $0 / 100 }
            var vertices: [[Double]] = [], tangents: [[Double]] = []
            let textAsset = try #require(asset(text["refId"] as? String ?? ""))
            let glyphLayers = try #require(textAsset["layers"] as? [[String: Any]])
            for glyphLayer in glyphLayers {
                let place = pair(glyphLayer["ks"] as? [String: Any], "p", 0)
                let glyph = try #require(asset(glyphLayer["refId"] as? String ?? ""))
                let shapeLayer = try #require((glyph["layers"] as? [[String: Any]])?.first)
                let group = try #require((shapeLayer["shapes"] as? [[String: Any]])?.first)
                let items = try #require(group["it"] as? [[String: Any]])
                for item in items where item["ty"] as? String == "sh" {
                    let k = try #require((item["ks"] as? [String: Any])?["k"] as? [String: Any])
                    let vs = try #require(k["v"] as? [[Double]]), ins = try #require(k["i"] as? [[Double]])
                    let outs = try #require(k["o"] as? [[Double]])
                    for v in vs {
                        let x: Double = offset[0] + position[0] + scale[0] * (place[0] + v[0])
                        let y: Double = offset[1] + position[1] + scale[1] * (place[1] + v[1])
                        vertices.append([x, y])
                    }
                    for (i, o) in zip(ins, outs) {
                        let t: [Double] = [scale[0] * i[0], scale[1] * i[1], scale[0] * o[0], scale[1] * o[1]]
                        tangents.append(t)
                    }
                }
            }
            for (string, (drawing, frame)) in expected {
                let outline = try #require(StandInFonts().outline(of: drawing))
                let whole = LottieContour.contours(of: outline)
                let want: [[Double]] = whole.flatMap(\.vertices).map { [$0[0] + frame.x, $0[1] + frame.y] }
                func near(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) < 0.002 } }
                guard want.count == vertices.count, zip(want, vertices).allSatisfy(near) else { continue }
                var wantTangents: [[Double]] = []
                for c in whole { for (i, o) in zip(c.inTangents, c.outTangents) { wantTangents.append(i + o) } }
                #expect(wantTangents.count == tangents.count && zip(wantTangents, tangents).allSatisfy(near), "\(string)")
                #expect(((ks?["o"] as? [String: Any])?["k"] as? Double) == (string == "bacc" ? 50 : nil))
                matched += 1
            }
        }
        #expect(matched == 2)
        #expect(file.omissions.isEmpty)
    }

    /// The public writer keeps the shorter file: shared glyphs when outlines are long (40-piece
    /// glyphs repeated), each text's outline whole when they are short (triangles, each once).
    @Test func theShorterFormIsKept() throws {
        for (sides, string, shares) in [(40, "abcabcabcabc", true), (3, "abc", false)] {
            let scene = try OneTimelineTests.scene("""
            {"flipbook": 1, "canvas": [300, 100], "duration": 1, "fps": 10, "layers": [
              {"id": "t", "type": "text", "frame": [0, 0, 300, 20], "string": "\(string)", "fontSize": 13}]}
            """)
            let compiled = scene.animatedSVGForLottie()
            let fonts = StandInFonts(sides: sides)
            let chosen = compiled.lottie(fps: scene.fps, frames: scene.frameCount, fonts: fonts)
            var shared = LottieWriter(document: compiled.document, fps: scene.fps, frames: scene.frameCount)
            shared.fonts = fonts
            var whole = LottieWriter(document: compiled.document, fps: scene.fps, frames: scene.frameCount)
            whole.fonts = fonts
            whole.sharesGlyphs = false
            let a = shared.write().json, b = whole.write().json
            #expect(chosen.json == (shares ? a : b))
            #expect((a.utf8.count < b.utf8.count) == shares, "\(sides) sides: shared \(a.utf8.count), whole \(b.utf8.count)")
        }
    }
}
