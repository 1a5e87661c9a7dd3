import Foundation
import Testing
@testable import Flipbook
import Easing
import FlipbookComponents

/// The cost model counts what the renderers loop over. Counts are checked against scenes built with
/// known numbers of layers, path elements, nesting, knots, outline lengths, text changes and moving
/// layers (each in closed form); the limits against their documented defaults. (Whether the estimates
/// are within 3× of real time and memory is `Tools/check-cost`'s check, on whole processes; whether
/// a scene within the limits renders within them, `Tools/hostile`'s.)
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
        #expect(cost.edges == 3 * (20 + 200.squareRoot()))   // three filled paths (two sides and the closing diagonal)
        #expect(cost.pixels(2) == 20_000)         // twice the resolution: four times the pixels
    }

    /// The outline the raster coverage walks, in closed form: a filled path's length (the test path's
    /// two sides and closing diagonal, 20 + 10√2), a stroked one's twice over (both sides), a stroke
    /// trimmed to its first half half of that, a scaled layer's outline scaled, and a text three times
    /// its font size a byte.
    @Test func outlinesAreMeasured() {
        let perimeter = 20 + 200.squareRoot()
        var stroked = Self.square("s")
        stroked[.fillColor] = .clear
        stroked[.strokeColor] = .black
        #expect(abs(SceneCost(scene: Self.scene([stroked])).edges - 2 * perimeter) < 1e-9)
        stroked[.strokeEnd] = 0.5
        #expect(abs(SceneCost(scene: Self.scene([stroked])).edges - perimeter) < 1e-9)
        var scaled = Self.square("big")
        scaled[.scale] = Size(3, 3)
        #expect(abs(SceneCost(scene: Self.scene([scaled], canvas: Size(100, 100))).edges - 3 * perimeter) < 1e-9)
        var text = Layer(id: "t", type: TextLayer.self)
        text[.bounds] = Rect(x: 0, y: 0, width: 100, height: 20)
        text[.string] = "hello"
        text[.fontSize] = 10
        #expect(SceneCost(scene: Self.scene([text])).edges == 3 * 10 * 5)
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
        middle.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        var plain = Layer(id: "plain", sublayers: [middle])
        plain.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        var outer = Layer(id: "outer", sublayers: [plain])
        outer.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        outer[.opacity] = 0.9
        var sibling = Self.square("sibling")
        sibling[.opacity] = 0.2
        let cost = SceneCost(scene: Self.scene([outer, sibling]))
        #expect(cost.isolationDepth == 3)         // outer, middle, inner; the plain layer and the sibling add none
        // Each isolated group's surface is the box of what it draws: outer, middle and inner hold the
        // one square (100 px), the sibling its own.
        #expect(cost.surfacePixels == 4 * 100)
        // An opacity that only animates counts too: it may drop below 1 between the sampled instants.
        var animated = Self.square("animated")
        animated.add(.basic(.opacity, from: 1, to: 1, duration: 1))
        #expect(SceneCost(scene: Self.scene([animated])).isolationDepth == 1)
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

    /// What the animated compiler fits: a layer that moves along an ease is a moving layer with exact
    /// tracks; one on a spring is sampled; a text whose string changes at three timed changes switches
    /// three times (counted frame by frame), and once more where it is hidden.
    @Test func movingLayersSampledTracksAndTextSwitches() {
        var eased = Self.square("eased"), sprung = Self.square("sprung")
        eased.add(.basic(.position, from: Point(0, 0), to: Point(50, 0), duration: 1, timingFunction: .easeInOut))
        sprung.add(.spring(.position, from: Point(0, 0), to: Point(50, 0), duration: 1))
        var label = Layer(id: "label", type: TextLayer.self)
        label[.bounds] = Rect(x: 0, y: 0, width: 100, height: 20)
        label[.string] = "0"
        let changes = [(0.25, "1"), (0.5, "2"), (0.75, "3")].map { t, s in
            TimedChange(time: t, layerID: "label", assignments: [.init(PropertyKey<String>.string, s)], transaction: Transaction(disableActions: true))
        } + [TimedChange(time: 0.95, layerID: "label", assignments: [.init(PropertyKey<Bool>.hidden, true)], transaction: Transaction(disableActions: true))]
        let cost = SceneCost(scene: Self.scene([eased, sprung, label], duration: 1, fps: 20, changes: changes))
        #expect(cost.movingLayers == 2)
        #expect(cost.sampledLayers == 1)
        #expect(cost.textSwitches == 4)
    }

    /// Colours mix with premultiplied alpha, so a fill whose alpha changes is not linear in its straight
    /// channels and the compiler samples it (its report says `sampled` for such a fill, `exact` for a
    /// fill that changes colour at one alpha: `flipbook render --report` of each); the fill whose alpha
    /// fades is a sampled item, the other not, whether its first colour is the animation's or the
    /// layer's own.
    @Test func fillsWhoseAlphaChangesAreSampled() {
        let clear = Color(red: 1, green: 0, blue: 0, alpha: 0), red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        var fading = Self.square("fading"), fromModel = Self.square("fromModel"), recoloured = Self.square("recoloured")
        fading.add(.basic(PropertyKey<Color>.fillColor, from: clear, to: blue, duration: 1))
        fromModel[PropertyKey<Color>.fillColor] = clear
        fromModel.add(.basic(PropertyKey<Color>.fillColor, to: blue, duration: 1))
        recoloured.add(.basic(PropertyKey<Color>.fillColor, from: red, to: blue, duration: 1))
        #expect(SceneCost(scene: Self.scene([fading])).sampledItems == 1)
        #expect(SceneCost(scene: Self.scene([fromModel])).sampledItems == 1)
        #expect(SceneCost(scene: Self.scene([recoloured])).sampledItems == 0)
        #expect(SceneCost(scene: Self.scene([recoloured])).changingItems == 1)
        // An arc layer's fill is clear unless set (its type's default): filling it in from there is
        // sampled too; a shape layer's is black, so turning it blue is not.
        var arc = Layer(id: "arc", type: ArcLayer.self)
        arc[.radius] = 10
        arc[.endAngle] = .degrees(90)
        arc.add(.basic(PropertyKey<Color>.fillColor, to: blue, duration: 1))
        var shape = Self.square("shape")
        shape.add(.basic(PropertyKey<Color>.fillColor, to: blue, duration: 1))
        #expect(SceneCost(scene: Self.scene([arc])).sampledItems == 1)
        #expect(SceneCost(scene: Self.scene([shape])).sampledItems == 0)
    }

    /// Every frame hashes and compares the drawn layers' ids, so their bytes are work (the fuzzer
    /// found a 10 MB id taking 56 ms a frame).
    @Test func layerIdBytesAreWork() {
        let short = SceneCost(scene: Self.scene([Self.square("a")]))
        let long = SceneCost(scene: Self.scene([Self.square(String(repeating: "a", count: 1_000_000))]))
        #expect(short.idBytes == 5)               // "root" and "a"
        #expect(long.idBytes == 1_000_004)
        let c = SceneCost.Coefficients.reference
        #expect(abs(long.work(.svgFrames) - short.work(.svgFrames) - Double(long.frames) * 999_999 * c.idByte) < 1e-6)
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
        #expect(busy.changes == 1000 && busy.animations == 0)
        #expect(busy.animatedInstants == 2 * 11)
    }

    /// The compiler probes each knot interval once for all the layers that have it: two layers over
    /// the same second share one interval, [0, 1]; a layer whose animation runs from 0.25 to 0.75 s
    /// adds one of its own (its knots are its animation's bounds: the value holds outside them), so
    /// the three layers have two. Timed changes count their distinct instants; a fill fading in
    /// through three evenly spaced keyframes is a sampled item whose layer has knots at 0, 0.5 and 1
    /// s: two intervals, and a third with the layer over [0, 1].
    @Test func knotIntervalsAreSharedAndChangesCountTheirInstants() {
        var a = Self.square("a"), b = Self.square("b"), late = Self.square("c")
        a.add(.basic(.opacity, from: 0, to: 1, duration: 1))
        b.add(.basic(.opacity, from: 1, to: 0, duration: 1))
        late.timing.beginTime = 0.25
        late.add(.basic(.opacity, from: 1, to: 0, duration: 0.5))
        #expect(SceneCost(scene: Self.scene([a, b])).knotIntervals == 1)
        #expect(SceneCost(scene: Self.scene([a, b, late])).knotIntervals == 2)
        let changes = [0.2, 0.2, 0.6].enumerated().map { TimedChange(time: $1, layerID: "a", assignments: [.init(.opacity, Double($0) / 4)]) }
        #expect(SceneCost(scene: Self.scene([Self.square("a")], changes: changes)).changeTimes == 2)
        var fading = Self.square("f")
        let fade = KeyframeAnimation(PropertyKey<Color>.fillColor, values: [Color(red: 1, green: 0, blue: 0, alpha: 0), Color(red: 1, green: 0, blue: 0, alpha: 0.5),
                                                                           Color(red: 0, green: 0, blue: 1, alpha: 1)])
        fading.add(Animation(.keyframe(fade), timing: MediaTiming(duration: 1)))
        let sampled = SceneCost(scene: Self.scene([fading, a]))
        #expect(sampled.sampledItems == 1)
        #expect(sampled.sampledIntervals == 2)
        #expect(sampled.knotIntervals == 3)
    }

    /// Knots are laid out as the timeline lays them out (one definition, `Timeline.knotLists`): a
    /// steps(10) easing over the second jumps at each tenth (0, 0.1, …, 1: eleven knots, a closed
    /// form), and an animation of 0.5 s in a layer whose time begins at 0.25 s lies at 0.25 and 0.75
    /// in scene time: thirteen in all.
    @Test func knotsAreTheTimelinesLayout() {
        var stepped = Self.square("a")
        stepped.add(.basic(.opacity, from: 0, to: 1, duration: 1, timingFunction: .steps(Steps(10))))
        var late = Self.square("b")
        late.timing.beginTime = 0.25
        late.add(.basic(.opacity, from: 1, to: 0, duration: 0.5))
        #expect(SceneCost(scene: Self.scene([stepped])).knots == 11)
        #expect(SceneCost(scene: Self.scene([late])).knots == 2)
        #expect(SceneCost(scene: Self.scene([stepped, late])).knots == 13)
    }

    /// cubicPaced values are paid once, however many frames: their fixed point is found when the
    /// animation is first evaluated.
    @Test func cubicPacedValuesArePaidOnce() {
        var layer = Self.square("a")
        layer.add(Animation(.keyframe(KeyframeAnimation(.position, values: (0..<100).map { Point(Double($0), Double($0 % 7)) },
                                                        calculationMode: .cubicPaced)), timing: MediaTiming(duration: 1)))
        let ten = SceneCost(scene: Self.scene([layer]), frames: 10), thousand = SceneCost(scene: Self.scene([layer]), frames: 1000)
        #expect(ten.cubicPacedValues == 100 && ten.keyframeValues == 100)
        let term = { (cost: SceneCost) in cost.terms(.svgFrames).first { $0.name == "cubicPacedValue" }! }
        #expect(!term(ten).perFrame && term(ten).steps == term(thousand).steps)
    }

    @Test func theDriverNamesThePartOfTheSceneToChange() {
        let huge = SceneCost(scene: Self.scene([Self.square("a")], canvas: Size(16_384, 16_384), duration: 0))
        #expect(huge.driver(.stream(scale: 1)).path == "canvas")
        #expect(huge.driver(.stream(scale: 1)).description == "1 frames × 268435456 pixels")
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
            #expect(cost.work(.svgFrames) > previous)
            previous = cost.work(.svgFrames)
        }
        // Raster frames: the work grows with the pixels, a PNG's more than a stream's where every frame
        // is drawn (a square fading over the whole second); memory holds each thread's renderer of 12
        // bytes a pixel.
        var fading = Self.square("f")
        fading.add(.basic(.opacity, from: 1, to: 0.5, duration: 1))
        let small = SceneCost(scene: Self.scene([fading], canvas: Size(100, 100)), jobs: 1)
        let large = SceneCost(scene: Self.scene([fading], canvas: Size(1000, 1000)), jobs: 1)
        #expect(large.drawnFrames == large.frames)
        #expect(large.work(.png(scale: 1)) > large.work(.stream(scale: 1)) && large.work(.stream(scale: 1)) > small.work(.stream(scale: 1)))
        #expect(large.memory(.stream(scale: 1)) - small.memory(.stream(scale: 1)) >= 12 * (1_000_000 - 10_000))
        let two = SceneCost(scene: Self.scene([fading], canvas: Size(1000, 1000)), jobs: 2)
        #expect(two.memory(.stream(scale: 1)) - large.memory(.stream(scale: 1)) >= 12 * 1_000_000)
    }

    /// Raster frames draw and encode only the frames whose drawing changes (`drawnFrames`, in closed
    /// form): a square sliding for 0.5 s of 2 s at 5 fps differs at frames 0, 1 and 2 (t = 0, 0.2,
    /// 0.4) and at frame 3, where the animation is removed and the model's position shows; frames 4
    /// to 10 repeat frame 3. A still scene draws its first frame only. A PNG frame's pixels are paid
    /// for the frames drawn and a file for each other; a stream writes every frame's pixels. Past the
    /// counting budget (frames × what a frame evaluates over 1,000,000) every frame counts.
    @Test func framesThatRepeatTheOneBeforeAreNotDrawn() {
        var sliding = Self.square("sq")
        sliding.add(.basic(.position, from: Point(3, 7), to: Point(17, 7), duration: 0.5))
        let slide = SceneCost(scene: Self.scene([sliding], duration: 2, fps: 5), jobs: 1)
        #expect(slide.frames == 11 && slide.drawnFrames == 4)
        // Counted for an estimate of raster frames; one of another output takes every frame.
        let slideScene = Self.scene([sliding], duration: 2, fps: 5)
        #expect(SceneCost(scene: slideScene, jobs: 1, for: .png(scale: 2)).drawnFrames == 4)
        #expect(SceneCost(scene: slideScene, jobs: 1, for: .animated).drawnFrames == 11)
        #expect(SceneCost(scene: slideScene, jobs: 1, for: .svgFrames).drawnFrames == 11)
        let still = SceneCost(scene: Self.scene([Self.square("a")], duration: 2, fps: 5), jobs: 1)
        #expect(still.drawnFrames == 1)
        func quantity(_ cost: SceneCost, _ output: SceneCost.Output, _ name: String) -> Double? {
            cost.terms(output).first { $0.name == name }?.quantity
        }
        #expect(quantity(slide, .png(scale: 1), "pngPixel") == 20_000)     // 4 frames × 5,000 pixels
        #expect(quantity(slide, .png(scale: 1), "repeatedFile") == 7)
        #expect(quantity(slide, .png(scale: 1), "edge") == 4 * slide.edges)
        #expect(quantity(slide, .stream(scale: 1), "streamPixel") == 55_000)   // 11 frames × 5,000 pixels
        #expect(quantity(slide, .stream(scale: 1), "repeatedFile") == nil)
        // One frame's work is a drawn frame's, not the drawn frames' work spread over all of them.
        let c = SceneCost.Coefficients.reference
        #expect(still.frameWork(.png(scale: 1)) >= 5_000 * c.pngPixel)
        // A still megapixel: one PNG encoded and ten files of its bytes, against eleven frames of
        // pixels streamed.
        let stillLarge = SceneCost(scene: Self.scene([Self.square("a")], canvas: Size(1000, 1000), duration: 2, fps: 5), jobs: 1)
        #expect(stillLarge.work(.png(scale: 1)) < stillLarge.work(.stream(scale: 1)))
        let long = SceneCost(scene: Self.scene([sliding], duration: 4_000, fps: 60), jobs: 1)
        #expect(long.frames == 240_001 && long.drawnFrames == long.frames)
    }
}
