import FlipbookSupport
import Testing
@testable import Flipbook

/// The O(log n) searches of keyframe evaluation against the linear scans they replaced, which read
/// the rule off the documentation directly ("the last non-empty segment starting at or before p").
struct KeyTimeIndexTests {
    /// The reference: every segment tested in turn.
    static func scan(_ p: Double, _ times: [Double]) -> (Int, Double) {
        let last = times.count - 2
        var segment = 0
        for i in 0...last where times[i] <= p && times[i + 1] > times[i] { segment = i }
        if p >= times[last + 1] { segment = last }
        let span = times[segment + 1] - times[segment]
        return (segment, span > 0 ? (p - times[segment]) / span : 1)
    }

    /// Random non-decreasing key times from 0 to 1, many repeated (empty segments, runs of them at
    /// the start and the end), probed at every key time, between them, outside [0, 1] and at NaN.
    @Test func locateIsTheScan() {
        var random = SplitMix64(seed: 39)
        for round in 0..<400 {
            let n = 2 + round % 23
            var times = (0..<n).map { _ in (random.next(0, 1) * 8).rounded() / 8 }.sorted()
            if round % 3 == 0 { times[0] = 0; times[n - 1] = 1 }
            let index = KeyTimeIndex(times)
            var probes = times + [-0.5, -0.0, 1.5, .infinity, -.infinity, .nan]
            for _ in 0..<20 { probes.append(random.next(-0.2, 1.2)) }
            for p in probes {
                let (segment, local) = index.locate(p)
                let (expected, expectedLocal) = Self.scan(p, times)
                #expect(segment == expected, "\(times) at \(p)")
                #expect(local.bitPattern == expectedLocal.bitPattern || (local.isNaN && expectedLocal.isNaN), "\(times) at \(p)")
                // Discrete: the last of the first n − 1 key times at or before p.
                let last = (0..<(n - 1)).last { times[$0] <= p }
                #expect(index.lastIndex(atOrBefore: p, below: n - 1) == last, "\(times) at \(p)")
            }
        }
    }

    /// A paced motion along random paths with zero-length segments lands where walking the segments
    /// one by one lands: the first moving segment whose end is at or past the distance travelled.
    @Test func pacedMotionIsTheWalk() {
        var random = SplitMix64(seed: 3911)
        for _ in 0..<200 {
            var path = Path()
            var current = Point(random.next(0, 100), random.next(0, 100))
            path.move(to: current)
            for _ in 0..<Int(random.next(1, 12)) {
                if random.next(0, 1) >= 0.3 { current = Point(random.next(0, 100), random.next(0, 100)) }
                path.line(to: current)
            }
            let motion = MotionPath(path, keyTimes: nil)
            for k in 0...64 {
                let p = Double(k) / 64
                guard let (point, _) = motion.sample(at: p, paced: true) else { continue }
                var remaining = p * motion.total
                var expected = motion.segments[0].start
                for (i, length) in motion.lengths.enumerated() where length > 0 {
                    if remaining <= length || i == motion.lengths.lastIndex(where: { $0 > 0 }) {
                        expected = MotionPath.pointAndTangent(motion.segments[i], fraction: min(remaining / length, 1)).0
                        break
                    }
                    remaining -= length
                }
                #expect(abs(point.x - expected.x) < 1e-9 && abs(point.y - expected.y) < 1e-9, "\(path) at \(p)")
            }
        }
    }

    /// The derived key times are made once and shared by copies; changing an input makes them anew,
    /// in place or through a setter, and a copy made before keeps its own.
    @Test func derivedKeyTimesFollowTheirInputs() {
        var k = KeyframeAnimation(PropertyKey<Double>.zPosition, values: [0, 1, 3], calculationMode: .paced)
        let copy = k
        #expect(k.effectiveKeyTimes == [0, 1.0 / 3, 1])
        k.values.append(.number(7))
        #expect(k.effectiveKeyTimes == [0, 1.0 / 7, 3.0 / 7, 1])
        k.values[3] = .number(3)
        #expect(k.effectiveKeyTimes == [0, 1.0 / 3, 1, 1])
        k.calculationMode = .linear
        #expect(k.effectiveKeyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        k.keyTimes = [0, 0.5, 0.5, 1]
        #expect(k.effectiveKeyTimes == [0, 0.5, 0.5, 1])
        #expect(copy.effectiveKeyTimes == [0, 1.0 / 3, 1])
        #expect(copy != k && copy == KeyframeAnimation(PropertyKey<Double>.zPosition, values: [0, 1, 3], calculationMode: .paced))
    }
}
