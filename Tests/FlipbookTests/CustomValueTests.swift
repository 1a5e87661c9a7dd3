import Easing
import Flipbook
import Foundation
import Testing

/// A point in polar form: a value type declared outside Flipbook, animated like a built-in one.
struct Polar: AnimatableValue {
    var radius: Double
    var angle: Angle
    static let zero = Polar(radius: 0, angle: .zero)
    static func sum(_ a: Polar, _ b: Polar) -> Polar { Polar(radius: a.radius + b.radius, angle: a.angle + b.angle) }
    static func difference(_ a: Polar, _ b: Polar) -> Polar { Polar(radius: a.radius - b.radius, angle: a.angle - b.angle) }
    static func scaled(_ a: Polar, _ f: Double) -> Polar { Polar(radius: a.radius * f, angle: a.angle * f) }
    /// Euclidean over (radius, angle in radians × 100): what paced keyframes space by.
    static func distance(_ a: Polar, _ b: Polar) -> Double {
        let dr = a.radius - b.radius, da = (a.angle.radians - b.angle.radians) * 100
        return (dr * dr + da * da).squareRoot()
    }
}

/// A dot at `spot` (polar, about the bounds' centre).
enum Orbit: LayerBehavior {
    static let spot = PropertyKey<Polar>("spot", default: Polar(radius: 10, angle: .zero))
    static let typeName = "orbit"
    static let properties = AnyPropertyKey.list(spot) + ShapeStyle.properties
    static func draw(_ layer: Layer) -> [DrawItem] {
        let p = layer[spot], c = layer.bounds.center
        let at = Point(c.x + p.radius * cos(p.angle.radians), c.y + p.radius * sin(p.angle.radians))
        return ShapeStyle.items(.rect(Rect(x: at.x - 1, y: at.y - 1, width: 2, height: 2)), of: layer)
    }
}

/// Every animation kind on a custom value type, against closed forms.
struct CustomValueTests {
    static let a = Polar(radius: 10, angle: .degrees(0)), b = Polar(radius: 30, angle: .degrees(90))

    static func value(_ layer: Layer, at t: Double) -> Polar { layer.presentation(atParentTime: t)[Orbit.spot] }

    static func close(_ x: Polar, _ y: Polar, _ tolerance: Double = 1e-12) -> Bool {
        abs(x.radius - y.radius) <= tolerance && abs(x.angle.radians - y.angle.radians) <= tolerance
    }

    @Test func basicFromToEases() {
        var layer = Layer(id: "o", type: Orbit.self)
        layer.add(.basic(Orbit.spot, from: Self.a, to: Self.b, duration: 2, timingFunction: .easeInOut))
        // ease-in-out is symmetric: progress 0.5 at the middle, so the value is the midpoint.
        #expect(Self.close(Self.value(layer, at: 1), Polar(radius: 20, angle: .degrees(45))))
        #expect(Self.value(layer, at: 0) == Self.a)                  // ends exact, bit for bit
        // After the end the animation is removed: the model's value (the key's default).
        #expect(Self.value(layer, at: 3) == Polar(radius: 10, angle: .zero))
        let x = 0.3, p = TimingFunction.easeInOut(x / 2)
        #expect(Self.close(Self.value(layer, at: x), Polar(radius: 10 * (1 - p) + 30 * p, angle: .degrees(90 * p))))
    }

    @Test func byAdditiveAndCumulative() {
        var layer = Layer(id: "o", type: Orbit.self)
        layer[Orbit.spot] = Polar(radius: 5, angle: .degrees(10))
        // by alone: from the model to model + by (CABasicAnimation's rule).
        layer.add(.basic(Orbit.spot, by: Polar(radius: 4, angle: .degrees(20)), duration: 1))
        #expect(Self.close(Self.value(layer, at: 0.5), Polar(radius: 7, angle: .degrees(20))))
        // Additive and cumulative: a repeat adds the end value each cycle, then the model is added.
        var added = Layer(id: "o", type: Orbit.self)
        added[Orbit.spot] = Polar(radius: 5, angle: .zero)
        var anim = Animation.basic(Orbit.spot, from: .zero, to: Polar(radius: 2, angle: .degrees(30)), duration: 1)
        anim.isAdditive = true
        anim.isCumulative = true
        anim.timing.repeatCount = 3
        added.add(anim)
        // At 2.5 s: third cycle (2 full cycles accumulated = 2 × end) + half way = 2.5 × end, plus the model.
        #expect(Self.close(Self.value(added, at: 2.5), Polar(radius: 5 + 5, angle: .degrees(75)), 1e-9))
    }

    @Test func keyframesLinearAndPaced() {
        let c = Polar(radius: 30, angle: .degrees(90 + 180 / Double.pi * 0.3))   // 30 further (0.3 rad × 100)
        var k = KeyframeAnimation(key: AnyPropertyKey(Orbit.spot))
        k.values = [Self.a, Self.b, c].map(\.propertyValue)
        var linear = Layer(id: "o", type: Orbit.self)
        linear.add(Animation(.keyframe(k), timing: MediaTiming(duration: 2)))
        // Linear with no key times: equal thirds... two segments, each half the time.
        #expect(Self.close(Self.value(linear, at: 0.5), Polar(radius: 20, angle: .degrees(45))))
        k.calculationMode = .paced
        var paced = Layer(id: "o", type: Orbit.self)
        paced.add(Animation(.keyframe(k), timing: MediaTiming(duration: 2)))
        // Distances: a→b = √(20² + (π/2 × 100)²), b→c = 30; the key time of b is d1 / (d1 + d2).
        let d1 = (400 + pow(Double.pi / 2 * 100, 2)).squareRoot(), d2 = 30.0
        let tb = d1 / (d1 + d2)
        #expect(Self.close(Self.value(paced, at: 2 * tb), Self.b, 1e-9))
        let mid = 2 * (tb + (1 - tb) / 2)                                // half way from b to c
        #expect(Self.close(Self.value(paced, at: mid), Polar(radius: 30, angle: .degrees(90 + 90 / Double.pi * 0.3)), 1e-9))
    }

    @Test func springFollowsTheSpring() throws {
        let spring = try Spring.checked(mass: 1, stiffness: 100, damping: 8)
        var layer = Layer(id: "o", type: Orbit.self)
        layer.add(.spring(Orbit.spot, from: Self.a, to: Self.b, spring: spring))
        for t in [0.1, 0.25, 0.6] {
            let p = spring.value(atTime: t)                               // the spring's own closed form
            #expect(Self.close(Self.value(layer, at: t), Polar(radius: 10 + 20 * p, angle: .degrees(90 * p)), 1e-9))
        }
    }

    @Test func aValueOfAnotherTypeIsRefused() {
        var anim = Animation.basic(Orbit.spot, from: Self.a, to: Self.b)
        if case .basic(var basic) = anim.content {
            basic.to = .number(3)
            anim.content = .basic(basic)
        }
        #expect(throws: AnimationError.self) { try anim.validate(for: LayerType(Orbit.self)) }
        // Reads of a custom key are typed: the value comes back as a Polar.
        var layer = Layer(id: "o", type: Orbit.self)
        layer[Orbit.spot] = Self.b
        let read: Polar = layer[Orbit.spot]
        #expect(read == Self.b)
    }
}
