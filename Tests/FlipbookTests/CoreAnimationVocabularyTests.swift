import Easing
import Flipbook
import FlipbookComponents
import Foundation
import Testing

/// The CALayer/CATransaction vocabulary of the Swift API. Expected values come from Core Animation's
/// documented geometry (frame = position − anchorPoint × bounds.size) and transaction rules, worked
/// out by hand, not from the code under test.
struct CoreAnimationVocabularyTests {
    @Test func frameFollowsPositionAndAnchor() {
        var layer = Layer(id: "a")
        layer[.anchorPoint] = Point(0.25, 1)
        layer.frame = Rect(x: 10, y: 20, width: 80, height: 40)
        // position = origin + anchor × size = (10 + 20, 20 + 40).
        #expect(layer[.position] == Point(30, 60))
        #expect(layer[.bounds] == Rect(x: 0, y: 0, width: 80, height: 40))
        #expect(layer.frame == Rect(x: 10, y: 20, width: 80, height: 40))
        // A negative size is standardised, as CGRect.standardized.
        layer.frame = Rect(x: 100, y: 100, width: -50, height: -10)
        #expect(layer.frame == Rect(x: 50, y: 90, width: 50, height: 10))
    }

    @Test func frameOfARotatedLayerIsItsBoundingBox() {
        var layer = Layer(id: "a")
        layer.frame = Rect(x: 0, y: 0, width: 40, height: 20)  // centre (20, 10)
        layer[.rotation] = .degrees(90)
        let f = layer.frame
        // Turned a quarter about its centre: 20 wide, 40 tall, same centre.
        let errors: [Double] = [f.minX - 10, f.minY + 10, f.width - 20, f.height - 40]
        #expect(errors.allSatisfy { abs($0) < 1e-9 }, "\(f)")
    }

    @Test func nestedLayerFoundAndChangedByID() {
        var root = Layer(id: "root", sublayers: [Layer(id: "a", sublayers: [Layer(id: "b")])])
        root[layerID: "b"]?[.opacity] = 0.5
        #expect(root.sublayers[0].sublayers[0][.opacity] == 0.5)
        #expect(root[layerID: "missing"] == nil)
        #expect(!root.modifyLayer(withID: "missing") { $0[.opacity] = 0 })
    }

    /// A transaction's duration and timing reach the implicit animation; a nested transaction inherits
    /// the outer one's values except those it sets (CATransaction's nesting).
    @Test func transactionsScopeAndNest() throws {
        var dot = Layer(id: "dot")
        dot.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        var scene = Scene(canvas: Size(100, 100), duration: 4, layers: [dot])
        try scene.transaction(at: 1, duration: 2, timingFunction: .linear) { t in
            t.set(.position, to: Point(105, 5), onLayer: "dot")            // 100 px over 2 s, linear
            t.nested(timingFunction: .easeIn) { inner in
                #expect(inner.current.duration == 2)                        // inherited
                inner.set(.opacity, to: 0, onLayer: "dot")                  // 2 s, ease-in
            }
            t.nested(disableActions: true) { $0.set(.zPosition, to: 3, onLayer: "dot") }
        }
        #expect(scene.changes.count == 3)
        let mid = scene.presentation(at: 2).sublayers[0]                   // 1 s into 2 s
        #expect(abs(mid[.position].x - 55) < 1e-9)                         // linear: half way
        // ease-in = cubic-bezier(0.42, 0, 1, 1) at x = 0.5: x(t) = 1.26t(1−t)² + 3t²(1−t) + t³ = 0.5
        // at t = 0.374253 (bisection, done apart from Flipbook), y(t) = 3t²(1−t) + t³ = 0.315357.
        #expect(abs(mid[.opacity] - (1 - 0.315357)) < 1e-5)
        #expect(scene.presentation(at: 1).sublayers[0][.zPosition] == 3)     // no action: at once
        #expect(throws: UnknownLayerError.self) { try scene.transaction(at: 2) { $0.set(.opacity, to: 1, onLayer: "nope") } }
        #expect(scene.changes.count == 3)                                  // nothing added on error
    }

    /// A layer type's action sees the layer and typed values (the seed's actionForKey:).
    @Test func actionsSeeTypedValuesAndTheLayer() throws {
        var layer = Layer(id: "s", type: Slow.self)
        layer.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        var scene = Scene(canvas: Size(10, 10), duration: 5, layers: [layer])
        try scene.transaction(at: 0) { t in
            t.set(Slow.level, to: 8, onLayer: "s")
            t.set(.opacity, to: 0.5, onLayer: "s")
        }
        let at1 = scene.presentation(at: 1).sublayers[0]
        // from 0 to 8 over 4 s (the layer's width × 0.4), linear: 2 at 1 s. Opacity: no action.
        #expect(abs(at1[Slow.level] - 2) < 1e-12)
        #expect(at1[.opacity] == 0.5)
    }

    @Test func keyListsCarryChoicesAndOverrides() {
        let list = AnyPropertyKey.list(PropertyKey<LineCap>.lineCap, PropertyKey<Double>.lineWidth)
        #expect(list.map(\.name) == ["lineCap", "lineWidth"])
        #expect(list[0].choices == ["butt", "round", "square"])
        let clear = ShapeStyle.properties.overriding(AnyPropertyKey(PropertyKey<Color>.fillColor.withDefault(.clear)))
        #expect(clear.count == ShapeStyle.properties.count)
        #expect(clear.first { $0.name == "fillColor" }?.defaultValue == .color(.clear))
        // An arc's fill is clear by default, a shape's black.
        #expect(Layer(id: "a", type: ArcLayer.self)[.fillColor] == .clear)
        #expect(Layer(id: "s", type: ShapeLayer.self)[.fillColor] == .black)
    }

    @Test func pieSlicesArePairs() {
        var pie = Layer(id: "pie", type: PieChart.self)
        pie.pieSlices = [.init(.black, 2), .init(.white, 6)]
        #expect(pie[.values] == [2, 6])
        #expect(pie[.colors] == [.black, .white])
        pie[.colors] = [.black]
        // The second slice has no colour: hue 1/2, saturation 0.5, brightness 0.75 → HSB to RGB by
        // hand: (0.375, 0.75, 0.75).
        let second = pie.pieSlices[1].color
        let errors: [Double] = [second.red - 0.375, second.green - 0.75, second.blue - 0.75]
        #expect(errors.allSatisfy { abs($0) < 1e-12 }, "\(second)")
    }

    @Test func framesAreComputedAtIndexOverFPS() {
        var dot = Layer(id: "dot")
        dot.add(.basic(.opacity, from: 0, to: 1, duration: 1))
        let scene = Scene(canvas: Size(10, 10), duration: 1, fps: 3, layers: [dot])
        let frames = Array(scene.frames)
        #expect(frames.map(\.index) == [0, 1, 2, 3])
        let times: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(frames.map(\.time) == times)
        #expect(abs(frames[2].presentation.sublayers[0][.opacity] - 2.0 / 3) < 1e-12)
        #expect(scene.frames(2..<10).map(\.index) == [2, 3])
    }
}

/// A type whose `level` animates linearly over 0.4 s per point of the layer's width; nothing else
/// animates.
enum Slow: LayerBehavior {
    static let level = PropertyKey<Double>("level", default: 0)
    static let typeName = "slow"
    static let properties = AnyPropertyKey.list(level)
    static func draw(_ layer: Layer) -> [DrawItem] { [] }
    static func action(for change: PropertyChange, of layer: Layer, in transaction: Transaction) -> Animation? {
        guard let (from, to) = change.values(of: level) else { return nil }
        return .basic(level, from: from, to: to, duration: layer.bounds.width * 0.4)
    }
}

/// Pie chart colour rules, against hues worked out by hand.
struct PieColorRuleTests {
    static func hue(_ c: Color) -> Double {
        // Brightness 0.75, saturation 0.5: the largest channel is 0.75, the smallest 0.375.
        let r = c.red, g = c.green, b = c.blue, maxC = max(r, g, b), minC = min(r, g, b), d = maxC - minC
        var h = maxC == r ? (g - b) / d : (maxC == g ? 2 + (b - r) / d : 4 + (r - g) / d)
        h /= 6
        return h < 0 ? h + 1 : h
    }

    @Test func seedRuleChangesWithCountStableRuleDoesNot() {
        // Seed: slice 1 of 3 has hue 1/3, of 4 hue 1/4.
        #expect(abs(Self.hue(PieChart.defaultColor(1, of: 3)) - 1.0 / 3) < 1e-9)
        #expect(abs(Self.hue(PieChart.defaultColor(1, of: 4)) - 0.25) < 1e-9)
        // Stable: slice 2 has hue 2 × 0.381966… = 0.763932… whatever the count.
        for count in [3, 4, 9] {
            #expect(abs(Self.hue(PieChart.defaultColor(2, of: count, rule: .stable)) - 0.7639320225) < 1e-9)
        }
    }

    @Test func theChartUsesItsRule() {
        var pie = Layer(id: "pie", type: PieChart.self)
        pie.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        pie[.values] = [1, 1, 1]
        pie[.colorRule] = .stable
        let slices = pie.presentation(atParentTime: 0).sublayers
        #expect(abs(Self.hue(slices[1][.fillColor]) - 0.3819660113) < 1e-9)
    }
}

/// CALayer's cornerRadius, borderWidth and borderColor, against closed forms.
struct CornerAndBorderTests {
    @Test func roundedRectangleHasTheClosedFormPerimeter() {
        // Perimeter of a w × h rectangle with corner radius r: 2(w + h) − 8r + 2πr.
        for (w, h, r) in [(100.0, 50.0, 10.0), (40.0, 40.0, 20.0), (30.0, 10.0, 50.0)] {
            let k = min(r, min(w, h) / 2)
            let path = Path.roundedRect(Rect(x: 5, y: 7, width: w, height: h), radius: r)
            #expect(abs(path.length - (2 * (w + h) - 8 * k + 2 * .pi * k)) < 1e-9, "\(w)×\(h) r \(r)")
        }
        #expect(Path.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 0) == .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
    }

    @Test func backgroundAndBorderItems() throws {
        var layer = Layer(id: "bar")
        layer.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        layer[.backgroundColor] = .white
        layer[.cornerRadius] = 10
        layer[.borderWidth] = 4
        layer[.borderColor] = Color(red: 1, green: 0, blue: 0)
        let items = try #require(layer.renderNodeWithoutChildren()).items
        #expect(items.count == 2)
        guard case .shape(let background) = items[0], case .shape(let border) = items[1] else {
            Issue.record("expected two shapes"); return
        }
        #expect(background.path == .roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), radius: 10))
        // CALayer draws the border inside the bounds: a 4 px stroke centred 2 px in, corners 10 − 2.
        #expect(border.path == .roundedRect(Rect(x: 2, y: 2, width: 96, height: 46), radius: 8))
        #expect(border.lineWidth == 4 && border.stroke == Color(red: 1, green: 0, blue: 0))
    }
}
