import Flipbook
@testable import FlipbookSVG
import FlipbookScenes
import Testing

/// The frame renderer (which rewrites only changed layers) against the plain writer on the whole
/// render tree: the same bytes for every frame, in any order of frames.
struct SVGFrameRendererTests {
    static func plain(_ layer: Layer?, _ writer: SVGFrameWriter) -> String {
        writer.documentBytes(for: layer?.renderNode()).string
    }

    @Test(arguments: GoldenTests.scenes)
    func everyFrameOfEveryScene(_ name: String) throws {
        let scene = try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/\(name).json").path)
        var renderer = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        let n = scene.frameCount
        // In order (leaves kept from frame to frame), then jumping about with the same renderer.
        let scrambled = (0..<n).map { ($0 * 7919 + 3) % n }
        for index in Array(0..<n) + scrambled {
            let presentation = scene.presentation(at: scene.frameTime(index))
            let fast = renderer.documentBytes(for: presentation).string
            #expect(fast == Self.plain(presentation, renderer.writer), "\(name) frame \(index)")
        }
    }

    /// The same through a retained presentation (what the command line writes frames from): in order,
    /// jumping about, and at half frames, where a node's version is all that says a leaf is unchanged.
    @Test(arguments: GoldenTests.scenes)
    func everyFrameOfEverySceneFromTheRetainedTree(_ name: String) throws {
        let scene = try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/\(name).json").path)
        var renderer = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        let retained = RetainedPresentation(scene: scene)
        let n = scene.frameCount
        let scrambled = (0..<n).map { ($0 * 7919 + 3) % n }
        let times = (0..<n).map(scene.frameTime) + scrambled.map(scene.frameTime)
            + (0..<n).map { min(scene.duration, (Double($0) + 0.5) / scene.fps) }
        for t in times {
            let fast = renderer.documentBytes(at: t, of: retained).string
            #expect(fast == Self.plain(scene.presentation(at: t), renderer.writer), "\(name) at \(t) s")
        }
    }

    /// A derived leaf whose values change is presented by the same retained node at a new version;
    /// one that does not change keeps its node and version (what lets the frame renderer skip comparing
    /// it).
    @Test func retainedNodesCountTheirChanges() throws {
        let scene = try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/activity-rings.json").path)
        let retained = RetainedPresentation(scene: scene)
        func leaves(_ t: Double) -> [(RetainedPresentation.Node, Int)] {
            var found: [(RetainedPresentation.Node, Int)] = []
            func walk(_ node: RetainedPresentation.Node) {
                if node.isLeaf { found.append((node, node.version)) } else { node.forEachSublayerInDrawingOrder(walk) }
            }
            walk(retained.tree(at: t))
            return found
        }
        let a = leaves(0.25), b = leaves(0.5)
        #expect(a.count == 6 && b.count == 6)
        // Each gauge's track, then its value arc, in drawing order.
        for (i, (before, after)) in zip(a, b).enumerated() {
            #expect(before.0 === after.0, "leaf \(i) keeps its node")
            #expect(i % 2 == 0 ? after.1 == before.1 : after.1 > before.1, "leaf \(i)")
            #expect(after.0.leafLayer.id == scene.presentation(at: 0.5).allLayers.filter(\.sublayers.isEmpty)[i].id)
        }
    }

    /// After a timed change every retained node is new, so each leaf is compared by its values once;
    /// one found unchanged is then followed by its new node, and later frames compare no values (they
    /// compared the rings' three tracks every frame until the next change).
    @Test func aLeafFoundUnchangedThroughANewNodeIsFollowedByIt() throws {
        let scene = try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/activity-rings.json").path)
        let retained = RetainedPresentation(scene: scene)
        var renderer = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        let writer = SVGFrameWriter(canvas: scene.canvas, background: scene.background)
        _ = renderer.documentBytes(at: 1.1, of: retained)
        let before = renderer.valueComparisons
        _ = renderer.documentBytes(at: 1.2, of: retained)   // the second timed change
        #expect(renderer.valueComparisons - before == 6)
        let after = renderer.valueComparisons
        for t in [1.25, 1.3, 1.5, 2.2, 2.4] {
            let bytes = renderer.documentBytes(at: t, of: retained)
            #expect(bytes.string == writer.document(for: scene.presentation(at: t).renderNode()), "frame at \(t)")
        }
        #expect(renderer.valueComparisons == after)
    }

    /// A group's opening (its `<g>` tag and items) is kept while its retained node keeps its own
    /// render node, and written again when the node changes: groups that move, fade through 0, change
    /// their background, hide, and clip (numbered, so never kept) give the plain writer's bytes at
    /// every frame, in order and jumping about; the rings' four groups are written from kept bytes
    /// once they have been the same for two frames, even as the gauges' fractions move.
    @Test func groupOpeningsAreKeptOnlyWhileTheirNodeStays() throws {
        func group(_ id: String, x: Double, _ sublayers: [Layer]) -> Layer {
            var layer = Self.box(id, x: x)
            layer.sublayers = sublayers
            return layer
        }
        var leafA = Self.box("a", x: 5), leafB = Self.box("b", x: 5)
        leafA[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
        leafB[.backgroundColor] = Color(red: 0, green: 0, blue: 1)
        var moving = group("moving", x: 10, [leafA])
        moving.add(.basic(.position, from: Point(10, 5), to: Point(30, 5), duration: 1, beginTime: 0.5))
        var fading = group("fading", x: 40, [leafB])
        fading.add(.basic(.opacity, from: 1, to: -1, duration: 2))
        fading.add(.basic(.backgroundColor, from: Color(white: 0.2), to: Color(white: 0.8), duration: 0.5, beginTime: 1))
        var clipping = group("clipping", x: 60, [Self.box("c", x: 8)])
        clipping[.masksToBounds] = true
        clipping[.backgroundColor] = Color(white: 0.5)
        var hiding = group("hiding", x: 80, [group("inner", x: 5, [Self.box("d", x: 5)])])
        hiding.add(.basic(.hidden, from: false, to: true, duration: 1, beginTime: 0.75))
        let scene = Scene(canvas: Size(100, 10), background: .white, duration: 2, fps: 10,
                          layers: [moving, fading, clipping, hiding])
        let retained = RetainedPresentation(scene: scene)
        var renderer = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        let n = scene.frameCount
        for index in Array(0..<n) + (0..<n).map({ ($0 * 7 + 3) % n }) + Array(0..<n) {
            let t = scene.frameTime(index)
            let fast = renderer.documentBytes(at: t, of: retained).string
            #expect(fast == Self.plain(scene.presentation(at: t), renderer.writer), "frame \(index)")
        }

        let rings = try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/activity-rings.json").path)
        let ringsRetained = RetainedPresentation(scene: rings)
        var ringsRenderer = SVGFrameRenderer(canvas: rings.canvas, background: rings.background)
        _ = ringsRenderer.documentBytes(at: 0.1, of: ringsRetained)
        _ = ringsRenderer.documentBytes(at: 0.2, of: ringsRetained)
        let before = ringsRenderer.keptOpenings
        let bytes = ringsRenderer.documentBytes(at: 0.3, of: ringsRetained)
        #expect(ringsRenderer.keptOpenings - before == 4)
        #expect(bytes.string == Self.plain(rings.presentation(at: 0.3), ringsRenderer.writer))
    }

    /// A group whose own node stays while its mask comes and goes (hidden from 0.5 s to 1 s by an
    /// animation): its opening is written again, never kept. An alpha mask that draws nothing takes
    /// the group away and an inverted one takes nothing away, until it draws again (fuzz seed
    /// 20261122's input 132, a mutant of cutouts.json: the badge kept without its hole).
    @Test func aGroupWhoseMaskComesAndGoesIsWrittenAgain() throws {
        for mode in [MaskMode.alpha, .inverted] {
            var holder = Self.box("holder", x: 20)
            holder[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
            holder.sublayers = [Self.box("inner", x: 2)]
            var mask = Self.box("m", x: 3)
            mask[.backgroundColor] = .black
            mask.add(.basic(.hidden, from: true, to: true, duration: 0.5, beginTime: 0.5))
            holder.mask = mask
            holder.maskMode = mode
            let scene = Scene(canvas: Size(40, 10), background: .white, duration: 2, fps: 10, layers: [holder])
            let retained = RetainedPresentation(scene: scene)
            var renderer = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
            for index in [0, 1, 6, 7, 8, 2, 3, 7, 12, 13] {
                let t = scene.frameTime(index)
                let fast = renderer.documentBytes(at: t, of: retained).string
                #expect(fast == Self.plain(scene.presentation(at: t), renderer.writer), "\(mode) frame \(index)")
            }
        }
    }

    /// Text that changes to another spelling of the same characters (é as one code point, then as e
    /// and a combining accent: equal as Swift strings, other bytes in the file) is written again: a
    /// text value is the same only byte for byte, in the retained tree's comparisons and in its tables.
    @Test func textChangesToAnEqualStringOfOtherBytes() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        // One layer whose model sets the text (its animation is applied in place), one whose model
        // does not (applied to a copy of the table), and one that switches by a timed change.
        var set = Self.box("set", x: 0, type: TextLayer.self)
        set[.string] = composed
        set.add(.basic(.string, from: composed, to: decomposed, duration: 1))
        var unset = Self.box("unset", x: 30, type: TextLayer.self)
        unset.add(.basic(.string, from: decomposed, to: composed, duration: 1))
        var changed = Self.box("changed", x: 60, type: TextLayer.self)
        changed[.string] = composed
        let scene = Scene(canvas: Size(100, 10), background: .white, duration: 2, fps: 10, layers: [set, unset, changed],
                          changes: [TimedChange(time: 1, layerID: "changed", assignments: [.init(.string, decomposed)],
                                                     transaction: Transaction(disableActions: true))])
        let retained = RetainedPresentation(scene: scene)
        var renderer = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        for index in 0..<scene.frameCount {
            let t = scene.frameTime(index)
            let presentation = scene.presentation(at: t)
            // The spellings each layer shows: the animations switch half way and end at 1 s (the
            // model's value again), and the change comes at 1 s.
            for (id, spelling) in [("set", t < 0.5 || t >= 1 ? composed : decomposed), ("unset", t < 0.5 ? decomposed : t < 1 ? composed : ""),
                                   ("changed", t < 1 ? composed : decomposed)] {
                let shown = presentation.layer(withID: id)?[.string] ?? ""
                #expect(Array(shown.utf8) == Array(spelling.utf8), "\(id) at \(t) s")
            }
            let fast = renderer.documentBytes(at: t, of: retained).string
            #expect(Array(fast.utf8) == Array(Self.plain(presentation, renderer.writer).utf8), "frame \(index)")
        }
    }

    static func box(_ id: String, x: Double, type: any LayerBehavior.Type = PlainLayer.self) -> Layer {
        var layer = Layer(id: id, type: type)
        layer[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        layer[.position] = Point(x, 5)
        return layer
    }

    static func gradient(_ id: String, x: Double) -> Layer {
        var layer = box(id, x: x, type: GradientLayer.self)
        layer[.gradient] = Gradient(kind: .linear, stops: [.init(0, .white), .init(1, .black)], start: .zero, end: Point(10, 0))
        return layer
    }

    /// Gradient and clip-path ids are numbered per document: a leaf that defines one is written anew
    /// each frame, so its id follows the definitions before it.
    @Test func numberedDefinitionsFollowTheirPredecessors() {
        var first = Self.gradient("a", x: 5)
        let second = Self.gradient("b", x: 20)
        var clipped = Self.box("c", x: 35)
        clipped[.masksToBounds] = true
        clipped[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
        let writer = SVGFrameWriter(canvas: Size(50, 10))
        var renderer = SVGFrameRenderer(canvas: Size(50, 10))
        var frames: [Layer] = []
        for step in 0..<8 {
            // The first gradient and the first clip come and go; the later ones never change.
            first[.hidden] = step % 3 == 2
            var before = Self.box("d", x: 45)
            before[.masksToBounds] = step % 2 == 1
            before[.backgroundColor] = Color(white: 0.5)
            frames.append(Layer(id: "root", sublayers: [first, before, second, clipped]))
        }
        for (step, root) in frames.enumerated() {
            let fast = renderer.documentBytes(for: root).string
            #expect(fast == Self.plain(root, writer), "step \(step)")
        }
        let last = renderer.documentBytes(for: frames[2]).string
        #expect(last.contains("fill=\"url(#g1)\"") && !last.contains("url(#g2)"), "the hidden first gradient frees g1 for the second")
    }

    /// Layers added, removed, hidden, transparent and reordered between frames.
    @Test func structureChangesBetweenFrames() {
        var renderer = SVGFrameRenderer(canvas: Size(100, 10), background: .white)
        let writer = renderer.writer
        var frames: [Layer?] = [nil]
        for count in [3, 3, 1, 4, 4, 0, 2, 2] {
            var sublayers: [Layer] = []
            for i in 0..<count {
                var leaf = Self.box("l\(i)", x: Double(i) * 12 + 5)
                leaf[.backgroundColor] = Color(hue: Double(i) / 5, saturation: 1, brightness: 1)
                if count == 4 && i == 1 { leaf[.opacity] = 0 }
                if count == 2 { leaf[.zPosition] = Double(-i) }
                sublayers.append(leaf)
            }
            frames.append(Layer(id: "root", sublayers: sublayers))
            frames.append(Layer(id: "root", sublayers: sublayers))
        }
        for (step, root) in frames.enumerated() {
            #expect(renderer.documentBytes(for: root).string == Self.plain(root, writer), "step \(step)")
        }
    }
}
