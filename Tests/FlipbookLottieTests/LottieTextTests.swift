@testable import FlipbookLottie
import FlipbookRaster
import FlipbookScenes
import Testing

/// Text layers set in glyphs the file carries (`chars`), placed as lottie-web places letters
/// without animators, checked at pixels against that placement worked out by hand.
@Suite struct LottieTextTests {
    /// A font of two glyphs, for size 100: "A" a square 50 wide and 70 tall standing on the
    /// baseline, advance 60; "B" a square 30 wide, advance 40.
    static let chars = #"[{"ch":"A","size":100,"style":"Regular","w":60,"fFamily":"Box","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"v":[[0,-70],[50,-70],[50,0],[0,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}}]}]}},"#
        + #"{"ch":"B","size":100,"style":"Regular","w":40,"fFamily":"Box","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"v":[[0,-70],[30,-70],[30,0],[0,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}}]}]}}]"#

    /// A 200 × 200 file with a text layer at (100, 100) showing `document` (a text document's
    /// members), with `extra` members in the layer's `t`.
    static func file(_ document: String, extra: String = "") -> String {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":200,"fonts":{"list":[{"fName":"Box-Regular","fFamily":"Box","fStyle":"Regular","ascent":70}]},"chars":"#
            + chars + #","layers":[{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[100,100]}},"t":{"d":{"k":[{"s":{"# + document
            + #"},"t":0}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]"# + extra + "}}]}"
    }

    /// "AB\rA" at size 50 (glyphs at half size: A 25 × 35, advance 30; B 15 × 35, advance 20),
    /// tracking 100 (5 px), line height 40: line 0 holds A at x 0 and B at 35 (width 30 + 5 + 20 =
    /// 55); line 1, 40 + 1 px lower (lottie-web's first break), A at 0 (width 30). Right
    /// justification moves each line left by its width, centre by half of it.
    @Test func lettersFollowTheirAdvancesAndLines() throws {
        let base = #""s":50,"f":"Box-Regular","t":"AB\rA","tr":100,"lh":40,"ls":0,"fc":[1,0,0]"#
        // Points: inside line 0's A, in the gap after it, inside B, inside line 1's A, and the pixel row
        // just above line 1's A (y 105 to 106: inside without the 1 px).
        let cases: [(justify: Int, shift0: Double, shift1: Double)] = [(0, 0, 0), (1, -55, -30), (2, -27.5, -15)]
        for c in cases {
            let x0 = 100 + c.shift0, x1 = 100 + c.shift1
            let points = [(x0 + 12, 80.0), (x0 + 30, 80), (x0 + 42, 80), (x1 + 12, 125), (x1 + 12, 105)]
            let (alphas, omissions) = try LottieMaskTests.alpha(Self.file(base + #","j":"# + "\(c.justify)"),
                                                                at: points.map { (Int($0.0), Int($0.1)) })
            #expect(omissions.isEmpty, "\(omissions)")
            #expect(alphas == [255, 0, 255, 255, 0], "justification \(c.justify): \(alphas)")
        }
    }

    /// A stroke 10 wide lies under the fill, or over it with `of` (stroke over fill): 2 px inside
    /// A's left edge the pixel is the fill's red, or the stroke's black.
    @Test func strokeOverFillWhenAsked() throws {
        for (over, red) in [(false, UInt8(255)), (true, 0)] {
            let document = #""s":50,"f":"Box-Regular","t":"A","fc":[1,0,0],"sc":[0,0,0],"sw":10,"of":"# + (over ? "true" : "false")
            let loader = SceneLoader()
            let imported = try LottieImporter(try loader.parse(Array(Self.file(document).utf8), file: "t.json"), file: "t.json")
            let scene = try loader.decode(Array(imported.sceneText.utf8), file: "t.json")
            var raster = RasterRenderer(canvas: scene.canvas)
            let image = try raster.render(scene.presentation(at: 0).renderNode())
            #expect(imported.omissions.isEmpty && image.pixels[(80 * image.width + 102) * 4] == red, "of \(over)")
        }
    }

    /// What cannot be drawn is reported: animators (drawn without them), a character with no glyph
    /// (left out), letters past 10,000 in the file (left out), a font with no glyphs in the file (the layer left out).
    @Test func whatTextCannotShowIsReported() throws {
        let base = #""s":50,"f":"Box-Regular","t":"AC","tr":0,"lh":40,"fc":[1,0,0]"#
        let (alphas, omissions) = try LottieMaskTests.alpha(Self.file(base).replacingAll(#""a":[]"#, with: #""a":[{"s":{},"a":{}}]"#),
                                                            at: [(112, 80)])
        #expect(alphas == [255])
        #expect(omissions.map(\.path) == ["layers[0].t.a", "layers[0].t.d.k[0].s.t"], "\(omissions)")
        // (Letters with no glyph, so that the import is quick: each missing character is named once.)
        let long = Self.file(#""s":50,"f":"Box-Regular","t":""# + String(repeating: "C", count: 10_050) + #"","fc":[1,0,0]"#)
        let cut = try LottieImporter(try SceneLoader().parse(Array(long.utf8), file: "t.json"), file: "t.json").omissions
        #expect(cut.map(\.description) == [#"layers[0].t.d.k[0].s.t: a character ("C") with no glyph in chars: left out"#,
                                            "layers[0].t.d.k[0].s.t: text of over 10000 letters in the file: the rest left out"])
        let (_, missing) = try LottieMaskTests.alpha(Self.file(#""s":50,"f":"Other","t":"A","fc":[1,0,0]"#), at: [])
        #expect(missing.map(\.description) == [#"layers[0].t.d.k[0].s.f: a text layer whose font ("Other") has no glyphs in the file (chars) is not imported: left out"#])
    }
}
