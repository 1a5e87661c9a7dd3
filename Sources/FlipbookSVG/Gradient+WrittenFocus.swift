import Flipbook

extension Gradient {
    /// The focal point as SVG writes it (`fx`, `fy`): `drawnFocus`, unless rounded to SVG's decimals
    /// it would lie at 0.999 of the written radius from the written centre or beyond. Then the focus
    /// is pulled to 0.99 of the written radius and its offset from the centre rounded towards it, so
    /// the written focus stays inside the written circle. A focus on the rim is a cone in SVG 2 (the
    /// side away from it unpainted, as librsvg draws it) where every other output draws the whole
    /// gradient: a 0.055 px radius with its focus 0.99 of it off (0.05445) was written 0.055 off
    /// (fuzz seed 20261340, mutant 964). The centre itself where the written radius is 0.001 px.
    /// nil where `drawnFocus` is.
    var writtenFocus: Point? {
        guard let f = drawnFocus else { return nil }
        let c = Point(x: SVGNumber.representable(start.x), y: SVGNumber.representable(start.y))
        let r = SVGNumber.representable(radius)
        let rounded = Point(x: SVGNumber.representable(f.x), y: SVGNumber.representable(f.y))
        if rounded.distance(to: c) < 0.999 * r { return f }
        var w = f - start
        let length = (w.x * w.x + w.y * w.y).squareRoot(), limit = 0.99 * r
        if length > limit { w = length > 0 ? w * (limit / length) : .zero }
        // Towards the centre, in whole units of the last decimal: no longer than w.
        let unit = SVGNumber.unit
        return Point(x: c.x + (w.x / unit).rounded(.towardZero) * unit, y: c.y + (w.y / unit).rounded(.towardZero) * unit)
    }
}
