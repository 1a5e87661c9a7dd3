import Easing
import Foundation
import Testing
@testable import Flipbook

/// One test per row of the README's table "Where Core Animation leaves behaviour undefined": each
/// pins Flipbook's choice with a value worked out by hand from the rule the row states. The model
/// value is 10 throughout; animations go from 0 to 100 over 1 s unless a test says otherwise.
struct UndefinedBehaviourTests {
    static let z = PropertyKey<Double>.zPosition

    static func value(_ animation: Animation, model: Double = 10, at time: Double) -> Double {
        var layer = Layer(id: "l")
        layer[z] = model
        layer.add(animation)
        return layer.presentation(atParentTime: time)[z]
    }

    static func basic(_ configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var animation = Animation.basic(z, from: 0, to: 100, duration: 1)
        configure(&animation)
        return animation
    }

    /// Row: both repeatCount and repeatDuration set — repeatDuration wins. Three cycles would still run
    /// at 2.2 s; 1.5 s of repetition has ended, so the model shows.
    @Test func repeatDurationWins() {
        let a = Self.basic { $0.timing.repeatCount = 3; $0.timing.repeatDuration = 1.5 }
        #expect(Self.value(a, at: 1.25) == 25)
        #expect(Self.value(a, at: 2.2) == 10)
    }

    /// Row: timeOffset past the end wraps around the active duration: offset 1.5 of a 1 s animation
    /// starts at 0.5 and wraps at 0.5 s.
    @Test func timeOffsetWraps() {
        let a = Self.basic { $0.timing.timeOffset = 1.5 }
        #expect(Self.value(a, at: 0) == 50)
        #expect(abs(Self.value(a, at: 0.6) - 10) < 1e-9)
    }

    /// Row: speed 0 freezes local time at timeOffset, and the animation counts as active.
    @Test func speedZeroFreezes() {
        let a = Self.basic { $0.timing.speed = 0; $0.timing.timeOffset = 0.3 }
        for t in [0.0, 0.7, 5] { #expect(abs(Self.value(a, at: t) - 30) < 1e-9) }
    }

    /// Row: negative speed runs local time backwards from beginTime: local = (t − 1)·(−1).
    @Test func negativeSpeedRunsBackwards() {
        let a = Self.basic { $0.timing.beginTime = 1; $0.timing.speed = -1 }
        #expect(Self.value(a, at: 0.25) == 75)
        #expect(abs(Self.value(a, at: 0.9) - 10) < 1e-9)
        #expect(Self.value(a, at: 1.5) == 10)
    }

    /// Row: from, to and by all set is an error.
    @Test func fromToByTogetherIsAnError() {
        let a = Animation.basic(Self.z, from: 0, to: 100, by: 5, duration: 1)
        #expect(throws: AnimationError.self) { try a.validate(for: Layer(id: "l").type) }
    }

    /// Row: none of from, to, by — no visible change.
    @Test func noEndpointsNoChange() {
        #expect(Self.value(.basic(Self.z, duration: 1), at: 0.4) == 10)
    }

    /// Row: additive with a missing end — the missing end is the kind's zero: 10 + (0 → 100)·¼.
    @Test func additiveMissingEndIsZero() {
        var a = Animation.basic(Self.z, to: 100, duration: 1)
        a.isAdditive = true
        #expect(Self.value(a, at: 0.25) == 35)
    }

    /// Row: discrete key times are n + 1 for n values (CA's rule); n is an error.
    @Test func discreteKeyTimes() {
        var k = KeyframeAnimation(Self.z, values: [0, 50, 100], keyTimes: [0, 0.2, 0.5, 1])
        k.calculationMode = .discrete
        let a = Animation(.keyframe(k), timing: MediaTiming(duration: 1))
        #expect(Self.value(a, at: 0.1) == 0)
        #expect(Self.value(a, at: 0.3) == 50)
        #expect(Self.value(a, at: 0.6) == 100)
        k.keyTimes = [0, 0.5, 1]
        #expect(throws: AnimationError.self) { try Animation(.keyframe(k), timing: MediaTiming(duration: 1)).validate(for: Layer(id: "l").type) }
    }

    /// Row: Kochanek–Bartels end tangents are one-sided (the end value repeated). Values 0, 10, 40 at
    /// 0, ½, 1: the tangent at 0 is ½·0 + ½·10 = 5, at 10 it is ½·10 + ½·30 = 20, and the Hermite
    /// segment at s = ½ is ½·0 + ⅛·5 + ½·10 − ⅛·20 = 3.125.
    @Test func kochanekBartelsEndTangents() {
        var k = KeyframeAnimation(Self.z, values: [0, 10, 40])
        k.calculationMode = .cubic
        #expect(abs(Self.value(Animation(.keyframe(k), timing: MediaTiming(duration: 1)), at: 0.25) - 3.125) < 1e-12)
    }

    /// Row: a motion path without a paced mode gives each segment an equal share of time, at constant
    /// speed within it: segments of 100 and 10 units take half the time each.
    @Test func motionPathEqualShares() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(100, 0))
        path.line(to: Point(100, 10))
        var layer = Layer(id: "l")
        var k = KeyframeAnimation(key: AnyPropertyKey(PropertyKey<Point>.position))
        k.path = path
        layer.add(Animation(.keyframe(k), timing: MediaTiming(duration: 1)))
        #expect(layer.presentation(atParentTime: 0.25)[.position] == Point(50, 0))
        #expect(layer.presentation(atParentTime: 0.75)[.position] == Point(100, 5))
    }

    /// Row: auto-rotate adds the tangent angle to the layer's rotation: 10° + 90° heading down.
    @Test func autoRotateAdds() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(0, 100))
        var layer = Layer(id: "l")
        layer[.rotation] = Angle(degrees: 10)
        var k = KeyframeAnimation(key: AnyPropertyKey(PropertyKey<Point>.position))
        k.path = path
        k.rotationMode = .auto
        layer.add(Animation(.keyframe(k), timing: MediaTiming(duration: 1)))
        #expect(abs(layer.presentation(atParentTime: 0.5)[.rotation].degrees - 100) < 1e-12)
    }

    /// Row: a group's easing warps the time its children see. With steps(2, end) on a 2 s group, the
    /// child (0 → 100 over 2 s) sees time 0 until 1 s, then 1 s.
    @Test func groupEasingWarpsChildTime() {
        var group = Animation.group([.basic(Self.z, from: 0, to: 100, duration: 2)], duration: 2)
        group.timingFunction = .steps(Steps(2, .jumpEnd))
        #expect(Self.value(group, at: 0.6) == 0)
        #expect(Self.value(group, at: 1.2) == 50)
    }

    /// Row: the implicit animation is CA's `default` curve, cubic-bezier(0.25, 0.1, 0.25, 1), over
    /// 0.25 s. Half way it is at 0.8024033910598437 of the change: Chromium's value for `ease`, the
    /// same curve (Tools/make-easing-reference).
    @Test func implicitAnimationCurve() {
        var layer = Layer(id: "l")
        layer[Self.z] = 0
        layer.set(Self.z, to: 100, atParentTime: 1)
        #expect(abs(layer.presentation(atParentTime: 1.125)[Self.z] - 80.24033910598437) < 1e-5)
        #expect(layer.presentation(atParentTime: 1.25)[Self.z] == 100)
    }

    /// Row: discrete properties (text, flags, choices) switch at the half-way point.
    @Test func discretePropertiesSwitchHalfWay() {
        var layer = Layer(id: "l")
        layer.add(.basic(PropertyKey<Bool>.hidden, from: false, to: true, duration: 1))
        #expect(layer.presentation(atParentTime: 0.49)[.hidden] == false)
        #expect(layer.presentation(atParentTime: 0.5)[.hidden] == true)
    }

    /// Row: steps()' before flag is set while filling backwards (css-easing-2): steps(3, jump-start)
    /// shows 0 before the animation begins, ⅓ at its start.
    @Test func stepsBeforeFlag() {
        let a = Self.basic { $0.timing.beginTime = 1; $0.timing.fillMode = .backwards; $0.timingFunction = .steps(Steps(3, .jumpStart)) }
        #expect(Self.value(a, at: 0.5) == 0)
        #expect(abs(Self.value(a, at: 1) - 100.0 / 3) < 1e-12)
    }

    /// Row (new): a fill after an animation with a timeOffset holds the last frame played, not the
    /// natural end: offset ½ of a 1 s animation plays ½ → 1, then 0 → ½, and ends at ½.
    @Test func fillWithTimeOffsetHoldsTheLastFramePlayed() {
        let a = Self.basic { $0.timing.timeOffset = 0.5; $0.timing.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        #expect(abs(Self.value(a, at: 0.9) - 40) < 1e-9)
        #expect(Self.value(a, at: 2) == 50)
    }

    /// Row (new): cumulative with a non-zero start — each repeat adds end − start, so repeats join up:
    /// 20 → 30 three times reads 45 at 2.5 s (25 + 2·10), never 25 + 2·30.
    @Test func cumulativeAddsEndMinusStart() {
        var a = Animation.basic(Self.z, from: 20, to: 30, duration: 1)
        a.isCumulative = true
        a.timing.repeatCount = 3
        #expect(Self.value(a, at: 2.5) == 45)
        #expect(Self.value(a, at: 1.0) == 30)
    }
}
