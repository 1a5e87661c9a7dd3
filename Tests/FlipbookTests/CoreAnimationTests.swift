import Easing
import FlipbookSupport
import Foundation
import Testing
@testable import Flipbook

/// Core Animation's behaviour where an independent conformance suite and a careful read found
/// Flipbook wrong. Every expected value is derived here from Apple's documented behaviour, the CSS
/// Transforms algorithm or a closed form — never from the code under test.
struct CoreAnimationTests {
    static let z = PropertyKey<Double>.zPosition

    static func number(_ v: PropertyValue) -> Double {
        if case .number(let x) = v { return x }
        return .nan
    }

    static func value(_ animation: Animation, model: Double = 10, at time: Double) -> Double {
        var layer = Layer(id: "l")
        layer[z] = model
        layer.add(animation)
        return layer.presentation(atParentTime: time)[z]
    }

    /// kCAAnimationPaced: "keyTimes and timingFunction are ignored and keyframe times are automatically
    /// generated to give the animation a constant velocity". Values 0 → 10 → 40 over 2 s: at 1 s, half
    /// the 40 units of path, 20 — whatever the easing.
    @Test(arguments: [TimingFunction.easeIn, .easeOut, .spring(Spring())])
    func pacedIgnoresTheTimingFunction(_ easing: TimingFunction) {
        for mode in [KeyframeAnimation.CalculationMode.paced, .cubicPaced] {
            var k = KeyframeAnimation(Self.z, values: [0, 10, 40])
            k.calculationMode = mode
            let eased = Animation(.keyframe(k), timing: MediaTiming(duration: 2), timingFunction: easing)
            let linear = Animation(.keyframe(k), timing: MediaTiming(duration: 2))
            for t in [0.2, 0.5, 1, 1.5, 1.9] {
                #expect(Self.value(eased, at: t) == Self.value(linear, at: t), "\(mode) at \(t)")
            }
        }
        var k = KeyframeAnimation(Self.z, values: [0, 10, 40])
        k.calculationMode = .paced
        let eased = Animation(.keyframe(k), timing: MediaTiming(duration: 2), timingFunction: easing)
        #expect(abs(Self.value(eased, at: 1) - 20) < 1e-12)
        #expect(abs(Self.value(eased, at: 0.5) - 10) < 1e-12)
        #expect(abs(Self.value(eased, at: 1.5) - 30) < 1e-12)
    }

    /// A spring cut short by an explicit duration, filling forwards and kept: it holds x(duration)
    /// — the closed form of the under-damped oscillator, computed here — not the target.
    @Test func springCutShortHoldsItsLastValue() {
        // m 1, k 100, c 5: ω₀ = 10, ζ = 0.25, ω_d = 10·√(1 − 1/16); x(t) = e^(−2.5t)(cos ω_d t + 2.5/ω_d sin ω_d t).
        let wd = 10 * (1 - 0.0625).squareRoot()
        func x(_ t: Double) -> Double { exp(-2.5 * t) * (cos(wd * t) + 2.5 / wd * sin(wd * t)) }
        var animation = Animation.spring(Self.z, from: 0, to: 100, spring: Spring(damping: 5), duration: 0.5)
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        let expected = 100 * (1 - x(0.5))
        #expect(abs(expected - 100) > 3)   // the case matters: 103.66, not 100
        #expect(abs(Self.value(animation, at: 0.5) - expected) < 1e-9)
        #expect(abs(Self.value(animation, at: 2) - expected) < 1e-9)
        #expect(abs(Self.value(animation, at: 0.3) - 100 * (1 - x(0.3))) < 1e-9)
        // From 100 to 0 it holds 100·x(0.5) likewise.
        var down = Animation.spring(Self.z, from: 100, to: 0, spring: Spring(damping: 5), duration: 0.5)
        down.timing.fillMode = .forwards
        down.isRemovedOnCompletion = false
        #expect(abs(Self.value(down, at: 3) - 100 * x(0.5)) < 1e-9)
        // A spring that has settled by its end still lands exactly on its target.
        var settled = Animation.spring(Self.z, from: 0, to: 100, spring: Spring(damping: 5))
        settled.timing.fillMode = .forwards
        settled.isRemovedOnCompletion = false
        #expect(Self.value(settled, at: 10) == 100)
    }

    /// Core Animation ignores removedOnCompletion on the animations inside a group: a child that fills
    /// forwards holds its end value until the group ends, then the model shows.
    @Test func groupChildrenHoldUntilTheGroupEnds() {
        var child = Animation.basic(Self.z, from: 0, to: 50, duration: 1)
        child.timing.fillMode = .forwards    // removedOnCompletion stays true, and is ignored
        let group = Animation.group([child], duration: 2)
        #expect(Self.value(group, at: 0.5) == 25)
        #expect(Self.value(group, at: 1.0) == 50)
        #expect(Self.value(group, at: 1.9) == 50)
        #expect(Self.value(group, at: 2.5) == 10)
        // Without a fill the child stops applying at its own end.
        let plain = Animation.group([.basic(Self.z, from: 0, to: 50, duration: 1)], duration: 2)
        #expect(Self.value(plain, at: 1.5) == 10)
    }

    /// keyTimes that start after 0 or end before 1 hold the end values outside them; never extrapolate.
    @Test func keyTimesInsideTheUnitIntervalHold() {
        let late = Animation(.keyframe(KeyframeAnimation(Self.z, values: [50, 150], keyTimes: [0.5, 1])), timing: MediaTiming(duration: 1))
        #expect(Self.value(late, at: 0) == 50)
        #expect(Self.value(late, at: 0.25) == 50)
        #expect(Self.value(late, at: 0.75) == 100)
        let early = Animation(.keyframe(KeyframeAnimation(PropertyKey<Double>.opacity, values: [1, 0.2], keyTimes: [0, 0.5])), timing: MediaTiming(duration: 1))
        var layer = Layer(id: "l")
        layer.add(early)
        #expect(layer.presentation(atParentTime: 0.25)[.opacity] == 0.6)
        #expect(layer.presentation(atParentTime: 0.9)[.opacity] == 0.2)
    }

    /// CSS Transforms' 2D decomposition: a card flip to scale(−1, 1) squashes through zero width
    /// with no rotation (sx: 1 → −1 linearly, angle 0 throughout).
    @Test func cardFlipSquashesWithoutRotating() {
        for t in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let m = Transform2D.interpolate(.identity, .scale(-1, 1), t)
            #expect(abs(m.a - (1 - 2 * t)) < 1e-12 && abs(m.b) < 1e-12 && abs(m.c) < 1e-12 && abs(m.d - 1) < 1e-12, "t = \(t): \(m)")
        }
    }

    /// A zero x scale keeps the second column: from the identity to rotate(45°)·scale(0, 1), by the
    /// CSS algorithm by hand — B decomposes to sx 0, sy 1, angle 0, K = [(0, 0), (−√½, √½)] — so at t
    /// the columns are (1 − t)²·(1, 0) and (−√½·t, 1 − t + √½·t).
    @Test func zeroScaleKeepsTheOtherColumn() {
        let h = 0.5.squareRoot()
        let target = Transform2D.scale(0, 1).concatenating(.rotation(Angle(degrees: 45)))
        #expect(abs(target.a) < 1e-15 && abs(target.c + h) < 1e-15 && abs(target.d - h) < 1e-15)
        for t in [0.5, 0.9, 0.98] {
            let m = Transform2D.interpolate(.identity, target, t)
            #expect(abs(m.a - (1 - t) * (1 - t)) < 1e-12 && abs(m.b) < 1e-12, "t = \(t): \(m)")
            #expect(abs(m.c + h * t) < 1e-12 && abs(m.d - (1 - t + h * t)) < 1e-12, "t = \(t): \(m)")
        }
    }

    /// Decomposition and recomposition invert each other on arbitrary matrices (reflections, skews,
    /// singular ones), so interpolation is exact at both ends for every transform.
    @Test func decompositionRoundTrips() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let m = Transform2D(a: generator.next(-3, 3), b: generator.next(-3, 3), c: generator.next(-3, 3), d: generator.next(-3, 3),
                                tx: generator.next(-100, 100), ty: generator.next(-100, 100))
            let back = MatrixDecomposition2D(m).matrix
            for (x, y) in [(m.a, back.a), (m.b, back.b), (m.c, back.c), (m.d, back.d), (m.tx, back.tx), (m.ty, back.ty)] {
                #expect(abs(x - y) < 1e-12, "\(m) -> \(back)")
            }
            let components = TransformComponents(m).transform
            #expect(abs(components.a - m.a) + abs(components.b - m.b) + abs(components.c - m.c) + abs(components.d - m.d) < 1e-11)
        }
    }

    /// A paced rotation measures the angle interpolation turns through: 150° → 170° → −170° are two
    /// turns of 20° (the second the short way across 180°), so the middle value comes at half time.
    @Test func pacedRotationMeasuresWhatItTurns() {
        let values = [150.0, 170, -170].map { Transform2D.rotation(Angle(degrees: $0)) }
        var k = KeyframeAnimation(PropertyKey<Transform2D>.transform, values: values)
        k.calculationMode = .paced
        #expect(k.effectiveKeyTimes.map { ($0 * 1e12).rounded() / 1e12 } == [0, 0.5, 1])
        var layer = Layer(id: "l")
        layer.add(Animation(.keyframe(k), timing: MediaTiming(duration: 1)))
        let quarter = layer.presentation(atParentTime: 0.75)[.transform]
        #expect(abs(abs(atan2(quarter.b, quarter.a) * 180 / .pi) - 180) < 1e-9)
    }

    /// A zero-length segment of a motion path keeps the heading the motion had and, paced, takes no time.
    @Test func zeroLengthMotionSegments() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(0, 0))
        path.line(to: Point(0, 100))
        path.line(to: Point(0, 100))
        path.line(to: Point(100, 100))
        let motion = MotionPath(path, keyTimes: nil)
        // Paced: 200 units in all; the zero segments take no time.
        let (start, startHeading) = motion.sample(at: 0, paced: true)!
        #expect(start == Point(0, 0) && abs(startHeading.degrees - 90) < 1e-12)
        let (middle, middleHeading) = motion.sample(at: 0.5, paced: true)!
        #expect(middle == Point(0, 100) && abs(middleHeading.degrees - 90) < 1e-12)
        let (late, lateHeading) = motion.sample(at: 0.75, paced: true)!
        #expect(late == Point(50, 100) && abs(lateHeading.degrees) < 1e-12)
        // Not paced: four segments, a quarter of the time each; inside a zero one the heading is kept.
        let (_, held) = motion.sample(at: 0.6, paced: false)!
        #expect(abs(held.degrees - 90) < 1e-12)
        let (_, first) = motion.sample(at: 0.1, paced: false)!
        #expect(abs(first.degrees - 90) < 1e-12)
    }

    /// cubicPaced: the key times are proportional to the lengths of the curve that is drawn. Measured
    /// here by summing |Δvalue| over 4,000 steps of the animation itself in each segment.
    @Test func cubicPacedMeasuresTheDrawnCurve() {
        var k = KeyframeAnimation(Self.z, values: [0, 10, 100, 110, 300])
        k.calculationMode = .cubicPaced
        let times = k.effectiveKeyTimes
        var lengths: [Double] = []
        for i in 0..<(times.count - 1) {
            // The drawn curve: the spline under these key times (what value(at:) evaluates).
            #expect(abs(Self.number(k.value(at: (times[i] + times[i + 1]) / 2, beforeFlag: false))
                        - Self.number(k.cubicValue(segment: i, local: 0.5, keyTimes: times))) < 1e-9)
            var length = 0.0, previous = k.values[i]
            for s in 1...4000 {
                let v = k.cubicValue(segment: i, local: Double(s) / 4000, keyTimes: times)
                length += abs(Self.number(v) - Self.number(previous))
                previous = v
            }
            lengths.append(length)
        }
        let total = lengths.reduce(0, +)
        for i in lengths.indices {
            #expect(abs(lengths[i] / total - (times[i + 1] - times[i])) < 2e-4, "segment \(i): \(lengths) \(times)")
        }
    }

    /// Settling is continuous across critical damping: ζ = 1 ± 1e-9 is physically the critical spring,
    /// and so is its settling duration (it was 1.75× apart). Over-damped, the slow root moves by
    /// ω₀·√(ζ² − 1) — continuous, if not smooth — so the gap shrinks like √ε.
    @Test(arguments: [0.0, 3, -4, 25])
    func settlingIsContinuousAtCriticalDamping(_ velocity: Double) {
        let critical = Spring(damping: 20, initialVelocity: velocity).settlingDuration
        for (damping, tolerance) in [(20 - 2e-8, 1e-3), (20 + 2e-8, 1e-3), (20 - 1e-5, 1e-2), (20 + 1e-5, 1e-2), (19.99999999, 1e-3)] {
            let near = Spring(damping: damping, initialVelocity: velocity).settlingDuration
            #expect(abs(near / critical - 1) < tolerance, "damping \(damping): \(near) against \(critical)")
        }
    }
}

