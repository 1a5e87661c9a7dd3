import Flipbook
@testable import FlipbookRaster
import FlipbookSVG
import Foundation
import Testing

/// Mask layers (`Layer.mask`): the mask's alpha multiplies what the layer draws, in the layer's space,
/// with the mask's own animations; checked pixel by pixel against the product of alphas.
struct MaskTests {
    /// A 40 × 40 opaque red square at (10, 10) masked by `mask`, on a clear 60 × 60 canvas.
    static func scene(mask: Layer?, opacity: Double = 1, duration: Double = 0) -> Scene {
        var square = Layer(id: "square")
        square.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        square[.backgroundColor] = Color(red: 1, green: 0, blue: 0, alpha: 1)
        square[.opacity] = opacity
        square.mask = mask
        return Scene(canvas: Size(60, 60), duration: duration, layers: [square])
    }

    /// A mask layer over `rect` (the square's space) filled with black at `alpha`.
    static func block(_ rect: Rect, alpha: Double) -> Layer {
        var mask = Layer(id: "mask")
        mask.frame = rect
        mask[.backgroundColor] = Color(red: 0, green: 0, blue: 0, alpha: alpha)
        return mask
    }

    static func alpha(_ rgba: [UInt8], _ x: Int, _ y: Int) -> Int { Int(rgba[(y * 60 + x) * 4 + 3]) }

    @Test func theMasksAlphaMultipliesTheLayerInItsSpace() throws {
        // The mask covers the square's left half (0…20 in its space: canvas 10…30) at alpha 0.5; its
        // colour (black) does not matter, only its alpha.
        let rgba = try Self.scene(mask: Self.block(Rect(x: 0, y: 0, width: 20, height: 40), alpha: 0.5)).rgbaFrame(0)
        for y in [12, 30, 47] {
            for x in [12, 20, 27] { #expect(Self.alpha(rgba, x, y) == 128, "inside the mask at (\(x), \(y))") }
            for x in [32, 40, 48] { #expect(Self.alpha(rgba, x, y) == 0, "outside the mask at (\(x), \(y))") }
            // The square's colour (straight alpha: red), not the mask's black.
            #expect(rgba[(y * 60 + 20) * 4] == 255 && rgba[(y * 60 + 20) * 4 + 1] == 0)
        }
        // Nothing outside the square, where the mask is not either.
        #expect(Self.alpha(rgba, 5, 30) == 0)
    }

    @Test func maskAlphaAndOpacityMultiply() throws {
        // 0.5 × 0.5: a quarter, round(255 / 4) = 64.
        let rgba = try Self.scene(mask: Self.block(Rect(x: 0, y: 0, width: 40, height: 40), alpha: 0.5), opacity: 0.5).rgbaFrame(0)
        #expect(Self.alpha(rgba, 30, 30) == 64)
    }

    @Test func aHiddenMaskHidesEverythingAndNoMaskHidesNothing() throws {
        var hidden = Self.block(Rect(x: 0, y: 0, width: 40, height: 40), alpha: 1)
        hidden[.hidden] = true
        let masked = try Self.scene(mask: hidden).rgbaFrame(0)
        #expect(masked.allSatisfy { $0 == 0 })
        let plain = try Self.scene(mask: nil).rgbaFrame(0)
        #expect(Self.alpha(plain, 30, 30) == 255)
        // The SVG frame draws nothing for the hidden mask's layer either.
        #expect(!Self.scene(mask: hidden).svgFrame(0).contains("<path"))
    }

    @Test func theMaskIsNotDrawnAndAnimatesAsASublayer() throws {
        // A mask whose width animates from 0 to 40 over 1 s, linearly: at 0.5 s the square shows to
        // x = 20 of its space (canvas 30).
        var mask = Self.block(Rect(x: 0, y: 0, width: 0, height: 40), alpha: 1)
        mask[.anchorPoint] = Point(0, 0)
        mask[.position] = Point(0, 0)
        mask.add(.basic(.bounds, from: Rect(x: 0, y: 0, width: 0, height: 40), to: Rect(x: 0, y: 0, width: 40, height: 40), duration: 1))
        var scene = Self.scene(mask: mask, duration: 1)
        scene.fps = 10
        let rgba = try scene.rgbaFrame(5)
        #expect(Self.alpha(rgba, 28, 30) == 255 && Self.alpha(rgba, 32, 30) == 0)
        // The mask is the layer's mask, not one of the sublayers it draws.
        let node = try #require(scene.presentation(at: 0.5).renderNode()?.children.first)
        #expect(node.children.isEmpty)
        #expect(node.mask?.items.count == 1)
        let svg = scene.svgFrame(at: 0.5)
        #expect(svg.contains("mask-type=\"alpha\"") && svg.contains("mask=\"url(#c1)\""))
    }

    @Test func aReplicatorsMaskMasksTheInstancesOnce() throws {
        var replicator = Layer(id: "rep", type: ReplicatorLayer.self)
        replicator.frame = Rect(x: 0, y: 0, width: 60, height: 60)
        replicator[ReplicatorLayer.instanceCount] = 3
        replicator[ReplicatorLayer.instanceTransform] = .translation(15, 0)
        var dot = Layer(id: "dot")
        dot.frame = Rect(x: 5, y: 25, width: 10, height: 10)
        dot[.backgroundColor] = .black
        replicator.sublayers = [dot]
        replicator.mask = Self.block(Rect(x: 0, y: 0, width: 30, height: 60), alpha: 1)
        let expanded = replicator.expandingReplicators()
        #expect(expanded.sublayers.filter(\.isMask).count == 1)
        #expect(expanded.sublayers.filter { !$0.isMask }.count == 3)
        let rgba = try Scene(canvas: Size(60, 60), duration: 0, layers: [replicator]).rgbaFrame(0)
        // Instances at x 5, 20, 35: the mask (x < 30) keeps the first two.
        #expect(Self.alpha(rgba, 10, 30) == 255 && Self.alpha(rgba, 25, 30) == 255 && Self.alpha(rgba, 40, 30) == 0)
    }
}
