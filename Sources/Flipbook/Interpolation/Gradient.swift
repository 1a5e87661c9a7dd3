#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A linear, radial or conic colour gradient, in the layer's own coordinates (pixels).
public struct Gradient: Hashable, Sendable, Codable, Interpolatable {
    /// The gradient's shape.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Colour varies along the line from `start` to `end`.
        case linear
        /// Colour varies from `focus` (offset 0; the centre `start` when there is none) out to the
        /// circle around `start` through `end` (offset 1).
        case radial
        /// Colour varies with the angle around `start` (the centre), from `angle` clockwise on screen
        /// through one turn (CAGradientLayer's `.conic`, CSS's `conic-gradient`); `end` is unused.
        case conic
    }

    /// A colour at a position along the gradient.
    public struct Stop: Hashable, Sendable, Codable {
        /// Position in [0, 1] along the gradient.
        public var offset: Double
        public var color: Color

        public init(_ offset: Double, _ color: Color) {
            self.offset = offset
            self.color = color
        }
    }

    public var kind: Kind
    /// Colour stops, offsets non-decreasing; no stops means no gradient.
    public var stops: [Stop]
    /// Linear: where offset 0 lies. Radial: the centre. Pixels.
    public var start: Point
    /// Linear: where offset 1 lies. Radial: a point on the circle of offset 1. Pixels.
    public var end: Point
    /// Conic: the direction of offset 0 (and 1), 0 at 3 o'clock, clockwise on screen; the scene
    /// file's `startAngle`. Unused by the other kinds. Default 0.
    public var angle: Angle = .zero
    /// Radial: the focal point, where offset 0 lies (SVG's `fx`, `fy`; Lottie's highlight), drawn
    /// at most 0.99 of the radius from the centre (`drawnFocus`). nil: the centre. Pixels. Unused by
    /// the other kinds. Default nil.
    public var focus: Point?

    public init(kind: Kind = .linear, stops: [Stop], start: Point, end: Point, angle: Angle = .zero, focus: Point? = nil) {
        self.kind = kind
        self.stops = stops
        self.start = start
        self.end = end
        self.angle = angle
        self.focus = focus
    }

    /// The focal point a radial gradient is drawn from, as every output draws it: `focus` moved
    /// towards the centre to at most 0.99 of the radius from it (lottie-web's limit on a highlight;
    /// SVG 1.1 moves a focus outside the circle onto it and SVG 2 draws a cone, so no output is left
    /// to either rule). nil when there is no focus, it is the centre, the kind is not radial, or a
    /// coordinate is not finite.
    public var drawnFocus: Point? {
        guard kind == .radial, let focus else { return nil }
        let w = focus - start, r = radius
        let d = (w.x * w.x + w.y * w.y).squareRoot()
        guard d.isFinite, r.isFinite, d > 0 else { return nil }
        let limit = 0.99 * r
        return d <= limit ? focus : start + w * (limit / d)
    }

    /// A conic gradient around `center` from `startAngle`.
    public static func conic(center: Point, startAngle: Angle, stops: [Stop]) -> Gradient {
        Gradient(kind: .conic, stops: stops, start: center, end: center, angle: startAngle)
    }

    /// No gradient.
    public static let none = Gradient(stops: [], start: .zero, end: .zero)

    /// Whether the gradient has no extent: a linear one whose start is its end (the squared length
    /// underflowing to 0 included), a radial one of radius 0, or one with a coordinate that is not
    /// finite. SVG paints such a gradient in the colour of its last stop.
    public var hasNoExtent: Bool {
        if kind == .conic { return !(start.x.isFinite && start.y.isFinite && angle.radians.isFinite) }
        let d = end - start
        guard d.x.isFinite, d.y.isFinite else { return true }
        switch kind {
        case .linear: return d.x * d.x + d.y * d.y == 0
        case .radial: return !(radius > 0)
        case .conic: return false
        }
    }

    /// The gradient as drawn, SVG's rule for stops (SVG 1.1 §13.2.4): each offset clamped to [0, 1] (NaN
    /// as 0), then raised to the largest offset before it, so offsets are non-decreasing in the stops'
    /// own order; each colour clamped to [0, 1]. An overshooting easing moved a stop's offset below 0:
    /// the SVG frame clamped it, the raster frame sorted the stops by it and drew another colour.
    public var normalized: Gradient {
        var out = self
        var floor = 0.0
        for i in out.stops.indices {
            let o = out.stops[i].offset
            floor = Swift.max(floor, o.isNaN ? 0 : Swift.min(Swift.max(o, 0), 1))
            out.stops[i].offset = floor
            out.stops[i].color = out.stops[i].color.clampedToUnit
        }
        return out
    }

    /// Radial gradients' radius: |end − start|.
    public var radius: Double { start.distance(to: end) }

    /// Stops, colours (premultiplied sRGB) and geometry mix pairwise when both gradients have the same
    /// kind and stop count; otherwise the gradient switches at t = 0.5.
    public static func interpolate(_ a: Gradient, _ b: Gradient, _ t: Double) -> Gradient {
        if t == 0 { return a }
        if t == 1 { return b }
        guard a.kind == b.kind, a.stops.count == b.stops.count else { return t < 0.5 ? a : b }
        // Foci mix as points, the centre standing for none (none at both ends stays none).
        let focus: Point? = a.focus == nil && b.focus == nil ? nil : .interpolate(a.focus ?? a.start, b.focus ?? b.start, t)
        return Gradient(kind: a.kind,
                        stops: zip(a.stops, b.stops).map { Stop(mix($0.offset, $1.offset, t), .interpolate($0.color, $1.color, t)) },
                        start: .interpolate(a.start, b.start, t), end: .interpolate(a.end, b.end, t),
                        angle: Angle(radians: mix(a.angle.radians, b.angle.radians, t)), focus: focus)
    }

    /// How many solid wedges draw a conic gradient's turn from colour `a` to `b` within half a level of
    /// 8 bits (SVG has no conic gradient; FlipbookSVG's `ConicWedges`): ⌈255 · d⌉ for the largest
    /// change d of a premultiplied channel or alpha, at least 1.
    public static func wedgeCount(from a: Color, to b: Color) -> Int {
        let d = Swift.max(abs(a.red * a.alpha - b.red * b.alpha), abs(a.green * a.alpha - b.green * b.alpha),
                          abs(a.blue * a.alpha - b.blue * b.alpha), abs(a.alpha - b.alpha))
        return Swift.max(1, Int((255 * Swift.min(d, 1)).rounded(.up)))
    }

    /// The wedges a conic gradient is drawn with (`wedgeCount(from:to:)` for each span between stops,
    /// and one before the first and after the last); 0 for no stops.
    public var wedgeCount: Int {
        guard !stops.isEmpty else { return 0 }
        var n = 2
        for i in stops.indices.dropLast() where stops[i + 1].offset > stops[i].offset {
            n += Self.wedgeCount(from: stops[i].color, to: stops[i + 1].color)
        }
        return n
    }

    /// Whether `entries` colours at evenly spaced offsets, the nearest taken, stay within half a level of
    /// 8 bits of the gradient everywhere (the raster painter's `GradientTable`): every span between
    /// two different colours at least 255 · d / (entries − 1) wide, d its largest premultiplied change
    /// (a hard edge, a span of zero width, never is).
    public func admitsTable(of entries: Int) -> Bool {
        guard !stops.isEmpty, entries > 1 else { return false }
        for i in stops.indices.dropLast() where stops[i].color != stops[i + 1].color {
            let d = Double(Self.wedgeCount(from: stops[i].color, to: stops[i + 1].color)) / 255
            guard (stops[i + 1].offset - stops[i].offset) * Double(entries - 1) >= 255 * d else { return false }
        }
        return true
    }

    /// The gradient's offset at `p` before clamping: along the line (linear), the distance over the
    /// radius (radial; with a focus, `focalOffset`), or the turn from `angle` clockwise, in [0, 1)
    /// (conic; its centre is at 0).
    public func offset(at p: Point) -> Double {
        switch kind {
        case .linear: return Self.linearOffset(p, start, end - start)
        case .radial:
            if let f = drawnFocus { return Self.focalOffset(p - f, f - start, radius) }
            return Self.radialOffset(p, start, radius)
        case .conic: return Self.conicOffset(p, start, angle.radians)
        }
    }

    /// The offsets at the centres of a run of device pixels: `out[i]` is
    /// `offset(at: inverse.apply(Point(Double(x + i) + 0.5, Double(y) + 0.5)))` for each i of `out`, in
    /// one call for the run (the raster painter's gradients: a call per pixel across modules was a
    /// fifth of a gradient's time), the kind chosen once for the run (chosen per pixel, it was half a
    /// linear gradient's time).
    ///
    /// Conic offsets are computed as `offset(at:)` computes them, to the bit. A linear offset is
    /// affine along the row: `out[i]` is the first pixel's offset plus i times the offset's change from
    /// one pixel to the next (each from the first, never accumulated); a radial one is the length of
    /// the first pixel's vector from the centre plus i times the inverse's step, over the radius (with a
    /// focus, `focalOffset` of the vector from the focus, stepped the same way). Both
    /// are within a few units in the last place of `offset(at:)` times the run's length (the tests
    /// hold them to 1e-9 over a 4,096-pixel run); the raster painter reads offsets through a table of
    /// 4,096 entries, for which such a difference moves an offset lying within it of an entry's
    /// boundary by one entry, half a level of 8 bits at most (`GradientTable`).
    package func offsets(row y: Int, from x: Int, through inverse: Transform2D, into out: UnsafeMutableBufferPointer<Double>) {
        let centreY = Double(y) + 0.5
        @inline(__always) func point(_ i: Int) -> Point { inverse.apply(Point(Double(x + i) + 0.5, centreY)) }
        switch kind {
        case .linear:
            let start = start, d = end - start
            let l2 = d.x * d.x + d.y * d.y
            guard l2 > 0 else { for i in out.indices { out[i] = 0 }; return }
            let first = Self.linearOffset(point(0), start, d)
            let step = (inverse.a * d.x + inverse.b * d.y) / l2
            for i in out.indices { out[i] = first + Double(i) * step }
        case .radial:
            // The point moves by the inverse's first column from pixel to pixel: its offset from the
            // centre is the first pixel's plus i steps (each from the first), its length over r.
            let r = radius
            guard r > 0 else { for i in out.indices { out[i] = 1 }; return }
            let (ax, ay) = (inverse.a, inverse.b)
            if let f = drawnFocus {
                // From the focus: the first pixel's vector from it plus i steps, as below.
                let first = point(0) - f, w = f - start
                for i in out.indices {
                    let k = Double(i)
                    out[i] = Self.focalOffset(Point(first.x + k * ax, first.y + k * ay), w, r)
                }
                return
            }
            let first = point(0) - start
            for i in out.indices {
                let k = Double(i)
                let dx = first.x + k * ax, dy = first.y + k * ay
                out[i] = (dx * dx + dy * dy).squareRoot() / r
            }
        case .conic:
            let start = start, a = angle.radians
            for i in out.indices { out[i] = Self.conicOffset(point(i), start, a) }
        }
    }

    /// Along the line from `start` by `d`: the projection of `p` over |d|² (0 for a line of no length).
    @inline(__always)
    private static func linearOffset(_ p: Point, _ start: Point, _ d: Point) -> Double {
        let l2 = d.x * d.x + d.y * d.y
        return l2 > 0 ? ((p.x - start.x) * d.x + (p.y - start.y) * d.y) / l2 : 0
    }

    /// The distance from `centre` over `r` (1 for no radius).
    @inline(__always)
    private static func radialOffset(_ p: Point, _ centre: Point, _ r: Double) -> Double {
        r > 0 ? p.distance(to: centre) / r : 1
    }

    /// The offset of the point `v` from the focus, the focus `w` from the centre, on the circle of
    /// radius `r` (|w| < r): the t with v = t · (q − focus) for q where the ray from the focus through
    /// the point meets the circle — 0 at the focus, 1 on the circle, growing linearly along each ray
    /// (SVG's focal radial gradient, `fr` = 0).
    ///
    /// Algorithm: |w + v / t|² = r² is a quadratic in 1/t; its positive root, multiplied through by
    /// its conjugate, is t = (w·v + √((w·v)² − |v|²(|w|² − r²))) / (r² − |w|²), which never divides by
    /// |v| and is exact at the focus (0). With w = 0 it is |v| / r, the plain radial offset. The
    /// caller keeps |w| ≤ 0.99 r (`drawnFocus`), so the denominator is at least 0.0199 r².
    @inline(__always)
    private static func focalOffset(_ v: Point, _ w: Point, _ r: Double) -> Double {
        let b = w.x * v.x + w.y * v.y, a = v.x * v.x + v.y * v.y
        let c = r * r - (w.x * w.x + w.y * w.y)
        return (b + (b * b + a * c).squareRoot()) / c
    }

    /// The turn about `centre` from `angle` (radians) clockwise, in [0, 1); 0 at the centre.
    @inline(__always)
    private static func conicOffset(_ p: Point, _ centre: Point, _ angle: Double) -> Double {
        let dx = p.x - centre.x, dy = p.y - centre.y
        guard dx != 0 || dy != 0 else { return 0 }
        let turn = (atan2(dy, dx) - angle) / (2 * .pi)
        let f = turn - turn.rounded(.down)
        return f < 1 ? f : 0
    }

    /// The colour at `offset` (clamped to [0, 1]) of a normalised gradient (`normalized`: offsets in
    /// [0, 1], non-decreasing): the first stop's colour up to its offset, the last's from its offset,
    /// between two stops their premultiplied mix; at a repeated offset the later stop's colour (a hard
    /// edge). Stops found by bisection (a gradient may have 100 000). Clear for no stops.
    public func color(atOffset offset: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        let t = offset.isNaN ? 0 : Swift.min(Swift.max(offset, 0), 1)
        if t <= first.offset { return first.color }
        // From the last offset on, the last stop: where stops repeat the last offset (a hard edge at the
        // end), the padding beyond it takes the later one, as SVG's does (fuzz seed 20261123, mutant
        // 1005: the raster frame padded with the earlier stop).
        if t >= last.offset { return last.color }
        // The first stop b with t ≤ b.offset; the stop before it is a, with a.offset < t.
        var lo = 1, hi = stops.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if t <= stops[mid].offset { hi = mid } else { lo = mid + 1 }
        }
        let a = stops[lo - 1], b = stops[lo]
        let span = b.offset - a.offset
        return span > 0 ? Color.interpolate(a.color, b.color, (t - a.offset) / span) : b.color
    }
}
