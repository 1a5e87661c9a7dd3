#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Path {
    /// Total length of every segment, closing lines included, pixels.
    public var length: Double {
        subpaths.reduce(0) { sum, subpath in sum + subpath.segments.reduce(0) { $0 + $1.length } }
    }

    /// The part of the path between fractions `start` and `end` of its total length, as CAShapeLayer's
    /// strokeStart and strokeEnd draw it.
    ///
    /// Both are clamped to [0, 1]; `start ≥ end` gives an empty path. Lengths run across subpaths in
    /// order. A subpath kept whole stays closed; a cut one becomes open. Exact for lines and arcs; curves
    /// are cut at the parameter whose arc length matches, to 1e-11 of the length.
    public func trimmed(from start: Double, to end: Double) -> Path {
        let s0 = min(max(start, 0), 1), s1 = min(max(end, 0), 1)
        if s0 <= 0 && s1 >= 1 { return self }
        guard s0 < s1 else { return Path() }
        let pieces = subpaths
        let lengths = pieces.map { $0.segments.map(\.length) }
        let total = lengths.joined().reduce(0, +)
        guard total > 0 else { return Path() }
        let from = s0 * total, to = s1 * total
        var out: [Subpath] = []
        var offset = 0.0
        for (subpath, segmentLengths) in zip(pieces, lengths) {
            let subLength = segmentLengths.reduce(0, +)
            defer { offset += subLength }
            if offset + subLength <= from || offset >= to { continue }
            if from <= offset && to >= offset + subLength {
                out.append(subpath)
                continue
            }
            var kept: [Subpath.Segment] = []
            var position = offset
            for (segment, length) in zip(subpath.segments, segmentLengths) {
                defer { position += length }
                let a = max(from, position), b = min(to, position + length)
                guard b > a || (length == 0 && a == b && position >= from && position < to) else { continue }
                if length == 0 { kept.append(segment); continue }
                kept.append(segment.trimmed(from: (a - position) / length, to: (b - position) / length))
            }
            if let first = kept.first {
                out.append(Subpath(start: first.start, segments: kept, isClosed: false))
            }
        }
        return Path(subpaths: out)
    }

    /// Polylines approximating each subpath, every point within `tolerance` pixels of the true path:
    /// lines exact, curves by Wang's formula, arcs with n = ⌈|sweep| / (2·acos(1 − tol/r))⌉ chords.
    public func flattened(tolerance: Double) -> [(points: [Point], isClosed: Bool)] {
        subpaths.map { subpath in
            var points = [subpath.start]
            for segment in subpath.segments {
                switch segment {
                case .line(_, let b): points.append(b)
                case .cubic(let c): points.append(contentsOf: c.flattened(tolerance: tolerance))
                case .arc(let arc):
                    let ratio = max(-1, min(1, 1 - tolerance / max(arc.radius, 1e-12)))
                    let perChord = 2 * acos(ratio)
                    let n = perChord > 0 ? max(1, min(100_000, Int(saturating: (abs(arc.sweep.radians) / perChord).rounded(.up)))) : 1
                    for i in 1...n { points.append(arc.point(at: Double(i) / Double(n))) }
                }
            }
            return (points, subpath.isClosed)
        }
    }

    /// Each subpath's direction at its start and at its end (`Subpath.Segment.direction(atEnd:)` of
    /// its first and last segments that have one), as `flattened` lists the subpaths; nil for a
    /// subpath of no extent. Stroke caps stand square to these (a flattened curve's first chord
    /// turns half its angle away from the tangent: a 100 px butt end of a wedge drawn as a stroke
    /// as wide as its circle came out 3 px off its place).
    public var endDirections: [(start: Point, end: Point)?] {
        subpaths.map { subpath in
            let start = subpath.segments.lazy.map { $0.direction(atEnd: false) }.first { $0.x != 0 || $0.y != 0 }
            let end = subpath.segments.reversed().lazy.map { $0.direction(atEnd: true) }.first { $0.x != 0 || $0.y != 0 }
            guard let start, let end else { return nil }
            return (start, end)
        }
    }

    /// Calls `body` with every point and control point, and for an arc the four corners of its
    /// circle's box: points whose box (under any affine map, as their images) holds the drawn path,
    /// since a Bézier curve lies in its control points' hull.
    public func forEachControlPoint(_ body: (Point) -> Void) {
        for element in elements {
            switch element {
            case .move(let p), .line(let p): body(p)
            case .quad(let c, let p): body(c); body(p)
            case .cubic(let c1, let c2, let p): body(c1); body(c2); body(p)
            case .arc(let a):
                for (dx, dy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] { body(Point(a.center.x + dx * a.radius, a.center.y + dy * a.radius)) }
            case .close: break
            }
        }
    }

    /// The box of the path's points and control points (arcs: their circle's box), or nil when empty
    /// or not finite: cheap, and it holds the drawn path (`forEachControlPoint`).
    public var controlBox: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        forEachControlPoint { p in minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The bounding box of the flattened path (within 0.01 px), or nil when empty.
    public var boundingBox: Rect? {
        Rect.bounding(flattened(tolerance: 0.01).flatMap(\.points))
    }
}
