import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path in a structure that does not depend on its parameters, so that keyframes interpolate
/// point by point: lines stay lines, quadratics become cubics, every arc becomes a line to its start
/// and cubics (four each, or as many as it needs at ≤ 90° each; error below 2.7e-4 of the radius for
/// pieces ≤ 90°, a zero sweep degenerate cubics).
struct FixedPath {
    /// One letter per command: M, L, C, Z.
    var signature: String = ""
    var coordinates: [Double] = []

    /// - Parameter arcPieces: cubics per arc; nil for the natural count (⌈|sweep| / 90°⌉, as `Arc.cubics`).
    init(_ path: Path, arcPieces: Int?) {
        var current: Point?
        var start: Point?
        func add(_ letter: Character, _ points: [Point]) {
            signature.append(letter)
            for p in points { coordinates += [p.x, p.y] }
        }
        for element in path.elements {
            switch element {
            case .move(let p): add("M", [p]); current = p; start = p
            case .line(let p): add(current == nil ? "M" : "L", [p]); current = p; if start == nil { start = p }
            case .quad(let c, let p):
                let from = current ?? c
                if current == nil { add("M", [from]) }
                let cubic = CubicBezierSegment(quadratic: from, c, p)
                add("C", [cubic.p1, cubic.p2, cubic.p3]); current = p
            case .cubic(let c1, let c2, let p):
                if current == nil { add("M", [c1]) }
                add("C", [c1, c2, p]); current = p
            case .arc(let arc):
                add(current == nil ? "M" : "L", [arc.startPoint])
                if start == nil { start = arc.startPoint }
                let count = arcPieces ?? max(1, min(64, Int(saturating: (abs(arc.sweep.radians) / (Double.pi / 2) - 1e-12).rounded(.up))))
                let step = arc.sweep.radians / Double(count)
                let k = 4.0 / 3.0 * tan(step / 4) * arc.radius
                for i in 0..<count {
                    let a0 = arc.startAngle.radians + step * Double(i), a1 = a0 + step
                    let p0 = Point(arc.center.x + arc.radius * cos(a0), arc.center.y + arc.radius * sin(a0))
                    let p3 = Point(arc.center.x + arc.radius * cos(a1), arc.center.y + arc.radius * sin(a1))
                    add("C", [p0 + Point(-sin(a0), cos(a0)) * k, p3 - Point(-sin(a1), cos(a1)) * k, p3])
                }
                current = arc.endPoint
            case .close:
                add("Z", [])
                current = start
            }
        }
    }

    /// Path data with this signature and the given coordinates.
    func data(with coordinates: [Double]) -> String {
        var out = ""
        var i = 0
        for letter in signature {
            out.append(letter)
            let count = letter == "C" ? 6 : (letter == "Z" ? 0 : 2)
            for n in 0..<count {
                if n > 0 { out += " " }
                SVGNumber.append(i + n < coordinates.count ? coordinates[i + n] : 0, to: &out)
            }
            i += count
        }
        return out
    }

    /// The path with this signature and the given coordinates: moves, lines and cubics.
    func path(with coordinates: [Double]) -> Path {
        var path = Path()
        var i = 0
        func point(_ k: Int) -> Point {
            Point(i + 2 * k < coordinates.count ? coordinates[i + 2 * k] : 0, i + 2 * k + 1 < coordinates.count ? coordinates[i + 2 * k + 1] : 0)
        }
        for letter in signature {
            switch letter {
            case "M": path.move(to: point(0)); i += 2
            case "L": path.line(to: point(0)); i += 2
            case "C": path.cubic(to: point(2), control1: point(0), control2: point(1)); i += 6
            default: path.close()
            }
        }
        return path
    }
}
