#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Flipbook

/// A conic gradient as SVG can draw it: SVG has no conic gradient, so the turn is cut into solid
/// wedges around the centre, each the gradient's colour at its middle, and the shape painted with it
/// becomes a mask over them (`SVGFrameWriter`, the compiler).
///
/// ## Error
/// Between two stops the gradient's premultiplied channels (and alpha) change linearly with the
/// angle. A stop interval whose largest channel change is d (0…1) is cut into n = ⌈255 · d⌉ equal
/// wedges, so every point lies within half a wedge of its wedge's middle and its channels are within
/// d / (2n) ≤ 0.5/255 of the wedge's colour; writing the colour as 8-bit hex adds at most 0.5/255:
/// at most 1/255 in all (the tests measure it at every angle against `Gradient.color(atOffset:)`).
/// Before the first stop and after the last the colour is constant: one wedge each. A stop interval
/// of zero width is a hard edge between two wedges.
///
/// ## Seams
/// Wedges that meet edge to edge leave a lighter line where each covers part of a pixel, and wedges
/// narrower than a pixel (255 to a stop interval) leave pixels that none of them covers fully, so
/// their alphas never add up to one. So the first wedge covers the whole turn, an opaque base, and
/// each later one reaches on by up to a quarter turn under the ones drawn after it (never past the
/// turn's end, where the base shows): every pixel farther than a pixel from the centre is covered
/// fully, and each edge is anti-aliased over the colour before it. Overlaps would add up translucent
/// colours, so a gradient with translucent stops is drawn in two parts that are each opaque: the
/// straight colours, and a luminance mask of grey wedges (grey = alpha; browsers and librsvg read a
/// grey's luminance as its value).
///
/// ## Geometry
/// Each wedge is a polygon from the centre through points on a circle of radius `reach` no more than
/// a quarter turn apart (its chords stay outside reach / √2), with `reach` √2 times the distance
/// from the centre to the farthest corner of the box to cover, plus a pixel (`reach(from:covering:)`).
public enum ConicWedges {
    struct Wedge: Equatable {
        /// The wedge's polygon, in the gradient's coordinates.
        var path: Path
        /// The colour (straight, as `Color` holds it) at the wedge's middle.
        var color: Color
    }

    /// The wedges of a normalised conic gradient (`Gradient.normalized`) covering `box`, drawn in
    /// order; and whether any is translucent. None for a gradient without stops.
    static func wedges(_ g: Gradient, covering box: Rect) -> (wedges: [Wedge], translucent: Bool) {
        guard !g.stops.isEmpty else { return ([], false) }
        // Offsets of the wedges' edges in [0, 1] and their colours.
        var spans: [(from: Double, to: Double, color: Color)] = []
        func add(_ a: Double, _ b: Double) {
            guard b > a else { return }
            let c = g.color(atOffset: (a + b) / 2)
            if let last = spans.last, last.color == c, last.to == a { spans[spans.count - 1].to = b } else { spans.append((a, b, c)) }
        }
        let stops = g.stops
        add(0, stops[0].offset)
        for i in stops.indices.dropLast() {
            let a = stops[i], b = stops[i + 1]
            guard b.offset > a.offset else { continue }
            let n = Gradient.wedgeCount(from: a.color, to: b.color)
            for k in 0..<n {
                add(a.offset + (b.offset - a.offset) * Double(k) / Double(n),
                    k == n - 1 ? b.offset : a.offset + (b.offset - a.offset) * Double(k + 1) / Double(n))
            }
        }
        add(stops[stops.count - 1].offset, 1)
        let reach = reach(from: g.start, covering: box)
        var out: [Wedge] = []
        out.reserveCapacity(spans.count)
        for (i, span) in spans.enumerated() {
            let from = i == 0 ? 0 : span.from, to = i == 0 ? 1 : min(span.to + 0.25, 1)
            out.append(Wedge(path: polygon(center: g.start, reach: reach, from: g.angle.radians + 2 * .pi * from,
                                           to: g.angle.radians + 2 * .pi * to), color: span.color))
        }
        return (out, out.contains { $0.color.alpha < 1 })
    }

    /// How far the wedges around `center` reach to cover `box` (px): √2 times the distance to the
    /// box's farthest corner, plus a pixel (10⁷ px when that distance is not finite). Every wedge
    /// lies within the square of this half-side around the centre.
    public static func reach(from center: Point, covering box: Rect) -> Double {
        let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.maxX, box.maxY), Point(box.minX, box.maxY)]
        let far = corners.map { $0.distance(to: center) }.max() ?? 0
        return (far.isFinite ? far : 1e7) * 2.0.squareRoot() + 1
    }

    /// The box wedges cover for a stroke whose path's box is `box`: grown on every side by as far as
    /// the stroke can reach past its path (half `lineWidth` times `miterLimit`, at least 1.5, plus a
    /// pixel), px.
    public static func strokeBox(_ box: Rect, lineWidth: Double, miterLimit: Double) -> Rect {
        let reach = lineWidth / 2 * max(miterLimit, 1.5) + 1
        return Rect(x: box.minX - reach, y: box.minY - reach, width: box.width + 2 * reach, height: box.height + 2 * reach)
    }

    /// The wedge from angle `a` to `b` (radians, b > a) as a polygon: the centre, then points on the
    /// circle of radius `reach` at most a quarter turn apart; a whole turn is the square around it.
    static func polygon(center c: Point, reach: Double, from a: Double, to b: Double) -> Path {
        if b - a >= 2 * .pi { return .rect(Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)) }
        var path = Path()
        path.move(to: c)
        let pieces = max(1, Int(((b - a) / (.pi / 2)).rounded(.up)))
        for k in 0...pieces {
            let angle = a + (b - a) * Double(k) / Double(pieces)
            path.line(to: Point(c.x + reach * cos(angle), c.y + reach * sin(angle)))
        }
        path.close()
        return path
    }

    /// A colour's premultiplied channels and alpha.
    static func premultiplied(_ c: Color) -> [Double] { [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha] }

    /// The grey whose luminance is `alpha`: a wedge of the translucent gradient's luminance mask.
    static func grey(_ alpha: Double) -> Color { Color(red: alpha, green: alpha, blue: alpha, alpha: 1) }

    /// The colour opaque, for the colour part of a translucent gradient (a clear colour has none: black).
    static func opaque(_ c: Color) -> Color { Color(red: c.red, green: c.green, blue: c.blue, alpha: 1) }
}
