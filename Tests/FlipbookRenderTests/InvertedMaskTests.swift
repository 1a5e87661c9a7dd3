import Flipbook
import FlipbookRaster
import FlipbookScenes
@testable import FlipbookSVG
import Foundation
import Testing

/// Inverted masks (`MaskMode.inverted`): a layer kept where its mask is transparent, in 1 − the mask's
/// alpha. Pixels against that closed form; the SVG and Lottie forms by their structure (their
/// drawing is checked in librsvg, Chromium, rlottie and ThorVG by Tools/check-* on Scenes/cutouts.json).
struct InvertedMaskTests {
    /// A 40 × 40 opaque red square at (10, 10) on a clear 60 × 60 canvas, inverted-masked by a black
    /// block over `rect` of its space at `alpha`.
    static func scene(_ rect: Rect = Rect(x: 0, y: 0, width: 20, height: 40), alpha: Double, hidden: Bool = false, opacity: Double = 1) -> Scene {
        var square = Layer(id: "square")
        square.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        square[.backgroundColor] = Color(red: 1, green: 0, blue: 0, alpha: 1)
        square[.opacity] = opacity
        var mask = Layer(id: "hole")
        mask.frame = rect
        mask[.backgroundColor] = Color(red: 0, green: 0, blue: 0, alpha: alpha)
        mask[.hidden] = hidden
        square.mask = mask
        square.maskMode = .inverted
        return Scene(canvas: Size(60, 60), duration: 1, layers: [square])
    }

    static func alpha(_ rgba: [UInt8], _ x: Int, _ y: Int) -> Int { Int(rgba[(y * 60 + x) * 4 + 3]) }

    @Test func keptInOneMinusTheMasksAlpha() throws {
        // The mask's alpha is held in 8 bits: 0.5 is 128/255, so 1 − it keeps 127/255 of the square
        // (255 − 128); where the mask does not reach, all of it; outside the square, nothing.
        let rgba = try Self.scene(alpha: 0.5).rgbaFrame(0)
        for y in [12, 30, 47] {
            for x in [12, 20, 27] { #expect(Self.alpha(rgba, x, y) == 255 - 128, "under the mask at (\(x), \(y))") }
            for x in [32, 40, 48] { #expect(Self.alpha(rgba, x, y) == 255, "beside the mask at (\(x), \(y))") }
            #expect(rgba[(y * 60 + 20) * 4] == 255 && rgba[(y * 60 + 20) * 4 + 1] == 0)
        }
        #expect(Self.alpha(rgba, 5, 30) == 0)
        // An opaque mask cuts a hole; with the layer's opacity 0.5 the rest is round(255 / 2).
        let holed = try Self.scene(alpha: 1, opacity: 0.5).rgbaFrame(0)
        #expect(Self.alpha(holed, 20, 30) == 0 && Self.alpha(holed, 40, 30) == 128)
    }

    @Test func anInvertedMaskThatDrawsNothingTakesNothingAway() throws {
        // Hidden, or fully transparent: the whole square, in the raster and the SVG frames (no mask).
        for scene in [Self.scene(alpha: 1, hidden: true), Self.scene(alpha: 0)] {
            let rgba = try scene.rgbaFrame(0)
            #expect(Self.alpha(rgba, 20, 30) == 255 && Self.alpha(rgba, 40, 30) == 255)
        }
        let svg = Self.scene(alpha: 1, hidden: true).svgFrame(0)
        #expect(!svg.contains("<mask") && !svg.contains("mask=") && svg.contains("<path"))
        // The same mask not inverted hides everything.
        var plain = Self.scene(alpha: 1, hidden: true)
        plain.root.sublayers[0].maskMode = .alpha
        #expect(try plain.rgbaFrame(0).allSatisfy { $0 == 0 })
    }

    /// The SVG frame: the group's mask is the luminance mask of the white square and the black square
    /// under the alpha mask of the mask layer's content.
    @Test func theSVGFrameInvertsTheAlphaMask() throws {
        let svg = Self.scene(alpha: 0.5).svgFrame(0)
        let cover = SVGInvertedMask.cover
        #expect(svg.contains("mask-type=\"alpha\">\n<path"), "the alpha mask holds the block: \(svg)")
        #expect(svg.contains("height=\"2e7\">\n<path d=\"\(cover)\" fill=\"#fff\"/>\n<path d=\"\(cover)\" mask=\"url(#c1)\"/>\n</mask>"), "\(svg)")
        #expect(svg.contains("mask=\"url(#c2)\""))
    }

    /// The animated SVG holds the same form (its track animating the mask's content), and the Lottie
    /// file reads it back as an inverted alpha matte: the matte layer (`td` 1) then the masked layer
    /// (`tt` 2), nothing left out.
    @Test func theAnimatedSVGAndLottieFormsAgree() throws {
        var scene = Self.scene(alpha: 1)
        scene.fps = 10
        scene.root.sublayers[0].sublayers[0].add(.basic(.opacity, from: 1, to: 0.25, duration: 1))
        let animated = scene.animatedSVG()
        let masks = animated.document.definitions.filter { $0.kind == .mask }
        #expect(masks.count == 2)
        let inverting = try #require(masks.compactMap(SVGInvertedMask.inverted).first)
        let alpha = try #require(masks.first { $0.attribute("id") == .keyword(inverting) })
        #expect(alpha.attribute("mask-type") == .keyword("alpha"))
        #expect(animated.svg.contains("attributeName=\"opacity\""))

        let lottie = scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount)
        #expect(lottie.omissions.isEmpty, "\(lottie.omissions)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lottie.json.utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        let matte = try #require(layers.firstIndex { $0["td"] as? Int == 1 })
        #expect(layers[matte + 1]["tt"] as? Int == 2)
        #expect(!layers.contains { $0["tt"] as? Int == 1 })
    }

    /// Luminance masks: v = 0.2125 r + 0.7154 g + 0.0721 b of the mask's premultiplied channels (the
    /// coefficients of SVG's luminanceToAlpha, which librsvg and Chromium use for a luminance mask),
    /// kept as v or, inverted, 1 − v: pure red keeps 0.2125 (54 of 255) or 0.7875 (201); mid grey
    /// #808080 and white at alpha 128/255 both keep 128/255 (and 127 inverted).
    @Test func luminanceMasksKeepTheMasksLuminance() throws {
        for (color, kept, invertedKept) in [(Color(red: 1, green: 0, blue: 0, alpha: 1), 54, 201),
                                            (Color(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255, alpha: 1), 128, 127),
                                            (Color(red: 1, green: 1, blue: 1, alpha: 128.0 / 255), 128, 127)] {
            for (mode, want) in [(MaskMode.luminance, kept), (.invertedLuminance, invertedKept)] {
                var scene = Self.scene(alpha: 1)
                scene.root.sublayers[0].maskMode = mode
                scene.root.sublayers[0].sublayers[0][.backgroundColor] = color
                let rgba = try scene.rgbaFrame(0)
                #expect(Self.alpha(rgba, 20, 30) == want, "\(mode) of \(color)")
                // Beside the mask: nothing of the mask there (black, clear), so none kept, or all inverted.
                #expect(Self.alpha(rgba, 40, 30) == (mode == .luminance ? 0 : 255))
            }
        }
    }

    /// The luminance forms: a `<mask>` without `mask-type` in the SVG frame; in the animated SVG one
    /// marked `mask-type="luminance"` (a conic paint's grey wedges are not), which the Lottie writer
    /// reads as a luma matte (`tt` 3), inverted `tt` 4.
    @Test func luminanceFormsInEveryWriter() throws {
        for (mode, tt) in [(MaskMode.luminance, 3), (.invertedLuminance, 4)] {
            var scene = Self.scene(alpha: 1)
            scene.root.sublayers[0].maskMode = mode
            scene.fps = 10
            let frame = scene.svgFrame(0)
            #expect(!frame.contains("mask-type") && frame.contains("<mask id=\"c1\""), "\(frame)")
            #expect(frame.contains("mask=\"url(#c1)\"/>") == mode.isInverted)
            let masks = scene.animatedSVG().document.definitions.filter { $0.kind == .mask }
            #expect(masks.filter { $0.attribute("mask-type") == .keyword("luminance") }.count == 1)
            #expect(masks.compactMap(SVGInvertedMask.inverted).count == (mode.isInverted ? 1 : 0))
            let lottie = scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount)
            #expect(lottie.omissions.isEmpty, "\(lottie.omissions)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(lottie.json.utf8)) as? [String: Any])
            let layers = try #require(object["layers"] as? [[String: Any]])
            #expect(layers.compactMap { $0["tt"] as? Int } == [tt])
        }
    }

    @Test func sceneFilesReadAndWriteTheMode() throws {
        let text = """
        {"flipbook": 1, "canvas": [60, 60], "duration": 1, "layers": [
          {"id": "a", "frame": [0, 0, 60, 60], "backgroundColor": "red", "maskMode": "inverted",
           "mask": {"id": "m", "frame": [0, 0, 30, 60], "backgroundColor": "black"}},
          {"id": "b", "frame": [0, 0, 60, 60], "maskMode": "alpha", "mask": {"id": "n"}}]}
        """
        let scene = try SceneLoader().decode(Array(text.utf8), file: "t.json")
        #expect(scene.root.sublayers.map(\.maskMode) == [.inverted, .alpha])
        // Written back (the default left out) and read again: the same scene.
        let written = try SceneEncoder().encode(scene)
        #expect(written.contains("\"maskMode\": \"inverted\"") && written.components(separatedBy: "maskMode").count == 2)
        #expect(try SceneLoader().decode(Array(written.utf8), file: "w.json").root == scene.root)
    }
}
