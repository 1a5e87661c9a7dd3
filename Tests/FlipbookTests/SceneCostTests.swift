import Foundation
import Testing
@testable import Flipbook
import FlipbookComponents

/// The cost model counts what the renderers loop over. Counts are checked against scenes built with
/// known numbers of layers, path elements, nesting and knots; the estimates against their documented
/// composition and their monotonicity. (Whether the estimates bound real time and memory is
/// `Tools/hostile`'s check, on whole processes.)
struct SceneCostTests {
    /// A 4-element square path (move, two lines, close) in a shape layer.
    static func square(_ id: String) -> Layer {
        var layer = Layer(id: id, type: ShapeLayer.self)
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(10, 0))
        path.line(to: Point(10, 10))
        path.close()
        layer[.path] = path
        return layer
    }

    static func scene(_ layers: [Layer], canvas: Size = Size(100, 50), duration: Double = 1, fps: Double = 10,
                      changes: [TimedChange] = []) -> Scene {
        Scene(canvas: canvas, duration: duration, fps: fps, root: Layer(id: "root", sublayers: layers), changes: changes)
    }

    @Test func countsLayersElementsAndFrames() {
        let cost = SceneCost(scene: Self.scene([Self.square("a"), Self.square("b"), Self.square("c")]))
        #expect(cost.frames == 11)                // round(1 × 10) + 1
        #expect(cost.layers == 4)                 // the root and three squares
        #expect(cost.pathElements == 12)          // three paths of four elements
        #expect(cost.animations == 0 && cost.changes == 0 && cost.isolationDepth == 0)
        #expect(cost.canvasPixels == 5_000)
        #expect(cost.rows == 3 * 11)              // each square spans rows 0…10: ten rows and the edge
        #expect(cost.pixels(2) == 20_000)         // twice the resolution: four times the pixels
        // Work is the sum of its terms, and the terms are per frame times frames.
        for output in [SceneCost.Output.svgFrames, .raster(scale: 1), .animated] {
            #expect(abs(cost.work(output) - cost.terms(output).reduce(0) { $0 + $1.steps }) < 1e-6)
        }
        let half = SceneCost(scene: Self.scene([Self.square("a"), Self.square("b"), Self.square("c")]), frames: 5)
        #expect(abs(cost.work(.svgFrames) / half.work(.svgFrames) - 11.0 / 5.0) < 1e-12)
    }

    @Test func generatedSublayersAreCounted() {
        var pie = Layer(id: "pie", type: PieChart.self)
        pie[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
        pie[.values] = [1, 2, 3, 4, 5]
        let cost = SceneCost(scene: Self.scene([pie]))
        // The root, the chart and one slice a value.
        #expect(cost.layers >= 7)
    }

    @Test func isolationDepthIsTheNestingOfGroupsWithOpacityOrAClip() {
        var inner = Self.square("inner")
        inner[.opacity] = 0.5
        var middle = Layer(id: "middle", sublayers: [inner])
        middle[.masksToBounds] = true
        middle[.bounds] = Rect(x: 0, y: 0, width: 50, height: 50)
        var plain = Layer(id: "plain", sublayers: [middle])
        plain[.bounds] = Rect(x: 0, y: 0, width: 50, height: 50)
        var outer = Layer(id: "outer", sublayers: [plain])
        outer[.opacity] = 0.9
        var sibling = Self.square("sibling")
        sibling[.opacity] = 0.2
        let cost = SceneCost(scene: Self.scene([outer, sibling]))
        #expect(cost.isolationDepth == 3)         // outer, middle, inner; the plain layer and the sibling add none
        // An opacity that only animates counts too: it may drop below 1 between the sampled instants.
        var animated = Self.square("animated")
        animated.add(.basic(.opacity, from: 1, to: 1, duration: 1))
        #expect(SceneCost(scene: Self.scene([animated])).isolationDepth == 1)
        // Each level may need a surface as large as the frame: raster work and memory grow with it.
        let flat = SceneCost(scene: Self.scene([Self.square("a")]))
        #expect(cost.work(.raster(scale: 1)) > flat.work(.raster(scale: 1)))
        #expect(cost.memory(.raster(scale: 1)) - flat.memory(.raster(scale: 1)) >= 4 * 3 * cost.canvasPixels)
    }

    /// The animated compiler writes an element for every item any instant draws, so the items are
    /// counted over time: four squares, each shown alone for a tenth of the scene, between the start,
    /// the middle and the end, count four (the fuzzer found a line graph whose axis ticks change every
    /// frame compiling in 3.3 times its estimate, which counted one instant's items).
    @Test func itemsAreCountedOverTime() {
        let layers = [0.1, 0.3, 0.6, 0.8].enumerated().map { (i, begin) in
            var layer = Self.square("s\(i)")
            layer[.hidden] = true
            layer.add(.basic(PropertyKey<Bool>.hidden, from: false, to: false, duration: 0.1, beginTime: begin))
            return layer
        }
        let scene = Self.scene(layers)
        for t in [0, 0.5, 1] {
            #expect(scene.presentation(at: t).renderNode()?.children.isEmpty ?? true)
        }
        #expect(SceneCost(scene: scene).items == 4)
    }

    /// Every frame hashes and compares the drawn layers' ids, so their bytes are work: a 10 MB id adds
    /// a hundredth of a step a byte to each frame (the fuzzer found a 10 MB id taking 56 ms a frame).
    @Test func layerIdBytesAreWork() {
        let short = SceneCost(scene: Self.scene([Self.square("a")]))
        let long = SceneCost(scene: Self.scene([Self.square(String(repeating: "a", count: 1_000_000))]))
        #expect(short.idBytes == 5)               // "root" and "a"
        #expect(long.idBytes == 1_000_004)
        #expect(abs(long.work(.svgFrames) - short.work(.svgFrames) - Double(long.frames) * 999_999 / 100) < 1e-6)
    }

    @Test func knotsAreTheUnionAndABusyLayerAddsNone() {
        // Two layers animating over the same second: the same two knots, counted once.
        var a = Self.square("a"), b = Self.square("b")
        a.add(.basic(.opacity, from: 0, to: 1, duration: 1))
        b.add(.basic(.opacity, from: 1, to: 0, duration: 1))
        #expect(SceneCost(scene: Self.scene([a, b])).knots == 2)
        // 1000 changes on one layer in 11 frames: over 4 × 11 + 256 knots, so observed at frames only.
        let changes = (0..<1000).map { TimedChange(time: Double($0) / 1000, layerID: "a", assignments: [.init(.opacity, Double($0 % 2))]) }
        let busy = SceneCost(scene: Self.scene([Self.square("a")], changes: changes))
        #expect(busy.knots == 0)
        #expect(busy.changes == 1000 && busy.animations == 1000)
        #expect(busy.animatedInstants == 2 * 11)
    }

    @Test func theDriverNamesThePartOfTheSceneToChange() {
        let huge = SceneCost(scene: Self.scene([Self.square("a")], canvas: Size(16_384, 16_384), duration: 0))
        #expect(huge.driver(.raster(scale: 1)).path == "canvas")
        #expect(huge.driver(.raster(scale: 1)).description == "1 frames × 268435456 pixels")
        // The layer with the longest path is named by its JSON path.
        var long = Layer(id: "long", type: ShapeLayer.self)
        var path = Path()
        path.move(to: Point(0, 0))
        for i in 0..<5_000 { path.line(to: Point(Double(i % 100), Double(i / 100))) }
        long[.path] = path
        let cost = SceneCost(scene: Self.scene([Self.square("a"), long]))
        #expect(cost.driver(.svgFrames).path == "layers[1]")
        #expect(cost.pathElements == 5_005)
    }

    @Test func estimatesGrowWithWhatTheyCount() {
        var previous = 0.0
        for n in [1, 10, 100] {
            let cost = SceneCost(scene: Self.scene((0..<n).map { Self.square("s\($0)") }))
            #expect(cost.work(.animated) > previous)
            previous = cost.work(.animated)
        }
        let small = SceneCost(scene: Self.scene([], canvas: Size(100, 100)))
        let large = SceneCost(scene: Self.scene([], canvas: Size(1000, 1000)))
        #expect(large.memory(.raster(scale: 1)) - small.memory(.raster(scale: 1)) >= 17 * (1_000_000 - 10_000))
    }
}
