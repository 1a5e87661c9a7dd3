import Flipbook
import FlipbookLottie
import FlipbookRaster
import FlipbookScenes
import Testing

/// A paint that covers the paths of the groups listed before it (Lottie's rule: a fill or stroke
/// paints every path before it in its group, its groups' paths moved by their transforms), merge
/// paths in its merge mode, and precompositions' time stretch; read at raster pixels well inside
/// and outside the shapes (alpha 255 or 0 there, whatever the anti-aliasing).
@Suite struct LottieGroupPaintTests {
    /// A closed square path from (a, a) to (b, b), clockwise on screen, or counter-clockwise.
    static func square(_ a: Int, _ b: Int, clockwise: Bool = true) -> String {
        let corners = clockwise ? "[\(a),\(a)],[\(b),\(a)],[\(b),\(b)],[\(a),\(b)]" : "[\(a),\(a)],[\(a),\(b)],[\(b),\(b)],[\(b),\(a)]"
        return #"{"ty":"sh","ks":{"a":0,"k":{"v":["# + corners + #"],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}}"#
    }

    /// A group of `items` with the transform `tr` (members of a `tr` item).
    static func group(_ items: [String], tr: String = "") -> String {
        #"{"ty":"gr","it":["# + (items + [#"{"ty":"tr""# + (tr.isEmpty ? "" : "," + tr) + "}"]).joined(separator: ",") + "]}"
    }

    static let redFill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}"#

    /// A 100 × 100 composition of 30 frames at 30 fps holding one shape layer of `shapes`.
    static func file(_ shapes: [String]) -> String {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":["#
            + shapes.joined(separator: ",") + "]}]}"
    }

    /// The alpha of the pixels `points` of `text`'s frame at `time`, and what the import left out.
    static func alpha(_ text: String, at points: [(Int, Int)], time: Double = 0) throws -> ([UInt8], [LottieImporter.Omission]) {
        let loader = SceneLoader()
        let imported = try LottieImporter(try loader.parse(Array(text.utf8), file: "t.json"), file: "t.json")
        let scene = try loader.decode(Array(imported.sceneText.utf8), file: "t.json")
        var raster = RasterRenderer(canvas: scene.canvas)
        let image = try raster.render(scene.presentation(at: time).renderNode())
        return (points.map { image.pixels[($0.1 * image.width + $0.0) * 4 + 3] }, imported.omissions)
    }

    /// A fill after a group paints the group's path, moved by the group's transform: the square
    /// (0, 0)…(10, 10) with anchor (5, 5), scale 300 % × 200 %, rotation 90° and position (50, 50)
    /// covers p + R(90°)·S·(q − a): x from 50 − 10 to 50 + 10, y from 50 − 15 to 50 + 15.
    @Test func aFillCoversTheGroupsBeforeIt() throws {
        let tr = #""a":{"a":0,"k":[5,5]},"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[300,200]},"r":{"a":0,"k":90},"o":{"a":0,"k":100}"#
        let (alphas, omissions) = try Self.alpha(Self.file([Self.group([Self.square(0, 10)], tr: tr), Self.redFill]),
                                                 at: [(50, 50), (42, 37), (58, 63), (37, 50), (63, 50), (50, 32), (50, 68)])
        #expect(alphas == [255, 255, 255, 0, 0, 0, 0], "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
    }

    /// The paths of the groups and the group's own are one path under the paint: a square wound
    /// clockwise in one group and a smaller one wound the other way in another leave a hole under
    /// the non-zero rule (two shapes filled apart would not).
    @Test func theCoveredPathsAreOnePath() throws {
        let (alphas, omissions) = try Self.alpha(Self.file([Self.group([Self.square(10, 90)]), Self.group([Self.square(30, 70, clockwise: false)]), Self.redFill]),
                                                 at: [(50, 50), (20, 20), (80, 50), (5, 5)])
        #expect(alphas == [0, 255, 255, 0], "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
    }

    /// Merge paths (merge mode) between the paths and the fill changes nothing; another mode (a
    /// boolean of the paths) is reported.
    @Test func mergePaths() throws {
        let merge = #"{"ty":"mm","mm":1}"#
        let (alphas, omissions) = try Self.alpha(Self.file([Self.group([Self.square(10, 40)]), Self.square(60, 90), merge, Self.redFill]),
                                                 at: [(25, 25), (75, 75), (50, 50)])
        #expect(alphas == [255, 255, 0], "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
        let (_, intersect) = try Self.alpha(Self.file([Self.square(10, 40), #"{"ty":"mm","mm":4}"#, Self.redFill]), at: [])
        #expect(intersect.map(\.path) == ["layers[0].shapes[1]"], "\(intersect)")
    }

    /// A group whose transform moves is not painted from outside (reported): its paths are drawn
    /// with its own paints only.
    @Test func aMovingGroupIsReported() throws {
        let tr = #""p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":30,"s":[10,0]}]}"#
        let (_, omissions) = try Self.alpha(Self.file([Self.group([Self.square(10, 40)], tr: tr), Self.redFill]), at: [])
        #expect(omissions.map(\.path) == ["layers[0].shapes[1]"], "\(omissions)")
    }

    /// A precomposition stretched by sr = 2 plays its content at half speed: a square that its
    /// content shows from its frame 10 (in point 10) appears at the file's frame 20 (2/3 s).
    @Test func aTimeStretchSlowsThePrecomposition() throws {
        let inner = #"{"ty":4,"ind":1,"ip":10,"op":30,"st":0,"ks":{},"shapes":["# + Self.square(0, 100) + "," + Self.redFill + "]}"
        let text = #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[{"id":"c","layers":["# + inner
            + #"]}],"layers":[{"ty":0,"refId":"c","ind":1,"ip":0,"op":60,"st":0,"sr":2,"w":100,"h":100,"ks":{}}]}"#
        for (frame, shown) in [(19.0, UInt8(0)), (21, 255), (59, 255)] {
            let (alphas, omissions) = try Self.alpha(text, at: [(50, 50)], time: frame / 30)
            #expect(alphas == [shown], "frame \(frame): \(alphas)")
            #expect(omissions.isEmpty, "\(omissions)")
        }
    }
    /// Two trims cut in turn: the nearest leaves 20 %…80 % of a 100 px line, the next 50 %…100 % of
    /// that, 20 + 0.5 · 60 = 50 % to 80 %: the stroke covers x 50…80. A trim that is whole is
    /// passed over; a second trim after one that wraps past the path's end is reported.
    @Test func trimsCutInTurn() throws {
        let line = #"{"ty":"sh","ks":{"a":0,"k":{"v":[[0,50],[100,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":false}}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1}"#
        func trim(_ s: Double, _ e: Double, _ o: Double = 0) -> String {
            #"{"ty":"tm","s":{"a":0,"k":"# + "\(s)" + #"},"e":{"a":0,"k":"# + "\(e)" + #"},"o":{"a":0,"k":"# + "\(o)" + #"},"m":1}"#
        }
        let points = [(45, 50), (55, 50), (75, 50), (85, 50), (25, 50)]
        let (alphas, omissions) = try Self.alpha(Self.file([line, trim(20, 80), trim(0, 100), trim(50, 100), stroke]), at: points)
        #expect(alphas == [0, 255, 255, 0, 0], "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
        let (_, wrapped) = try Self.alpha(Self.file([line, trim(20, 80, 180), trim(50, 100), stroke]), at: [])
        #expect(wrapped.map(\.path) == ["layers[0].shapes[2]"], "\(wrapped)")
    }

    /// Two paths that morph on the same keys under one fill at 50 % morph as one path: where they
    /// overlap the paint is laid once (alpha 128, not 191 as two shapes would lay it), at a key and
    /// half way; nothing is reported. On keys of their own they are reported.
    @Test func pathsMorphingOnTheSameKeysAreOnePath() throws {
        func morph(_ a: Int, _ b: Int, _ c: Int, _ d: Int, times: (Int, Int) = (0, 30)) -> String {
            func shape(_ x0: Int, _ x1: Int) -> String {
                #"[{"v":[["# + "\(x0),10],[\(x1),10],[\(x1),90],[\(x0),90" + #"]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}]"#
            }
            return #"{"ty":"sh","ks":{"a":1,"k":[{"t":"# + "\(times.0)" + #","s":"# + shape(a, b) + #","o":{"x":0.5,"y":0},"i":{"x":0.5,"y":1}},{"t":"#
                + "\(times.1)" + #","s":"# + shape(c, d) + "}]}}"
        }
        let halfFill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":50},"r":1}"#
        // Left square 10…60 → 10…50, right 40…90 → 30…90: overlap 40…60 at frame 0, 30…50 at 30.
        let file = Self.file([morph(10, 60, 10, 50), morph(40, 90, 30, 90), halfFill])
        let (start, omissions) = try Self.alpha(file, at: [(50, 50), (20, 50), (80, 50)])
        #expect(start.allSatisfy { abs(Int($0) - 128) <= 1 }, "\(start)")
        #expect(omissions.isEmpty, "\(omissions)")
        let (half, _) = try Self.alpha(file, at: [(45, 50)], time: 0.5)
        #expect(half.allSatisfy { abs(Int($0) - 128) <= 1 }, "\(half)")
        let (_, apart) = try Self.alpha(Self.file([morph(10, 60, 10, 50), morph(40, 90, 30, 90, times: (0, 20)), halfFill]), at: [])
        #expect(apart.count == 1, "\(apart)")
    }

    /// A paint writes every path it covers again, so paths under many paints grow with their square:
    /// the k-th of n squares each followed by a fill is covered by the fills after it. The import
    /// counts those bytes (`LottieImporter.defaultMaxBytes`, 32 MB) and is refused at the paint that
    /// passes them, by path (a fuzzed file of 500 animated stars, each under every stroke after it,
    /// had built gigabytes for minutes). With b the bytes of one square's path as imported, the
    /// fills before the one that passes write b·k(k + 1)/2 for k = 1, 2, …: the first k where that
    /// passes 33,554,432 names that fill; 40 such pairs import.
    @Test func pathsUnderManyPaintsAreBoundedByTheirBytes() throws {
        let loader = SceneLoader()
        let one = try LottieImporter(try loader.parse(Array(Self.file([Self.square(0, 10), Self.redFill]).utf8), file: "t.json"), file: "t.json").sceneText
        let path = try #require(one.range(of: #""path":""#).map { one[$0.upperBound...].prefix { $0 != "\"" } })
        let b = path.utf8.count
        var k = 1
        while b * k * (k + 1) / 2 <= LottieImporter.defaultMaxBytes { k += 1 }
        let pairs = { (n: Int) in Self.file((0..<n).flatMap { _ in [Self.square(0, 10), Self.redFill] }) }
        #expect(throws: Never.self) { _ = try LottieImporter(try loader.parse(Array(pairs(40).utf8), file: "t.json"), file: "t.json") }
        #expect {
            _ = try LottieImporter(try loader.parse(Array(pairs(k + 10).utf8), file: "t.json"), file: "t.json")
        } throws: { error in
            let message = "\(error)"
            return message.contains("layers[0].shapes[\(2 * k - 1)]: the paints up to here write \(b * k * (k + 1) / 2) bytes of paths")
                && message.contains("over the limit of 33554432 bytes for a scene file (raise --max-file)")
        }
    }
}
