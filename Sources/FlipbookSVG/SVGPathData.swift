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

    public static func append<Sink: SVGTextSink>(_ path: Path, to out: inout Sink) {
        var current: Point?
        // After an arc, `current` is its end, computed only when another arc asks (a sine and a cosine
        // that a path ending in an arc, such as every arc layer's, never needs).
        var arcBefore: Arc?
        var subpathStart: Point?
        func point(_ p: Point) {
            SVGNumber.append(p.x, to: &out)
            out.write(byte: UInt8(ascii: " "))
            SVGNumber.append(p.y, to: &out)
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                out.write("M"); point(p)
                current = p; subpathStart = p
            case .line(let p):
                if current == nil { out.write("M"); point(p); subpathStart = p } else { out.write("L"); point(p) }
                current = p
            case .quad(let c, let p):
                if current == nil { out.write("M"); point(c); subpathStart = c }
                out.write("Q"); point(c); out.write(" "); point(p)
                current = p
            case .cubic(let c1, let c2, let p):
                if current == nil { out.write("M"); point(c1); subpathStart = c1 }
                out.write("C"); point(c1); out.write(" "); point(c2); out.write(" "); point(p)
                current = p
            case .arc(let arc):
                let start = arc.startPoint
                if let before = arcBefore { current = before.endPoint }
                if current == nil {
                    out.write("M"); point(start); subpathStart = start
                } else if current != start {
                    out.write("L"); point(start)
                }
                appendArc(arc, from: start, to: &out)
                arcBefore = arc
                // (Any point stands for the arc's end until it is asked for: only its presence counts.)
                current = start
                continue
            case .close:
                out.write("Z")
                current = subpathStart
            }
            arcBefore = nil
        }
    }

    /// Appends the pieces of `arc`, whose start point is `start` (`arc.startPoint`, computed once).
    private static func appendArc<Sink: SVGTextSink>(_ arc: Arc, from start: Point, to out: inout Sink) {
        let sweep = max(-2 * Double.pi, min(2 * Double.pi, arc.sweep.radians))
        guard sweep != 0, arc.radius > 0 else { return }
        let pieces = max(1, min(64, Int(saturating: (abs(sweep) / (Double.pi * 2 / 3) - 1e-9).rounded(.up))))
        // The radius is written twice in every piece: formatted once.
        let radius = FormattedNumber(arc.radius)
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
                out.write("L")
                SVGNumber.append(to.x, to: &out)
                out.write(" ")
                SVGNumber.append(to.y, to: &out)
                continue
            }
            out.write("A")
            radius.write(to: &out)
            out.write(" ")
            radius.write(to: &out)
            out.write(abs(piece.sweep.radians) > Double.pi ? " 0 1 " as StaticString : " 0 0 ")
            out.write(piece.sweep.radians > 0 ? "1 " as StaticString : "0 ")
            SVGNumber.append(to.x, to: &out)
            out.write(" ")
            SVGNumber.append(to.y, to: &out)
        }
    }
}

/// A number's text (`SVGNumber.append`) made once, to be written several times: at most 24 bytes, held
/// inline.
private struct FormattedNumber: SVGTextSink {
    private var bytes = InlineArray<24, UInt8>(repeating: 0)
    private var count = 0

    init(_ value: Double) {
        SVGNumber.append(value, to: &self)
    }

    /// Writes the text to `out`.
    func write<Sink: SVGTextSink>(to out: inout Sink) {
        out.write(asciiCount: count) { target in
            for i in 0..<count { target[i] = bytes[i] }
        }
    }

    mutating func write(byte: UInt8) {
        bytes[count] = byte
        count += 1
    }
    mutating func write(asciiCount count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { text in
            body(text.baseAddress!)
            for byte in text { write(byte: byte) }
        }
    }
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { for byte in $0 { write(byte: byte) } }
    }
    mutating func write(string text: String) {
        for byte in text.utf8 { write(byte: byte) }
    }
}
