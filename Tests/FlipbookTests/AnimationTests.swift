import Easing
import Foundation
import Testing
@testable import Flipbook

struct AnimationTests {
    /// A layer whose model opacity-like number `value` is 10, animated by `animation`, read at `time`.
    static func value(_ animation: Animation, model: Double = 10, at time: Double) -> Double {
        var layer = Layer(id: "l")
        layer[.zPosition] = model
        layer.add(animation)
        return layer.presentation(atParentTime: time)[.zPosition]
    }

    static func basic(from: Double? = nil, to: Double? = nil, by: Double? = nil) -> Animation {
        .basic(PropertyKey<Double>.zPosition, from: from, to: to, by: by, duration: 1)
    }

    /// CABasicAnimation's from/to/by rules with the current value 10, at progress 0.25.
    static let fromToBy: [(Double?, Double?, Double?, Double)] = [
        (0, 100, nil, 25), (0, nil, 40, 10), (nil, 100, 40, 70), (0, nil, nil, 2.5),
        (nil, 100, nil, 32.5), (nil, nil, 40, 20), (nil, nil, nil, 10),
    ]

    @Test(arguments: fromToBy.indices)
    func basicRules(_ i: Int) {
        let (from, to, by, expected) = Self.fromToBy[i]
        #expect(Self.value(Self.basic(from: from, to: to, by: by), at: 0.25) == expected)
    }

    @Test func additiveAndCumulative() {
        var additive = Self.basic(to: 100)
        additive.isAdditive = true
        #expect(Self.value(additive, at: 0.25) == 35)
        var cumulative = Self.basic(from: 0, to: 10)
        cumulative.isCumulative = true
        cumulative.timing.repeatCount = 3
        #expect(Self.value(cumulative, at: 2.5) == 25)
    }

    /// The classic snap-back: a finished animation removed on completion shows the model again,
    /// whatever its fill mode; kept with a forwards fill it holds its end value.
    @Test func removedOnCompletion() {
        var animation = Self.basic(from: 0, to: 100)
        animation.timing.fillMode = .forwards
        #expect(Self.value(animation, at: 2) == 10)
        animation.isRemovedOnCompletion = false
        #expect(Self.value(animation, at: 2) == 100)
        #expect(Self.value(animation, at: -1) == 10)
        animation.timing.fillMode = .both
        #expect(Self.value(animation, at: -1) == 0)
    }

    /// ease-in is cubic-bezier(0.42, 0, 1, 1); at x = ½ the parameter solves 1.26t(1 − t)² + 3(1 − t)t² + t³ = ½,
    /// found here by bisection, and y = 3(1 − t)t² + t³.
    @Test func timingFunctionApplies() {
        let eased = Animation.basic(PropertyKey<Double>.zPosition, from: 0, to: 100, duration: 2, timingFunction: .easeIn)
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let t = (lo + hi) / 2
            if 1.26 * t * (1 - t) * (1 - t) + 3 * (1 - t) * t * t + t * t * t < 0.5 { lo = t } else { hi = t }
        }
        let t = (lo + hi) / 2, y = 3 * (1 - t) * t * t + t * t * t
        #expect(abs(y - 0.3153568) < 1e-7)   // Chromium's value for ease-in at 0.5 (Tools/make-easing-reference)
        #expect(abs(Self.value(eased, at: 1) - 100 * y) < 1e-5)
    }

    @Test func keyframeModes() {
        let key = PropertyKey<Double>.zPosition
        func at(_ k: KeyframeAnimation, _ t: Double) -> Double {
            Self.value(Animation(.keyframe(k), timing: MediaTiming(duration: 1)), at: t)
        }
        let linear = KeyframeAnimation(key, values: [0, 10, 40], keyTimes: [0, 0.5, 1])
        #expect(at(linear, 0.25) == 5)
        #expect(at(linear, 0.75) == 25)
        var eased = linear
        eased.timingFunctions = [.linear, .easeIn]
        // ease-in at ½ is 0.31535673426536154 in Chromium (Tools/make-easing-reference).
        #expect(abs(at(eased, 0.75) - (10 + 30 * 0.31535673426536154)) < 1e-9)
        // Discrete: n + 1 key times; value i holds over [keyTimes[i], keyTimes[i + 1]).
        let discrete = KeyframeAnimation(key, values: [1, 2, 3], keyTimes: [0, 0.2, 0.9, 1], calculationMode: .discrete)
        #expect(at(discrete, 0.1) == 1)
        #expect(at(discrete, 0.2) == 2)
        #expect(at(discrete, 0.95) == 3)
        let evenDiscrete = KeyframeAnimation(key, values: [1, 2, 3, 4], calculationMode: .discrete)
        #expect(at(evenDiscrete, 0.5) == 3)
        // Paced: distances 10 and 30 give key times 0, 0.25, 1.
        let paced = KeyframeAnimation(key, values: [0, 10, 40], calculationMode: .paced)
        #expect(paced.effectiveKeyTimes == [0, 0.25, 1])
        #expect(abs(at(paced, 0.5) - 20) < 1e-12)
    }

    /// Kochanek–Bartels with tension, continuity and bias 0 is Catmull–Rom:
    /// ½(2P₁ + (−P₀ + P₂)s + (2P₀ − 5P₁ + 4P₂ − P₃)s² + (−P₀ + 3P₁ − 3P₂ + P₃)s³).
    @Test func cubicIsCatmullRom() {
        let p = [0.0, 10, 40, 30]
        let k = KeyframeAnimation(PropertyKey<Double>.zPosition, values: p, calculationMode: .cubic)
        for s in stride(from: 0.0, through: 1, by: 0.125) {
            let expected = 0.5 * (2 * p[1] + (-p[0] + p[2]) * s + (2 * p[0] - 5 * p[1] + 4 * p[2] - p[3]) * s * s
                                  + (-p[0] + 3 * p[1] - 3 * p[2] + p[3]) * s * s * s)
            let value = Double(propertyValue: k.cubicValue(segment: 1, local: s, keyTimes: [0, 1.0 / 3, 2.0 / 3, 1]))!
            #expect(abs(value - expected) < 1e-12, "s = \(s)")
        }
        // Tension 1 zeroes the tangents: a smoothstep between neighbours.
        var tight = k
        tight.tensionValues = [1, 1, 1, 1]
        let mid = Double(propertyValue: tight.cubicValue(segment: 1, local: 0.5, keyTimes: [0, 1.0 / 3, 2.0 / 3, 1]))!
        #expect(mid == 25)
        // The spline passes through every value at its key time.
        let through = Animation(.keyframe(k), timing: MediaTiming(duration: 3))
        for (i, v) in p.enumerated() {
            #expect(abs(Self.value(through, at: Double(i) * 0.9999999999) - v) < 1e-6)
        }
    }

    @Test func cubicPacedKeyTimesFollowArcLength() {
        let k = KeyframeAnimation(PropertyKey<Double>.zPosition, values: [0, 10, 40], calculationMode: .cubicPaced)
        let times = k.effectiveKeyTimes
        // Monotonic segments: lengths 10 and 30 (the spline does not overshoot here), key times 0, 0.25, 1.
        #expect(abs(times[1] - 0.25) < 0.02)
        #expect(times.first == 0 && times.last == 1)
    }

    @Test func motionPathWithAutoRotate() {
        var layer = Layer(id: "l")
        let square = Path.rect(Rect(x: 0, y: 0, width: 100, height: 100))
        let keyframe = KeyframeAnimation(key: AnyPropertyKey(PropertyKey<Point>.position), path: square, rotationMode: .auto)
        layer.add(Animation(.keyframe(keyframe), timing: MediaTiming(duration: 4)))
        // Four equal segments, one second each: at 1.5 s halfway down the right side, heading down (90°).
        let p = layer.presentation(atParentTime: 1.5)
        #expect(p[.position] == Point(100, 50))
        #expect(abs(p[.rotation].degrees - 90) < 1e-12)
        var reversed = layer
        reversed.animations = []
        var back = keyframe
        back.rotationMode = .autoReverse
        back.calculationMode = .paced
        reversed.add(Animation(.keyframe(back), timing: MediaTiming(duration: 4)))
        let q = reversed.presentation(atParentTime: 2.5)
        #expect(q[.position] == Point(50, 100))
        #expect(abs(q[.rotation].degrees - 360) < 1e-12)
    }

    /// A spring animation follows the spring's closed form in real time and lasts its settling duration.
    @Test func springAnimation() {
        let spring = Spring(mass: 1, stiffness: 120, damping: 8)
        // Closed form written out here: ω₀ = √120, ζ = 8 / (2√120), x(t) = e^(−4t)(cos ω_d t + 4/ω_d sin ω_d t).
        let wd = (120.0 - 16).squareRoot()
        func value(_ t: Double) -> Double { 1 - exp(-4 * t) * (cos(wd * t) + 4 / wd * sin(wd * t)) }
        let animation = Animation.spring(PropertyKey<Double>.zPosition, from: 0, to: 100, spring: spring)
        #expect(animation.timing.duration == spring.settlingDuration)
        for t in [0.1, 0.3, 0.7, 1.2] {
            #expect(abs(Self.value(animation, at: t) - 100 * value(t)) < 1e-9)
        }
        let fixed = Animation.spring(PropertyKey<Double>.zPosition, from: 0, to: 100, spring: spring, duration: 0.5)
        #expect(abs(Self.value(fixed, at: 0.3) - 100 * value(0.3)) < 1e-9)
    }

    @Test func groupsTimeTheirChildren() {
        var child = Animation.basic(PropertyKey<Double>.zPosition, from: 0, to: 100, duration: 1)
        child.timing.beginTime = 0.5
        var group = Animation.group([child], duration: 2)
        group.timing.beginTime = 1
        #expect(Self.value(group, at: 2) == 50)
        // The group's easing warps its children's time.
        group.timingFunction = .easeIn
        let childTime = TimingFunction.easeIn(0.5) * 2
        #expect(abs(Self.value(group, at: 2) - 100 * (childTime - 0.5)) < 1e-12)
        // Nothing of the child shows once the group is over.
        #expect(Self.value(group, at: 3.5) == 10)
    }

    /// A layer's timing applies to its animations and its sublayers.
    @Test func hierarchicalTime() {
        var child = Layer(id: "child")
        child.add(Animation.basic(PropertyKey<Double>.opacity, from: 0, to: 1, duration: 1))
        var parent = Layer(id: "parent", sublayers: [child])
        parent.timing.speed = 2
        parent.timing.beginTime = 1
        let p = parent.presentation(atParentTime: 1.25)
        #expect(p.sublayers[0][.opacity] == 0.5)
    }

    static let invalid: [(Animation, String)] = [
        (.basic(PropertyKey<Double>.opacity, from: 0, to: 1, by: 1), "by: from, to and by cannot all be set (Core Animation leaves it undefined); remove one"),
        (.basic(PropertyKey<Double>("wobble", default: 0), to: 1), "property: a layer layer has no property 'wobble'"),
        (Animation(.basic(BasicAnimation(key: AnyPropertyKey(PropertyKey<Double>.opacity), to: .point(.zero)))), "to: 'opacity' expects number values, got point"),
        (Animation(.basic(BasicAnimation(key: AnyPropertyKey(PropertyKey<Double>.opacity), to: .number(1))), timing: MediaTiming(duration: -1)), "duration: must be ≥ 0 seconds, got -1.0"),
        (Animation(.basic(BasicAnimation(key: AnyPropertyKey(PropertyKey<Double>.opacity), to: .number(1))), timing: MediaTiming(duration: .nan)), "duration: must be a finite number of seconds, got nan"),
        (Animation(.keyframe(KeyframeAnimation(PropertyKey<Double>.opacity, values: [0, 1], keyTimes: [0, 0.5, 1]))), "keyTimes: linear needs 2 keyTimes for 2 values, got 3"),
        (Animation(.keyframe(KeyframeAnimation(PropertyKey<Double>.opacity, values: [0, 1], keyTimes: [0, 1], calculationMode: .discrete))), "keyTimes: discrete needs 3 keyTimes for 2 values (one more than the values, as Core Animation), got 2"),
        (Animation(.keyframe(KeyframeAnimation(PropertyKey<Double>.opacity, values: [0, 1, 0], keyTimes: [0, 0.7, 0.5]))), "keyTimes[2]: must not be less than the one before (0.7), got 0.5"),
        (Animation(.keyframe(KeyframeAnimation(PropertyKey<Double>.opacity, values: []))), "values: a keyframe animation needs at least one value"),
        (Animation(.keyframe(KeyframeAnimation(PropertyKey<Bool>.hidden, values: [true, false], calculationMode: .paced))), "calculationMode: paced needs values that add and scale; 'hidden' holds flag values"),
        (Animation(.group([.basic(PropertyKey<Double>.opacity, from: 0, to: 1, by: 1)])), "animations[0].by: from, to and by cannot all be set (Core Animation leaves it undefined); remove one"),
    ]

    @Test(arguments: invalid.indices)
    func validation(_ i: Int) {
        let (animation, message) = Self.invalid[i]
        #expect(throws: AnimationError.self) { try animation.validate(for: LayerType(PlainLayer.self)) }
        do {
            try animation.validate(for: LayerType(PlainLayer.self))
        } catch {
            #expect(error.description == message)
        }
    }
}

extension AnimationTests {
    /// A basic animation is a value: a copy set to other values leaves the original as it was (its
    /// values sit in a box that copies share), and equality and hashing are by key and values, as the
    /// memberwise ones.
    @Test func basicAnimationIsAValue() {
        let key = AnyPropertyKey(PropertyKey<Double>.zPosition)
        let original = BasicAnimation(key: key, from: .number(0), to: .number(100))
        var copy = original
        copy.to = .number(50)
        copy.by = .number(5)
        #expect(original.to == .number(100) && original.by == nil)
        #expect(copy.from == .number(0) && copy.to == .number(50) && copy.by == .number(5) && copy.key == key)
        copy.key = AnyPropertyKey(PropertyKey<Double>.opacity)
        #expect(copy.key.name == "opacity" && original.key.name == "zPosition" && copy.to == .number(50))
        copy.from = nil
        #expect(copy.from == nil && original.from == .number(0))
        // Built apart from equal parts: equal, with equal hashes; one value apart: not equal.
        let again = BasicAnimation(key: AnyPropertyKey(PropertyKey<Double>.zPosition), from: .number(0), to: .number(100))
        #expect(again == original && again.hashValue == original.hashValue)
        #expect(again != BasicAnimation(key: key, from: .number(0), to: .number(100), by: .number(1)))
        #expect(again != BasicAnimation(key: key, from: .number(1), to: .number(100)))
        #expect(again != BasicAnimation(key: AnyPropertyKey(PropertyKey<Double>.opacity), from: .number(0), to: .number(100)))
        #expect(Set([original, again, copy]).count == 2)
    }
}
