import Easing
import Testing
@testable import Flipbook

// The seed's PieSliceLayer as user code: two angle properties, drawn as a wedge rebuilt from them.
extension PropertyKey where Value == Angle {
    static var sliceStart: Self { Self("sliceStart", default: .zero) }
    static var sliceEnd: Self { Self("sliceEnd", default: .zero) }
}

enum SeedPieSlice: LayerBehavior {
    static let typeName = "seedPieSlice"
    static let properties = [AnyPropertyKey(PropertyKey<Angle>.sliceStart), AnyPropertyKey(PropertyKey<Angle>.sliceEnd)]
    static func draw(_ layer: Layer) -> [DrawItem] {
        let b = layer.bounds
        let path = Path.wedge(center: b.center, radius: min(b.width, b.height) / 2,
                              startAngle: layer[.sliceStart], endAngle: layer[.sliceEnd])
        return [.shape(ShapeDrawing(path: path, fill: .black, stroke: Color(white: 0.25), lineWidth: 0.5))]
    }
}

struct LayerTests {
    /// The primitives say they never derive sublayers (so presentations skip asking), and indeed derive
    /// none, with every property they declare set; a type that does not say (the seed's slice) is
    /// asked, as before the flag existed.
    @Test func primitivesDeriveNoSublayers() {
        for behavior in LayerTypes.primitives {
            #expect(!behavior.derivesSublayers && !LayerType(behavior).derivesSublayers, "\(behavior.typeName)")
            var layer = Layer(id: "l", type: behavior)
            layer[.bounds] = Rect(x: 0, y: 0, width: 50, height: 40)
            for key in behavior.properties { layer.properties[key.propertyName] = key.defaultValue }
            #expect(behavior.derivedSublayers(layer).isEmpty, "\(behavior.typeName)")
        }
        #expect(SeedPieSlice.derivesSublayers && LayerType(SeedPieSlice.self).derivesSublayers)
    }

    static func slice() -> Layer {
        var layer = Layer(id: "slice", type: SeedPieSlice.self)
        layer[.bounds] = Rect(x: 0, y: 0, width: 200, height: 200)
        layer[.position] = Point(100, 100)
        layer[.sliceStart] = .degrees(-60)
        layer[.sliceEnd] = .degrees(60)
        return layer
    }

    /// The seed's change, {−60°, 60°} → {120°, −120°} over 1 s, done by setting the properties in a
    /// transaction: the custom layer animates them with no further code (its default action).
    @Test func customLayerAnimatesSemantically() throws {
        var layer = Self.slice()
        let transaction = Transaction(duration: 1, timingFunction: .linear)
        layer.set(.sliceStart, to: .degrees(120), atParentTime: 0, transaction: transaction)
        layer.set(.sliceEnd, to: .degrees(-120), atParentTime: 0, transaction: transaction)
        let mid = layer.presentation(atParentTime: 0.5)
        #expect(abs(mid[.sliceStart].degrees - 30) < 1e-12)
        #expect(abs(mid[.sliceEnd].degrees - (-30)) < 1e-12)
        // The drawing is a true circular sector: every arc point at the radius.
        guard case .shape(let shape) = SeedPieSlice.draw(mid)[0] else { Issue.record("no shape"); return }
        for p in shape.path.flattened(tolerance: 0.01)[0].points.dropFirst().dropLast() {
            #expect(abs(p.distance(to: Point(100, 100)) - 100) < 1e-9)
        }
        // The model holds the new values all along.
        #expect(layer[.sliceStart] == .degrees(120))
    }

    /// The same change by path morphing (CAShapeLayer's path animation) deforms the slice: at mid-time
    /// its outline leaves the circle by tens of pixels ("Yikes!").
    @Test func pathMorphDeforms() {
        let center = Point(100, 100)
        func wedge(_ a: Double, _ b: Double) -> Path {
            var p = Path()
            p.move(to: center)
            p.addArc(Arc(center: center, radius: 100, startAngle: .degrees(a), endAngle: .degrees(b), clockwise: true))
            p.close()
            return p
        }
        let from = wedge(-60, 60), to = wedge(120, -120)
        #expect(Path.morphIncompatibility(from, to) == nil)
        var layer = Layer(id: "morph", type: ShapeLayer.self)
        layer[.path] = from
        layer.add(.basic(PropertyKey<Path>.path, from: from, to: to, duration: 1))
        let mid = layer.presentation(atParentTime: 0.5)[.path]
        let points = mid.flattened(tolerance: 0.01)[0].points.dropFirst().dropLast()
        let worst = points.map { abs($0.distance(to: center) - 100) }.max()!
        #expect(worst > 30)
    }

    @Test func presentationLeavesModelUntouched() {
        var layer = Self.slice()
        layer.add(.basic(PropertyKey<Double>.opacity, from: 0, to: 1, duration: 1))
        let before = layer
        let presented = layer.presentation(atParentTime: 0.5)
        #expect(layer == before)
        #expect(presented[.opacity] == 0.5)
        #expect(presented.animations.isEmpty)
        #expect(layer[.opacity] == 1)
    }

    /// Retargeting mid-flight starts from the current presentation value; before the change the first
    /// animation still runs (the scene is a pure function of time).
    @Test func implicitAnimationsRetarget() {
        var root = Layer(id: "root")
        root[.opacity] = 1
        let linear = Transaction(duration: 1, timingFunction: .linear)
        let scene = Scene(canvas: Size(10, 10), duration: 3, root: root, changes: [
            TimedChange(time: 1, layerID: "root", assignments: [.init(PropertyKey<Double>.opacity, 0)], transaction: linear),
            TimedChange(time: 1.5, layerID: "root", assignments: [.init(PropertyKey<Double>.opacity, 1)], transaction: linear),
        ])
        func opacity(_ t: Double) -> Double { scene.presentation(at: t)[.opacity] }
        #expect(opacity(0.5) == 1)
        #expect(opacity(1.25) == 0.75)
        #expect(opacity(1.5) == 0.5)
        #expect(opacity(2) == 0.75)
        #expect(opacity(2.5) == 1)
        #expect(scene.model(at: 1.2)[.opacity] == 0)
    }

    @Test func disableActionsAndDefaultDuration() {
        var root = Layer(id: "root")
        root[.zPosition] = 0
        let scene = Scene(canvas: Size(10, 10), duration: 1, root: root, changes: [
            TimedChange(time: 0.5, layerID: "root", assignments: [.init(PropertyKey<Double>.zPosition, 8)],
                        transaction: Transaction(disableActions: true)),
        ])
        #expect(scene.presentation(at: 0.5)[.zPosition] == 8)
        // Default transaction: 0.25 s with CA's default curve.
        let implicit = Scene(canvas: Size(10, 10), duration: 1, root: root, changes: [
            TimedChange(time: 0.5, layerID: "root", assignments: [.init(PropertyKey<Double>.zPosition, 8)]),
        ])
        // CA's default curve is cubic-bezier(0.25, 0.1, 0.25, 1), CSS's `ease`: 0.8024033910598437 at ½
        // in Chromium (Tools/make-easing-reference).
        #expect(abs(implicit.presentation(at: 0.625)[.zPosition] - 8 * 0.8024033910598437) < 1e-9)
        #expect(implicit.presentation(at: 0.75)[.zPosition] == 8)
    }

    /// The same animation sampled at 24, 30 and 60 fps agrees at the instants the rates share.
    @Test func frameRateIndependence() {
        var layer = Self.slice()
        layer.add(.basic(PropertyKey<Angle>.sliceEnd, from: .degrees(0), to: .degrees(300), duration: 2, timingFunction: .easeInOut))
        layer.add(Animation.spring(PropertyKey<Double>.opacity, from: 0, to: 1))
        func scene(_ fps: Double) -> Scene { Scene(canvas: Size(200, 200), duration: 2, fps: fps, root: layer) }
        let s24 = scene(24), s30 = scene(30), s60 = scene(60)
        #expect(s24.frameCount == 49 && s30.frameCount == 61 && s60.frameCount == 121)
        for k in 0...12 {
            let a = s24.presentation(at: s24.frameTime(4 * k)), b = s30.presentation(at: s30.frameTime(5 * k))
            let c = s60.presentation(at: s60.frameTime(10 * k))
            #expect(abs(a[.sliceEnd].radians - c[.sliceEnd].radians) < 1e-12)
            #expect(abs(b[.sliceEnd].radians - c[.sliceEnd].radians) < 1e-12)
            #expect(abs(a[.opacity] - c[.opacity]) < 1e-12 && abs(b[.opacity] - c[.opacity]) < 1e-12)
        }
        var looping = s60
        looping.loops = true
        #expect(looping.frameCount == 120)
        #expect(s60.frameTime(7) == 7.0 / 60)
    }

    @Test func renderTree() {
        var child = Layer(id: "arc", type: ArcLayer.self)
        child[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
        child[.position] = Point(60, 60)
        child[.strokeColor] = .black
        child[.startAngle] = .twelveOClock
        child[.endAngle] = .degrees(0)
        var hidden = Layer(id: "hidden")
        hidden[.hidden] = true
        var top = Layer(id: "top", type: ShapeLayer.self)
        top[.zPosition] = 5
        var root = Layer(id: "root", sublayers: [top, child, hidden])
        root[.bounds] = Rect(x: 0, y: 0, width: 120, height: 120)
        root[.anchorPoint] = .zero
        let node = root.presentation(atParentTime: 0).renderNode()!
        #expect(node.children.map(\.id) == ["arc", "top"])
        #expect(node.children[0].transform == .translation(10, 10))
        guard case .shape(let shape) = node.children[0].items[0] else { Issue.record("no arc"); return }
        // A quarter circle of radius 50 (fitted to the bounds) from 12 o'clock; arcs are not filled.
        #expect(abs(shape.path.length - 25 * .pi) < 1e-9)
        #expect(!shape.hasFill)
        // A zero-length arc draws nothing: its item carries only the semantic arc.
        var empty = child
        empty[.endAngle] = .twelveOClock
        guard case .shape(let nothing) = ArcLayer.draw(empty)[0] else { Issue.record("no item"); return }
        #expect(!nothing.hasStroke && !nothing.hasFill && nothing.path.isEmpty)
    }
}
