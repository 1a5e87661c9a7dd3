import Flipbook
import FlipbookLottie
import FlipbookScenes
import Testing

/// Lottie files written here by hand, imported and checked against Lottie's own definitions: the
/// transform order (anchor, scale, rotation, position), keyframe easing as cubic-bezier, holds,
/// parenting without opacity, in and out points, and what is reported.
@Suite struct LottieImportTests {
    /// A Lottie file: a 200 × 100 composition at 30 fps, frames 0 to 60, holding `layers` (JSON text).
    static func file(_ layers: String) -> String {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":100,"nm":"test","layers":["# + layers + "]}"
    }

    static func importScene(_ text: String) throws -> (Scene, LottieImporter) {
        let loader = SceneLoader()
        let json = try loader.parse(Array(text.utf8), file: "test.json")
        #expect(LottieImporter.isLottie(json))
        let imported = try LottieImporter(json, file: "test.json")
        return (try loader.decode(Array(imported.sceneText.utf8), file: "test.json"), imported)
    }

    /// The first node (depth first) whose id has `prefix`, with its transform to the canvas and the
    /// product of its and its ancestors' opacities.
    static func find(_ prefix: String, in node: RenderNode?, parent: Transform2D = .identity, opacity: Double = 1)
        -> (node: RenderNode, toCanvas: Transform2D, opacity: Double)? {
        guard let node else { return nil }
        let toCanvas = node.transform.concatenating(parent), alpha = opacity * node.opacity
        if node.id.hasPrefix(prefix) { return (node, toCanvas, alpha) }
        for child in node.children {
            if let found = find(prefix, in: child, parent: toCanvas, opacity: alpha) { return found }
        }
        return nil
    }

    static func points(_ node: RenderNode) -> [Point] {
        guard case .shape(let shape)? = node.items.first else { return [] }
        return shape.path.elements.compactMap {
            switch $0 {
            case .move(let p), .line(let p): p
            case .cubic(_, _, let p): p
            default: nil
            }
        }
    }

    static let square = #"{"ty":"rc","p":{"a":0,"k":[15,10]},"s":{"a":0,"k":[10,20]},"r":{"a":0,"k":0}}"#
    static let redFill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}"#

    /// The composition: canvas, frame rate, duration (op − ip frames), looping.
    @Test func composition() throws {
        let (scene, imported) = try Self.importScene(Self.file(""))
        #expect(scene.canvas == Size(200, 100) && scene.fps == 30 && scene.duration == 2 && scene.loops)
        #expect(imported.omissions.isEmpty)
    }

    /// Lottie's transform: a point q of the layer goes to p + R(r)·S(s)·(q − a). The rectangle's
    /// corner (20, 20) with a = (10, 10), s = 200 %, 100 %, r = 90° clockwise and p = (100, 50):
    /// q − a = (10, 10); scaled (20, 10); turned 90° clockwise on a y-down screen (−10, 20); placed
    /// (90, 70).
    @Test func transformOrder() throws {
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[10,10]},"p":{"a":0,"k":[100,50]},"s":{"a":0,"k":[200,100]},"r":{"a":0,"k":90},"o":{"a":0,"k":100}},"shapes":["# + Self.square + "," + Self.redFill + "]}"
        let (scene, _) = try Self.importScene(Self.file(layer))
        let found = try #require(Self.find("l0_fill", in: scene.presentation(at: 0).renderNode()))
        let corners = Self.points(found.node).map(found.toCanvas.apply)
        // The rectangle spans x 10…20, y 0…20; its corner (20, 20) must land at (90, 70).
        let landed = corners.contains { (p: Point) -> Bool in abs(p.x - 90) < 1e-9 && abs(p.y - 70) < 1e-9 }
        #expect(landed, "\(corners)")
        guard case .shape(let shape)? = found.node.items.first else { Issue.record("no shape"); return }
        #expect(shape.fill == Color(red: 1, green: 0, blue: 0))
    }

    /// A solid: a rectangle of its size in its colour; an empty colour is black (lottie-web's
    /// `fill=""`, which SVG ignores, and ThorVG), anything else unreadable black and reported.
    @Test func solids() throws {
        for (color, expected, reported) in [("#33cc66", Color(red: 0x33 / 255, green: 0xcc / 255, blue: 0x66 / 255), false),
                                            ("", Color(red: 0, green: 0, blue: 0), false), ("blue", Color(red: 0, green: 0, blue: 0), true)] {
            let layer = #"{"ty":1,"ind":1,"ip":0,"op":60,"st":0,"sw":40,"sh":20,"sc":""# + color + #"","ks":{}}"#
            let (scene, imported) = try Self.importScene(Self.file(layer))
            #expect(imported.omissions.map(\.path) == (reported ? ["layers[0].sc"] : []), "\(color): \(imported.omissions)")
            let found = try #require(Self.find("l0", in: scene.presentation(at: 0).renderNode()))
            guard case .shape(let shape)? = found.node.items.first else { Issue.record("no shape"); continue }
            #expect(shape.fill == expected, "\(color)")
            let xs = Self.points(found.node).map(\.x), ys = Self.points(found.node).map(\.y)
            #expect(xs.min() == 0 && xs.max() == 40 && ys.min() == 0 && ys.max() == 20)
        }
    }

    /// Keyframes: opacity 0 → 100 over frames 0…30 eased by cubic-bezier(0.42, 0, 0.58, 1), whose
    /// value half way is ½ by its point symmetry; then a hold at 100 until frame 45 and a jump to 20.
    @Test func keyframesEaseAndHold() throws {
        let o = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},{"t":30,"s":[100],"h":1},{"t":45,"s":[20]}]}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"o":"# + o + #"},"shapes":["# + Self.square + "," + Self.redFill + "]}"
        let (scene, _) = try Self.importScene(Self.file(layer))
        func opacity(_ t: Double) throws -> Double { try #require(Self.find("l0", in: scene.presentation(at: t).renderNode())).opacity }
        #expect(try opacity(0) == 0)
        #expect(try abs(opacity(0.5) - 0.5) < 1e-6)
        #expect(try abs(opacity(1.0) - 1) < 1e-12)
        #expect(try abs(opacity(1.49) - 1) < 1e-12)
        #expect(try abs(opacity(1.5) - 0.2) < 1e-12)
        #expect(try abs(opacity(1.9) - 0.2) < 1e-12)
    }

    /// Parenting passes on the transform, not the opacity; a layer's in and out points hide it
    /// outside [ip, op).
    @Test func parentingAndInOutPoints() throws {
        let parent = #"{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[50,0]},"o":{"a":0,"k":10}}}"#
        let child = #"{"ty":4,"ind":2,"parent":1,"ip":15,"op":45,"st":0,"ks":{"p":{"a":0,"k":[0,30]}},"shapes":["# + Self.square + "," + Self.redFill + "]}"
        let (scene, _) = try Self.importScene(Self.file(child + "," + parent))
        #expect(Self.find("l0_fill", in: scene.presentation(at: 0.4).renderNode()) == nil)
        let found = try #require(Self.find("l0_fill", in: scene.presentation(at: 1).renderNode()))
        #expect(found.opacity == 1)
        // The square's corner (10, 0) goes to (10, 0) + (0, 30) + (50, 0).
        let placed = Self.points(found.node).map(found.toCanvas.apply)
        let corner = placed.contains { (p: Point) -> Bool in abs(p.x - 60) < 1e-9 && abs(p.y - 30) < 1e-9 }
        #expect(corner, "\(placed)")
        #expect(Self.find("l0_fill", in: scene.presentation(at: 1.5).renderNode()) == nil)
    }

    /// An ellipse's four cubics: their ends on the ellipse, their midpoints within 0.03 % of its
    /// radius of it (the 0.5519 handle's worst, by the closed form of the cubic at t = ½).
    @Test func ellipseIsAnEllipse() throws {
        let ellipse = #"{"ty":"el","p":{"a":0,"k":[100,50]},"s":{"a":0,"k":[80,80]}}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":["# + ellipse + "," + Self.redFill + "]}"
        let (scene, _) = try Self.importScene(Self.file(layer))
        let found = try #require(Self.find("l0_fill", in: scene.presentation(at: 0).renderNode()))
        guard case .shape(let shape)? = found.node.items.first else { Issue.record("no shape"); return }
        var start = Point(0, 0)
        for element in shape.path.elements {
            switch element {
            case .move(let p): start = p
            case .cubic(let c1, let c2, let p):
                #expect(abs(((p.x - 100) * (p.x - 100) + (p.y - 50) * (p.y - 50)).squareRoot() - 40) < 1e-9)
                let mid = Point((start.x + 3 * c1.x + 3 * c2.x + p.x) / 8, (start.y + 3 * c1.y + 3 * c2.y + p.y) / 8)
                #expect(abs(((mid.x - 100) * (mid.x - 100) + (mid.y - 50) * (mid.y - 50)).squareRoot() - 40) < 40 * 3e-4)
                start = p
            default: break
            }
        }
    }

    /// Trim paths: start and end in percent (either order), the offset in degrees a share of the
    /// length, the span wrapped at the path's end into two (lottie-web's and rlottie's rule).
    @Test func trimSpans() {
        func same(_ a: [(start: Double, end: Double)], _ b: [(Double, Double)]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs($0.0.start - $0.1.0) < 1e-12 && abs($0.0.end - $0.1.1) < 1e-12 }
        }
        #expect(same(LottieTrim.spans(s: 25, e: 75, o: 0), [(0.25, 0.75)]))
        #expect(same(LottieTrim.spans(s: 75, e: 25, o: 0), [(0.25, 0.75)]))
        #expect(same(LottieTrim.spans(s: 0, e: 50, o: 270), [(0.75, 1), (0, 0.25)]))
        #expect(same(LottieTrim.spans(s: 0, e: 50, o: -90), [(0.75, 1), (0, 0.25)]))
        #expect(same(LottieTrim.spans(s: 10, e: 20, o: 360 + 36), [(0.2, 0.3)]))
        #expect(same(LottieTrim.spans(s: 0, e: 100, o: 90), [(0, 1)]))
    }

    /// A trimmed stroke of a straight 100 px line, 25 % to 75 %, then the end animated to 100 % over
    /// frames 0…30 (linear): the stroked part runs from x = 25 to 75, then to 100 at 1 s, and half
    /// way at 0.5 s ends at 87.5.
    @Test func trimmedStroke() throws {
        let line = #"{"ty":"sh","ks":{"a":0,"k":{"v":[[0,50],[100,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":false}}}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":25},"e":{"a":1,"k":[{"t":0,"s":[75],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[100]}]},"o":{"a":0,"k":0},"m":1}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":["# + line + "," + stroke + "," + trim + "]}"
        let (scene, imported) = try Self.importScene(Self.file(layer))
        #expect(imported.omissions.isEmpty, "\(imported.omissions)")
        for (t, end) in [(0.0, 75.0), (0.5, 87.5), (1.0, 100.0)] {
            let found = try #require(Self.find("l0_stroke", in: scene.presentation(at: t).renderNode()))
            guard case .shape(let shape)? = found.node.items.first else { Issue.record("no shape"); return }
            let xs = shape.strokedPath.elements.compactMap { element -> Double? in
                switch element {
                case .move(let p), .line(let p): p.x
                case .cubic(_, _, let p): p.x
                default: nil
                }
            }
            #expect(abs((xs.min() ?? -1) - 25) < 1e-6 && abs((xs.max() ?? -1) - end) < 1e-6, "t = \(t): \(xs)")
        }
    }

    /// Animated dashes: the dash 10 → 30 over frames 0…30 eased by cubic-bezier(0.42, 0, 0.58, 1)
    /// (½ half way, by its point symmetry), the gap still at 5 and the offset 0 → 20 linear over
    /// frames 0…10: at 0.5 s the pattern is [20, 5] and the phase 20; at 1/6 s (frame 5) the phase
    /// is 10 and the dash 10 + 20 · e(1/6), e the curve solved here by bisection; an odd list of
    /// lengths repeats.
    @Test func animatedDashes() throws {
        let line = #"{"ty":"sh","ks":{"a":0,"k":{"v":[[0,50],[100,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":false}}}"#
        let dash = #"{"n":"d","v":{"a":1,"k":[{"t":0,"s":[10],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},{"t":30,"s":[30]}]}}"#
        let gap = #"{"n":"g","v":{"a":0,"k":5}}"#
        let offset = #"{"n":"o","v":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[20]}]}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1,"d":["# + dash + "," + gap + "," + offset + "]}"
        let (scene, imported) = try Self.importScene(Self.file(#"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":["# + line + "," + stroke + "]}"))
        #expect(imported.omissions.isEmpty, "\(imported.omissions)")
        let e = LottieExpressionTests.bezier(0.42, 0, 0.58, 1, 1.0 / 6)
        for (t, pattern, phase) in [(0.5, [20.0, 5], 20.0), (1.0 / 6, [10 + 20 * e, 5], 10)] {
            let found = try #require(Self.find("l0_stroke", in: scene.presentation(at: t).renderNode()))
            guard case .shape(let shape)? = found.node.items.first else { Issue.record("no shape"); return }
            #expect(shape.dashPattern.lengths.count == 2 && zip(shape.dashPattern.lengths, pattern).allSatisfy { abs($0 - $1) < 1e-6 }
                    && abs(shape.dashPhase - phase) < 1e-9, "t = \(t): \(shape.dashPattern.lengths) \(shape.dashPhase)")
        }
        let odd = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"d":[{"n":"d","v":{"a":0,"k":6}}]}"#
        let (still, _) = try Self.importScene(Self.file(#"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":["# + line + "," + odd + "]}"))
        let found = try #require(Self.find("l0_stroke", in: still.presentation(at: 0).renderNode()))
        guard case .shape(let shape)? = found.node.items.first else { Issue.record("no shape"); return }
        #expect(shape.dashPattern.lengths == [6, 6])
    }

    /// What the importer does not read is reported with its path, and the rest still imports.
    @Test func omissionsAreReported() throws {
        // (An image layer is not read; a text layer is, but this one holds no text document.)
        let image = #"{"ty":2,"ind":2,"ip":0,"op":60,"st":0,"ks":{},"refId":"img"}"#
        let text = #"{"ty":5,"ind":3,"ip":0,"op":60,"st":0,"ks":{}}"#
        let star = #"{"ty":"sr","sy":1,"pt":{"a":0,"k":5}}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":["# + Self.square + "," + star + "," + Self.redFill + "]}"
        let (_, imported) = try Self.importScene(Self.file(layer + "," + image + "," + text))
        let paths = imported.omissions.map(\.path)
        #expect(paths.contains("layers[0].shapes[1]") && paths.contains("layers[1]") && paths.contains("layers[2].t"), "\(imported.omissions)")
    }

    /// A composition that cannot be read is an error naming the key.
    @Test func badCompositionIsAnError() throws {
        let loader = SceneLoader()
        let json = try loader.parse(Array(#"{"fr":0,"ip":0,"op":60,"w":200,"h":100,"layers":[]}"#.utf8), file: "bad.json")
        #expect(throws: SceneError.self) { try LottieImporter(json, file: "bad.json") }
        do { _ = try LottieImporter(json, file: "bad.json") } catch { #expect(error.path == "fr" && error.file == "bad.json") }
    }
}
