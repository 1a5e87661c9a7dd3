import Foundation
import Flipbook
import FlipbookLottie
import FlipbookRaster
import FlipbookScenes
import Testing

/// Lottie's drop-shadow effect imported as a shadow, read at pixels of the raster frame against
/// closed forms: the offset distance · (sin θ, −cos θ), the Gaussian of σ = 0.3 × softness.
@Suite struct LottieEffectTests {
    /// A drop shadow effect: colour, opacity (0…255), direction (degrees clockwise from up), distance,
    /// softness, shadow only; `enabled` its `en`.
    static func dropShadow(_ color: [Double], opacity: Double, direction: Double, distance: Double, softness: Double,
                           only: Int = 0, enabled: Int = 1) -> String {
        func p(_ ty: Int, _ name: String, _ v: String) -> String { #"{"ty":"# + "\(ty)" + #","nm":""# + name + #"","v":{"a":0,"k":"# + v + "}}" }
        return #"{"ty":25,"nm":"Drop Shadow","en":"# + "\(enabled)" + #","ef":["#
            + [p(2, "Shadow Color", "\(color)"), p(0, "Opacity", "\(opacity)"), p(0, "Direction", "\(direction)"),
               p(0, "Distance", "\(distance)"), p(0, "Softness", "\(softness)"), p(7, "Shadow Only", "\(only)")].joined(separator: ",") + "]}"
    }

    /// The pixels (r, g, b, a) at `points` of the first frame of a red square (25…75) whose layer has
    /// `effects`, over nothing, and what the import left out.
    /// The file's pixels at `points`, the square's layer inside a precomposition placed by the
    /// transform `nested` (its `ks`) when one is given.
    static func pixels(effects: String, at points: [(Int, Int)], nested: String? = nil) throws -> ([[UInt8]], [LottieImporter.Omission]) {
        let square = #"{"v":[[25,25],[75,25],[75,75],[25,75]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"ef":["# + effects + #"],"shapes":[{"ty":"sh","ks":{"a":0,"k":"#
            + square + #"}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let text = nested.map {
            #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"assets":[{"id":"p","layers":["# + layer
                + #"]}],"layers":[{"ty":0,"ind":1,"refId":"p","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":"# + $0 + "}]}"
        } ?? #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":["# + layer + "]}"
        let (image, omissions) = try Self.firstFrame(text)
        return (points.map { p in (0..<4).map { image.pixels[(p.1 * image.width + p.0) * 4 + $0] } }, omissions)
    }

    /// The first raster frame of the Lottie file `text`, imported, and what the import left out.
    static func firstFrame(_ text: String) throws -> (RasterImage, [LottieImporter.Omission]) {
        let loader = SceneLoader()
        let imported = try LottieImporter(try loader.parse(Array(text.utf8), file: "t.json"), file: "t.json")
        let scene = try loader.decode(Array(imported.sceneText.utf8), file: "t.json")
        var raster = RasterRenderer(canvas: scene.canvas)
        return (try raster.render(scene.presentation(at: 0).renderNode()), imported.omissions)
    }

    /// Direction 135° (down and right), distance 10√2: the shadow is the square moved (10, 10), in its
    /// colour at its opacity (127.5 of 255 is one half), sharp with softness 0.
    @Test func aSharpShadowIsTheSquareMoved() throws {
        let (p, omissions) = try Self.pixels(effects: Self.dropShadow([0, 0, 1, 1], opacity: 127.5, direction: 135, distance: 10 * 2.0.squareRoot(), softness: 0),
                                             at: [(50, 50), (80, 80), (90, 90), (80, 30), (30, 80)])
        #expect(omissions.isEmpty, "\(omissions)")
        #expect(p[0] == [255, 0, 0, 255], "the square over its shadow: \(p[0])")
        // Inside the shadow alone: blue at half opacity (premultiplied or not, alpha 127 or 128).
        #expect(p[1][0] == 0 && p[1][1] == 0 && abs(Int(p[1][3]) - 128) <= 1, "\(p[1])")
        #expect(p[2][3] == 0 && p[3][3] == 0 && p[4][3] == 0, "outside both: \(p[2]) \(p[3]) \(p[4])")
    }

    /// Softness 10 is σ = 3: across the shadow's right edge (x = 85, direction 90°, distance 10), far
    /// from its corners, its alpha is the Gaussian's tail 1 − Φ(d / σ): one half at the edge, 0.1587 at
    /// 1σ out, 0.0228 at 2σ (to 6 of 255: the raster blur's approximation of the Gaussian).
    @Test func softnessIsThreeTenthsOfSigma() throws {
        let (p, omissions) = try Self.pixels(effects: Self.dropShadow([0, 0, 0, 1], opacity: 255, direction: 90, distance: 10, softness: 10),
                                             at: [(85, 50), (88, 50), (91, 50)])
        #expect(omissions.isEmpty, "\(omissions)")
        // Pixel x covers [x, x + 1]: its centre is x + 0.5 px from the edge at 85.
        for (n, d) in [0.5, 3.5, 6.5].enumerated() {
            let expected = 255 * 0.5 * erfc(d / 3 / 2.0.squareRoot())
            #expect(abs(Double(p[n][3]) - expected) <= 6, "\(d) px out: alpha \(p[n][3]), the Gaussian's \(expected)")
        }
    }

    /// What a scene's shadow cannot be is reported, the layer drawn without it: shadow only, a drop
    /// shadow inside a precomposition that is moved (or turned, scaled, skewed, parented), another
    /// effect; a disabled effect is no effect at all. Inside a precomposition drawn where it stands
    /// (no transform, or its position on its anchor), the shadow is drawn as at the top: black under
    /// the square's lower edge, 10 px down.
    @Test func whatIsNotImportedIsReported() throws {
        let plain = Self.dropShadow([0, 0, 0, 1], opacity: 255, direction: 180, distance: 10, softness: 0)
        let only = Self.dropShadow([0, 0, 0, 1], opacity: 255, direction: 180, distance: 10, softness: 0, only: 1)
        let off = Self.dropShadow([0, 0, 0, 1], opacity: 255, direction: 180, distance: 10, softness: 0, enabled: 0)
        let blur = #"{"ty":29,"nm":"Gaussian Blur","ef":[{"ty":0,"nm":"Blurriness","v":{"a":0,"k":10}}]}"#
        let moved = #"{"p":{"a":0,"k":[55,50]},"a":{"a":0,"k":[50,50]}}"#, turned = #"{"r":{"a":0,"k":5}}"#
        let scaled = #"{"s":{"a":0,"k":[90,100]}}"#, animated = #"{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":30,"s":[0,0]}]}}"#
        for (effects, nested, reported) in [(only, nil, "shadow only"), (plain, moved, "inside a moved"), (plain, turned, "inside a moved"),
                                            (plain, scaled, "inside a moved"), (plain, animated, "inside a moved"),
                                            (blur, nil, "other than a drop shadow")] {
            let (p, omissions) = try Self.pixels(effects: effects, at: [(50, 80)], nested: nested)
            #expect(omissions.count == 1 && omissions.contains { "\($0)".contains(reported) }, "\(nested ?? "") \(omissions)")
            #expect(p[0][3] == 0, "drawn without it: \(p[0])")
        }
        for inPlace in ["{}", #"{"p":{"a":0,"k":[50,50,0]},"a":{"a":0,"k":[50,50,0]},"s":{"a":0,"k":[100,100,100]},"r":{"a":0,"k":0}}"#] {
            let (p, omissions) = try Self.pixels(effects: plain, at: [(50, 80), (50, 90)], nested: inPlace)
            #expect(omissions.isEmpty, "\(inPlace) \(omissions)")
            #expect(p[0] == [0, 0, 0, 255] && p[1][3] == 0, "\(inPlace): \(p)")
        }
        let (p, omissions) = try Self.pixels(effects: off, at: [(50, 80)])
        #expect(omissions.isEmpty && p[0][3] == 0)
    }

    /// An expression control (a group effect, `ty` 5, with a control's match name) draws nothing: passed
    /// over without a report, the square as it is; a group effect of another name (a plug-in's) is
    /// still reported.
    @Test func expressionControlsDrawNothing() throws {
        let slider = #"{"ty":5,"nm":"Rotation - Bounce","mn":"ADBE Slider Control","ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","v":{"a":0,"k":0.5}}]}"#
        let plugin = #"{"ty":5,"nm":"Degradado de 4 colores","mn":"ADBE 4ColorGradient","ef":[]}"#
        let (p, omissions) = try Self.pixels(effects: slider, at: [(50, 50), (10, 10)])
        #expect(omissions.isEmpty, "\(omissions)")
        #expect(p == [[255, 0, 0, 255], [0, 0, 0, 0]])
        let (_, reported) = try Self.pixels(effects: plugin, at: [])
        #expect(reported.map(\.path) == ["layers[0].ef[0]"])
    }

    /// A Fill effect: colour, and its other parameters (fill mask, all masks, invert, feathers) 0.
    static func fill(_ color: [Double], opacity: Double = 1) -> String {
        func p(_ ty: Int, _ name: String, _ v: String) -> String { #"{"ty":"# + "\(ty)" + #","nm":""# + name + #"","v":{"a":0,"k":"# + v + "}}" }
        return #"{"ty":21,"nm":"Fill","mn":"ADBE Fill","ef":["#
            + [p(3, "Fill Mask", "0"), p(7, "All Masks", "0"), p(2, "Color", "\(color)"), p(7, "Invert", "0"),
               p(0, "Horizontal Feather", "0"), p(0, "Vertical Feather", "0"), p(0, "Opacity", "\(opacity)")].joined(separator: ",") + "]}"
    }

    /// A fill effect gives what the layer draws its colour, its alpha kept: the red square blue; a
    /// drop shadow listed before the fill is the drawn layer's, so blue too (at its half alpha), one
    /// listed after it keeps its black. At an opacity under 100 % the fill is reported, not drawn.
    @Test func aFillEffectRecoloursWhatTheLayerDraws() throws {
        let shadow = Self.dropShadow([0, 0, 0, 1], opacity: 127.5, direction: 135, distance: 10 * 2.0.squareRoot(), softness: 0)
        let points = [(50, 50), (80, 80)]
        let (filled, none) = try Self.pixels(effects: Self.fill([0, 0, 1, 1]), at: points)
        #expect(none.isEmpty, "\(none)")
        #expect(filled[0] == [0, 0, 255, 255], "\(filled[0])")
        let (before, _) = try Self.pixels(effects: shadow + "," + Self.fill([0, 0, 1, 1]), at: points)
        #expect(before[0] == [0, 0, 255, 255] && before[1][0] == 0 && before[1][2] >= 120 && abs(Int(before[1][3]) - 128) <= 1, "\(before)")
        let (after, _) = try Self.pixels(effects: Self.fill([0, 0, 1, 1]) + "," + shadow, at: points)
        #expect(after[0] == [0, 0, 255, 255] && after[1][2] == 0 && abs(Int(after[1][3]) - 128) <= 1, "\(after)")
        let (half, omissions) = try Self.pixels(effects: Self.fill([0, 0, 1, 1], opacity: 0.5), at: points)
        #expect(half[0] == [255, 0, 0, 255] && omissions.count == 1 && omissions[0].message.contains("opacity under 100 %"), "\(half) \(omissions)")
    }

    /// A fill on a precomposition recolours its content but not its mattes: a red square under a
    /// luma matte of a white solid (luma 1, the square shown) comes out blue and opaque; recoloured
    /// blue, the matte's luma (0.07) would have all but hidden it.
    @Test func aFillLeavesMattesAlone() throws {
        let square = #"{"v":[[25,25],[75,25],[75,75],[25,75]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}"#
        let matte = ##"{"ty":1,"ind":1,"td":1,"sc":"#ffffff","sw":100,"sh":100,"ip":0,"op":30,"st":0,"ks":{}}"##
        let content = #"{"ty":4,"ind":2,"tt":3,"ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"sh","ks":{"a":0,"k":"# + square
            + #"}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let text = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"assets":[{"id":"p","layers":["# + matte + "," + content
            + #"]}],"layers":[{"ty":0,"ind":1,"refId":"p","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":{},"ef":["# + Self.fill([0, 0, 1, 1]) + "]}]}"
        let (image, omissions) = try Self.firstFrame(text)
        #expect(omissions.isEmpty, "\(omissions)")
        #expect((0..<4).map { image.pixels[(50 * image.width + 50) * 4 + $0] } == [0, 0, 255, 255])
    }

    /// A fill on a precomposition recolours the shadows drawn inside it too: the square's own drop
    /// shadow (black, half opacity), under a precomposition filled blue, is blue at its half alpha.
    @Test func aFillRecoloursShadowsInside() throws {
        let square = #"{"v":[[25,25],[75,25],[75,75],[25,75]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}"#
        let shadow = Self.dropShadow([0, 0, 0, 1], opacity: 127.5, direction: 135, distance: 10 * 2.0.squareRoot(), softness: 0)
        let content = #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"ef":["# + shadow + #"],"shapes":[{"ty":"sh","ks":{"a":0,"k":"# + square
            + #"}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let text = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"assets":[{"id":"p","layers":["# + content
            + #"]}],"layers":[{"ty":0,"ind":1,"refId":"p","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":{},"ef":["# + Self.fill([0, 0, 1, 1]) + "]}]}"
        let (image, omissions) = try Self.firstFrame(text)
        #expect(omissions.isEmpty, "\(omissions)")
        let inShadow = (0..<4).map { image.pixels[(80 * image.width + 80) * 4 + $0] }
        #expect(inShadow[0] == 0 && inShadow[2] >= 120 && abs(Int(inShadow[3]) - 128) <= 1, "\(inShadow)")
    }
}
