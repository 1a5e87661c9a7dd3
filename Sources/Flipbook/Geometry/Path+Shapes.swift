extension Path {
    /// An arc alone, as `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    public static func arc(center: Point, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool) -> Path {
        Path([.arc(Arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise))])
    }

    /// A full circle starting at 3 o'clock, clockwise on screen.
    public static func circle(center: Point, radius: Double) -> Path {
        Path([.arc(Arc(center: center, radius: radius, startAngle: .zero, sweep: .fullTurn)), .close])
    }

    /// A rectangle, clockwise on screen from its origin.
    public static func rect(_ r: Rect) -> Path {
        Path([.move(r.origin), .line(Point(r.origin.x + r.size.width, r.origin.y)),
              .line(Point(r.origin.x + r.size.width, r.origin.y + r.size.height)),
              .line(Point(r.origin.x, r.origin.y + r.size.height)), .close])
    }

    /// The corner radius a rounded rectangle draws with: `radius` (pixels; not finite or negative is
    /// 0) at most half the rectangle's smaller side, so the corners are quarter circles that meet.
    public static func cornerRadius(_ radius: Double, in r: Rect) -> Double {
        min(max(radius.isFinite ? radius : 0, 0), max(min(r.maxX - r.minX, r.maxY - r.minY) / 2, 0))
    }

    /// A rectangle with circular corners of `radius` (clamped to [0, half the shorter side]), clockwise on
    /// screen from the end of the top-left corner; a plain `rect` when the radius is 0. The size is
    /// taken as positive (a rectangle with a negative size is drawn where it covers).
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        let k = cornerRadius(radius, in: r)
        guard k > 0 else { return rect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
        func corner(_ cx: Double, _ cy: Double, _ start: Double) -> Path.Element {
            .arc(Arc(center: Point(cx, cy), radius: k, startAngle: .degrees(start), sweep: .degrees(90)))
        }
        return Path([.move(Point(x0 + k, y0)), .line(Point(x1 - k, y0)), corner(x1 - k, y0 + k, -90),
                     .line(Point(x1, y1 - k)), corner(x1 - k, y1 - k, 0), .line(Point(x0 + k, y1)),
                     corner(x0 + k, y1 - k, 90), .line(Point(x0, y0 + k)), corner(x0 + k, y0 + k, 180), .close])
    }

    /// Straight lines through the points.
    public static func polyline(_ points: [Point]) -> Path {
        guard let first = points.first else { return Path() }
        return Path([.move(first)] + points.dropFirst().map { .line($0) })
    }

    /// A pie wedge (or, with an inner radius, an annular sector) from semantic parameters.
    ///
    /// The sweep is end − start with its sign (the seed's PieSliceLayer rule: it draws clockwise on
    /// screen when end > start), so animating the angles moves the slice continuously. |sweep| is
    /// capped at one turn. A zero sweep or radius gives an empty path.
    /// - Parameters:
    ///   - center: pixels.
    ///   - radius: outer radius, pixels, ≥ 0.
    ///   - innerRadius: 0 for a pie slice (the default); > 0 for a donut slice.
    ///   - startAngle: where the wedge starts (0 at 3 o'clock, clockwise on screen).
    ///   - endAngle: where it ends; the sweep is `endAngle − startAngle`.
    public static func wedge(center: Point, radius: Double, innerRadius: Double = 0, startAngle: Angle, endAngle: Angle) -> Path {
        var sweep = endAngle.radians - startAngle.radians
        sweep = max(-2 * .pi, min(2 * .pi, sweep))
        guard sweep != 0, radius > 0 else { return Path() }
        let outer = Arc(center: center, radius: radius, startAngle: startAngle, sweep: Angle(radians: sweep))
        if innerRadius <= 0 {
            return Path([.move(center), .arc(outer), .close])
        }
        let inner = Arc(center: center, radius: innerRadius, startAngle: outer.endAngle, sweep: Angle(radians: -sweep))
        return Path([.move(outer.startPoint), .arc(outer), .arc(inner), .close])
    }

    /// A ring (annulus) as two circles of opposite direction, filled by either rule.
    public static func ring(center: Point, outerRadius: Double, innerRadius: Double) -> Path {
        var path = circle(center: center, radius: outerRadius)
        if innerRadius > 0 {
            path.addArc(Arc(center: center, radius: innerRadius, startAngle: .zero, sweep: -.fullTurn))
            path.close()
        }
        return path
    }
}
