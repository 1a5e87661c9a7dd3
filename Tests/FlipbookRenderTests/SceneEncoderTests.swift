import Easing
import Flipbook
import FlipbookSVG
import FlipbookComponents
import FlipbookScenes
import Foundation
import Testing

/// Scenes both ways: a scene written by `SceneEncoder` loads back equal, for every scene in Scenes/
/// and for scenes built in Swift with values no short decimal holds.
struct SceneEncoderTests {
    @Test(arguments: GoldenTests.scenes)
    func everySceneRoundTrips(_ name: String) throws {
        let file = GoldenTests.root.appendingPathComponent("Scenes/\(name).json").path
        let scene = try SceneLoader().load(contentsOf: file)
        let text = try SceneEncoder().encode(scene)
        let back = try SceneLoader().decode(Array(text.utf8), file: "encoded \(name)")
        #expect(back == scene)
        // Stable: the same scene gives the same bytes, and writing what was read changes nothing.
        #expect(try SceneEncoder().encode(back) == text)
        // Equal scenes draw the same: the last frame's SVG, byte for byte (a check that does not lean on ==).
        #expect(back.svgFrameText(back.frameCount - 1) == scene.svgFrameText(scene.frameCount - 1))
    }

    /// A custom type, the values the file format writes in its exact forms, every animation kind,
    /// layer timing and changes under transactions.
    @Test func swiftSceneRoundTrips() throws {
        var star = Layer(id: "star", type: Wedge.self)
        star.frame = Rect(x: 10, y: 20, width: 100, height: 80)
        star[Wedge.sweep] = Angle(radians: 1)                 // 57.29577951308232°, no exact short form
        star[.fillColor] = Color(red: 0.1234, green: 0.5, blue: 1, alpha: 0.3)  // not a hex colour
        star[.lineDashPattern] = DashPattern([3, 1.5])
        star[.lineCap] = .round
        // 0.2091 rad: no double d gives d × π / 180 == it exactly (found by search), so it is written in radians.
        star[Wedge.tilt] = Angle(radians: 17 * 0.0123)
        star.timing = MediaTiming(beginTime: 0.5, speed: 2, timeOffset: 0.1)
        star.add(.basic(Wedge.sweep, from: .degrees(10), to: Angle(radians: 2), duration: 1, timingFunction: .cubicBezier(0.1, 0.7, 1, 0.1)))
        var keyframes = KeyframeAnimation(key: AnyPropertyKey(PropertyKey<Double>.opacity))
        keyframes.values = [.number(1), .number(0.25), .number(1 / 3)]
        keyframes.keyTimes = [0, 0.4, 1]
        keyframes.timingFunctions = [.easeIn, try TimingFunction(parsing: "steps(3, jump-both)")]
        keyframes.calculationMode = .cubic
        keyframes.tensionValues = [0, 0.5, -0.5]
        star.add(Animation(.keyframe(keyframes), timing: MediaTiming(duration: 2, repeatCount: 2.5, autoreverses: true, fillMode: .both)),
                 forKey: "pulse")
        var motion = KeyframeAnimation(key: AnyPropertyKey(PropertyKey<Point>.position))
        var arcPath = Path()
        arcPath.move(to: Point(0, 0))
        arcPath.addArc(Arc(center: Point(50, 0), radius: 50, startAngle: Angle(radians: .pi), sweep: Angle(radians: -2.5)))
        arcPath.cubic(to: Point(1, 2), control1: Point(0.1, 0.2), control2: Point(0.3, 0.4))
        arcPath.close()
        motion.path = arcPath
        motion.rotationMode = .auto
        let group = Animation(.group([Animation(.keyframe(motion)), .basic(.strokeEnd, from: 0, to: 1)]),
                              timing: MediaTiming(duration: 3), isRemovedOnCompletion: false, isAdditive: true)
        star.add(group)
        star.add(.spring(PropertyKey<Double>.lineWidth, from: 1, to: 4, spring: try Spring.checked(mass: 1, stiffness: 120, damping: 9)),
                 forKey: "spring")
        var pie = Layer(id: "pie", type: PieChart.self)
        pie.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        pie.pieSlices = [.init(Color(red: 1, green: 0, blue: 0), 3), .init(Color(white: 0.123456), 1)]
        var gradient = Layer(id: "sky", type: GradientLayer.self)
        gradient[.position] = Point(3, 4)
        gradient[.gradient] = Gradient(kind: .radial, stops: [.init(0, .white), .init(0.3, .black)], start: Point(1, 1), end: Point(9, 9), focus: Point(4, 3))
        pie.sublayers = [gradient]
        var root = Layer(id: "root")
        root[.bounds] = Rect(x: 0, y: 0, width: 300, height: 200)
        root[.anchorPoint] = .zero
        root.sublayers = [star, pie]
        var scene = Scene(canvas: Size(300, 200), background: Color(white: 0.9), duration: 4, fps: 24, loops: true, root: root)
        try scene.transaction(at: 1.5, duration: 0.7, timingFunction: .easeOut) { t in
            t.set(Wedge.sweep, to: .degrees(90), onLayer: "star")
            t.nested(disableActions: true) { $0.set(.values, to: [1, 2, 3], onLayer: "pie") }
        }

        let encoder = SceneEncoder(layerTypes: LayerTypes.builtIn + [Wedge.self])
        let text = try encoder.encode(scene, title: "round trip")
        let back = try SceneLoader(adding: [Wedge.self]).decode(Array(text.utf8), file: "swift.json")
        #expect(back == scene)
        #expect(text.contains("\"tilt\": {\"radians\": 0.2091"))
        #expect(text.contains("[\"arc\", 50, 0, 50,"))  // the arc stayed an arc
        for index in [0, 40, 60, 90] {
            #expect(back.svgFrameText(index) == scene.svgFrameText(index))
        }
    }

    /// A spring as the easing of an animation with a duration of its own (`"timing": "spring(…)"`) is
    /// not a spring animation: it is written as the file said it, and reads back equal (the fuzzer found
    /// the encoder refusing it as "a spring animation" whose duration is not its spring's).
    @Test func springEasingWithItsOwnDurationRoundTrips() throws {
        let file = #"{"flipbook": 1, "canvas": [40, 40], "duration": 2, "layers": [{"id": "a", "type": "shape", "path": "M0 0 L10 10", "#
            + #""animations": [{"property": "lineWidth", "from": 1, "to": 4, "duration": 0.8, "timing": "spring(damping: 4)"}, "#
            + #"{"property": "opacity", "from": 0, "to": 1, "spring": "spring(damping: 4)"}]}]}"#
        let scene = try SceneLoader().decode(Array(file.utf8), file: "spring.json")
        let text = try SceneEncoder().encode(scene)
        #expect(text.contains(#""timing": "spring("#))
        #expect(text.contains(#""spring": "spring("#))
        let back = try SceneLoader().decode(Array(text.utf8), file: "encoded.json")
        #expect(back == scene)
        #expect(try SceneEncoder().encode(back) == text)
    }

    @Test func refusesWhatAFileCannotSay() {
        var root = Layer(id: "root")
        root[.bounds] = Rect(x: 0, y: 0, width: 10, height: 10)
        root[.anchorPoint] = .zero
        root[.opacity] = 0.5
        #expect(throws: SceneEncodingError.self) { try SceneEncoder().encode(Scene(canvas: Size(10, 10), duration: 1, root: root)) }
        root[.opacity] = 1
        root.properties["opacity"] = nil
        root.sublayers = [Layer(id: "w", type: Wedge.self)]
        do {
            _ = try SceneEncoder().encode(Scene(canvas: Size(10, 10), duration: 1, root: root))
            Issue.record("a type the encoder was not given was written")
        } catch {
            #expect(error.path == "layers[0].type")
        }
    }

    /// Values whose radians or position would be infinite are refused at load (the fuzzer found them:
    /// the encoder could not write them back), and a Swift scene holding one is refused by the
    /// encoder with the path.
    @Test func infiniteValuesAreRefused() {
        for (layer, path) in [(#"{"id": "a", "type": "arc", "startAngle": -1e308}"#, "layers[0].startAngle"),
                              (#"{"id": "a", "frame": [1.5e308, 0, 1e308, 10]}"#, "layers[0].frame"),
                              (#"{"id": "a", "transform": {"rotate": 1e308}}"#, "layers[0].transform.rotate")] {
            let file = #"{"flipbook": 1, "canvas": [10, 10], "duration": 1, "layers": ["# + layer + "]}"
            do {
                _ = try SceneLoader().decode(Array(file.utf8), file: "inf.json")
                Issue.record("accepted \(layer)")
            } catch {
                #expect(error.path == path)
            }
        }
        var dot = Layer(id: "dot")
        dot[.position] = Point(.infinity, 0)
        do {
            _ = try SceneEncoder().encode(Scene(canvas: Size(10, 10), duration: 1, layers: [dot]))
            Issue.record("wrote an infinite position")
        } catch {
            #expect(error.path == "layers[0].position[0]")
        }
    }

    /// The exact forms the encoder writes read back as the values they stand for.
    @Test func loaderReadsExactForms() throws {
        let file = """
        {"flipbook": 1, "canvas": [10, 10], "duration": 1, "layers": [
          {"id": "a", "type": "shape", "path": [["M", 0, 0], ["L", 10, 0], ["C", 10, 5, 5, 10, 0, 10], ["Z"]]},
          {"id": "b", "type": "shape", "path": "M0 0 L10 0 C10 5 5 10 0 10 Z"},
          {"id": "c", "type": "arc", "startAngle": {"radians": 1}, "endAngle": 90}]}
        """
        let scene = try SceneLoader().decode(Array(file.utf8), file: "forms.json")
        let a = scene.root.sublayers[0], b = scene.root.sublayers[1], c = scene.root.sublayers[2]
        #expect(a[.path] == b[.path])                        // the SVG path parser as reference
        #expect(c[.startAngle].radians == 1)
        #expect(c[.endAngle].radians == .pi / 2)
        let bad = #"{"flipbook": 1, "canvas": [10, 10], "duration": 1, "layers": [{"id": "a", "type": "shape", "path": [["X", 1]]}]}"#
        #expect(throws: SceneError.self) { try SceneLoader().decode(Array(bad.utf8), file: "bad.json") }
    }
}

/// A custom layer type for the tests: a wedge of `sweep` from 0°.
enum Wedge: LayerBehavior {
    static let sweep = PropertyKey<Angle>("sweep", default: .degrees(45))
    static let typeName = "wedge"
    static let tilt = PropertyKey<Angle>("tilt", default: .zero)
    static let properties = AnyPropertyKey.list(sweep, tilt) + ShapeStyle.properties
    static func draw(_ layer: Layer) -> [DrawItem] {
        let b = layer.bounds
        return ShapeStyle.items(.wedge(center: b.center, radius: 40, startAngle: layer[tilt], endAngle: layer[tilt] + layer[sweep]), of: layer)
    }
}

extension Scene {
    /// Frame `index` as SVG text.
    func svgFrameText(_ index: Int) -> String { svgFrame(index) }
}

/// A custom value type (`AnimatableValue`) through the outputs: the animated SVG is compiled from the
/// engine and checked by the SMIL evaluator like any other track; a scene file cannot hold one.
struct CustomValueOutputTests {
    struct Offset: AnimatableValue {
        var dx: Double
        static let zero = Offset(dx: 0)
        static func sum(_ a: Offset, _ b: Offset) -> Offset { Offset(dx: a.dx + b.dx) }
        static func difference(_ a: Offset, _ b: Offset) -> Offset { Offset(dx: a.dx - b.dx) }
        static func scaled(_ a: Offset, _ f: Double) -> Offset { Offset(dx: a.dx * f) }
        static func distance(_ a: Offset, _ b: Offset) -> Double { abs(a.dx - b.dx) }
    }

    enum Bar: LayerBehavior {
        static let offset = PropertyKey<Offset>("offset", default: .zero)
        static let typeName = "bar"
        static let properties = AnyPropertyKey.list(offset) + ShapeStyle.properties
        static func draw(_ layer: Layer) -> [DrawItem] {
            ShapeStyle.items(.rect(Rect(x: layer[offset].dx, y: 0, width: 10, height: 10)), of: layer)
        }
    }

    @Test func animatesInTheAnimatedSVGAndIsRefusedByTheEncoder() throws {
        var bar = Layer(id: "bar", type: Bar.self)
        bar.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        bar.add(.basic(Bar.offset, from: Offset(dx: 0), to: Offset(dx: 80), duration: 1, timingFunction: .easeOut))
        let scene = Scene(canvas: Size(100, 10), duration: 1, fps: 30, layers: [bar])
        let animated = scene.animatedSVG()
        #expect(!animated.report.isEmpty)
        #expect(animated.fallbacks.isEmpty)
        #expect(animated.report.allSatisfy { $0.maxError <= $0.bound })
        do {
            _ = try SceneEncoder(adding: [Bar.self]).encode(scene)
            Issue.record("a custom value was written to a scene file")
        } catch {
            #expect(error.path == "layers[0].animations[0].from")
        }
    }
}
