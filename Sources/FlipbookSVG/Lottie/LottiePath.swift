#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import Flipbook

/// A path as Lottie shape contours: vertices with in and out tangents relative to them, made from the
/// commands SVG path data says for it (`SVGPathData.commands`), each coordinate rounded as the SVG
/// writes it, so that the Lottie file draws the segments the SVG outputs draw.
///
/// Lines are vertices with zero tangents, quadratics are raised to cubics exactly, and each circular arc
/// piece (≤ 120°, as `SVGPathData` writes them) becomes two cubics of ≤ 60° with the standard
/// tangent length 4/3·tan(θ/4)·r, whose radial error is below 2e-5 of the radius (0.004 px at 200 px).
struct LottieContour: Equatable {
    var vertices: [[Double]] = []
    var inTangents: [[Double]] = []
    var outTangents: [[Double]] = []
    var closed = false

    /// The contours of `path`. `mergeClosing`: a closed contour whose last vertex lies on its first
    /// is written without it (the closing segment is the last one); false keeps it (a morph whose
    /// shapes coincide so at some keys only must keep one vertex count at all of them).
    static func contours(of path: Path, mergeClosing: Bool = true) -> [LottieContour] {
        var contours: [LottieContour] = []
        var contour = LottieContour()
        var point = [0.0, 0.0]
        func written(_ p: Point) -> [Double] { [SVGNumber.representable(p.x), SVGNumber.representable(p.y)] }
        func addVertex(_ p: [Double]) {
            contour.vertices.append(p)
            contour.inTangents.append([0, 0])
            contour.outTangents.append([0, 0])
        }
        func cubic(_ c1: [Double], _ c2: [Double], _ p: [Double]) {
            let last = contour.vertices.count - 1
            contour.outTangents[last] = [c1[0] - point[0], c1[1] - point[1]]
            addVertex(p)
            contour.inTangents[last + 1] = [c2[0] - p[0], c2[1] - p[1]]
            point = p
        }
        func finish() {
            if contour.vertices.count > 0 { contours.append(contour) }
            contour = LottieContour()
        }
        SVGPathData.commands(of: path) { command in
            switch command {
            case .move(let m):
                finish()
                point = written(m)
                addVertex(point)
            case .line(let l):
                point = written(l)
                addVertex(point)
            case .quad(let qc, let qp):
                let c = written(qc), p = written(qp)
                cubic([point[0] + 2 / 3 * (c[0] - point[0]), point[1] + 2 / 3 * (c[1] - point[1])],
                      [p[0] + 2 / 3 * (c[0] - p[0]), p[1] + 2 / 3 * (c[1] - p[1])], p)
            case .cubic(let c1, let c2, let p):
                cubic(written(c1), written(c2), written(p))
            case .arc(let radius, let large, let sweep, let end):
                for piece in arcCubics(from: point, radius: SVGNumber.representable(radius), large: large, sweep: sweep, to: written(end)) {
                    cubic(piece[0], piece[1], piece[2])
                }
            case .close:
                contour.closed = true
                // A closing segment that ends on the first vertex: the last vertex is the first.
                if mergeClosing, contour.vertices.count > 1, let first = contour.vertices.first, let last = contour.vertices.last,
                   abs(first[0] - last[0]) < 1e-9, abs(first[1] - last[1]) < 1e-9 {
                    contour.inTangents[0] = contour.inTangents.removeLast()
                    contour.vertices.removeLast()
                    contour.outTangents.removeLast()
                }
                point = contour.vertices.first ?? point
                finish()
            }
        }
        finish()
        return contours
    }

    /// A circular arc from `start` to `end` (SVG's endpoint form, SVG 1.1 F.6.5 with rx = ry, no
    /// rotation; a radius too small for the chord grows to fit, as SVG says) as cubics of ≤ 60°:
    /// control points, control points, end point for each.
    static func arcCubics(from start: [Double], radius: Double, large: Bool, sweep: Bool, to end: [Double]) -> [[[Double]]] {
        let hx = (start[0] - end[0]) / 2, hy = (start[1] - end[1]) / 2
        let h2 = hx * hx + hy * hy
        guard h2 > 0, radius > 0 else { return [] }
        let r = max(radius, h2.squareRoot())
        let coefficient = (large != sweep ? 1.0 : -1.0) * max(0, (r * r - h2) / h2).squareRoot()
        let cx = coefficient * hy + (start[0] + end[0]) / 2
        let cy = -coefficient * hx + (start[1] + end[1]) / 2
        let a0 = atan2(start[1] - cy, start[0] - cx)
        var delta = atan2(end[1] - cy, end[0] - cx) - a0
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        let pieces = max(1, Int((abs(delta) / (.pi / 3) - 1e-6).rounded(.up)))
        let phi = delta / Double(pieces)
        let k = 4.0 / 3 * tan(phi / 4) * r
        var out: [[[Double]]] = []
        for n in 0..<pieces {
            let a = a0 + phi * Double(n), b = a0 + phi * Double(n + 1)
            let p0 = [cx + r * cos(a), cy + r * sin(a)]
            let p1 = n == pieces - 1 ? end : [cx + r * cos(b), cy + r * sin(b)]
            out.append([[p0[0] - k * sin(a), p0[1] + k * cos(a)], [p1[0] + k * sin(b), p1[1] - k * cos(b)], p1])
        }
        return out
    }
}
