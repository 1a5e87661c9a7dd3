import Foundation
import Flipbook
@testable import FlipbookLottie
import FlipbookRaster
import FlipbookScenes
import Testing

/// Masks and track mattes of imported Lottie files, drawn by the raster frames and read at pixels
/// well inside and outside the shapes (their alpha is 255 or 0 there, whatever the anti-aliasing).
@Suite struct LottieMaskTests {
    /// A 100 × 100 composition holding `layers`.
    static func file(_ layers: String) -> String {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":["# + layers + "]}"
    }

    /// A closed square path from (a, a) to (b, b), as Lottie writes shapes.
    static func square(_ a: Int, _ b: Int) -> String {
        #"{"v":[["# + "\(a),\(a)],[\(b),\(a)],[\(b),\(b)],[\(a),\(b)]]" + #","i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}"#
    }

    /// A shape layer filling the whole canvas red, with `extra` members.
    static func redLayer(index: Int, extra: String = "") -> String {
        #"{"ty":4,"ind":"# + "\(index)" + #","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"sh","ks":{"a":0,"k":"# + square(0, 100)
            + #"}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]"# + extra + "}"
    }

    /// The alpha of pixel (x, y) of the file's first frame, and what the import left out.
    static func alpha(_ text: String, at points: [(Int, Int)]) throws -> ([UInt8], [LottieImporter.Omission]) {
        let loader = SceneLoader()
        let imported = try LottieImporter(try loader.parse(Array(text.utf8), file: "t.json"), file: "t.json")
        let scene = try loader.decode(Array(imported.sceneText.utf8), file: "t.json")
        var raster = RasterRenderer(canvas: scene.canvas)
        let image = try raster.render(scene.presentation(at: 0).renderNode())
        return (points.map { image.pixels[($0.1 * image.width + $0.0) * 4 + 3] }, imported.omissions)
    }

    /// An added mask shows the layer inside its path only; a subtracted one outside it only.
    @Test func addedAndSubtractedMasks() throws {
        for (mode, inside, outside) in [("a", UInt8(255), UInt8(0)), ("s", 0, 255)] {
            let mask = #","masksProperties":[{"mode":""# + mode + #"","pt":{"a":0,"k":"# + Self.square(25, 75) + #"},"o":{"a":0,"k":100}}]"#
            let (alphas, omissions) = try Self.alpha(Self.file(Self.redLayer(index: 1, extra: mask)), at: [(50, 50), (10, 10), (90, 60)])
            #expect(omissions.isEmpty, "\(omissions)")
            #expect(alphas == [inside, outside, outside], "mode \(mode): \(alphas)")
        }
    }

    /// A list of masks folded in order, as After Effects combines them: A = [10, 60]², B = [40, 90]²,
    /// read in A only (25, 25), in both (50, 50), in B only (75, 75) and in neither (5, 95). Each
    /// mask's value is its coverage times its opacity (inverted: times 1 − coverage); add keeps
    /// k + v − k v, subtract k (1 − v), intersect k v, and a list that does not start by adding starts
    /// from everything. Closed forms: 255 · that at each point (a half opacity gives 127 or 128).
    @Test func masksFoldInTheirOrder() throws {
        func mask(_ mode: String, _ a: Int, _ b: Int, inverted: Bool = false, opacity: Int = 100) -> String {
            #"{"mode":""# + mode + #"","inv":"# + (inverted ? "true" : "false") + #","pt":{"a":0,"k":"# + Self.square(a, b)
                + #"},"o":{"a":0,"k":"# + "\(opacity)}}"
        }
        let a = mask("a", 10, 60), points = [(25, 25), (50, 50), (75, 75), (5, 95)]
        let cases: [(String, [String], [ClosedRange<UInt8>])] = [
            ("A add B", [a, mask("a", 40, 90)], [255...255, 255...255, 255...255, 0...0]),
            ("A subtract B", [a, mask("s", 40, 90)], [255...255, 0...0, 0...0, 0...0]),
            ("A intersect B", [a, mask("i", 40, 90)], [0...0, 255...255, 0...0, 0...0]),
            ("subtract A first", [mask("s", 10, 60)], [0...0, 0...0, 255...255, 255...255]),
            ("intersect A first", [mask("i", 10, 60)], [255...255, 255...255, 0...0, 0...0]),
            ("subtract A, then add B", [mask("s", 10, 60), mask("a", 40, 90)], [0...0, 255...255, 255...255, 255...255]),
            ("add A inverted", [mask("a", 10, 60, inverted: true)], [0...0, 0...0, 255...255, 255...255]),
            ("A subtract B inverted", [a, mask("s", 40, 90, inverted: true)], [0...0, 255...255, 0...0, 0...0]),
            ("A add B inverted", [a, mask("a", 40, 90, inverted: true)], [255...255, 255...255, 0...0, 255...255]),
            ("A subtract B at half opacity", [a, mask("s", 40, 90, opacity: 50)], [255...255, 127...128, 0...0, 0...0]),
            ("A intersect B at half opacity", [a, mask("i", 40, 90, opacity: 50)], [0...0, 127...128, 0...0, 0...0]),
            ("A at half opacity add B at half", [mask("a", 10, 60, opacity: 50), mask("a", 40, 90, opacity: 50)],
             [127...128, 191...192, 127...128, 0...0]),
            ("A subtract B inverted at half opacity", [a, mask("s", 40, 90, inverted: true, opacity: 50)], [127...128, 255...255, 0...0, 0...0]),
        ]
        for (name, masks, expected) in cases {
            let extra = #","hasMask":true,"masksProperties":["# + masks.joined(separator: ",") + "]"
            let (alphas, omissions) = try Self.alpha(Self.file(Self.redLayer(index: 1, extra: extra)), at: points)
            #expect(omissions.isEmpty, "\(name): \(omissions)")
            #expect(zip(alphas, expected).allSatisfy { $1.contains($0) }, "\(name): \(alphas)")
        }
    }

    /// A run of subtractions nests once (k under one inverted mask of their union): 100 of them in a
    /// row import with nothing left out and cut A as one would. Intersections nest one level each:
    /// past `maxMaskNestings` of them the rest are reported by path, and the file still renders.
    @Test func manyMasksStayBounded() throws {
        let a = #"{"mode":"a","pt":{"a":0,"k":"# + Self.square(10, 60) + #"},"o":{"a":0,"k":100}}"#
        let cut = #"{"mode":"s","pt":{"a":0,"k":"# + Self.square(40, 90) + #"},"o":{"a":0,"k":100}}"#
        let meet = #"{"mode":"i","pt":{"a":0,"k":"# + Self.square(10, 60) + #"},"o":{"a":0,"k":100}}"#
        let points = [(25, 25), (50, 50), (75, 75), (5, 95)]
        func layer(_ masks: [String]) -> String { Self.file(Self.redLayer(index: 1, extra: #","hasMask":true,"masksProperties":["# + masks.joined(separator: ",") + "]")) }
        let (cutAlphas, cutOmissions) = try Self.alpha(layer([a] + Array(repeating: cut, count: 100)), at: points)
        #expect(cutOmissions.isEmpty, "\(cutOmissions)")
        #expect(cutAlphas == [255, 0, 0, 0], "\(cutAlphas)")
        let limit = LottieImporter.maxMaskNestings
        let (meetAlphas, meetOmissions) = try Self.alpha(layer([a] + Array(repeating: meet, count: limit + 8)), at: points)
        #expect(meetOmissions.map(\.path) == (limit + 1...limit + 8).map { "layers[0].masksProperties[\($0)]" })
        #expect(meetAlphas == [255, 255, 0, 0], "\(meetAlphas)")
    }

    /// A track matte's source (`td`): a blue square from (50, 0) to (100, 50) (a square at the
    /// origin moved 50 right), before the layer it mattes.
    static let matteSource = #"{"ty":4,"ind":1,"td":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[50,0]}},"shapes":[{"ty":"sh","ks":{"a":0,"k":"#
        + square(0, 50) + #"}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}"#

    /// Alpha at the source's square, left of it and below it, with the layer matted by `tt` (after
    /// `source`), and what was left out.
    static func matted(_ tt: Int, source: String = matteSource) throws -> ([UInt8], [LottieImporter.Omission]) {
        try alpha(file(source + "," + redLayer(index: 2, extra: #","tt":"# + "\(tt)")), at: [(75, 25), (25, 25), (75, 75)])
    }

    /// An alpha track matte: the layer shows where its source (the layer before it, `td`) has
    /// alpha, and the source itself is not drawn.
    @Test func alphaTrackMatte() throws {
        let (alphas, omissions) = try Self.matted(1)
        #expect(omissions.isEmpty, "\(omissions)")
        #expect(alphas == [255, 0, 0], "\(alphas)")
    }

    /// An inverted alpha track matte (`tt` 2): the layer shows where its source has no alpha; a
    /// source that draws nothing (hidden) takes nothing away.
    @Test func invertedAlphaTrackMatte() throws {
        let (alphas, omissions) = try Self.matted(2)
        #expect(omissions.isEmpty, "\(omissions)")
        #expect(alphas == [0, 255, 255], "\(alphas)")
        let hidden = Self.matteSource.replacingOccurrences(of: #""td":1,"#, with: #""td":1,"hd":true,"#)
        #expect(try Self.matted(2, source: hidden).0 == [255, 255, 255])
    }

    /// Luma track mattes (`tt` 3, inverted 4): kept by the source's luminance. A source of mid grey
    /// (#808080, luminance 128/255 in every convention, the players' too) keeps half of the layer
    /// under it, or the other half inverted; beside it, nothing or everything.
    @Test func lumaTrackMattes() throws {
        let grey = Self.matteSource.replacingOccurrences(of: "[0,0,1,1]", with: "[0.50196,0.50196,0.50196,1]")
        let (luma, none) = try Self.matted(3, source: grey)
        #expect(none.isEmpty && luma == [128, 0, 0], "\(luma) \(none)")
        #expect(try Self.matted(4, source: grey).0 == [127, 255, 255])
    }
}
