#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Positions and tangents along a path for keyframe animations that follow it: made once per
/// animation in O(n) for a path of n segments (`KeyframeAnimation.resolved`), sampled in O(log n).
struct MotionPath: Sendable {
    let segments: [Subpath.Segment]
    let lengths: [Double]
    /// Length of the segments before each one (`starts[i]` = lengths[0] + … + lengths[i − 1]).
    let starts: [Double]
    let total: Double
    /// The segments of positive length, by index (a paced motion spends its time in these only).
    let moving: [Int]
    /// For each segment of zero length, the heading it keeps: the end of the last moving segment
    /// before it, else the start of the first one after it; nil when no segment moves.
    let headings: [Int: Angle]
    /// The animation's key times when they give each segment its share (segments + 1 entries).
    let keyTimes: KeyTimeIndex?

    init(_ path: Path, keyTimes: [Double]?) {
        let segments = path.subpaths.flatMap(\.segments), lengths = segments.map(\.length)
        self.segments = segments
        self.lengths = lengths
        var sum = 0.0
        starts = lengths.map { length in
            defer { sum += length }
            return sum
        }
        total = sum
        moving = lengths.indices.filter { lengths[$0] > 0 }
        var headings: [Int: Angle] = [:]
        var before: Angle?
        var pending: [Int] = []
        for (i, length) in lengths.enumerated() {
            if length > 0 {
                let start = Self.pointAndTangent(segments[i], fraction: 0).1
                for j in pending { headings[j] = start }
                pending = []
                before = Self.pointAndTangent(segments[i], fraction: 1).1
            } else if let before {
                headings[i] = before
            } else {
                pending.append(i)
            }
        }
        self.headings = headings
        if let keyTimes, keyTimes.count == segments.count + 1 && !segments.isEmpty { self.keyTimes = KeyTimeIndex(keyTimes) } else { self.keyTimes = nil }
    }

    /// Point and tangent direction at progress `p` (clamped to [0, 1]).
    /// - Parameter paced: constant speed over the whole length (a zero-length segment takes no time);
    ///   otherwise each segment gets an equal share of time, or the share the key times give. A
    ///   zero-length segment keeps the previous heading (the next one's at the start).
    func sample(at p: Double, paced: Bool) -> (Point, Angle)? {
        guard !segments.isEmpty else { return nil }
        let p = min(max(p, 0), 1)
        var index = 0, fraction = 0.0
        if paced {
            guard total > 0, let lastMoving = moving.last else { return (segments[0].start, .zero) }
            // The first moving segment whose end is at or past the distance travelled (the last one
            // when rounding leaves the distance past every end).
            let distance = p * total
            var lo = 0, hi = moving.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if distance - starts[moving[mid]] <= lengths[moving[mid]] { hi = mid } else { lo = mid + 1 }
            }
            index = lo < moving.count ? moving[lo] : lastMoving
            fraction = min(max((distance - starts[index]) / lengths[index], 0), 1)
        } else if let keyTimes {
            let (segment, local) = keyTimes.locate(p)
            index = segment
            fraction = min(max(local, 0), 1)
        } else {
            let scaled = p * Double(segments.count)
            index = max(0, min(Int(saturating: scaled.rounded(.down)), segments.count - 1))
            fraction = scaled - Double(index)
        }
        var (point, heading) = Self.pointAndTangent(segments[index], fraction: fraction)
        if lengths[index] == 0, let kept = headings[index] { heading = kept }
        return (point, heading)
    }

    static func pointAndTangent(_ segment: Subpath.Segment, fraction f: Double) -> (Point, Angle) {
        switch segment {
        case .line(let a, let b):
            let d = b - a
            return (lerp(a, b, f), Angle(radians: atan2(d.y, d.x)))
        case .arc(let arc):
            let angle = arc.startAngle + arc.sweep * f
            let direction = arc.sweep.radians >= 0 ? Double.pi / 2 : -Double.pi / 2
            return (arc.point(at: f), Angle(radians: angle.radians + direction))
        case .cubic(let c):
            let t = c.parameter(atLength: f * c.length())
            var d = c.derivative(at: t)
            if d.length == 0 { d = c.p3 - c.p0 }
            return (c.point(at: t), Angle(radians: atan2(d.y, d.x)))
        }
    }
}
