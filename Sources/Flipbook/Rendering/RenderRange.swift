/// The magnitudes a render tree holds: every renderer draws the geometry the tree gives, so numbers no
/// output can write are clamped once, here, instead of by each writer in its own way.
///
/// SVG numbers are written with three decimals (six for a transform's linear part) as a count of at most
/// 9e15 units, so a coordinate beyond ±9e12 px (a linear entry beyond ±9e9) has no SVG text. Left in
/// the tree, the raster frames drew the true value and the SVG frames the clamped one: a bar at
/// y = 1e13 translated by −1e13 back onto the canvas was drawn in one and vanished in the other.
/// Clamped here, both draw the same (nothing, in that case). NaN becomes 0, as SVG text writes it.
///
/// An arc's angles too: a start angle that is not finite becomes 0 (its points were NaN: the SVG frame
/// wrote them as 0, the raster frame dropped the edges, so a pie slice whose start angle went NaN was a
/// line to the layer's origin in one and nothing in the other), a NaN sweep 0, and a sweep beyond one
/// turn one turn (the SVG writer draws at most a full circle; the raster frame went round again, and
/// two turns filled by the even-odd rule left the disc empty). And an arc's centre stays a radius inside
/// the range: the SVG writer writes an arc's end points, the centre plus the radius, so a rounded bar at
/// x = 1e15 moved back by −1e15 had corners reaching 6 px past the clamped centres in the raster frame
/// (drawn at the canvas's edge) that the SVG frame wrote clamped (nothing drawn).
///
/// The check is one pass over a shape's numbers; a tree within range (every scene a person draws) is
/// returned as it is, with no copy.
public enum RenderRange {
    /// Largest magnitude of a coordinate, length, width, radius, font size or translation, pixels: 9e12.
    public static let maxCoordinate = 9e12
    /// Largest magnitude of an entry of a transform's linear part (a, b, c, d): 9e9.
    public static let maxLinear = 9e9

    /// `value` clamped to ±`limit`, NaN as 0.
    @inline(__always)
    public static func clamp(_ value: Double, _ limit: Double = maxCoordinate) -> Double {
        value.isNaN ? 0 : min(max(value, -limit), limit)
    }

    @inline(__always)
    static func holds(_ value: Double, _ limit: Double = maxCoordinate) -> Bool { abs(value) <= limit }

    @inline(__always)
    static func holds(_ p: Point) -> Bool { holds(p.x) && holds(p.y) }

    static func clamp(_ p: Point) -> Point { Point(clamp(p.x), clamp(p.y)) }

    /// Whether every point of an arc's circle is within the range (its centre within ±(limit − radius):
    /// the SVG writer writes the arc's end points, centre plus radius), its start angle finite and its
    /// sweep within one turn.
    @inline(__always)
    static func holds(_ arc: Arc) -> Bool {
        let reach = maxCoordinate - abs(arc.radius)
        return holds(arc.center.x, reach) && holds(arc.center.y, reach) && arc.startAngle.radians.isFinite
            && abs(arc.sweep.radians) <= 2 * .pi
    }

    /// `arc` with its radius clamped and its centre within ±(limit − radius), so that its points are in
    /// range; a start angle that is not finite as 0, a NaN sweep as 0 and a sweep beyond one turn as one
    /// turn.
    static func clamp(_ arc: Arc) -> Arc {
        var arc = arc
        arc.radius = clamp(arc.radius)
        let reach = maxCoordinate - abs(arc.radius)
        arc.center = Point(clamp(arc.center.x, reach), clamp(arc.center.y, reach))
        if !arc.startAngle.radians.isFinite { arc.startAngle = .zero }
        arc.sweep = Angle(radians: arc.sweep.radians.isNaN ? 0 : min(max(arc.sweep.radians, -2 * .pi), 2 * .pi))
        return arc
    }
}

extension Transform2D {
    /// Whether every entry is within the render range (`RenderRange`).
    var isInRenderRange: Bool {
        RenderRange.holds(a, RenderRange.maxLinear) && RenderRange.holds(b, RenderRange.maxLinear)
            && RenderRange.holds(c, RenderRange.maxLinear) && RenderRange.holds(d, RenderRange.maxLinear)
            && RenderRange.holds(tx) && RenderRange.holds(ty)
    }

    /// The transform with its entries clamped to the render range.
    var clampedToRenderRange: Transform2D {
        let l = RenderRange.maxLinear
        return Transform2D(a: RenderRange.clamp(a, l), b: RenderRange.clamp(b, l), c: RenderRange.clamp(c, l),
                           d: RenderRange.clamp(d, l), tx: RenderRange.clamp(tx), ty: RenderRange.clamp(ty))
    }
}

extension Path {
    /// Whether every point, arc centre and radius is within the render range, and every arc's start
    /// angle finite and sweep within one turn.
    var isInRenderRange: Bool {
        for element in elements {
            switch element {
            case .move(let p), .line(let p): if !RenderRange.holds(p) { return false }
            case .quad(let c, let p): if !(RenderRange.holds(c) && RenderRange.holds(p)) { return false }
            case .cubic(let c1, let c2, let p):
                if !(RenderRange.holds(c1) && RenderRange.holds(c2) && RenderRange.holds(p)) { return false }
            case .arc(let arc): if !RenderRange.holds(arc) { return false }
            case .close: break
            }
        }
        return true
    }

    /// The path with every point, arc centre and radius clamped to the render range, and every arc's
    /// angles made drawable (`RenderRange.clamp(_: Arc)`).
    var clampedToRenderRange: Path {
        Path(elements.map { (element: Element) -> Element in
            switch element {
            case .move(let p): return .move(RenderRange.clamp(p))
            case .line(let p): return .line(RenderRange.clamp(p))
            case .quad(let c, let p): return .quad(RenderRange.clamp(c), RenderRange.clamp(p))
            case .cubic(let c1, let c2, let p): return .cubic(RenderRange.clamp(c1), RenderRange.clamp(c2), RenderRange.clamp(p))
            case .arc(let arc): return .arc(RenderRange.clamp(arc))
            case .close: return .close
            }
        })
    }
}

extension DrawItem {
    /// Whether every number of the item is within the render range (`clampedToRenderRange` is then
    /// the item itself). Read in place: a render node checks every item it draws.
    var isInRenderRange: Bool {
        switch self {
        case .shape(let shape):
            let gradient = shape.fillGradient, strokeGradient = shape.strokeGradient
            return shape.path.isInRenderRange && RenderRange.holds(shape.lineWidth)
                && RenderRange.holds(shape.dashPhase) && shape.dashPattern.lengths.allSatisfy { RenderRange.holds($0) }
                && (gradient.stops.isEmpty || (RenderRange.holds(gradient.start) && RenderRange.holds(gradient.end)))
                && (strokeGradient.stops.isEmpty || (RenderRange.holds(strokeGradient.start) && RenderRange.holds(strokeGradient.end)))
        case .text(let text):
            return RenderRange.holds(text.origin) && RenderRange.holds(text.fontSize)
        }
    }

    /// The item with its numbers clamped to the render range; itself when they already are.
    var clampedToRenderRange: DrawItem {
        if isInRenderRange { return self }
        switch self {
        case .shape(var shape):
            shape.path = shape.path.clampedToRenderRange
            shape.lineWidth = RenderRange.clamp(shape.lineWidth)
            shape.dashPhase = RenderRange.clamp(shape.dashPhase)
            shape.dashPattern = DashPattern(shape.dashPattern.lengths.map { RenderRange.clamp($0) })
            // A gradient clamped to one point has no extent: its last stop, as `ShapeDrawing.init` rules.
            for (color, gradient) in [(\ShapeDrawing.fill, \ShapeDrawing.fillGradient), (\.stroke, \.strokeGradient)]
                where !shape[keyPath: gradient].stops.isEmpty {
                var clamped = shape[keyPath: gradient]
                clamped.start = RenderRange.clamp(clamped.start)
                clamped.end = RenderRange.clamp(clamped.end)
                (shape[keyPath: color], shape[keyPath: gradient]) = ShapeDrawing.paint(shape[keyPath: color], clamped)
            }
            return .shape(shape)
        case .text(var text):
            text.origin = RenderRange.clamp(text.origin)
            text.fontSize = RenderRange.clamp(text.fontSize)
            return .text(text)
        }
    }
}

extension Rect {
    var isInRenderRange: Bool { RenderRange.holds(origin) && RenderRange.holds(size.width) && RenderRange.holds(size.height) }

    var clampedToRenderRange: Rect {
        Rect(x: RenderRange.clamp(origin.x), y: RenderRange.clamp(origin.y),
             width: RenderRange.clamp(size.width), height: RenderRange.clamp(size.height))
    }
}

extension Color {
    /// The colour with each channel and its alpha clamped to [0, 1] (NaN as 0): what can be drawn. The
    /// render tree's colours are clamped so (`ShapeDrawing`, `TextDrawing`).
    public var clampedToUnit: Color {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        return Color(red: unit(red), green: unit(green), blue: unit(blue), alpha: unit(alpha))
    }
}
