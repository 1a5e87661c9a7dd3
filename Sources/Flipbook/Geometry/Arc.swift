#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A circular arc: centre, radius, start angle and a signed sweep.
///
/// Angles follow `Angle`'s convention (0 at 3 o'clock, positive clockwise on screen, y down); a positive
/// sweep runs clockwise on screen, a negative one counter-clockwise.
public struct Arc: Hashable, Sendable, Codable {
    /// Centre, pixels.
    public var center: Point
    /// Radius, pixels, ≥ 0.
    public var radius: Double
    /// Where the arc begins.
    public var startAngle: Angle
    /// Signed angular extent; |sweep| ≤ 2π after the `clockwise` normalisation, any value when given directly.
    public var sweep: Angle

    /// An arc with an explicit signed sweep (the pie-slice rule of the seed documents: the sign of
    /// end − start picks the direction, so animating the angles never jumps).
    public init(center: Point, radius: Double, startAngle: Angle, sweep: Angle) {
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.sweep = sweep
    }

    /// An arc as `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)` draws it on screen.
    ///
    /// Clockwise: the sweep is end − start when that lies in [0, 2π]; a negative difference wraps into
    /// [0, 2π) (so 270° → 0° clockwise is a 90° arc); a difference above 2π draws one full circle.
    /// Counter-clockwise mirrors this. A zero sweep draws nothing.
    public init(center: Point, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        let twoPi = 2 * Double.pi
        var d = endAngle.radians - startAngle.radians
        if !clockwise { d = -d }
        if d < 0 {
            d = d.truncatingRemainder(dividingBy: twoPi)
            if d < 0 { d += twoPi }
        } else if d > twoPi {
            d = twoPi
        }
        self.init(center: center, radius: radius, startAngle: startAngle, sweep: Angle(radians: clockwise ? d : -d))
    }

    /// The angle where the arc ends: start + sweep.
    public var endAngle: Angle { startAngle + sweep }
    public var startPoint: Point { Point.onCircle(center: center, radius: radius, angle: startAngle) }
    public var endPoint: Point { Point.onCircle(center: center, radius: radius, angle: endAngle) }
    /// Arc length r·|sweep|, pixels.
    public var length: Double { radius * abs(sweep.radians) }

    /// The point at fraction `f` of the sweep.
    public func point(at f: Double) -> Point {
        Point.onCircle(center: center, radius: radius, angle: startAngle + sweep * f)
    }

    /// The part of the arc between fractions f0 and f1 of its sweep.
    public func trimmed(from f0: Double, to f1: Double) -> Arc {
        Arc(center: center, radius: radius, startAngle: startAngle + sweep * f0, sweep: sweep * (f1 - f0))
    }

    /// Cubic Béziers approximating the arc: ⌈|sweep| / 90°⌉ pieces, each with handles
    /// k = 4/3·tan(θ/4) (θ the piece's sweep); the radial error is below 2.7e-4·r per piece.
    public var cubics: [CubicBezierSegment] {
        let total = sweep.radians
        guard total != 0 else { return [] }
        let count = max(1, min(64, Int(saturating: (abs(total) / (Double.pi / 2) - 1e-12).rounded(.up))))
        let step = total / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        return (0..<count).map { i in
            let a0 = startAngle.radians + step * Double(i), a1 = a0 + step
            let p0 = Point(center.x + radius * cos(a0), center.y + radius * sin(a0))
            let p3 = Point(center.x + radius * cos(a1), center.y + radius * sin(a1))
            let p1 = p0 + Point(-sin(a0), cos(a0)) * (k * radius)
            let p2 = p3 - Point(-sin(a1), cos(a1)) * (k * radius)
            return CubicBezierSegment(p0, p1, p2, p3)
        }
    }
}
