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
        if min(max(start, 0), 1) <= 0 && min(max(end, 0), 1) >= 1 { return self }
        let pieces = subpaths
        var out: [Subpath] = [], kept: [Subpath.Segment] = [], keptOf = -1
        func flush() {
            if let first = kept.first { out.append(Subpath(start: first.start, segments: kept, isClosed: false)) }
            kept = []
        }
        forEachTrimmedPart(of: pieces, from: start, to: end) { part in
            if part.subpath != keptOf { flush(); keptOf = part.subpath }
            let subpath = pieces[part.subpath]
            if let cut = part.cut {
                let segment = subpath.segments[cut.segment]
                kept.append(cut.length == 0 ? segment : segment.trimmed(from: cut.from, to: cut.to))
            } else {
                out.append(subpath)
            }
            return true
        }
        flush()
        return Path(subpaths: out)
    }

    /// Whether `trimmed(from:to:)` keeps anything, found by the same walk without cutting a segment (a
    /// stroke's trim is asked for in the box of every group around it, and cut once when drawn).
    public func trimKeepsAnything(from start: Double, to end: Double) -> Bool {
        if min(max(start, 0), 1) <= 0 && min(max(end, 0), 1) >= 1 { return !isEmpty }
        var any = false
        forEachTrimmedPart(of: subpaths, from: start, to: end) { _ in any = true; return false }
        return any
    }

    /// A part `trimmed` keeps: subpath `subpath` whole (`cut` nil), or its segment `cut.segment` from
    /// fraction `cut.from` to `cut.to` of it (`cut.length` its length; a segment of no length is
    /// kept as it is).
    private struct TrimmedPart {
        var subpath: Int
        var cut: (segment: Int, from: Double, to: Double, length: Double)?
    }

    /// Calls `body` with each part of `pieces` (this path's subpaths) between fractions `start` and
    /// `end` of the total length, clamped, in order, until it returns false: nothing when `start ≥ end`
    /// or the path has no length.
    private func forEachTrimmedPart(of pieces: [Subpath], from start: Double, to end: Double, _ body: (TrimmedPart) -> Bool) {
        let s0 = min(max(start, 0), 1), s1 = min(max(end, 0), 1)
        guard s0 < s1 else { return }
        let lengths = pieces.map { $0.segments.map(\.length) }
        let total = lengths.joined().reduce(0, +)
        guard total > 0 else { return }
        let from = s0 * total, to = s1 * total
        var offset = 0.0
        for (i, segmentLengths) in lengths.enumerated() {
            let subLength = segmentLengths.reduce(0, +)
            defer { offset += subLength }
            if offset + subLength <= from || offset >= to { continue }
            if from <= offset && to >= offset + subLength {
                guard body(TrimmedPart(subpath: i)) else { return }
                continue
            }
            var position = offset
            for (j, length) in segmentLengths.enumerated() {
                defer { position += length }
                let a = max(from, position), b = min(to, position + length)
                guard b > a || (length == 0 && a == b && position >= from && position < to) else { continue }
                let part = TrimmedPart(subpath: i, cut: (j, length == 0 ? 0 : (a - position) / length, length == 0 ? 0 : (b - position) / length, length))
                guard body(part) else { return }
            }
        }
    }

    /// Polylines approximating each subpath, every point within `tolerance` pixels of the true path:
    /// lines exact, curves by Wang's formula, arcs with n = ⌈|sweep| / (2·acos(1 − tol/r))⌉ chords.
    public func flattened(tolerance: Double) -> [(points: [Point], isClosed: Bool)] {
        flatten(tolerance: tolerance, marking: false).map { ($0.points, $0.isClosed) }
    }

    /// `flattened(tolerance:)` with, for each point, whether the path passes through it smoothly: a
    /// point inside a curve's or an arc's chords, or a join of two pieces whose directions there agree
    /// (within 1e-6 rad; pieces of no extent skipped; a closed subpath's start joins its last piece to
    /// its first). A stroke treats such a point as a curve, not a corner of its polyline (`Stroker`).
    public func flattenedMarkingSmooth(tolerance: Double) -> [(points: [Point], isClosed: Bool, smooth: [Bool])] {
        flatten(tolerance: tolerance, marking: true)
    }

    /// Both of the above; `smooth` is empty unless `marking`.
    private func flatten(tolerance: Double, marking: Bool) -> [(points: [Point], isClosed: Bool, smooth: [Bool])] {
        subpaths.map { subpath in
            let segments = subpath.segments
            let starts = marking ? segments.map { Self.unitOrNil($0.direction(atEnd: false)) } : []
            let ends = marking ? segments.map { Self.unitOrNil($0.direction(atEnd: true)) } : []
            /// Whether the join after piece k is smooth: the last direction arriving there against the
            /// next leaving it (around the start of a closed subpath).
            func joint(after k: Int) -> Bool {
                let n = segments.count
                var arriving: Point?, leaving: Point?
                for j in stride(from: k, to: k - n, by: -1) where j >= 0 || subpath.isClosed {
                    if let d = ends[(j + n) % n] { arriving = d; break }
                }
                for j in (k + 1)..<(k + 1 + n) where j < n || subpath.isClosed {
                    if let d = starts[j % n] { leaving = d; break }
                }
                guard let a = arriving, let b = leaving else { return false }
                return a.x * b.x + a.y * b.y > 0 && abs(a.x * b.y - a.y * b.x) <= 1e-6
            }
            var points = [subpath.start]
            var smooth = marking ? [subpath.isClosed && !segments.isEmpty && joint(after: segments.count - 1)] : []
            for (k, segment) in segments.enumerated() {
                let count = points.count
                switch segment {
                case .line(_, let b): points.append(b)
                case .cubic(let c): points.append(contentsOf: c.flattened(tolerance: tolerance))
                case .arc(let arc):
                    let ratio = max(-1, min(1, 1 - tolerance / max(arc.radius, 1e-12)))
                    let perChord = 2 * acos(ratio)
                    let n = perChord > 0 ? max(1, min(100_000, Int(saturating: (abs(arc.sweep.radians) / perChord).rounded(.up)))) : 1
                    for i in 1...n { points.append(arc.point(at: Double(i) / Double(n))) }
                }
                if marking {
                    smooth += Array(repeating: true, count: points.count - count - 1)
                    smooth.append(joint(after: k))
                }
            }
            return (points, subpath.isClosed, smooth)
        }
    }

    private static func unitOrNil(_ v: Point) -> Point? {
        let l = v.length
        return l > 0 && l.isFinite ? v * (1 / l) : nil
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
