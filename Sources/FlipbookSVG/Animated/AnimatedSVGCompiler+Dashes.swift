import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dashes: how the compiler draws arcs, wedges and trims as dashed circles and paths, and how far
/// an error in dash lengths moves what is drawn.
extension AnimatedSVGCompiler.Context {
    /// The error of dash lengths as the drawn edge moves: the largest difference times `scale`.
    static func lengthError(scale: Double) -> ([Double], [Double]) -> Double {
        { a, b in zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) } * scale }
    }

    /// The error of a dash pattern as its edges move along a path it repeats along `repeats` times:
    /// the k-th edge of a pattern lies at the sum Cₖ of the lengths up to it, and the m-th repeat's
    /// edges m whole patterns S further, so an edge moves by ΔCₖ + m·ΔS, largest at m = 0 or at the
    /// last repeat (it is linear in m): max over k of |ΔCₖ| and |ΔCₖ + (repeats − 1)·ΔS|. An odd
    /// pattern is drawn twice over (SVG), so its repeat is the doubled pattern, `repeats` counted in
    /// those.
    static func patternError(repeats: Double) -> ([Double], [Double]) -> Double {
        { a, b in
            let drawn = a.count % 2 == 1 ? 2 : 1
            var partials: [Double] = []
            var partial = 0.0
            for _ in 0..<drawn {
                for (x, y) in zip(a, b) {
                    partial += y - x
                    partials.append(partial)
                }
            }
            let last = max(0, repeats - 1) * partial
            return partials.reduce(0) { max($0, abs($1), abs($1 + last)) }
        }
    }

    /// `knots` plus the instants where `f` changes sign (bisected to 1e-12 s): a dash over |sweep|
    /// has a kink there, and each side is exact on its own.
    func withSignChanges(_ knots: [Double], _ f: (Double) -> Double) -> [Double] {
        var result = knots
        let times = Self.merge(knots + grid, grid: scene.duration)
        for (a, b) in zip(times, times.dropFirst()) {
            let fa = f(a), fb = f(b)
            guard fa * fb < 0 else { continue }
            var lo = a, hi = b
            for _ in 0..<60 where hi - lo > 1e-12 {
                let mid = 0.5 * (lo + hi)
                if f(mid) * fa > 0 { lo = mid } else { hi = mid }
            }
            result.append(0.5 * (lo + hi))
        }
        return result
    }

    /// A whole circle, as the frame writer finds one (`SVGFrameWriter.circle`: a ring gauge's track),
    /// as two half turns from 3 o'clock, clockwise: the same circle in fewer bytes than the engine's
    /// three 120° arcs (40 bytes a ring). Under the frame writer's rule for `<circle>`: filled, or
    /// stroked with no dashes and no caps to show. Nil for anything else, and where the half turns'
    /// ends are not exact at three decimals (a half-turn arc between rounded ends has an
    /// ill-conditioned centre).
    static func fullCircle(_ path: Path, _ shape: ShapeDrawing, stroke: Bool) -> (value: AnimatedDocument.PathValue, geometry: AnimatedDocument.Geometry)? {
        guard let (a, closed) = SVGFrameWriter.circle(path),
              !stroke || (shape.dashPattern.lengths.isEmpty && (closed || shape.lineCap == .butt)) else { return nil }
        let c = a.center, r = a.radius
        guard [c.x + r, c.x - r, c.y].allSatisfy({ ($0 * 1000).rounded() == $0 * 1000 }) else { return nil }
        let rr = SVGNumber.format(r), right = "\(SVGNumber.format(c.x + r)) \(SVGNumber.format(c.y))"
        let text = "M\(right)A\(rr) \(rr) 0 0 1 \(SVGNumber.format(c.x - r)) \(SVGNumber.format(c.y))A\(rr) \(rr) 0 0 1 \(right)Z"
        var halves = Path()
        halves.addArc(Arc(center: c, radius: r, startAngle: .zero, sweep: Angle(radians: .pi)))
        halves.addArc(Arc(center: c, radius: r, startAngle: Angle(radians: .pi), sweep: Angle(radians: .pi)))
        halves.close()
        return (.init(path: halves, text: text), .circle(center: c, radius: r))
    }

    /// `pathLength` for a wedge's dashed circle (two turns of radius `r`): its exact length, so that a
    /// renderer places dashes by its own measure of the path scaled to it. Chromium (Skia) measures a
    /// small circle short at low resolution: a dash meant to end at 345.9° on a 22.6 px circle ended at
    /// 348.5° at 1× (0.55° off at 4×); with pathLength, at 346.2°, as the filled wedge. A renderer
    /// that measures exactly (or ignores the attribute) draws the same dashes as without it. Placed
    /// exactly, a dash that begins where a pie usually begins (3 o'clock) begins on a joint of the
    /// path and gets a tilted end (seen in Chromium): a wedge's circle starts a quarter radian on.
    static func twoTurns(_ r: Double) -> AnimatedDocument.Attribute {
        .init("pathLength", .number(4 * Double.pi * r))
    }

    /// A circle traversed twice from 3 o'clock, clockwise on screen, and the dash values that show the
    /// interval of angles `interval(t)` (start, sweep ≥ 0, radians) on it: [dash, gap, offset].
    ///
    /// Two turns, with every interval shifted by one constant number of turns so it lies strictly
    /// inside the path: a dash that meets a path's end gets a cap (or a join, closed) computed from a
    /// degenerate last piece, which a wide stroke turns into a spike (seen in Chromium). The gap is the
    /// rest of the two turns, so the pattern never repeats. Nil when no shift by whole turns fits
    /// every interval inside (start angles spread over more than about a turn).
    ///
    /// `phase` (radians, default 0) is where the path starts: joints between its arcs lie at the phase
    /// plus whole pieces, and a dash that ends within rounding of a joint gets a degenerate piece there.
    func dashedCircle(_ c: Point, _ r: Double, phase: Double = 0,
                      interval: @escaping (Double) -> (Double, Double)) -> (AnimatedDocument.PathValue, (Double) -> [Double])? {
        let intervals = grid.map(interval)
        guard let low = intervals.map({ $0.0 - phase }).min(),
              let high = intervals.map({ $0.0 - phase + min($0.1, 2 * Double.pi) }).max() else { return nil }
        let turn = 2 * Double.pi
        // Whole turns only, so angles stay where they are.
        let shift = turn * ((turn / 64 - low) / turn).rounded(.up)
        guard low + shift > 0, high + shift < 2 * turn - turn / 64 else { return nil }
        let circumference = turn * r
        let rr = SVGNumber.format(r)
        // Quarter turns exactly: (c.x ± r, c.y) and (c.x, c.y ± r).
        func position(_ angle: Double) -> (Double, Double) {
            let quarters = angle / (Double.pi / 2)
            guard quarters == quarters.rounded(), abs(quarters) < 1e9 else { return (c.x + r * cos(angle), c.y + r * sin(angle)) }
            switch ((Int(quarters) % 4) + 4) % 4 {
            case 0: return (c.x + r, c.y)
            case 1: return (c.x, c.y + r)
            case 2: return (c.x - r, c.y)
            default: return (c.x, c.y - r)
            }
        }
        func point(_ angle: Double) -> String {
            let (x, y) = position(angle)
            return "\(SVGNumber.format(x)) \(SVGNumber.format(y))"
        }
        // Four half turns when their end points are exact at 0.001 px; otherwise six 120° arcs (a
        // half-turn arc between rounded end points has an ill-conditioned centre).
        let exact = [position(phase), position(phase + Double.pi)].allSatisfy { p in
            [p.0, p.1].allSatisfy { ($0 * 1000).rounded() == $0 * 1000 }
        }
        let pieces = exact ? 4 : 6
        var d = "M" + point(phase)
        var path = Path()
        for k in 1...pieces {
            d += "A\(rr) \(rr) 0 0 1 " + point(phase + Double(k) * 2 * turn / Double(pieces))
            path.addArc(Arc(center: c, radius: r, startAngle: Angle(radians: phase + Double(k - 1) * 2 * turn / Double(pieces)),
                            sweep: Angle(radians: 2 * turn / Double(pieces))))
        }
        return (.init(path: path, text: d), { t in
            let (start, sweep) = interval(t)
            let length = min(r * sweep, circumference)
            return [length, 2 * circumference - length, -r * (start - phase + shift)]
        })
    }
}
