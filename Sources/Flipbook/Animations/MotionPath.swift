#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Positions and tangents along a path for keyframe animations that follow it.
struct MotionPath {
    let segments: [Subpath.Segment]
    let lengths: [Double]
    let total: Double

    init(_ path: Path) {
        segments = path.subpaths.flatMap(\.segments)
        lengths = segments.map(\.length)
        total = lengths.reduce(0, +)
    }

    /// Point and tangent direction at progress `p` (clamped to [0, 1]).
    /// - Parameters:
    ///   - paced: constant speed over the whole length (a zero-length segment takes no time); otherwise
    ///     each segment gets an equal share of time, or the share `keyTimes` gives (segments + 1 entries).
    ///     A zero-length segment keeps the previous heading (the next one's at the start).
    func sample(at p: Double, paced: Bool, keyTimes: [Double]?) -> (Point, Angle)? {
        guard !segments.isEmpty else { return nil }
        let p = min(max(p, 0), 1)
        var index = 0, fraction = 0.0
        if paced {
            guard total > 0 else { return (segments[0].start, .zero) }
            var remaining = p * total
            index = segments.count - 1
            // A zero-length segment takes no time: it is never the one a time lands in.
            let last = lengths.lastIndex(where: { $0 > 0 }) ?? segments.count - 1
            for (i, length) in lengths.enumerated() where length > 0 || i == last {
                if remaining <= length || i == last {
                    index = i
                    fraction = length > 0 ? min(remaining / length, 1) : 0
                    break
                }
                remaining -= length
            }
        } else if let keyTimes, keyTimes.count == segments.count + 1 {
            let (segment, local) = KeyframeAnimation.locate(p, in: keyTimes)
            index = segment
            fraction = min(max(local, 0), 1)
        } else {
            let scaled = p * Double(segments.count)
            index = max(0, min(Int(saturating: scaled.rounded(.down)), segments.count - 1))
            fraction = scaled - Double(index)
        }
        var (point, heading) = Self.pointAndTangent(segments[index], fraction: fraction)
        if lengths[index] == 0 {
            // A segment of zero length has no direction of its own: it keeps the heading the motion had
            // (the previous segment's end), or, at the start, the one it will have.
            if let before = segments[..<index].indices.last(where: { lengths[$0] > 0 }) {
                heading = Self.pointAndTangent(segments[before], fraction: 1).1
            } else if let after = segments[(index + 1)...].indices.first(where: { lengths[$0] > 0 }) {
                heading = Self.pointAndTangent(segments[after], fraction: 0).1
            }
        }
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
