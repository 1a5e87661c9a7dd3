import Flipbook
import FlipbookLottie
import FlipbookRaster
import FlipbookScenes
import Testing

/// Lottie's repeater imported as its copies (copy i placed by translate(t·p + a) · rotate(t·r) ·
/// scale(s^t) · translate(−a), t = offset + i; opacity so + (eo − so)·i / c; composite 1 draws copy 0
/// on top), read at raster pixels well inside and outside the shapes.
@Suite struct LottieRepeaterTests {
    typealias G = LottieGroupPaintTests

    /// A closed rectangle path from (x0, y0) to (x1, y1).
    static func rect(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> String {
        #"{"ty":"sh","ks":{"a":0,"k":{"v":[["# + "\(x0),\(y0)],[\(x1),\(y0)],[\(x1),\(y1)],[\(x0),\(y1)" + #"]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}}"#
    }

    static func repeater(copies: String, offset: Double = 0, composite: Int = 1, tr: String) -> String {
        #"{"ty":"rp","c":{"a":0,"k":"# + copies + #"},"o":{"a":0,"k":"# + "\(offset)" + #"},"m":"# + "\(composite)" + #","tr":{"ty":"tr","# + tr + "}}"
    }

    /// Three copies stepped 25 px right, fading from 100 % by 60 % over three (After Effects' c, not
    /// c − 1): alphas 255, 204 and 153 at the squares' centres, nothing past the third.
    @Test func copiesStepAndFade() throws {
        let tr = #""p":{"a":0,"k":[25,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":40}"#
        let file = G.file([G.group([G.square(10, 20), G.redFill, Self.repeater(copies: "3", tr: tr)])])
        let (alphas, omissions) = try G.alpha(file, at: [(15, 15), (40, 15), (65, 15), (90, 15), (30, 15)])
        #expect(alphas.count == 5)
        #expect(abs(Int(alphas[0]) - 255) <= 1 && abs(Int(alphas[1]) - 204) <= 1 && abs(Int(alphas[2]) - 153) <= 1, "\(alphas)")
        #expect(alphas[3] == 0 && alphas[4] == 0, "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
    }

    /// Four copies turned 90° each about the anchor (50, 50), from an offset of 1: the square at the
    /// top (45…55, 10…20) is first drawn turned once (on the right), then at the bottom, the left and
    /// the top again.
    @Test func copiesTurnAboutTheAnchor() throws {
        let tr = #""p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":90}"#
        let three = G.file([G.group([Self.rect(45, 10, 55, 20),
                                     G.redFill, Self.repeater(copies: "3", offset: 1, tr: tr)])])
        // Right (85, 50), bottom (50, 85), left (15, 50); the top (50, 15) would be the fourth.
        let (alphas, omissions) = try G.alpha(three, at: [(85, 50), (50, 85), (15, 50), (50, 15), (50, 50)])
        #expect(alphas == [255, 255, 255, 0, 0], "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
    }

    /// Composite 1 draws copy 0 on top, composite 2 at the bottom: a red square with a blue one
    /// inside it, repeated 6 px right, shows at (23, 15) the first copy's red (composite 1) or the
    /// second copy's blue (composite 2).
    @Test func compositeOrdersTheCopies() throws {
        let tr = #""p":{"a":0,"k":[6,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}"#
        let blueFill = #"{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":1}"#
        for (composite, blueOnTop) in [(1, false), (2, true)] {
            let file = G.file([G.group([G.group([G.square(16, 20), blueFill]), G.group([G.square(0, 24), G.redFill]),
                                        Self.repeater(copies: "2", composite: composite, tr: tr)])])
            let loader = SceneLoader()
            let imported = try LottieImporter(try loader.parse(Array(file.utf8), file: "t.json"), file: "t.json")
            let scene = try loader.decode(Array(imported.sceneText.utf8), file: "t.json")
            var raster = RasterRenderer(canvas: scene.canvas)
            let image = try raster.render(scene.presentation(at: 0).renderNode())
            let i = (18 * image.width + 23) * 4
            #expect(blueOnTop ? image.pixels[i + 2] > 200 && image.pixels[i] < 50 : image.pixels[i] > 200 && image.pixels[i + 2] < 50,
                    "composite \(composite): \(image.pixels[i..<i + 4])")
        }
    }

    /// A count that is not whole draws ⌊c⌋ copies and fades by c itself, as rlottie draws it (seen:
    /// c 2.7 two copies in both players; so 100, eo 0, c 3.5: alphas 255, 182, 109, no fourth).
    @Test func aFractionalCountDrawsItsWholeCopies() throws {
        let tr = #""p":{"a":0,"k":[25,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":0}"#
        let points = [(15, 15), (40, 15), (65, 15), (90, 15)]
        let (fading, omissions) = try G.alpha(G.file([G.group([G.square(10, 20), G.redFill, Self.repeater(copies: "3.5", tr: tr)])]), at: points)
        // 255 · (1 − i / 3.5): 255, 182.1, 109.3.
        #expect(fading.count == 4 && abs(Int(fading[0]) - 255) <= 1 && abs(Int(fading[1]) - 182) <= 1 && abs(Int(fading[2]) - 109) <= 1, "\(fading)")
        #expect(fading[3] == 0, "\(fading)")
        #expect(omissions.isEmpty, "\(omissions)")
        let (two, _) = try G.alpha(G.file([G.group([G.square(10, 20), G.redFill, Self.repeater(copies: "2.7", tr: tr)])]), at: points)
        #expect(two[0] > 0 && two[1] > 0 && two[2] == 0, "\(two)")
    }

    /// Animated values are read at every frame: c keyed linearly from 1 (frame 0) to 4 (frame 30),
    /// so 100 % and eo 40 % still. At frame 15, c = 2.5: two copies at alphas 255 and
    /// 255 · (1 − 0.6 / 2.5) = 193.8; at frame 24, c = 3.4: three, 255, 210.0 and 165.0.
    @Test func animatedValuesAreReadAtEveryFrame() throws {
        let tr = #""p":{"a":0,"k":[25,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":40}"#
        let count = #"[{"t":0,"s":[1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[4]}]"#   // c's keys
        let file = G.file([G.group([G.square(10, 20), G.redFill, Self.repeater(copies: count, tr: tr)])])
        let points = [(15, 15), (40, 15), (65, 15), (90, 15)]
        let (half, omissions) = try G.alpha(file, at: points, time: 15.0 / 30)
        #expect(abs(Int(half[0]) - 255) <= 1 && abs(Int(half[1]) - 194) <= 1 && half[2] == 0 && half[3] == 0, "\(half)")
        #expect(omissions.isEmpty, "\(omissions)")
        let (later, _) = try G.alpha(file, at: points, time: 24.0 / 30)
        #expect(abs(Int(later[0]) - 255) <= 1 && abs(Int(later[1]) - 210) <= 1 && abs(Int(later[2]) - 165) <= 1 && later[3] == 0, "\(later)")
    }

    /// An animated repeater whose copies × instants pass `maxRepeaterSamples` (1,000 copies whose
    /// start opacity is keyed over 100,000 frames) is drawn with its first keys' values, reported by
    /// path, not sampled.
    @Test func aHugeAnimatedRepeaterIsNotSampled() throws {
        let tr = #""p":{"a":0,"k":[1,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"eo":{"a":0,"k":100},"so":{"a":1,"k":[{"t":0,"s":[100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":99999,"s":[0]}]}"#
        let file = G.file([G.group([G.square(0, 4), G.redFill, Self.repeater(copies: "1000", tr: tr)])])
        let loader = SceneLoader()
        let imported = try LottieImporter(try loader.parse(Array(file.utf8), file: "t.json"), file: "t.json")
        #expect(imported.omissions.map(\.path) == ["layers[0].shapes[0].it[2]"], "\(imported.omissions)")
        #expect(imported.omissions.first?.message.contains("1000 copies over 100000 instants") == true, "\(imported.omissions)")
    }

    /// A repeater of 10⁹ copies is refused by name, not built.
    @Test func aBillionCopiesAreRefused() throws {
        let tr = #""p":{"a":0,"k":[1,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}"#
        let file = G.file([G.group([G.square(0, 10), G.redFill, Self.repeater(copies: "1e9", tr: tr)])])
        let loader = SceneLoader()
        #expect {
            _ = try LottieImporter(try loader.parse(Array(file.utf8), file: "t.json"), file: "t.json")
        } throws: { error in
            let message = "\(error)"
            return message.contains("it[2]") && message.contains("1000000000") && message.contains("1024")
        }
    }
}
