import Flipbook
@testable import FlipbookRaster
import Foundation
import Testing

/// Shadows (`Shadow`) and the blur that draws them (`GaussianBlur`), against closed forms.
struct ShadowTests {
    /// The standard normal distribution function Φ(x) = (1 + erf(x / √2)) / 2.
    static func phi(_ x: Double) -> Double { (1 + erf(x / 2.0.squareRoot())) / 2 }

    @Test func blurOfAnImpulseIsTheSampledGaussian() {
        for sigma in [0.8, 1.5, 3.0, 7.5] {
            let n = 301
            var line = [Float](repeating: 0, count: n), scratch = line
            line[150] = 1
            GaussianBlur.blurLine(&line, &scratch, count: n, sigma: sigma)
            // Mass is kept (the line holds the blur's reach) and the kernel is symmetric.
            #expect(abs(line.reduce(0, +) - 1) < 1e-5, "σ \(sigma)")
            for k in 1..<100 { #expect(abs(line[150 - k] - line[150 + k]) < 1e-7, "σ \(sigma) at ±\(k)") }
            // The Gaussian's density at the pixels: within 1 % of its peak (the sampled kernel's sum).
            let peak = 1 / (sigma * (2 * Double.pi).squareRoot())
            for k in -50...50 {
                let x = Double(k)
                let gauss = peak * exp(-x * x / (2 * sigma * sigma))
                #expect(abs(Double(line[150 + k]) - gauss) < 0.01 * peak, "σ \(sigma) at \(k): \(line[150 + k]) vs \(gauss)")
            }
        }
    }

    @Test func largeBlursOfAnEdgeAreTheNormalDistribution() {
        // A half plane (x ≥ e = 3σ + 20 covered, to 2e past it) blurred at a reduced scale: across the
        // edge, Φ((x + 0.5 − e)/σ) within 1 %; the row checked and the columns are 3σ and more from the
        // plane's borders, past which it is 0.
        for sigma in [8.0, 12.5, 30, 100] {
            let reach = Int(3 * sigma) + 20
            let width = 3 * reach, height = 2 * reach
            var plane = [Float](repeating: 0, count: width * height)
            for y in 0..<height { for x in reach..<width { plane[y * width + x] = 1 } }
            GaussianBlur.blur(&plane, width: width, height: height, sigma: sigma)
            let row = height / 2
            var worst = 0.0
            for x in (reach - Int(2.5 * sigma))...(reach + Int(2.5 * sigma)) {
                let expected = Self.phi((Double(x) + 0.5 - Double(reach)) / sigma)
                worst = max(worst, abs(Double(plane[row * width + x]) - expected))
            }
            #expect(worst < 0.01, "σ \(sigma): worst \(worst)")
        }
    }

    @Test(arguments: [4.0, 12.0, 4.5 / 2.7])
    func aRectanglesShadowEdgeIsTheNormalDistribution(sigma: Double) throws {
        // A 100 × 60 white card at (20, 20) on white casts a black shadow (opacity 0.5, σ, offset
        // (0, 10.4)): below it, at x = 70, the shadow's alpha at y is 0.5 (1 − Φ((y + 0.5 − 90.4) / σ)),
        // the blur of a half-plane edge at y = 90.4 (20 + 60 + 10.4), within 1 % and a level of 8 bits.
        // σ = 12 is blurred at a reduced scale, 4 and 1.67 by the kernel.
        var card = Layer(id: "card")
        card.frame = Rect(x: 20, y: 20, width: 100, height: 60)
        card[.backgroundColor] = .white
        card[.shadowOpacity] = 0.5
        card[.shadowRadius] = sigma
        card[.shadowOffset] = Size(0, 10.4)
        let scene = Scene(canvas: Size(140, 160), background: .white, duration: 0, layers: [card])
        let rgba = try scene.rgbaFrame(0)
        for y in 81..<min(160, Int(90.4 + 3 * sigma)) {
            let value = Double(rgba[(y * 140 + 70) * 4]) / 255          // white − shadow alpha
            let alpha = 0.5 * (1 - Self.phi((Double(y) + 0.5 - 90.4) / sigma))
            #expect(abs((1 - value) - alpha) < 0.01 + 1.0 / 255, "σ \(sigma), y \(y): \(1 - value) vs \(alpha)")
        }
        // The shadow's top edge is at 30.4: 3σ above it, nothing.
        let clear = 20 + 10.4 - 3 * sigma - 2
        if clear >= 0 { #expect(rgba[(Int(clear) * 140 + 70) * 4] == 255) }
    }

    @Test(arguments: [-48.0, -20, 0, 30, 60])
    func aClippedCardKeepsItsContentWhereverItsShadowFalls(dx: Double) throws {
        // A 150 × 90 blue card at (180, 30) that clips to its bounds (and so clips its shadow, as Core
        // Animation does) covers its whole box with its own colour, whatever the shadow's offset: the
        // shadow lies under the content, and what of it the clip keeps is hidden by the opaque card.
        // (An offset beyond the blur's reach once left the card's far side undrawn, showing shadow.)
        var card = Layer(id: "card")
        card.frame = Rect(x: 180, y: 30, width: 150, height: 90)
        card[.backgroundColor] = Color(red: 0, green: 0, blue: 1, alpha: 1)
        card[.masksToBounds] = true
        card[.shadowOpacity] = 0.5
        card[.shadowRadius] = 6
        card[.shadowOffset] = Size(dx, 8)
        let scene = Scene(canvas: Size(360, 240), background: .white, duration: 0, layers: [card])
        let rgba = try scene.rgbaFrame(0)
        for y in 31..<119 {
            for x in 181..<329 {
                let i = (y * 360 + x) * 4
                #expect(rgba[i] == 0 && rgba[i + 1] == 0 && rgba[i + 2] == 255, "offset \(dx): (\(x), \(y)) is \(rgba[i]) \(rgba[i + 1]) \(rgba[i + 2])")
                if rgba[i + 2] != 255 { return }
            }
        }
        // Outside the card, the clip leaves nothing of the shadow.
        for (x, y) in [(170, 60), (340, 60), (250, 125)] { #expect(rgba[(y * 360 + x) * 4] == 255, "offset \(dx): (\(x), \(y))") }
    }

    @Test func shadowsFollowOpacityAndColour() throws {
        var layer = Layer(id: "a")
        layer[.shadowOpacity] = 0.5
        layer[.shadowColor] = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let shadow = try #require(layer.renderNodeWithoutChildren()?.shadow)
        #expect(shadow.color == Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        #expect(shadow.offset == Size(0, -3) && shadow.radius == 3)      // Core Animation's defaults
        layer[.shadowOpacity] = 0
        #expect(layer.renderNodeWithoutChildren()?.shadow == nil)
    }

    /// A sublayer's shadow reaching past everything its isolated parent draws (here a shadowPath
    /// 30 px right of both) is drawn: the parent's surface holds it. Unblurred (radius 0), black at
    /// opacity 1 under a parent at opacity 0.5: alpha round(255 / 2) = 128 inside the path's square,
    /// 0 outside (fuzz seed 20261123's mutant 601 of shadow-card.json lost a badge's shadowPath below
    /// its lifting card so).
    @Test func aSublayersShadowPastItsParentsContentIsDrawn() throws {
        var parent = Layer(id: "parent")
        parent.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        parent[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
        parent[.opacity] = 0.5
        var child = Layer(id: "child")
        child.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        child[.backgroundColor] = Color(red: 0, green: 0, blue: 1)
        child[.shadowOpacity] = 1
        child[.shadowRadius] = 0
        child[.shadowOffset] = Size(0, 0)
        child[.shadowColor] = .black
        child[.shadowPath] = .rect(Rect(x: 40, y: 0, width: 10, height: 10))
        parent.sublayers = [child]
        let rgba = try Scene(canvas: Size(60, 20), duration: 0, layers: [parent]).rgbaFrame(0)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { rgba[(y * 60 + x) * 4 + 3] }
        #expect(alpha(45, 5) == 128 && rgba[(5 * 60 + 45) * 4] == 0, "the shadow's square")
        #expect(alpha(45, 15) == 0 && alpha(55, 5) == 0 && alpha(30, 5) == 0, "beside it")
        #expect(alpha(5, 5) == 128, "the child over the parent, at the parent's opacity")
    }
}
