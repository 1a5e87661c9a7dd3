#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path's drawable pieces, with the implicit lines (arc connections, closing lines) made explicit.
public struct Subpath: Hashable, Sendable {
    /// One piece of a subpath.
    public enum Segment: Hashable, Sendable {
        case line(Point, Point)
        case cubic(CubicBezierSegment)
        case arc(Arc)

        public var start: Point {
            switch self {
            case .line(let a, _): return a
            case .cubic(let c): return c.p0
            case .arc(let arc): return arc.startPoint
            }
        }

        public var end: Point {
            switch self {
            case .line(_, let b): return b
            case .cubic(let c): return c.p3
            case .arc(let arc): return arc.endPoint
            }
        }

        /// The direction the segment leaves its start (`atEnd` false) or arrives at its end, not
        /// normalised: a cubic's first control point that differs from the end (then the next), a
        /// line's own direction, an arc's tangent; (0, 0) for a segment of no extent.
        public func direction(atEnd: Bool) -> Point {
            switch self {
            case .line(let a, let b): return b - a
            case .cubic(let c):
                let candidates = atEnd ? [c.p3 - c.p2, c.p3 - c.p1, c.p3 - c.p0] : [c.p1 - c.p0, c.p2 - c.p0, c.p3 - c.p0]
                return candidates.first { $0.x != 0 || $0.y != 0 } ?? Point(0, 0)
            case .arc(let arc):
                let angle = (atEnd ? arc.endAngle : arc.startAngle).radians, sign: Double = arc.sweep.radians < 0 ? -1 : 1
                return arc.radius == 0 || arc.sweep.radians == 0 ? Point(0, 0) : Point(-sin(angle) * sign, cos(angle) * sign)
            }
        }

        /// Length in pixels (exact for lines and arcs; quadrature for curves).
        public var length: Double {
            switch self {
            case .line(let a, let b): return a.distance(to: b)
            case .cubic(let c): return c.length()
            case .arc(let arc): return arc.length
            }
        }

        /// The part between arc-length fractions f0 ≤ f1 of this segment.
        public func trimmed(from f0: Double, to f1: Double) -> Segment {
            switch self {
            case .line(let a, let b): return .line(lerp(a, b, f0), lerp(a, b, f1))
            case .arc(let arc): return .arc(arc.trimmed(from: f0, to: f1))
            case .cubic(let c):
                let total = c.length()
                let t0 = f0 <= 0 ? 0 : c.parameter(atLength: f0 * total)
                let t1 = f1 >= 1 ? 1 : c.parameter(atLength: f1 * total)
                return .cubic(c.subsegment(from: t0, to: t1))
            }
        }
    }

    /// Where the subpath begins.
    public var start: Point
    /// The pieces in order; the closing line of a closed subpath is the last one.
    public var segments: [Segment]
    /// Whether the subpath was closed (its last segment then returns to `start`).
    public var isClosed: Bool
}

extension Path {
    /// The subpaths with every implicit line made explicit: the line into an arc from the current point,
    /// and the closing line (a zero-length closing line is kept so joins stay right).
    public var subpaths: [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        var point: Point?
        func begin(at p: Point) {
            if let c = current { result.append(c) }
            current = Subpath(start: p, segments: [], isClosed: false)
            point = p
        }
        for element in elements {
            switch element {
            case .move(let p):
                begin(at: p)
            case .line(let p):
                if current == nil { begin(at: point ?? p) }
                current!.segments.append(.line(point!, p))
                point = p
            case .quad(let c, let p):
                if current == nil { begin(at: point ?? c) }
                current!.segments.append(.cubic(CubicBezierSegment(quadratic: point!, c, p)))
                point = p
            case .cubic(let c1, let c2, let p):
                if current == nil { begin(at: point ?? c1) }
                current!.segments.append(.cubic(CubicBezierSegment(point!, c1, c2, p)))
                point = p
            case .arc(let arc):
                if current == nil {
                    begin(at: arc.startPoint)
                } else if point! != arc.startPoint {
                    current!.segments.append(.line(point!, arc.startPoint))
                }
                if arc.sweep.radians != 0 && arc.radius > 0 { current!.segments.append(.arc(arc)) }
                point = arc.endPoint
            case .close:
                guard var c = current else { continue }
                c.segments.append(.line(point!, c.start))
                c.isClosed = true
                result.append(c)
                current = nil
                point = c.start
            }
        }
        if let c = current { result.append(c) }
        return result
    }

    /// A path drawing exactly these subpaths.
    public init(subpaths: [Subpath]) {
        var path = Path()
        for subpath in subpaths {
            path.move(to: subpath.start)
            for (index, segment) in subpath.segments.enumerated() {
                if subpath.isClosed && index == subpath.segments.count - 1, case .line = segment {
                    break
                }
                switch segment {
                case .line(_, let b): path.line(to: b)
                case .cubic(let c): path.cubic(to: c.p3, control1: c.p1, control2: c.p2)
                case .arc(let arc): path.addArc(arc)
                }
            }
            if subpath.isClosed { path.close() }
        }
        self = path
    }
}
