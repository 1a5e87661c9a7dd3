import Flipbook

/// SVG path data (`d`) for a `Path`: M, L, Q, C, A and Z with absolute coordinates, numbers by
/// `SVGNumber`.
///
/// Arcs become SVG elliptical arcs with equal radii: sweep-flag 1 for a positive (clockwise on screen)
/// sweep, in pieces of at most 120°: SVG cannot draw a full circle in one arc, and an arc near 180° is
/// ill-conditioned — end points rounded to 0.001 px move its centre by up to √(2r·0.001) px (0.6 px
/// for r = 170). A path's connecting lines into arcs are written out, as Core Graphics draws them.
public enum SVGPathData {
    public static func string(_ path: Path) -> String {
        var out = ""
        append(path, to: &out)
        return out
    }

    /// One command of path data, its coordinates absolute and unrounded (a writer rounds them as it
    /// writes: `SVGNumber` for text; Lottie's contours take the same numbers).
    enum Command {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        /// A circular arc piece of at most 120° to `end`: SVG's `A r r 0 large sweep x y`.
        case arc(radius: Double, large: Bool, sweep: Bool, end: Point)
        case close
    }

    public static func append<Sink: SVGTextSink>(_ path: Path, to out: inout Sink) {
        func point(_ p: Point) {
            SVGNumber.append(p.x, to: &out)
            out.write(byte: UInt8(ascii: " "))
            SVGNumber.append(p.y, to: &out)
        }
        commands(of: path) { command in
            switch command {
            case .move(let p): out.write("M"); point(p)
            case .line(let p): out.write("L"); point(p)
            case .quad(let c, let p): out.write("Q"); point(c); out.write(" "); point(p)
            case .cubic(let c1, let c2, let p): out.write("C"); point(c1); out.write(" "); point(c2); out.write(" "); point(p)
            case .arc(let radius, let large, let sweep, let end):
                out.write("A")
                SVGNumber.append(radius, to: &out)
                out.write(" ")
                SVGNumber.append(radius, to: &out)
                out.write(large ? " 0 1 " as StaticString : " 0 0 ")
                out.write(sweep ? "1 " as StaticString : "0 ")
                point(end)
            case .close: out.write("Z")
            }
        }
    }

    /// The commands SVG path data says for `path`, in order: what `append` writes as text and what the
    /// Lottie writer's contours are made of, so that both draw the same segments.
    static func commands(of path: Path, _ emit: (Command) -> Void) {
        var current: Point?
        // After an arc, `current` is its end, computed only when another arc asks (a sine and a cosine
        // that a path ending in an arc, such as every arc layer's, never needs).
        var arcBefore: Arc?
        var subpathStart: Point?
        for element in path.elements {
            switch element {
            case .move(let p):
                emit(.move(p))
                current = p; subpathStart = p
            case .line(let p):
                if current == nil { emit(.move(p)); subpathStart = p } else { emit(.line(p)) }
                current = p
            case .quad(let c, let p):
                if current == nil { emit(.move(c)); subpathStart = c }
                emit(.quad(c, p))
                current = p
            case .cubic(let c1, let c2, let p):
                if current == nil { emit(.move(c1)); subpathStart = c1 }
                emit(.cubic(c1, c2, p))
                current = p
            case .arc(let arc):
                let start = arc.startPoint
                if let before = arcBefore { current = before.endPoint }
                if current == nil {
                    emit(.move(start)); subpathStart = start
                } else if current != start {
                    emit(.line(start))
                }
                arcPieces(arc, from: start, emit)
                arcBefore = arc
                // (Any point stands for the arc's end until it is asked for: only its presence counts.)
                current = start
                continue
            case .close:
                emit(.close)
                current = subpathStart
            }
            arcBefore = nil
        }
    }

    /// The pieces of `arc`, whose start point is `start` (`arc.startPoint`, computed once).
    private static func arcPieces(_ arc: Arc, from start: Point, _ emit: (Command) -> Void) {
        let sweep = max(-2 * Double.pi, min(2 * Double.pi, arc.sweep.radians))
        guard sweep != 0, arc.radius > 0 else { return }
        let pieces = max(1, min(64, Int(saturating: (abs(sweep) / (Double.pi * 2 / 3) - 1e-9).rounded(.up))))
        for i in 1...pieces {
            let piece = Arc(center: arc.center, radius: arc.radius,
                            startAngle: arc.startAngle + Angle(radians: sweep * Double(i - 1) / Double(pieces)),
                            sweep: Angle(radians: sweep / Double(pieces)))
            // An arc shorter than the written precision has the same written ends, and SVG leaves out an
            // arc whose ends are equal (SVG 1.1 §F.6.2) with its caps; a line to that point keeps them,
            // as the tiny arc has them.
            // The first piece starts where the arc does (its start angle plus a zero, the same point
            // but for the sign of a zero coordinate, which is written as 0 either way).
            let from = i == 1 ? start : piece.startPoint, to = piece.endPoint
            if SVGNumber.representable(from.x) == SVGNumber.representable(to.x),
               SVGNumber.representable(from.y) == SVGNumber.representable(to.y) {
                emit(.line(to))
                continue
            }
            emit(.arc(radius: arc.radius, large: abs(piece.sweep.radians) > Double.pi, sweep: piece.sweep.radians > 0, end: to))
        }
    }
}
