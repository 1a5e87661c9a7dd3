/// A linear or radial colour gradient, in the layer's own coordinates (pixels).
public struct Gradient: Hashable, Sendable, Codable, Interpolatable {
    /// The gradient's shape.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Colour varies along the line from `start` to `end`.
        case linear
        /// Colour varies with the distance from `start`; `end` lies on the outer circle.
        case radial
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

    public init(kind: Kind = .linear, stops: [Stop], start: Point, end: Point) {
        self.kind = kind
        self.stops = stops
        self.start = start
        self.end = end
    }

    /// No gradient.
    public static let none = Gradient(stops: [], start: .zero, end: .zero)

    /// Whether the gradient has no extent: a linear one whose start is its end (the squared length
    /// underflowing to 0 included), a radial one of radius 0, or one with a coordinate that is not
    /// finite. SVG paints such a gradient in the colour of its last stop.
    public var hasNoExtent: Bool {
        let d = end - start
        guard d.x.isFinite, d.y.isFinite else { return true }
        switch kind {
        case .linear: return d.x * d.x + d.y * d.y == 0
        case .radial: return !(radius > 0)
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
        return Gradient(kind: a.kind,
                        stops: zip(a.stops, b.stops).map { Stop(mix($0.offset, $1.offset, t), .interpolate($0.color, $1.color, t)) },
                        start: .interpolate(a.start, b.start, t), end: .interpolate(a.end, b.end, t))
    }
}
